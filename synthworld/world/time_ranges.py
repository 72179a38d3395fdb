"""Time ranges in list filters: ``start_after``, ``end_before``, ``created_since``, ``since`` and
``until``, ``after`` and ``before``, ``from_date`` and ``to_date``, ``date_from``... whose value is
a time bound the entity's time of that name (``start``, ``created_at``, ``end_time``); a bare one
(``since``, ``from_date``) bounds its start from below and its end (else its start) from above.
``after`` and ``before`` are strict, the others inclusive. A value that is not a time is no
time bound (``after`` is then a paging cursor)."""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any

from synthworld.world.edits import Edits
from synthworld.world.naming import snake
from synthworld.world.rules.times import read_time, write_time

__all__ = ["conform_time", "time_bound", "time_readings", "within"]

_WORDS = {"after": True, "since": True, "from": True, "before": False, "until": False, "to": False}
"""Bound words and whether they bound from below."""
_STRICT = frozenset({"after", "before"})
_BARE = frozenset({"", "date", "time", "day", "datetime", "when"})
_SUFFIXES = ("", "_at", "_time", "_date", "_on", "_datetime")
_STARTS = ("start", "begin", "date", "day", "depart", "check_in", "checkin", "scheduled", "due", "when")
_ENDS = ("end", "arriv", "check_out", "checkout", "until", "finish")
_DAY = datetime.timedelta(days=1)


def time_readings(key: str) -> list[tuple[str, bool, bool]]:
    """``(field, is_lower, strict)`` readings of filter `key` as a time bound (``start_after``:
    ``start``, lower, strict); the field is empty for a bare ``since``."""
    name = snake(key)
    found = []
    for word, low in _WORDS.items():
        if name == word:
            found.append(("", low, word in _STRICT))
        elif name.endswith(f"_{word}"):
            found.append((name[: -len(word) - 1], low, word in _STRICT))
        elif name.startswith(f"{word}_"):
            found.append((name[len(word) + 1 :], low, word in _STRICT))
    for prefix, low in (("min_", True), ("max_", False)):
        if name.startswith(prefix):
            found.append((name[len(prefix) :], low, False))
    for suffix, low in (("_min", True), ("_max", False), ("_gte", True), ("_lte", False)):
        if name.endswith(suffix):
            found.append((name[: -len(suffix)], low, False))
    return found


def time_bound(entity: Mapping[str, Any], key: str, value: Any) -> tuple[str, bool, bool] | None:
    """``(entity field, is_lower, strict)`` when filter `key` with `value` bounds a time the
    entity holds, else None."""
    if not isinstance(value, str) or read_time(value) is None:
        return None
    times = [k for k, v in entity.items() if isinstance(v, str) and read_time(v) is not None]
    for field, low, strict in time_readings(key):
        named = [k for k in times if snake(k) in {field + s for s in _SUFFIXES}] if field else []
        if not named and field in _BARE:
            starts = [k for k in times if any(w in snake(k) for w in _STARTS)]
            ends = [k for k in times if any(w in snake(k) for w in _ENDS)]
            named = (starts or times) if low else (ends or starts or times)
        if named:
            return named[0], low, strict
    return None


def within(have: Any, bound: Any, low: bool, strict: bool) -> bool:
    """Whether time `have` is on the right side of time `bound` (True when either is no time)."""
    at, limit = read_time(have), read_time(bound)
    if at is None or limit is None:
        return True
    if strict:
        return at.at > limit.at if low else at.at < limit.at
    return at.at >= limit.at if low else at.at <= limit.at


def _happens(key: str) -> bool:
    """Whether `key` holds when an entity happens (its start or end), not when it was recorded."""
    name = snake(key)
    recorded = name.startswith(("created", "updated", "modified", "last_modified"))
    return not recorded and any(word in name for word in _STARTS + _ENDS)


def conform_time(item: dict[str, Any], found: tuple[str, bool, bool], bound: str, edits: Edits) -> None:
    """Move a generated item's times (its start and end together, put in order first) so `found`'s
    field is within `bound`: to less than a day inside it, as far in as the item was outside it
    modulo a day."""
    field, low, strict = found
    limit = read_time(bound)
    keys = [k for k, v in item.items() if isinstance(v, str) and read_time(v) is not None]
    moving = [
        k for k in dict.fromkeys([field, *[k for k in keys if _happens(k)]]) if not edits.pinned(item, k)
    ]
    if limit is None or field not in moving:
        return
    _in_order(item, [k for k in keys if _happens(k)], edits)
    have = read_time(item[field])
    if have is None or within(item[field], bound, low, strict):
        return
    gap = (have.at - limit.at) % _DAY if low else (limit.at - have.at) % _DAY
    gap = gap or datetime.timedelta(hours=1)
    stamps = {key: stamp for key in moving if (stamp := read_time(item[key])) is not None}
    try:
        shift = (limit.at + gap if low else limit.at - gap) - have.at
        moved = {key: stamp.at + shift for key, stamp in stamps.items()}
    except OverflowError:  # a bound near the year 1 or 9999: no time of the item can be moved there
        return
    for key, at in moved.items():
        edits.set(item, key, write_time(at, stamps[key]))


def _in_order(item: dict[str, Any], keys: list[str], edits: Edits) -> None:
    """Give a generated item's start and end their times in order (a drawn end may precede its start)."""
    starts = [k for k in keys if not any(w in snake(k) for w in _ENDS)]
    ends = [k for k in keys if any(w in snake(k) for w in _ENDS)]
    if len(starts) != 1 or len(ends) != 1 or edits.pinned(item, starts[0]) or edits.pinned(item, ends[0]):
        return
    start, end = read_time(item[starts[0]]), read_time(item[ends[0]])
    if start is not None and end is not None and end.at < start.at:
        edits.set(item, starts[0], write_time(end.at, start))
        edits.set(item, ends[0], write_time(start.at, end))
