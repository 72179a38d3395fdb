"""Pages placed by an item's id (Stripe's ``starting_after`` and ``ending_before``): the page after
the item with that id, or the `size` items before it (its ``has_more`` then says whether more come
before). An id the collection does not hold places the page past its end: an empty last page."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["AFTER", "BEFORE", "id_place"]

AFTER = ("starting_after",)
BEFORE = ("ending_before",)


def id_place(
    args: Mapping[str, Any], ids: Sequence[str], size: int | None
) -> tuple[int, int | None, bool] | None:
    """``(start, stop, backward)`` of the page `args` place by id among the collection's `ids`
    (in order; `stop` exclusive, None: to the end), or None when they name no id."""
    after = _named(args, AFTER)
    before = _named(args, BEFORE)
    if after is not None:
        return (ids.index(after) + 1 if after in ids else len(ids)), None, False
    if before is None:
        return None
    end = ids.index(before) if before in ids else 0
    return (max(0, end - size) if size is not None else 0), end, True


def _named(args: Mapping[str, Any], keys: tuple[str, ...]) -> str | None:
    found = [args[k] for k in keys if type(args.get(k)) in (str, int) and args[k] != ""]
    return str(found[0]) if found else None
