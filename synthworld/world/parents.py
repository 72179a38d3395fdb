"""What a call does to the records its input names beside the entity it is about.

- A refund, return, cancellation or void made for a record (``create_refund(order_id)``,
  ``issue_refund(payment_id)``, ``create_return(order_id)``) moves that record as
  ``refund_order(order_id)`` does: its status takes the verb's value (``refunded``, ``returned``)
  when the enum any tool answers for its kind holds it. A record whose status is any string keeps
  it: the input may name records the refund is not about (``customer_id``).
- A checkout (``checkout(cart_id)``, ``place_order(cart_id)``, ``purchase``, ``buy``) spends the
  basket it names (a record holding line items): its status takes ``checked_out`` (or
  ``converted``, ``ordered``, ``completed``) when its enum has one, and it keeps its lines as the
  record of what was bought (Stripe's Checkout Session turns ``complete``, commercetools' cart
  ``Ordered``); else its line lists are emptied (a storefront cart is empty after the order), and
  its sums and counts (``subtotal``, ``total``, ``item_count``) are 0.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from synthworld.world.kinds import KindBook
from synthworld.world.lifecycle import Lifecycle, norm
from synthworld.world.naming import MAKING
from synthworld.world.rules.base import first_key
from synthworld.world.rules.counts import COUNT_KEYS
from synthworld.world.rules.totals import QTY_KEYS, SUM_KEYS

if TYPE_CHECKING:
    from synthworld.world.consistency import ConsistencyPlan

__all__ = ["CHECKOUT", "emptied", "line_lists", "settled", "spent"]

_SETTLING = {"refund": "refund", "return": "return", "cancellation": "cancel", "void": "void"}
"""Nouns of an entity that settles another one, and the state verb it applies to that one."""
_SPENDING = frozenset({"checkout", "purchase", "buy", "place"})
"""Create verbs that turn a basket the input names into an order."""
CHECKOUT = Lifecycle("transition", "checkout")
"""The state change of a spent basket."""


def _others(plan: ConsistencyPlan, args: Mapping[str, Any]) -> list[tuple[str, str]]:
    """``(kind, id)`` of the records the input names by id, other than the call's own kinds."""
    found = []
    for param, kind in plan.id_params:
        value = args.get(param)
        if kind in (plan.kind, plan.top_kind) or isinstance(value, bool) or not isinstance(value, (str, int)):
            continue
        found.append((kind, str(value)))
    return found


def _allows(kinds: KindBook | None, kind: str, life: Lifecycle) -> bool:
    """Whether `kind`'s status enum (as any tool answers it) holds one of `life`'s values."""
    known = kinds.status(kind) if kinds is not None else None
    if known is None or known[1] is None:
        return False
    allowed = {norm(value) for value in known[1]}
    return any(norm(value) in allowed for value in life.statuses)


def settled(
    plan: ConsistencyPlan, args: Mapping[str, Any], kinds: KindBook | None
) -> list[tuple[tuple[str, str], Lifecycle]]:
    """``((kind, id), state change)`` for each record a refund (return, cancellation, void) the
    call makes is for, whose status enum has the change's value."""
    life = plan.lifecycle
    if life.family != "create" and not (life.family == "none" and life.verb in MAKING):
        return []
    verb = _SETTLING.get(plan.kind.rsplit("_", 1)[-1])
    if verb is None:
        return []
    change = Lifecycle("transition", verb)
    return [(target, change) for target in _others(plan, args) if _allows(kinds, target[0], change)]


def spent(
    plan: ConsistencyPlan, args: Mapping[str, Any], state: Any, kinds: KindBook | None
) -> list[tuple[tuple[str, str], bool]]:
    """``((kind, id), whether its status says so)`` for each basket a checkout spends: a record
    the input names that holds line items (remembered, or as its kind's answers show them)."""
    if plan.lifecycle.family != "create" or plan.lifecycle.verb not in _SPENDING:
        return []
    found = []
    for kind, id in _others(plan, args):
        entity = state.entity(kind, id)
        holds = bool(line_lists(entity)) if entity is not None else False
        shown = kinds is not None and any(_line_fields(fields) for fields in kinds.lists(kind).values())
        if holds or shown:
            found.append(((kind, id), _allows(kinds, kind, CHECKOUT)))
    return found


def line_lists(entity: Mapping[str, Any]) -> list[str]:
    """The keys of `entity`'s non-empty lists of line items: objects with a quantity (a product's
    priced ``variants`` are no basket's lines)."""
    return [
        key
        for key, value in entity.items()
        if type(value) is list
        and value
        and all(type(line) is dict and _line_fields(tuple(line)) for line in value)
    ]


def _line_fields(fields: tuple[str, ...]) -> bool:
    return first_key(dict.fromkeys(fields), QTY_KEYS) is not None


_EMPTY = frozenset(COUNT_KEYS) | SUM_KEYS


def emptied(entity: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of `entity` that change when its line lists empty: the lists, and its sums and
    counts 0 (``0``, or as text with the text's decimals: ``"0.00"``); empty when it holds no lines."""
    keys = line_lists(entity)
    if not keys:
        return {}
    change: dict[str, Any] = {key: [] for key in keys}
    for key in [k for k in entity if k in _EMPTY]:
        zero = _zero(entity[key])
        if zero is not None:
            change[key] = zero
    return change


def _zero(value: Any) -> Any:
    """0 written as `value` is (None: it is no number)."""
    if type(value) in (int, float):
        return 0  # as the totals rule writes the sum of no lines
    if type(value) is str and re.fullmatch(r"\d+(\.\d+)?", value):
        decimals = len(value.partition(".")[2])
        return f"{0:.{decimals}f}"
    return None
