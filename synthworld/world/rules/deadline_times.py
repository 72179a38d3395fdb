"""Deadline times: which names say one (``due``, ``expires_at``, ``valid_until``, ``return_by``),
and where one drawn before its start is moved (after it, as far as it was before)."""

from __future__ import annotations

import datetime
from functools import lru_cache

from synthworld.world.naming import snake
from synthworld.world.rules.times import Instant

__all__ = ["after", "is_before", "is_deadline"]

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


def after(stamp: datetime.datetime, start: datetime.datetime) -> datetime.datetime:
    """A deadline drawn at `stamp`, before `start`, moved after it: as far after as it was
    before (modulo a year), plus a day (OverflowError near the year 9999)."""
    return start + _DAY + (start - stamp) % _YEAR


def is_before(stamp: Instant, start: datetime.datetime) -> bool:
    """Whether `stamp` is before `start` (a date: on an earlier day)."""
    if stamp.style == "date":
        return stamp.at.date() < start.astimezone(datetime.timezone.utc).date()
    return stamp.at < start
