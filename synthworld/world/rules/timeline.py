"""Time order inside one object: nothing happens before it was created, an end is not before its
start (check-out after check-in, arrival after departure), a deadline (a bare ``due`` too) lies
after its start (``borrowed_at``, ``issued_at``), and nothing was created or updated after the
world's clock."""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from synthworld.world.naming import snake
from synthworld.world.rules.base import RuleContext, pattern_refuses
from synthworld.world.rules.deadline_times import after, is_before, is_deadline
from synthworld.world.rules.times import Instant, read_time, write_time
from synthworld.world.shapes import Shapes

__all__ = ["TimeOrder", "is_created", "is_updated"]

_PAIRS = (
    ("start", "end"), ("starts", "ends"), ("begin", "end"), ("begins", "ends"), ("check_in", "check_out"),
    ("checkin", "checkout"), ("departure", "arrival"), ("departs", "arrives"), ("depart", "arrive"),
    ("from", "to"), ("from", "until"), ("opened", "closed"), ("pickup", "dropoff"), ("pickup", "return"),
    ("issued", "due"), ("issue", "due"), ("placed", "shipped"), ("shipped", "delivered"),
    ("placed", "delivered"), ("sent", "delivered"), ("valid_from", "valid_until"), ("valid_from", "valid_to"),
    ("earliest", "latest"), ("started", "ended"), ("started", "completed"), ("started", "finished"),
    ("posted", "closes"), ("posted", "expires"), ("collected", "resulted"), ("last_run", "next_run"),
    ("effective", "expiration"), ("effective", "expiry"), ("effective", "expires"),
    ("not_before", "not_after"), ("registered", "expires"), ("issued", "expires"), ("etd", "eta"),
    ("entered", "exited"),
    ("plugged_in", "unplugged"), ("borrowed", "due_back"), ("queued", "started"), ("queued", "finished"),
    ("start", "finish"), ("signed", "expires"),
)  # fmt: skip
_ACROSS = (("incident", "filed"), ("incident", "reported"), ("incident", "submitted"), ("period_end", "due"),
           ("billing_period_end", "due"), ("applied", "hired"), ("ordered", "delivered"),
           ("planted", "expected_harvest"), ("planted", "harvest"), ("filed", "next_hearing"),
           ("requested", "deliver_by"), ("borrowed", "due"))  # fmt: skip
"""(earlier, later) first words of two times named apart (``incident_date`` before ``filed_at``,
a bill's ``billing_period_end`` before its ``due_date``)."""
_NOT_AFTER_CREATION = ("birth", "dob", "born")
_DEADLINE_STARTS = (
    "start", "starts", "started", "begin", "begins", "borrowed", "checked_out", "checkout", "lent",
    "loaned", "rented", "issued", "issue", "opened", "assigned", "placed", "ordered", "requested",
    "posted", "signed", "booked", "effective", "valid_from",
)  # fmt: skip
"""First words of a time a deadline beside it follows (a loan's ``borrowed_at`` before its ``due``;
not ``paid_at``, ``returned_at`` or ``submitted_at``: those may come after it, late)."""
_BARE_DEADLINES = ("due", "deadline", "expiry", "expiration")
"""Deadline names without a time ending that are read as times."""


@lru_cache(maxsize=4096)
def is_created(key: str) -> bool:
    """``created_at``, ``createdAt``, ``creation_date``, ``date_created``, ``inserted_at``..."""
    name = snake(key)
    return name.startswith(("created", "creation")) or name in ("date_created", "inserted_at")


@lru_cache(maxsize=4096)
def is_updated(key: str) -> bool:
    """``updated_at``, ``updatedAt``, ``modified_at``, ``last_modified``, ``date_updated``..."""
    name = snake(key)
    return name.startswith(("updated", "modified", "last_modified", "last_updated")) or name in (
        "date_updated",
        "date_modified",
    )


@lru_cache(maxsize=4096)
def _happened(key: str) -> bool:
    """A time something was seen or done, so not after now: ``observed_at``, ``submitted_at``,
    ``received_at``, ``last_seen``, ``timestamp`` (of an event, a reading, a log line)."""
    name = snake(key)
    return name in ("timestamp", "ts", "time_stamp") or name.startswith(_HAPPENED)


