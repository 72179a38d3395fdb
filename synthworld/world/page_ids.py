"""Pages placed by an item's id (Stripe's ``starting_after`` and ``ending_before``, or camelCase
``startingAfter``/``endingBefore``): the page after the item with that id, or the `size` items
before it (its ``has_more`` then says whether more come before). An id the collection does not
hold places no page (the answer is as generated)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["AFTER", "BEFORE", "id_place"]

AFTER = ("starting_after", "startingAfter")
BEFORE = ("ending_before", "endingBefore")


def id_place(
    args: Mapping[str, Any], ids: Sequence[str], size: int | None
) -> tuple[int, int | None, bool] | None:
    """``(start, stop, backward)`` of the page `args` place by id among the collection's `ids`
    (in order; `stop` exclusive, None: to the end), or None when they name none of them."""
    after = _named(args, AFTER)
    before = _named(args, BEFORE)
    if after is not None:
        return (ids.index(after) + 1, None, False) if after in ids else None
    if before is None or before not in ids:
        return None
    end = ids.index(before)
    return (max(0, end - size) if size is not None else 0), end, True


def _named(args: Mapping[str, Any], keys: tuple[str, ...]) -> str | None:
    found = [args[k] for k in keys if type(args.get(k)) in (str, int) and args[k] != ""]
    return str(found[0]) if found else None
