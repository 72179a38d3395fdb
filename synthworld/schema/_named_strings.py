"""The realistic string for a property by its name: an identifier (``user_id`` -> ``user_k3jq0x9ab2``),
a time (``created_at``), a UUID (``request_uuid``) or a faker provider's value (``email``, ``city``),
else a plain word."""

from __future__ import annotations

import datetime
import re
from functools import lru_cache
from random import Random

from synthworld.schema import _realistic
from synthworld.schema._formats import FORMATS

_DATE_HINT = re.compile(
    r"(_at|_on|date|time|timestamp|(^|_)(last_modified|starts?|ends?|begins?|until|since|deadline|"
    r"departure|arrival|departs|arrives|expires|expiry|expiration)|(^|_)last_(login|seen|active|activity|"
    r"execution|run|sync|synced|used|contact|contacted|visit|visited|heartbeat|ping|checked|checkin|"
    r"check_in))$"
)
"""On the snake_case name: ``createdAt``, ``last-modified``, an event's ``start`` and ``end``, a
flight's ``departure`` and ``arrival``, a token's ``expires``, a user's ``last_login`` and a job's
``LastExecution`` (a word before: ``land``, ``thought``; a user name for ``last_login``)."""
_ID_HINT = re.compile(r"(^|_)id$|[a-z]Id$", re.IGNORECASE)
_NOT_IDS = frozenset({
    "paid", "unpaid", "prepaid", "said", "valid", "invalid", "android", "void", "avoid", "squid",
    "fluid", "liquid", "solid", "hybrid", "rapid", "grid", "acid", "humid", "vivid", "druid",
    "pyramid", "lucid", "rigid", "timid", "candid", "splendid", "orchid", "maid", "raid", "braid",
    "afraid", "laid", "plaid", "stupid", "arid", "amid", "forbid", "david",
})  # fmt: skip
"""Words ending in "id" that name no identifier (``is_valid``, ``paid``; ``userid`` is one)."""
_UUID_HINT = re.compile(r"[ug]uid$", re.IGNORECASE)
_IDENT, _DATE, _UUID = object(), object(), object()
"""What :func:`hint_kind` answers for an identifier, a date or a UUID name (else a faker provider)."""


@lru_cache(maxsize=4096)
def hint_kind(hint: str) -> object:
    """How a realistic string for a property called ``hint`` is made."""
    words = _realistic.snake(hint)  # camelCase and kebab-case names read as snake_case ones
    if hint and _UUID_HINT.search(hint):
        return _UUID
    if hint and _ID_HINT.search(words) and words.rpartition("_")[2] not in _NOT_IDS:
        return _IDENT
    if hint and _DATE_HINT.search(words):
        return _DATE
    return (_realistic.provider_for(hint) if hint else None) or "word"


def says_what_it_holds(hint: str) -> bool:
    """Whether the name ``hint`` says what kind of text it holds (not a plain word)."""
    return hint_kind(hint) != "word"


def names_an_id(hint: str) -> bool:
    """Whether the name ``hint`` says it holds an identifier (``user_id``, ``AccountId``)."""
    return hint_kind(hint) is _IDENT


def named_text(
    rng: Random, locale: str, now: datetime.datetime, hint: str, lengths: tuple[int, int | None] = (0, None)
) -> str:
    """A realistic string for a property called ``hint``; a time too long for `lengths` (min, max)
    in a shorter form that still reads as one (`shorter_time`)."""
    kind = hint_kind(hint)
    if kind is _IDENT:
        return _realistic.ident(rng, hint)
    if kind is _DATE:
        text = FORMATS["date-time"](rng, now)
        high = lengths[1]
        return text if high is None or len(text) <= high else shorter_time(text, hint, lengths[0], high)
    if kind is _UUID:
        return FORMATS["uuid"](rng, now)
    assert isinstance(kind, str)
    return _realistic.pick(rng, locale, kind)


_DAY_NAME = re.compile(r"(date|day|dob|birth|_on)$|^(date|day)_")
"""A time whose name says it is a day (``due_date``, ``birthday``, ``shipped_on``)."""
_CLOCK_NAME = re.compile(r"(^|_)(time|hour|clock)$")
"""A time whose name says it is a time of day (``start_time``; not ``datetime``)."""


def shorter_time(text: str, hint: str, low: int, high: int) -> str:
    """The date-time `text` (``2024-03-18T17:04:05Z``) in the longest shorter form within
    `low`..`high` characters that a reader takes for a time: local (no zone), to the minute, the
    day, then (for a day's name) ``20240318``, ``2024-03``, ``2024``, else the time of day
    (``17:04:05``, ``17:04``, ``1704``, ``17``); a ``start_time`` goes to the time of day first.
    Never a cut one (``2024-``); one character: the hour's last digit."""
    day, clock = text[:10], text[11:19]
    words = _realistic.snake(hint)
    days = (text[:19], text[:16], day, day.replace("-", ""), day[:7], day[:4])
    clocks = (clock, clock[:5], clock[:5].replace(":", ""), clock[:2])
    forms: tuple[str, ...]
    if _DAY_NAME.search(words):
        forms = days
    elif _CLOCK_NAME.search(words):
        forms = (text[:19], text[:16], *clocks)
    else:
        forms = (text[:19], text[:16], day, *clocks)
    fitting = [form for form in forms if len(form) <= high]
    return next((form for form in fitting if len(form) >= low), fitting[0] if fitting else clock[1])
