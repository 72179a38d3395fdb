"""A created entity's deadlines lie ahead: in the answer of a create call, a time that names a
deadline or an expiry (``due``, ``due_date``, ``deadline``, ``expires_at``, ``valid_until``,
``return_by``...) drawn before the entity's creation (its ``created_at`` when it has one, else the
world's clock) is moved after it, as far after as it was before modulo a year, plus a day. The
objects inside the entity (a loan's ``terms``, an invoice's ``installments``) are read too, each
against its own creation time when it has one, else its parent's. Each move is its own edit
group: one the schema refuses (a pattern, an enum) is dropped. Other calls keep their values (a
list of old loans may hold past due dates)."""

from __future__ import annotations

import datetime
from typing import Any

from synthworld.world.edits import Edits
from synthworld.world.rules.deadline_times import after, is_before, is_deadline
from synthworld.world.rules.timeline import is_created
from synthworld.world.rules.times import read_time, write_time
from synthworld.world.walk import MAX_DEPTH

__all__ = ["creation", "deadlines_ahead", "is_before", "is_deadline"]


def creation(node: dict[str, Any], now: datetime.datetime) -> datetime.datetime:
    """When `node` was created: its first created-like time, else `now`."""
    for key, value in node.items():
        if is_created(key) and (stamp := read_time(value)) is not None:
            return stamp.at
    return now


def deadlines_ahead(node: dict[str, Any], now: datetime.datetime, edits: Edits, depth: int = 0) -> None:
    """Move each deadline of new entity `node` (and of the objects inside it) drawn before its
    creation after it (not one set from the input)."""
    if depth > MAX_DEPTH:
        return
    created = creation(node, now)
    for key in [k for k in node if is_deadline(k) and not is_created(k)]:
        stamp = read_time(node[key])
        if stamp is None or (id(node), key) in edits.pins or not is_before(stamp, created):
            continue
        try:
            at = after(stamp.at, created)
        except OverflowError:  # a clock near the year 9999: left as drawn
            continue
        edits.begin("deadlines")
        edits.set(node, key, write_time(at, stamp))
    for child in node.values():
        for inner in child if type(child) is list else (child,):
            if type(inner) is dict:
                deadlines_ahead(inner, created, edits, depth + 1)
