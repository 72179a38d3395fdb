"""Spring Data's ``Page`` (``{content, totalElements, totalPages, number, size, first, last,
numberOfElements, empty, pageable: {pageNumber, pageSize, offset, paged, unpaged}}``): its pages
are numbered from 0 (``?page=0&size=20`` is the first), and its flags and own count say where the
page lies: ``first``, ``last`` (no page follows: an agent loops ``while not page.last``),
``empty``, ``numberOfElements`` (the items on this page; ``totalElements`` is the whole, one of
`synthworld.world.paging.COUNTS`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from synthworld.world.edits import Edits

__all__ = ["LAST_KEYS", "SPRING_KEYS", "numbered_from", "tell_flags"]

LAST_KEYS = ("last", "isLast", "is_last", "last_page_reached")
"""Flags that say no page follows (the inverse of ``has_more``)."""
_FIRST_KEYS = ("first", "isFirst", "is_first")
_EMPTY_KEYS = ("empty", "isEmpty", "is_empty")
_SHOWN_KEYS = ("numberOfElements", "number_of_elements")
_SIGNS = ("totalElements", "numberOfElements", "pageable")
SPRING_KEYS = frozenset((*LAST_KEYS, *_FIRST_KEYS, *_EMPTY_KEYS, *_SHOWN_KEYS, "number", "pageable"))
"""The fields `tell_flags` sets."""


def numbered_from(beside: Mapping[str, Any]) -> int:
    """The number of a list's first page: 0 for Spring's ``Page`` (a ``number`` beside its
    ``totalElements``, ``numberOfElements`` or ``pageable``), else 1."""
    return 0 if "number" in beside and not beside.keys().isdisjoint(_SIGNS) else 1


def tell_flags(
    node: dict[str, Any],
    beside: Mapping[str, Any],
    place: tuple[int, int | None, int],
    seen: tuple[int, int],
    edits: Edits,
) -> None:
    """Set the flags of `node` (whose properties' schemas are `beside`) for the page at ``place``
    (its start offset, size and the number of the first page) showing ``seen[0]`` items of
    ``seen[1]``: ``first``, ``last``, ``empty``, ``numberOfElements``, and, numbered from 0, its
    ``number`` and ``pageable`` (when the call names a size)."""
    start, size, base = place
    shown, whole = seen
    for keys, value in (
        (_FIRST_KEYS, start == 0),
        (LAST_KEYS, start + shown >= whole),
        (_EMPTY_KEYS, shown == 0),
    ):
        for key in [k for k in keys if _is(beside.get(k), "boolean")]:
            edits.set(node, key, value, pin=True)
    for key in [k for k in _SHOWN_KEYS if _is(beside.get(k), "integer")]:
        edits.set(node, key, shown, pin=True)
    if not size or base != 0:
        return
    if _is(beside.get("number"), "integer"):
        edits.set(node, "number", start // size, pin=True)
    pageable, props = node.get("pageable"), _props(beside.get("pageable"))
    if type(pageable) is dict and props:
        said: dict[str, int | bool] = {
            "pageNumber": start // size,
            "pageSize": size,
            "offset": start,
            "paged": True,
            "unpaged": False,
        }
        for key, told in said.items():
            if _is(props.get(key), "boolean" if type(told) is bool else "integer"):
                edits.set(pageable, key, told, pin=True)


def _props(schema: Any) -> Mapping[str, Any]:
    found = schema.get("properties") if isinstance(schema, Mapping) else None
    return found if isinstance(found, Mapping) else {}


def _is(schema: Any, kind: str) -> bool:
    """Whether `schema` is of JSON type `kind` (or may be)."""
    if not isinstance(schema, Mapping):
        return False
    found = schema.get("type")
    return found == kind or (isinstance(found, list) and kind in found)