_HAPPENED = (
    "observed", "recorded", "submitted", "received", "logged", "occurred", "reported", "measured",
    "last_seen", "last_login", "last_active", "last_activity", "sent_at", "delivered_at", "completed_at",
    "shipped", "paid_at", "resolved_at", "closed_at", "booked", "filed", "applied", "published", "deployed",
    "uploaded", "posted", "collected", "resulted", "prescribed", "listed", "dispensed", "donated", "pinged",
    "last_played", "last_tap", "pushed", "last_pushed", "installed", "queued", "placed", "ordered",
)  # fmt: skip


_TIME_ENDS = ("_at", "_on", "_date", "_time", "_datetime", "_ts", "_start", "_end", "_by")
"""Last words of a time's name (``deliver_by``: a ``created_by`` holds no time, and is not read as one)."""


@lru_cache(maxsize=4096)
def _timeish(key: str) -> bool:
    name = snake(key)
    if any(word in name for pair in _PAIRS for word in pair if len(word) > 4):
        return True  # check_in, departure, starts...: read as a time when the value is one
    return name.endswith(_TIME_ENDS) or name in (
        "start", "end", "date", "created", "updated", "modified", "checkin", "checkout", "departure",
        "arrival", *_BARE_DEADLINES,
    )  # fmt: skip


def _after_pairs(keys: tuple[str, ...]) -> list[tuple[str, str]]:
    """``(earlier, later)`` key pairs among `keys`."""
    pairs = []
    names = {snake(k): k for k in keys}
    words = {name: frozenset(name.split("_")) for name in names}
    present = frozenset().union(*words.values())
    for early, late in _PAIRS:
        joined = "_" in early
        if not joined and early not in present:
            continue
        for name, key in names.items():
            if early in words[name] or (joined and (name == early or name.startswith(early + "_"))):
                other = names.get(name.replace(early, late, 1))
                if other is not None and other != key:
                    pairs.append((key, other))
    return pairs


