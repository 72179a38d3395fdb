"""One walk over the objects of an answer, parents first, with the kinds each object may be."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from synthworld.world.identity import Ancestry, Identity
from synthworld.world.naming import singular

__all__ = ["MAX_DEPTH", "Visit", "page_named", "walk"]

MAX_DEPTH = 8
"""How deep the world looks into an answer (deeper objects are left as they are)."""

Visit = Callable[[dict[str, Any], int, tuple[str, ...], Ancestry, bool], Identity]
"""``visit(node, depth, hints, ancestors, single)``: hints are the kinds the object may be (the
singular name of the property holding it, or the tool's kind); ancestors the kinds of the
identified objects enclosing it; single is False for an item of a list."""


def page_named(ident: Identity, top_list: str | None) -> bool:
    """Whether `ident`, the top object's of an answer whose items are under `top_list`, names it
    by its page's own ``number`` (Spring's ``Page``): a page of a list, no entity."""
    return ident is not None and top_list is not None and ident[2] == "number"


def walk(
    node: Any,
    depth: int,
    hints: tuple[str, ...],
    ancestors: Ancestry,
    single: bool,
    visit: Visit,
    top_list: str | None = None,
    reach: frozenset[str] | None = None,
) -> None:
    """Call `visit` on every object in `node`, parents first; `visit` returns the object's
    identity (after any change it made). The items of the top object's `top_list` (a list
    answer's ``results``) keep the top's hints. With `reach`, objects whose hint is not in it
    (and so nothing under them) are skipped: the schema says nothing there needs a visit."""
    if depth > MAX_DEPTH:
        return
    if type(node) is list:
        for item in node:
            walk(item, depth + 1, hints, ancestors, False, visit, None, reach)
    elif type(node) is dict:
        ident = visit(node, depth, hints, ancestors, single)
        inner = ancestors | {ident[0]} if ident else ancestors
        for key, child in node.items():
            if type(child) is dict or type(child) is list:
                below = hints if depth == 0 and key == top_list else (singular(key),)
                if reach is None or below[0] in reach:
                    walk(child, depth + 1, below, inner, True, visit, None, reach)
