"""Cursors: ``has_more`` says what the cursor beside it says. A next-page cursor with a value means
more items follow; a null or empty one means this is the last page (``{has_more: true,
next_cursor: null}`` is a page an agent cannot turn). It runs before the counts, which then hold a
last page's count to its items."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from synthworld.world.rules.base import RuleContext, first_key
from synthworld.world.shapes import MORE_KEYS, Shapes

__all__ = ["Cursors"]

_CURSOR = (
    "next_cursor", "nextCursor", "next_page_token", "nextPageToken", "next_token", "nextToken",
    "next_page", "nextPage", "next", "next_url", "nextUrl", "end_cursor", "endCursor",
    "continuation_token", "continuationToken",
)  # fmt: skip


class Cursors:
    """``has_more`` true exactly when the next-page cursor has a value."""

    name = "cursors"
    triggers = frozenset(MORE_KEYS)

    def fits(self, props: Mapping[str, Any], shapes: Shapes) -> bool:
        return first_key(props, MORE_KEYS) is not None and first_key(props, _CURSOR) is not None

    def __call__(self, node: dict[str, Any], hint: str, ctx: RuleContext) -> None:
        more, cursor = first_key(node, MORE_KEYS), first_key(node, _CURSOR)
        if more is None or cursor is None or type(node[more]) is not bool:
            return
        follows = node[cursor] not in (None, "")
        if node[more] is not follows and ctx.free(node, more):
            ctx.edits.begin(self.name)
            ctx.set(node, more, follows)
