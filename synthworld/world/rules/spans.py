"""Spans inside one object: how long a thing lasts looks like what it is (a meeting of hours, a hotel
stay of nights, a flight under a day, a parcel on the road for days), and a duration beside the two
ends (``nights``, ``duration_minutes``) is the time between them.

A span outside its kind's range is redrawn inside it from the span it had (no random draw: the same
answer gives the same span) by moving the later end, so nothing that came before it moves. A
duration the input fixed sets the later end instead.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from functools import lru_cache
from typing import Any, NamedTuple

from synthworld.world.naming import snake
from synthworld.world.rules.base import RuleContext, is_number
from synthworld.world.rules.times import Instant, read_time, write_time
from synthworld.world.shapes import Shapes

__all__ = ["Spans"]

_MINUTE = datetime.timedelta(minutes=1)
_HOUR, _DAY = 60 * _MINUTE, 1440 * _MINUTE


class Kind(NamedTuple):
    """What a span of one kind may last, and the spans it is redrawn from."""

    low: datetime.timedelta
    high: datetime.timedelta
    step: datetime.timedelta
    """Redrawn spans are `base` plus whole steps, fewer than `steps`."""
    base: datetime.timedelta
    steps: int
    timed: bool
    """Whether only ends with a time of day are judged (a project's start and end dates are not)."""


_EVENT = Kind(15 * _MINUTE, _DAY, 15 * _MINUTE, 30 * _MINUTE, 16, True)
_FLIGHT = Kind(30 * _MINUTE, 20 * _HOUR, 5 * _MINUTE, _HOUR, 108, True)
_STAY = Kind(_DAY, 30 * _DAY, _DAY, _DAY, 7, False)
_TRANSIT = Kind(datetime.timedelta(0), 21 * _DAY, _DAY, _DAY, 7, False)
_RUN = Kind(_MINUTE, 12 * _HOUR, _MINUTE, 5 * _MINUTE, 90, True)
_INTERVAL = Kind(5 * _MINUTE, _HOUR, 15 * _MINUTE, 15 * _MINUTE, 4, True)  # a meter's: 15, 30, 45, 60 min
_STAY_PUT = Kind(10 * _MINUTE, 24 * _HOUR, 15 * _MINUTE, 30 * _MINUTE, 24, True)  # parked, charging
_RIDE = Kind(3 * _MINUTE, 3 * _HOUR, 3 * _MINUTE, 6 * _MINUTE, 20, True)
_CERT = Kind(7 * _DAY, 398 * _DAY, 275 * _DAY, 90 * _DAY, 2, False)  # CA/B Forum: at most 398 days
_LOAN = Kind(7 * _DAY, 42 * _DAY, 7 * _DAY, 14 * _DAY, 4, False)  # a library's 2-5 weeks
_TERM = Kind(30 * _DAY, 10 * 365 * _DAY, 365 * _DAY, 365 * _DAY, 3, False)  # a contract, a domain: 1-3 years
_VOYAGE = Kind(_DAY, 60 * _DAY, _DAY, 10 * _DAY, 30, False)
_WORK = Kind(_HOUR, 30 * _DAY, _HOUR, 4 * _HOUR, 120, True)  # a planned job: hours to days

_WORDS: tuple[tuple[str, tuple[str, ...], Kind], ...] = (
    ("interval_start", ("interval_end",), _INTERVAL),
    ("entered", ("exited",), _STAY_PUT),
    ("plugged_in", ("unplugged",), _STAY_PUT),
    ("pickup", ("dropoff",), _RIDE),
    ("not_before", ("not_after",), _CERT),
    ("borrowed", ("due_back",), _LOAN),
    ("effective", ("expiration", "expiry", "expires"), _TERM),
    ("registered", ("expires",), _TERM),
    ("etd", ("eta",), _VOYAGE),
    ("queued", ("finished", "completed"), _RUN),
    ("planned_start", ("planned_finish", "planned_end"), _WORK),
    ("check_in", ("check_out",), _STAY),
    ("checkin", ("checkout",), _STAY),
    ("departure", ("arrival",), _FLIGHT),
    ("departs", ("arrives",), _FLIGHT),
    ("depart", ("arrive",), _FLIGHT),
    ("start", ("end",), _EVENT),
    ("starts", ("ends",), _EVENT),
    ("begin", ("end",), _EVENT),
    ("begins", ("ends",), _EVENT),
    ("shipped", ("delivered",), _TRANSIT),
    ("placed", ("shipped", "delivered"), _TRANSIT),
    ("started", ("ended", "completed", "finished"), _RUN),
)
"""(earlier word, later words, kind): ``start_time`` and ``end_time`` are a pair, as are
``check_in`` and ``check_out``."""
_ESTIMATES = ("estimated_delivery", "expected_delivery", "estimated_arrival", "delivery_estimate", "eta")
"""Names of a delivery estimate, which comes after the parcel is shipped (``shipped_at``)."""
_EVENTS = frozenset(
    {
        "event", "meeting", "appointment", "session", "slot", "shift", "call", "class", "lesson",
        "interview", "webinar", "talk", "visit", "reservation", "booking",
    }
)  # fmt: skip
"""Objects whose ``start``/``end`` are an event's (else only names with ``time`` say so)."""
_RUNS = frozenset(
    {
        "run", "workflow_run", "build", "job", "job_run", "execution", "task_run", "pipeline", "deployment",
        "session", "web_session", "workout", "activity", "call", "test_run", "check_run", "stream",
        "pipeline_run", "ci_run", "ci_job",
    }
)  # fmt: skip
"""Objects whose ``started_at``/``ended_at`` span minutes to hours (a subscription's span years)."""
_RIDES = frozenset({"ride", "ride_trip", "trip", "taxi", "rideshare", "cab", "taxi_trip", "ride_request"})
"""Objects whose ``pickup``/``dropoff`` span minutes (a rental car's span days)."""
_TIMED = (_EVENT, _FLIGHT, _RUN, _STAY_PUT, _RIDE)
_DURATIONS: tuple[tuple[tuple[str, ...], datetime.timedelta, tuple[Kind, ...]], ...] = (
    (("nights", "night_count", "num_nights", "number_of_nights", "length_of_stay"), _DAY, (_STAY,)),
    (("duration_minutes", "duration_mins", "duration_min", "length_minutes", "minutes"), _MINUTE, _TIMED),
    (("duration_hours", "hours"), _HOUR, _TIMED),
    (("duration_seconds", "duration_secs", "duration_sec", "duration_s"), _MINUTE / 60, _TIMED),
    (("duration_days", "days"), _DAY, (_STAY,)),
)
"""Names of a duration, the unit each counts, and the kinds of span it measures."""


class Pair(NamedTuple):
    early: str
    late: str
    kind: Kind
    duration: str | None
    unit: datetime.timedelta


@lru_cache(maxsize=4096)
def _pairs(keys: tuple[str, ...], hint: str) -> tuple[Pair, ...]:
    """The spans among an object's keys (an object hinted `hint`)."""
    names = {snake(k): k for k in keys}
    found: list[Pair] = []
    for name, key in names.items():
        for early, lates, kind in _WORDS:
            if early not in name.split("_") and not name.startswith(early + "_") and name != early:
                continue
            if kind is _EVENT and "time" not in name and snake(hint) not in _EVENTS:
                continue
            if (kind is _RUN and snake(hint) not in _RUNS) or (kind is _RIDE and snake(hint) not in _RIDES):
                continue
            partners = [name.replace(early, late, 1) for late in lates]
            if early == "shipped":
                partners += [n for n in names if n.startswith(_ESTIMATES)]
            for partner in (names[p] for p in partners if p in names and names[p] != key):
                found.append(Pair(key, partner, kind, *_duration_of(names, kind)))
            break
    return tuple(found)


def _duration_of(names: Mapping[str, str], kind: Kind) -> tuple[str | None, datetime.timedelta]:
    """The key of the duration that measures a span of `kind` (and its unit), if the object has one."""
    for words, unit, kinds in _DURATIONS:
        if kind in kinds:
            for word in words:
                if word in names:
                    return names[word], unit
    return None, _DAY


def _fits(count: Any, unit: datetime.timedelta, kind: Kind) -> bool:
    """Whether `count` units is a span `kind` may last."""
    return is_number(count) and kind.low <= count * unit <= kind.high


class Spans:
    """A span as long as its kind lasts; a duration beside it agrees with it."""

    name = "span"
    triggers: frozenset[str] = frozenset()

    def fits(self, props: Mapping[str, Any], shapes: Shapes) -> bool:
        keys = tuple(props)
        return any(_pairs(keys, hint) for hint in ("event", "run", "ride"))  # the hint: checked on each call

    def __call__(self, node: dict[str, Any], hint: str, ctx: RuleContext) -> None:
        for pair in _pairs(tuple(node), hint):
            a, b = read_time(node[pair.early]), read_time(node[pair.late])
            if a is None or b is None:
                continue
            if pair.kind.timed and "date" in (a.style, b.style):
                continue  # a day, not a time of day: not an event's or a flight's end
            ctx.edits.begin(self.name)  # the end and the duration: kept or dropped together
            b = self._span(node, pair, a, b, ctx)
            if pair.duration is not None:
                self._duration(node, pair, b.at - a.at, hint, ctx)

    def _span(self, node: dict[str, Any], pair: Pair, a: Instant, b: Instant, ctx: RuleContext) -> Instant:
        """The later end moved so the span fits its kind (or the duration the input gave)."""
        kind, span = pair.kind, b.at - a.at
        given: Any = node[pair.duration] if pair.duration is not None else None
        if given is not None and not ctx.free(node, pair.duration or "") and is_number(given) and given > 0:
            want = given * pair.unit  # the duration the input (or memory) gave
        elif kind.low <= span <= kind.high:
            return b
        elif given is not None and _fits(given, pair.unit, kind):
            want = given * pair.unit  # the duration drawn beside it
        else:
            want = kind.base + kind.step * (abs(span // kind.step) % kind.steps)
        if span == want or not ctx.free(node, pair.late):
            return b
        at = a.at + want
        ctx.set(node, pair.late, write_time(at, b))
        return read_time(node[pair.late]) or b

    def _duration(
        self, node: dict[str, Any], pair: Pair, span: datetime.timedelta, hint: str, ctx: RuleContext
    ) -> None:
        key: Any = pair.duration
        old = node[key]
        if not is_number(old) or not ctx.free(node, key) or span.total_seconds() < 0:
            return
        count = span / pair.unit
        value: int | float = round(count) if type(old) is int else round(count, 2)
        if value != old:
            ctx.set(node, key, value)
