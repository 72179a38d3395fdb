"""A page's own numbers beside its items (or in its ``meta``/``pagination`` object): the page's
number (``page``, ``current_page``, ``pageNumber``...: 1 on the first), its size (``per_page``,
``page_size``, ``pageSize``...: the size the call asked for), its offset and how many pages the
collection has (``total_pages``, ``last_page``...). Set only when the call names a size (without
one the world does not know where a page number would fall)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from synthworld.world.edits import Edits

__all__ = ["NUMBER_KEYS", "tell_numbers"]

_NUMBERS = ("page", "page_number", "pageNumber", "current_page", "currentPage", "page_no", "pageNo")
_SIZES = ("per_page", "perPage", "page_size", "pageSize", "limit", "size")
_OFFSETS = ("offset", "skip")
_PAGE_COUNTS = ("total_pages", "totalPages", "page_count", "pageCount", "last_page", "lastPage", "num_pages")
NUMBER_KEYS = frozenset((*_NUMBERS, *_SIZES, *_OFFSETS, *_PAGE_COUNTS))
"""The fields `tell_numbers` sets (when the call names a size)."""


def tell_numbers(
    node: dict[str, Any],
    beside: Mapping[str, Any],
    place: tuple[int, int | None, int],
    whole: int,
    edits: Edits,
) -> None:
    """Set the integer number fields of `node` (whose properties' schemas are `beside`) for the
    page at ``place`` (its start offset, size and the number of the first page) of a collection
    of `whole` items."""
    start, size, base = place
    if not size:
        return
    pages = -(-whole // size)
    for keys, value in (
        (_NUMBERS, start // size + base),
        (_SIZES, size),
        (_OFFSETS, start),
        (_PAGE_COUNTS, pages),
    ):
        for key in [k for k in keys if _integer(beside.get(k))]:
            low = beside[key].get("minimum")
            edits.set(node, key, max(value, low) if type(low) is int else value, pin=True)


def _integer(schema: Any) -> bool:
    if not isinstance(schema, Mapping):
        return False
    kind = schema.get("type")
    return kind == "integer" or (isinstance(kind, list) and "integer" in kind)
