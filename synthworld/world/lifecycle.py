"""Lifecycles: what a tool does to the entities of its kind, read from its name (or declared).

=========== ===================================================== ==============================
family      verbs                                                 effect
=========== ===================================================== ==============================
create      create, add, new, register, insert, open, place...    insert, stamp times, first state
get         get, fetch, read, show, retrieve, lookup...           the remembered entity (or new)
list        list, search, find, query, browse                     remembered + generated matches
update      update, edit, set, patch, rename, modify, assign...   merge input, move ``updated_at``
delete      delete, remove, destroy, drop, purge, erase           forget: later calls not_found
transition  close, cancel, archive, approve, reject, complete...  ``status`` takes the verb's value
=========== ===================================================== ==============================

A get-verb tool that answers a list lists, and a list-verb tool that answers one object gets.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from synthworld.world.naming import tool_words

__all__ = [
    "FAMILIES",
    "INITIAL_STATES",
    "LATER_STAMPS",
    "NO_LIFECYCLE",
    "TRANSITIONS",
    "Lifecycle",
    "declared",
    "lifecycle_of",
    "norm",
]

_FAMILY_VERBS = {
    "create": "create add new register insert make open post place upload schedule book send checkout "
    "purchase buy",
    "get": "get fetch read show retrieve lookup describe view load download",
    "list": "list search find query browse filter",
    "update": "update edit set patch rename modify change put upsert save assign move replace adjust "
    "reschedule",
    "delete": "delete remove destroy drop purge erase discard unregister",
}
_BARE = frozenset({"checkout", "purchase"})
"""Verbs that say what they do alone: a ``checkout`` tool places an order."""
TRANSITIONS: dict[str, tuple[str, ...]] = {
    "close": ("closed", "done", "completed", "resolved"),
    "cancel": ("cancelled", "canceled", "voided"),
    "archive": ("archived",),
    "unarchive": ("active", "open", "unarchived"),
    "approve": ("approved", "accepted"),
    "reject": ("rejected", "declined", "denied"),
    "complete": ("completed", "complete", "done", "finished"),
    "finish": ("finished", "completed", "done"),
    "publish": ("published", "live", "public"),
    "unpublish": ("unpublished", "draft"),
    "ship": ("shipped", "in_transit", "dispatched"),
    "deliver": ("delivered",),
    "resolve": ("resolved", "closed", "done", "fixed"),
    "solve": ("solved", "resolved", "closed", "done"),
    "reopen": ("reopened", "open", "active", "new"),
    "activate": ("active", "activated", "enabled"),
    "deactivate": ("inactive", "deactivated", "disabled"),
    "enable": ("enabled", "active"),
    "disable": ("disabled", "inactive"),
    "suspend": ("suspended", "inactive"),
    "confirm": ("confirmed",),
    "decline": ("declined", "rejected"),
    "accept": ("accepted", "approved"),
    "lock": ("locked",),
    "unlock": ("unlocked", "active"),
    "restore": ("active", "restored", "open"),
    "refund": ("refunded",),
    "return": ("returned",),
    "pay": ("paid",),
    "block": ("blocked",),
    "unblock": ("active", "unblocked"),
    "pause": ("paused", "on_hold"),
    "resume": ("active", "running", "resumed", "in_progress"),
    "submit": ("submitted", "pending"),
    "start": ("started", "in_progress", "running", "active"),
    "stop": ("stopped", "inactive"),
    "merge": ("merged", "closed"),
    "fulfill": ("fulfilled", "completed"),
    "void": ("voided", "void", "cancelled"),
    "expire": ("expired",),
    "hold": ("on_hold", "held", "paused"),
    "release": ("released", "active"),
    "verify": ("verified", "active"),
    "dismiss": ("dismissed", "closed"),
    "terminate": ("terminated", "inactive"),
    "escalate": ("escalated",),
    "snooze": ("snoozed",),
    "acknowledge": ("acknowledged", "acked"),  # an alert or incident (PagerDuty, Alertmanager)
    "ack": ("acknowledged", "acked"),
    "checkout": ("checked_out", "converted", "ordered", "completed"),
    "deny": ("denied", "rejected"),
    "revoke": ("revoked", "inactive"),
}
"""State verbs and the status values they set, best first (matched ignoring case and ``_ -``)."""
_PARTS = {"partially_refund": ("partially_refunded", "partial_refund", "partially_refund")}
"""State changes no tool name says, made by part of one (`synthworld.world.partial_refunds`)."""
INITIAL_STATES = (
    "open", "new", "draft", "pending", "active", "created", "todo", "to_do", "backlog", "queued",
    "scheduled", "requested", "submitted", "planned", "proposed", "placed", "received", "unpaid",
    "not_started", "confirmed", "available", "enabled",
)  # fmt: skip
"""Status values a created entity starts in, best first."""
FAMILIES = ("create", "get", "list", "update", "delete", "transition", "none")
_VERB_FAMILY = {verb: family for family, verbs in _FAMILY_VERBS.items() for verb in verbs.split()}
_PAST = {"cancel": "cancelled", "ship": "shipped", "pay": "paid", "hold": "held", "void": "voided"}


@dataclass(frozen=True)
class Lifecycle:
    """What a tool does to the entity it is about."""

    family: str
    """One of `FAMILIES`."""
    verb: str
    """The verb it was read from (``close``), or the family for a declared one."""

    @property
    def statuses(self) -> tuple[str, ...]:
        """Status values a transition sets, best first (empty for other families)."""
        if self.family != "transition":
            return ()
        return TRANSITIONS.get(self.verb) or _PARTS.get(self.verb) or ()

    @property
    def stamp(self) -> str | None:
        """The ``<past>_at`` key a transition stamps with the time (``closed_at``)."""
        return _stamp(self.verb) if self.family == "transition" else None

    @property
    def targets(self) -> bool:
        """Whether the tool acts on one existing entity (it can be not found)."""
        return self.family in ("get", "update", "delete", "transition")


def _stamp(verb: str) -> str:
    past = _PAST.get(verb) or (verb + "d" if verb.endswith("e") else verb + "ed")
    return f"{past}_at"


LATER_STAMPS = frozenset([_stamp(verb) for verb in TRANSITIONS] + ["deleted_at", "canceled_at", "removed_at"])
"""Times a new entity cannot have yet (``closed_at``, ``shipped_at``...): null on creation."""
NO_LIFECYCLE = Lifecycle("none", "")
"""A tool that does nothing to the entities of its kind that the world can tell."""


def lifecycle_of(name: str, override: str | None = None, *, lists: bool = False) -> Lifecycle:
    """The lifecycle of tool `name` (`override`: a family or a state verb); `lists`: whether its
    answer is a collection."""
    if override is not None:
        return declared(override)
    words = tool_words(name)
    bare = len(words) == 1 and words[0] in _BARE
    verb = words[0] if len(words) > 1 or bare else ""  # a bare verb (``add``) says too little
    family = _VERB_FAMILY.get(verb) or ("transition" if verb in TRANSITIONS else "none")
    if family == "get" and lists:
        family = "list"
    elif family == "list" and not lists:
        family = "get"
    return _shared(family, verb)


@lru_cache(maxsize=1024)
def _shared(family: str, verb: str) -> Lifecycle:
    """One `Lifecycle` per family and verb, shared by every plan (fewer long-lived objects)."""
    return Lifecycle(family, verb)


def declared(verb: str) -> Lifecycle:
    """The lifecycle for a declared verb: a family (``delete``), a known verb (``purge``) or a
    state verb (``close``); `ValueError` naming the choices otherwise."""
    if verb in FAMILIES and verb != "transition":
        return Lifecycle(verb, verb)
    if verb in _VERB_FAMILY:
        return Lifecycle(_VERB_FAMILY[verb], verb)
    if verb in TRANSITIONS:
        return Lifecycle("transition", verb)
    choices = ", ".join([f for f in FAMILIES if f != "transition"] + sorted(TRANSITIONS))
    raise ValueError(f"lifecycle {verb!r} is not known; choose one of: {choices}")


@lru_cache(maxsize=1024)
def norm(value: str) -> str:
    """A status value compared loosely: ``In Progress`` and ``in_progress`` are the same."""
    return re.sub(r"[^a-z0-9]", "", value.lower())
