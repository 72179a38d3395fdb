"""Boolean flags a lifecycle moves, as it moves a ``status``: ``deactivate_user`` makes ``active``
(or ``is_active``, ``isActive``) false and ``disabled`` true; a created entity is not yet ``done``.

A flag is a field whose value is a boolean; its word is its name in snake_case without an ``is_``
in front, compared as `synthworld.world.lifecycle.norm` compares statuses.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from synthworld.world.lifecycle import norm
from synthworld.world.naming import snake

__all__ = ["flag_changes", "initial_flags"]

_VERB_FLAGS = {
    # verb: (flags it makes true, flags it makes false)
    "close": ("closed done completed resolved", "open"),
    "complete": ("completed complete done finished", ""),
    "finish": ("finished completed done", ""),
    "resolve": ("resolved done closed", "open"),
    "reopen": ("open", "closed done completed resolved finished"),
    "cancel": ("cancelled canceled", "active"),
    "archive": ("archived", "active"),
    "unarchive": ("active", "archived"),
    "approve": ("approved accepted", "rejected"),
    "reject": ("rejected declined", "approved accepted"),
    "accept": ("accepted approved", "rejected declined"),
    "decline": ("declined rejected", "accepted approved"),
    "deny": ("denied rejected", "approved"),
    "publish": ("published public live", "draft"),
    "unpublish": ("draft", "published public live"),
    "ship": ("shipped", ""),
    "deliver": ("delivered", ""),
    "activate": ("active activated enabled", "inactive deactivated disabled suspended"),
    "deactivate": ("inactive deactivated disabled", "active activated enabled"),
    "enable": ("enabled active", "disabled inactive"),
    "disable": ("disabled inactive", "enabled active"),
    "suspend": ("suspended", "active"),
    "terminate": ("terminated", "active"),
    "revoke": ("revoked", "active valid"),
    "expire": ("expired", "active valid"),
    "confirm": ("confirmed", ""),
    "verify": ("verified", "unverified"),
    "lock": ("locked", "unlocked"),
    "unlock": ("unlocked", "locked"),
    "block": ("blocked", "active"),
    "unblock": ("active unblocked", "blocked"),
    "restore": ("active restored", "archived"),
    "pay": ("paid", "unpaid"),
    "refund": ("refunded", ""),
    "partially_refund": ("partially_refunded", "refunded fully_refunded"),  # Stripe: fully, or not
    "return": ("returned", ""),
    "pause": ("paused", "running active"),
    "resume": ("running active", "paused"),
    "start": ("started running active", ""),
    "stop": ("stopped", "running active"),
    "submit": ("submitted", "draft"),
    "merge": ("merged closed", "open"),
    "fulfill": ("fulfilled completed", ""),
    "void": ("voided void", ""),
    "hold": ("held paused", ""),
    "release": ("released", "held"),
    "dismiss": ("dismissed", ""),
    "escalate": ("escalated", ""),
    "snooze": ("snoozed", ""),
    "acknowledge": ("acknowledged acked", "unacknowledged"),
    "ack": ("acknowledged acked", "unacknowledged"),
}
_FLAGS: dict[str, dict[str, bool]] = {
    verb: {**{norm(w): False for w in off.split()}, **{norm(w): True for w in on.split()}}
    for verb, (on, off) in _VERB_FLAGS.items()
}
_LATER_WORDS = (
    "done completed complete finished closed resolved archived cancelled canceled deleted removed "
    "merged expired revoked terminated voided refunded shipped delivered"
)
_LATER = frozenset(norm(w) for w in _LATER_WORDS.split())
"""Flags a new entity cannot have set yet (as ``closed_at`` is null on creation)."""


@lru_cache(maxsize=4096)
def _word(key: str) -> str:
    """``is_active``, ``isActive`` and ``active`` are the flag ``active``."""
    words = snake(key)
    return norm(words[3:] if words.startswith("is_") else words)


def flag_changes(verb: str, entity: Mapping[str, Any]) -> dict[str, bool]:
    """The boolean fields of `entity` that the state verb `verb` sets, and their new values."""
    table = _FLAGS.get(verb)
    if not table:
        return {}
    return {
        key: table[_word(key)] for key, value in entity.items() if type(value) is bool and _word(key) in table
    }


def initial_flags(entity: Mapping[str, Any]) -> dict[str, bool]:
    """The boolean fields of a new `entity` that say it is already done, closed, deleted..., set false."""
    return {key: False for key, value in entity.items() if value is True and _word(key) in _LATER}
