"""Child counts: a record's count of a kind of child that a tool creates for it (an issue's
``comment_count`` when ``add_comment(issue_id)`` exists; ``replies_count``, ``num_comments``,
``commentCount`` alike) is 0 on a record the world creates, and goes up by one with each child
created for it, so ``get_issue`` counts what ``list_comments(issue_id)`` lists."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from synthworld.world.naming import snake

__all__ = ["counted", "count_keys"]


@lru_cache(maxsize=1024)
def _names(child: str) -> frozenset[str]:
    """The snake_case names of a count of `child` (``comment``)."""
    many = f"{child}s" if not child.endswith("s") else child
    return frozenset(
        {f"{child}_count", f"{many}_count", f"num_{many}", f"n_{many}", f"total_{many}", f"{many}_total"}
    )


def count_keys(fields: Iterable[str], child: str) -> list[str]:
    """The keys among `fields` that count children of kind `child`."""
    names = _names(snake(child))
    return [key for key in fields if snake(key) in names]


def counted(parent: Mapping[str, Any], child: str) -> dict[str, int]:
    """The counts of `parent` that a new child of kind `child` moves up by one (whole counts only)."""
    return {key: parent[key] + 1 for key in count_keys(parent, child) if type(parent[key]) is int}
