"""What a transfer's answer says about the move: refused for insufficient funds, or done, and the
balances after it.

- A transfer of more than the source's remembered balance (its ``available_balance``, else its
  ``balance``) is refused when the answer can say so: a ``status`` (or ``state``, ``result``...)
  whose enum has a failure (``insufficient_funds``, ``declined``, ``rejected``, ``failed``...), an
  ``error``/``error_code``/``failure_reason`` string, or an ``ok``/``success`` boolean. A refused
  transfer moves nothing. Without such a field, an overdraft is allowed, as before.
- A transfer within the balance (or between accounts the world has not seen) does not answer a
  failure it drew at random: a failed status becomes a success the enum allows, ``ok`` is true.
- A top-level ``*balance*`` number of the answer (``balance_after``, ``new_balance``,
  ``destination_balance``: a target's when its name says ``to``, ``destination``...) is the
  remembered balance after the move, in the currency's minor units. For an account the world
  has not seen, it is what the world remembers afterwards (`synthworld.world.transfers.remember_shown`).
- An account object of the answer (``from_account``, ``destination``) is the input's, with its
  balances after the move (`synthworld.world.transfer_sides`).
- A repeat of an idempotent transfer answers the first one's outcome, the balances as they are.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from synthworld.world.currencies import currency_digits
from synthworld.world.edits import Edits
from synthworld.world.naming import snake
from synthworld.world.shapes import allowed_values
from synthworld.world.transfer_sides import settle_sides
from synthworld.world.transfers import TO, Transfer, account, after, spendable

__all__ = ["says_failed", "settle_transfer", "shown_balances", "went_through"]

_FAILURES = (
    "insufficient_funds", "insufficient_balance", "nsf", "declined", "rejected", "failed", "failure",
    "denied", "error",
)  # fmt: skip
"""Failure values, the most telling first."""
_SUCCESSES = ("completed", "succeeded", "success", "successful", "settled", "posted", "processed", "pending")
_STATUS_KEYS = frozenset({"status", "state", "result", "outcome"})
_ERROR_KEYS = frozenset(
    {"error", "error_code", "failure_code", "failure_reason", "decline_code", "decline_reason"}
)
_OK_KEYS = frozenset({"ok", "success", "successful", "succeeded"})


def settle_transfer(
    transfer: Transfer,
    args: Mapping[str, Any],
    node: dict[str, Any],
    props: Mapping[str, Any],
    state: Mapping[str, Any],
    edits: Edits,
    *,
    earlier: bool | None = None,
) -> bool:
    """Make the answer `node` (the transfer's own object, whose property schemas are `props`) say
    whether the move is refused, and the balances after it; whether it changed. `earlier`: for a
    repeat of an idempotent transfer, whether the first was refused (it answers the same, and
    memory already holds its move)."""
    amount = _amount(transfer, args)
    if amount is None:
        return False
    if earlier is None:
        source = account(state, transfer.kinds[0], args.get(transfer.source))
        have = spendable(source[2]) if source is not None else None
        refused = have is not None and amount > have and _refuse(node, props, edits)
        delta = 0.0 if refused else amount
    else:
        refused, delta = earlier and _refuse(node, props, edits), 0.0
    changed = refused or _succeed(node, props, edits)
    edits.begin("funds", single=True)
    for key, sign in shown_balances(node):
        param, kind = transfer.side(sign)
        found = account(state, kind, args.get(param))
        now = spendable(found[2]) if found is not None else None
        if now is not None and found is not None and _free(node, key, edits):
            digits = currency_digits(found[2], args)
            changed = edits.set(node, key, after(now, sign * round(delta, digits), digits)) or changed
    shown = {sign: node[key] for key, sign in reversed(shown_balances(node))}  # a side's first
    return settle_sides(transfer, args, node, state, edits, delta, shown) or changed


def says_failed(node: Any) -> bool:
    """Whether a transfer's answer says it failed (a failure status or error code, ``ok`` false)."""
    if type(node) is not dict:
        return False
    for key, value in node.items():
        name = snake(key)
        if name in _OK_KEYS and value is False:
            return True
        if (name in _STATUS_KEYS or name in _ERROR_KEYS) and type(value) is str and _failure(value):
            return True
    return False


def shown_balances(node: Mapping[str, Any]) -> list[tuple[str, int]]:
    """``(key, side)`` of the answer's top-level balance numbers: -1 the source's, 1 the target's."""
    found = []
    for key, value in node.items():
        words = snake(key).split("_")
        if "balance" in words and type(value) in (int, float):
            found.append((key, 1 if words[0] in TO else -1))
    return found


def _amount(transfer: Transfer, args: Mapping[str, Any]) -> float | None:
    amount = args.get(transfer.amount)
    if not isinstance(amount, (int, float)) or isinstance(amount, bool) or not amount > 0:
        return None
    return float(amount)


def _refuse(node: dict[str, Any], props: Mapping[str, Any], edits: Edits) -> bool:
    """Set the answer's failure fields; whether one could say it (the schema is checked later)."""
    edits.begin("overdraft")
    said = False
    for key in [k for k in node if _free(node, k, edits)]:
        name, schema = snake(key), _schema(props, key)
        if name in _OK_KEYS:
            edits.set(node, key, False)
            said = True
        elif name in _STATUS_KEYS or name in _ERROR_KEYS:
            value = _failure_value(schema, free=name in _ERROR_KEYS)
            if value is not None:
                edits.set(node, key, value)
                said = True
    return said


def went_through(node: dict[str, Any], props: Mapping[str, Any], edits: Edits, rule: str) -> bool:
    """Make an answer that a change the world made went through not say it failed: a failure drawn
    at random becomes a success the schema allows (``failed`` -> ``succeeded``), ``ok`` true."""
    return _succeed(node, props, edits, rule)


def _succeed(node: dict[str, Any], props: Mapping[str, Any], edits: Edits, rule: str = "funds") -> bool:
    """Replace a failure drawn at random by a success the schema allows."""
    edits.begin(rule, single=True)
    changed = False
    for key in [k for k in node if _free(node, k, edits)]:
        name, value = snake(key), node[key]
        if name in _OK_KEYS and value is False:
            changed = edits.set(node, key, True) or changed
        elif name in _STATUS_KEYS and type(value) is str and _failure(value):
            allowed = allowed_values(_schema(props, key)) or ()
            success = next((v for s in _SUCCESSES for v in allowed if v.lower() == s), None)
            if success is not None:
                changed = edits.set(node, key, success) or changed
    return changed


def _failure(value: str) -> bool:
    low = value.lower()
    return any(word in low for word in ("insufficient", "fail", "declin", "reject", "denied", "nsf", "error"))


def _failure_value(schema: Mapping[str, Any], *, free: bool) -> str | None:
    """The most telling failure the field's enum allows (any string: ``insufficient_funds``
    for an error field)."""
    allowed = allowed_values(schema)
    if allowed is None:
        return "insufficient_funds" if free else None
    return next((v for f in _FAILURES for v in allowed if v.lower() == f), None)


def _free(node: dict[str, Any], key: str, edits: Edits) -> bool:
    return (id(node), key) not in edits.pins


def _schema(props: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    schema = props.get(key)
    return schema if isinstance(schema, Mapping) else {}