@lru_cache(maxsize=4096)
def _plan(keys: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """For an object's keys: created and updated keys (never after now), and the ordered pairs to
    check (created first)."""
    times = tuple(k for k in keys if _timeish(k))
    created = tuple(k for k in times if is_created(k))
    past = created + tuple(k for k in times if is_updated(k))
    past += tuple(k for k in keys if k not in past and _happened(k))
    pairs = [
        (c, k)
        for c in created
        for k in times
        if k != c and not is_created(k) and not any(w in snake(k) for w in _NOT_AFTER_CREATION)
    ]
    ordered = dict.fromkeys(pairs + _after_pairs(times) + _across(times) + _deadlines(times))
    return past, (tuple(ordered) if len(times) > 1 else ())  # a pair takes two keys


def _across(keys: tuple[str, ...]) -> list[tuple[str, str]]:
    """``(earlier, later)`` pairs of `_ACROSS` among `keys`, whatever each name's last words."""

    def first(stem: str) -> str | None:
        return next((k for k in keys if snake(k) == stem or snake(k).startswith(stem + "_")), None)

    found = [(first(early), first(late)) for early, late in _ACROSS]
    return [(a, b) for a, b in found if a is not None and b is not None and a != b]


def _deadlines(keys: tuple[str, ...]) -> list[tuple[str, str]]:
    """``(start, deadline)`` pairs among `keys`: each deadline after each start-like time."""
    starts = [k for k in keys if _starts(snake(k))]
    return [(s, d) for d in keys if is_deadline(d) and not is_created(d) for s in starts if s != d]


def _starts(name: str) -> bool:
    return any(name == w or (name.startswith(w + "_") and not is_deadline(name)) for w in _DEADLINE_STARTS)


_SPAN = datetime.timedelta(days=365 * 50)
"""How far back a stamp too far in the future to mirror (year 8532, from a pattern) is put."""


def _mirrored(at: datetime.datetime, now: datetime.datetime) -> datetime.datetime:
    """``at`` (after ``now``) mirrored into the past, as far before now as it was after; one so far
    ahead that its mirror is before the year 1 goes back by what is left of its distance after
    whole `_SPAN`s instead."""
    ahead = at - now
    try:
        return now - ahead
    except OverflowError:
        return now - ahead % _SPAN


def _years_back(at: datetime.datetime, now: datetime.datetime) -> datetime.datetime | None:
    """``at`` (after ``now``) moved back by whole years to the last one not after now: its month,
    day and time of day kept, so a pattern that took them takes it; None for a 29 February."""
    try:
        back = at.replace(year=now.year)
        return back if back <= now else at.replace(year=now.year - 1)
    except ValueError:
        return None


class TimeOrder:
    """``created_at <= updated_at`` (and every other stamp), start before end, no creation after now."""

    name = "time_order"
    triggers: frozenset[str] = (
        frozenset()
    )  # time keys vary too much: every object is looked at (cached per key set)

    def fits(self, props: Mapping[str, Any], shapes: Shapes) -> bool:
        created, pairs = _plan(tuple(props))
        return bool(created or pairs)

    def __call__(self, node: dict[str, Any], hint: str, ctx: RuleContext) -> None:
        past, pairs = _plan(tuple(node))
        if not (past or pairs):
            return
        read = {key: read_time(node[key]) for key in {k for pair in pairs for k in pair} | set(past)}
        for key in past:
            self._not_future(node, hint, key, read, ctx)
        keys = [k for pair in pairs for k in pair]
        for _ in range(3):  # a chain (start, end, due) may need a second pass after a swap
            before = [node[k] for k in keys]
            for early, late in pairs:
                self._order(node, early, late, read, ctx)
            if [node[k] for k in keys] == before:
                break
        created = next((read[k] for k in past if is_created(k) and read.get(k) is not None), None)
        if created is not None:
            for child in node.values():
                for inner in child if type(child) is list else (child,):
                    if type(inner) is dict:
                        self._inner_deadlines(inner, created.at, ctx)

    def _inner_deadlines(self, inner: dict[str, Any], created: datetime.datetime, ctx: RuleContext) -> None:
        """Deadlines of an object inside an entity (a loan's ``terms.due``) are after the entity's
        creation."""
        for key in [k for k in inner if is_deadline(k) and not is_created(k)]:
            stamp = read_time(inner[key])
            if stamp is not None and is_before(stamp, created) and ctx.free(inner, key):
                ctx.edits.begin(self.name)
                ctx.set(inner, key, write_time(after(stamp.at, created), stamp))

    def _not_future(
        self, node: dict[str, Any], hint: str, key: str, read: dict[str, Instant | None], ctx: RuleContext
    ) -> None:
        stamp = read.get(key)
        if stamp is None or stamp.at <= ctx.now or not ctx.free(node, key):
            return
        ctx.edits.begin(self.name)
        text = write_time(_mirrored(stamp.at, ctx.now), stamp)
        pattern = ctx.prop(hint, key).get("pattern")
        if pattern_refuses(pattern, text):  # AWS's days up to the 28th: move by whole years instead
            back = _years_back(stamp.at, ctx.now)
            text = text if back is None else write_time(back, stamp)
        if ctx.set(node, key, text):
            read[key] = read_time(node[key])

    def _order(
        self, node: dict[str, Any], early: str, late: str, read: dict[str, Instant | None], ctx: RuleContext
    ) -> None:
        a, b = read.get(early), read.get(late)
        if a is None or b is None or a.at <= b.at:
            return
        ctx.edits.begin(self.name)
        if ctx.free(node, early) and ctx.free(node, late) and a.style == b.style:
            first, second = node[early], node[late]
            ctx.set(node, early, second)
            ctx.set(node, late, first)
            read[early], read[late] = b, a
        elif ctx.free(node, late):
            at = after(b.at, a.at) if is_deadline(late) else a.at  # a deadline lies ahead: not at its start
            ctx.set(node, late, write_time(at, b))
            read[late] = Instant(at, b.style, b.sep, b.digits, b.zone, b.number)
        elif ctx.free(node, early):
            ctx.set(node, early, write_time(b.at, a))
            read[early] = Instant(b.at, a.style, a.sep, a.digits, a.zone, a.number)
