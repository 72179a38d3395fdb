"""A tool that tells the time (``get_current_time``, ``now``, ``get_current_datetime``) answers the
world's clock: its answer's time fields (``datetime``, ``utc_datetime``, ``unixtime``, ``date``...)
hold the world's simulated now, written as each was drawn (ISO text, a date, epoch seconds), so an
agent that asks the time sees the time the world's other answers (a created record's
``created_at``, a scenario's ``clock: {start: ...}``) are stamped with. The local-time rule then
writes it in the offset of the zone beside it, with its weekday and summer time.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

from synthworld.world.edits import Edits
from synthworld.world.naming import snake
from synthworld.world.rules.times import read_style, read_time, write_time

__all__ = ["answer_now", "tells_time"]

_NOW_WORDS = frozenset({"current", "now"})
_TIME_WORDS = frozenset({"time", "datetime", "date", "timestamp", "now", "clock"})
_TIME_FIELDS = frozenset(
    {
        "datetime", "date_time", "current_time", "current_datetime", "current_date", "time", "timestamp",
        "now", "date", "utc_datetime", "utc_time", "local_time", "local_datetime", "unixtime",
        "unix_time", "epoch",
    }
)  # fmt: skip
"""Names of the fields of a time answer that hold the time asked for (not a record's stamps)."""


@lru_cache(maxsize=1024)
def tells_time(kind: str) -> bool:
    """Whether a tool of entity `kind` (its name without the verb: ``current_time`` for
    ``get_current_time``) answers what time it is now."""
    words = set(kind.split("_"))
    return kind == "now" or bool(words & _NOW_WORDS and words & _TIME_WORDS)


def answer_now(
    subject: dict[str, Any],
    now: datetime.datetime,
    edits: Edits,
    schema_of: Callable[[str], Mapping[str, Any] | None],
) -> None:
    """Set each time field of `subject` (not set from the input or memory) to `now`, written in
    the field's own style (`schema_of`: a property's schema)."""
    edits.begin("now")
    for key, value in list(subject.items()):
        if snake(key) not in _TIME_FIELDS or (id(subject), key) in edits.pins:
            continue
        style = read_style(value) if type(value) is str else read_time(value)
        if style is not None:
            edits.set(subject, key, write_time(now, style, schema_of(key)))
