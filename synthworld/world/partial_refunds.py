"""Partial refunds: a refund of part of what a record was paid leaves it partially refunded.

``refund_order(order_id, amount=30)`` of an order of 100, ``create_refund(charge_id, amount=300)``
of a charge of 1000, or a refund of some of an order's lines (``line_items=[...]`` naming fewer
lines, or fewer units, than it holds) is partial: the record's status takes
``partially_refunded`` where its enum has it (Shopify's ``financial_status``, PayPal's
``PARTIALLY_REFUNDED``), else keeps its own, and a ``refunded`` flag stays false (Stripe: a
charge is ``refunded`` only when fully). The record's refunded amount (``amount_refunded``,
``refunded_amount``...) adds the refund's, up to what was paid; with what was refunded before, a
refund reaching the whole is full. A refund that names no amount and no lines refunds the whole.

Each decision is read from the record as it was before the call (the answer's own refunded amount,
for a record the world never saw, counts as nothing yet), so the answer and memory agree.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

from synthworld.world.identity import NATURAL_KEYS, is_id_key
from synthworld.world.kinds import KindBook
from synthworld.world.lifecycle import Lifecycle
from synthworld.world.naming import snake
from synthworld.world.nested_echo import json_types
from synthworld.world.parents import line_lists, settled
from synthworld.world.rules.base import first_key, is_number
from synthworld.world.rules.refunds import PAID_KEYS, REFUND_IDS, paid_by, refunded_keys
from synthworld.world.rules.totals import QTY_KEYS
from synthworld.world.state import WorldState

if TYPE_CHECKING:
    from synthworld.world.consistency import ConsistencyPlan

__all__ = [
    "PARTIAL_REFUND",
    "REFUND_AMOUNTS",
    "Shares",
    "record_parameters",
    "refund_share",
    "refund_shares",
    "unrefunded",
]

PARTIAL_REFUND = Lifecycle("transition", "partially_refund")
"""The state change of a refund of part of a record."""
REFUND_AMOUNTS = ("amount", "refund_amount", "amount_to_refund", "refunded_amount")
"""Arguments that say how much a refund is for."""
Share = tuple[Lifecycle, dict[str, Any]]
"""``(state change, the record's refunded amounts after the refund)``."""
Shares = dict[tuple[str, str], Share]
"""The `Share` of each record a call refunds, by ``(kind, id)``."""


def refund_shares(
    plan: ConsistencyPlan,
    args: Mapping[str, Any],
    state: WorldState,
    target: tuple[str, str] | None,
    kinds: KindBook | None,
) -> Shares:
    """The `Share` of each remembered record the call refunds (``refund_order(order_id)``'s order,
    ``create_refund(charge_id)``'s charge), read before its answer is remembered."""
    found: Shares = {}
    life = plan.lifecycle
    if life.verb == "refund" and life.family == "transition" and target is not None:
        record = state.entity(*target)
        if record:
            found[target] = refund_share(life, args, record)
    if plan.kind.rsplit("_", 1)[-1] == "refund":
        for parent, change in settled(plan, args, kinds):
            record = state.entity(*parent)
            if record:
                earlier = _refunded_before(plan, args, state, parent)
                found[parent] = refund_share(change, args, record, earlier=earlier)
    return found


def _refunded_before(
    plan: ConsistencyPlan, args: Mapping[str, Any], state: WorldState, parent: tuple[str, str]
) -> float:
    """What the refunds the world remembers for `parent` (``create_refund(order_id)``'s earlier
    refunds of the order) add up to: for a record that keeps no refunded amount of its own."""
    param = next((p for p, kind in plan.id_params if kind == parent[0]), None)
    table = state.get(plan.top_kind)
    if param is None or not isinstance(table, dict):
        return 0
    total: float = 0
    for refund in table.values():
        if isinstance(refund, dict) and str(refund.get(param)) == parent[1]:
            amount = _amount(refund)
            total += amount if amount is not None else 0
    return total


def refund_share(
    life: Lifecycle, args: Mapping[str, Any], record: Mapping[str, Any] | None, *, earlier: float = 0
) -> Share:
    """What a refund (`life`, a ``refund`` state change) made with input `args` does to `record`
    as it was before the call: `PARTIAL_REFUND` when it covers part of it, else `life`; and the
    record's refunded amounts after it. Any other state change is returned as it is. `earlier`:
    what the refunds the world remembers for it add up to (its own refunded amount wins)."""
    if life.verb != "refund" or not record:
        return life, {}
    paid = paid_by([record])
    keys = refunded_keys(record)
    before = record[keys[0]] if keys else earlier
    amount = _amount(args)
    if amount is not None and paid is not None:
        after: float | None = min(before + amount, paid)
        partial = round((before + amount) * 100) < round(paid * 100)
    else:
        partial = amount is None and _some_lines(args, record)
        after = None if partial else paid
    written = {key: _like(record[key], after) for key in keys} if after is not None else {}
    return (PARTIAL_REFUND if partial else life), written


def unrefunded(record: Mapping[str, Any]) -> dict[str, Any]:
    """`record` with nothing refunded yet: a record the world first sees in a refund's answer,
    whose drawn refunded amount is no refund made before."""
    keys = refunded_keys(record)
    return {key: (0 if key in keys else value) for key, value in record.items()}


def _amount(args: Mapping[str, Any]) -> float | None:
    """The amount the input refunds (None: it names none)."""
    names = {snake(k): k for k in args}
    value: Any = next((args[names[n]] for n in REFUND_AMOUNTS if n in names), None)
    if type(value) is str:
        try:
            value = float(value)
        except ValueError:
            return None
    return cast("float", value) if is_number(value) and value >= 0 else None


def _some_lines(args: Mapping[str, Any], record: Mapping[str, Any]) -> bool:
    """Whether a list argument names fewer units of `record`'s lines than it holds."""
    lines = [line for key in line_lists(record) for line in record[key]]
    held = sum(_quantity(line) for line in lines)
    for value in args.values():
        named = [_named_quantity(item, lines) for item in value] if type(value) is list else []
        if any(units is not None for units in named):  # a list of lines, not of e-mails to notify
            return sum(units or 0 for units in named) < held
    return False


def _quantity(line: Mapping[str, Any]) -> float:
    key = first_key(line, QTY_KEYS)
    value: Any = line[key] if key is not None else 1
    return cast("float", value) if is_number(value) and value > 0 else 1


def _named_quantity(item: Any, lines: list[Mapping[str, Any]]) -> float | None:
    """The units a refunded line names: its own quantity, else its line's whole quantity (None:
    it names no line)."""
    if type(item) is dict and first_key(item, QTY_KEYS) is not None:
        return _quantity(item)
    names = {v for v in (item.values() if type(item) is dict else [item]) if type(v) in (str, int)}
    line = next((line for line in lines if not names.isdisjoint(_names(line))), None)
    return _quantity(line) if line is not None else None


def _names(line: Mapping[str, Any]) -> set[Any]:
    return {v for k, v in line.items() if (is_id_key(k) or k in NATURAL_KEYS) and type(v) in (str, int)}


def _like(current: Any, amount: float) -> int | float:
    """`amount` written as the record writes its refunded amount (whole stays whole)."""
    if type(current) is int and float(amount).is_integer():
        return int(amount)
    return round(amount, 2)


def record_parameters(params: list[str], parameters: Mapping[str, Any], declared: list[str]) -> list[str]:
    """The parameters of a refund answered as the record it refunds that describe that record:
    not the refund's amount where the record says what it was paid, nor its lines
    (``refund_charge(amount=300)`` refunds 300 of the charge's ``amount`` of 1000;
    ``refund_order(line_items=[...])`` names some of the order's lines)."""
    names = {snake(key) for key in declared}
    if not REFUND_IDS.isdisjoint(names):
        return params  # the answer is the refund itself: its amount is the input's
    props = parameters.get("properties", {})
    return [
        p
        for p in params
        if not (snake(p) in REFUND_AMOUNTS and snake(p) in PAID_KEYS)
        and "array" not in json_types(props.get(p), parameters)
    ]
