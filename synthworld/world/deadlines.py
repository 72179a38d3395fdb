"""A created entity's deadlines lie ahead: in the answer of a create call, a time that names a
deadline or an expiry (``due``, ``due_date``, ``deadline``, ``expires_at``, ``valid_until``,
``return_by``...) drawn before the entity's creation (its ``created_at`` when it has one, else the
world's clock) is moved after it, as far after as it was before modulo a year, plus a day. Each
move is its own edit group: one the schema refuses (a pattern, an enum) is dropped. Other calls
keep their values (a list of old loans may hold past due dates)."""

from __future__ import annotations

import datetime
from functools import lru_cache
from typing import Any

from synthworld.world.edits import Edits
from synthworld.world.naming import snake
from synthworld.world.rules.timeline import is_created
from synthworld.world.rules.times import Instant, read_time, write_time

__all__ = ["deadlines_ahead", "is_deadline"]

_WORDS = frozenset({"due", "deadline", "expires", "expiry", "expiration", "expire", "expiring"})
"""Words that make a time a deadline wherever they stand (``payment_due_date``, ``token_expires_at``)."""
_STARTS = ("valid_until", "valid_to", "valid_thru", "good_until", "good_till")
"""First words of a time something holds until (``valid_until``, ``valid_to_date``; not ``valid_token``)."""
_DAY = datetime.timedelta(days=1)
_YEAR = datetime.timedelta(days=365)


@lru_cache(maxsize=4096)
def is_deadline(key: str) -> bool:
    """Whether `key` names a time something must happen by (``due_at``, ``expiry``, ``pay_by``)."""
    name = snake(key)
    if not _WORDS.isdisjoint(name.split("_")) or name.endswith("_by"):
        return True
    return any(name == start or name.startswith(start + "_") for start in _STARTS)


def _before(stamp: Instant, created: datetime.datetime) -> bool:
    """Whether `stamp` is before `created` (a date: on an earlier day)."""
    if stamp.style == "date":
        return stamp.at.date() < created.astimezone(datetime.timezone.utc).date()
    return stamp.at < created


def _creation(node: dict[str, Any], now: datetime.datetime) -> datetime.datetime:
    """When `node` was created: its first created-like time, else `now`."""
    for key, value in node.items():
        if is_created(key) and (stamp := read_time(value)) is not None:
            return stamp.at
    return now


def deadlines_ahead(node: dict[str, Any], now: datetime.datetime, edits: Edits) -> None:
    """Move each deadline of new entity `node` drawn before its creation after it (not one set
    from the input)."""
    created: datetime.datetime | None = None
    for key in [k for k in node if is_deadline(k) and not is_created(k)]:
        stamp = read_time(node[key])
        if stamp is None or (id(node), key) in edits.pins:
            continue
        created = _creation(node, now) if created is None else created
        if not _before(stamp, created):
            continue
        try:
            at = created + _DAY + (created - stamp.at) % _YEAR
        except OverflowError:  # a clock near the year 9999: left as drawn
            continue
        edits.begin("deadlines")
        edits.set(node, key, write_time(at, stamp))
