"""A created entity's own events happen at its creation: in the answer of a create call, a time
that says the entity was acted on (``borrowed_at``, ``checked_out_at``, ``shipped_at``,
``paid_at``, ``started_at``, ``issued_at``...) drawn before the entity's creation (its
``created_at`` when it has one, else the world's clock) or after the clock is set to the creation
time, written in the value's own style. A loan made now was borrowed now, not months ago. Times of what came
before (``incident_date``, ``birth_date``, ``period_start``) are not events of the entity and keep
their values; so do other calls' answers (an old loan was borrowed long ago)."""

from __future__ import annotations

import datetime
from functools import lru_cache
from typing import Any

from synthworld.world.deadlines import creation, is_before, is_deadline
from synthworld.world.edits import Edits
from synthworld.world.naming import snake
from synthworld.world.rules.timeline import is_created, is_updated
from synthworld.world.rules.times import Instant, read_time, write_time

__all__ = ["events_at_creation", "is_event"]

_ACTS = (
    "borrowed", "checked_out", "checkout", "lent", "loaned", "rented", "started", "issued", "opened",
    "shipped", "dispatched", "paid", "purchased", "bought", "sold", "sent", "signed", "booked", "placed",
    "ordered", "submitted", "requested", "joined", "enrolled", "registered", "subscribed", "activated",
    "assigned", "accepted", "approved", "confirmed", "published", "posted", "uploaded", "granted",
)  # fmt: skip
"""First words of a time an entity is acted on at (``borrowed_at``, ``checked_out_on``, ``paid_date``)."""
_ENDS = ("_at", "_on", "_date", "_time", "_datetime", "_ts", "_timestamp")


@lru_cache(maxsize=4096)
def is_event(key: str) -> bool:
    """Whether `key` names a time the entity was acted on (``borrowed_at``, ``shippedAt``; not
    ``created_at``, ``due_date``, ``start_date`` or a person's ``approved_by``)."""
    name = snake(key)
    if is_created(key) or is_updated(key) or is_deadline(key):
        return False
    return any(name.startswith(act) and (name == act or name[len(act) :] in _ENDS) for act in _ACTS)


def events_at_creation(node: dict[str, Any], now: datetime.datetime, edits: Edits) -> None:
    """Set each event time of new entity `node` drawn before its creation or after `now` to the
    creation time (not one set from the input or memory)."""
    created: datetime.datetime | None = None
    for key in [k for k in node if is_event(k)]:
        stamp = read_time(node[key])
        if stamp is None or (id(node), key) in edits.pins:
            continue
        created = creation(node, now) if created is None else created
        if is_before(stamp, created) or _after(stamp, now):
            edits.begin("new_events")
            edits.set(node, key, write_time(created, stamp))


def _after(stamp: Instant, now: datetime.datetime) -> bool:
    """Whether `stamp` is after `now` (a date: on a later day)."""
    if stamp.style == "date":
        return stamp.at.date() > now.astimezone(datetime.timezone.utc).date()
    return stamp.at > now
