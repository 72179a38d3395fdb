"""Transfers: a tool that moves an amount from one account to another moves the remembered balances.

A tool is a transfer when its name says so (``create_transfer``, ``transfer_funds``,
``send_money``, ``wire_payment``...) and its input names a source (``from_account_id``,
``source``, ``sender_id``...), a destination (``to_account_id``, ``destination``,
``recipient_id``...) and an ``amount``. After the call, every numeric ``*balance*`` field of the
source entity (remembered before the call or by it) is that much lower and the destination's that
much higher, in the currency's minor units (cents; ``KWD`` has three decimals, ``JPY``
none: `synthworld.world.currencies`, named by the account, else by the input). A
``<prefix>_<kind>_id`` parameter names the kind (``from_account_id``: an account); a bare one
(``source``) is looked up in every table holding a balance.

- An account the world has not seen has no balance to move: it stays unseen (its first answer
  draws a balance, which the agent never saw before the move), unless the transfer's answer shows
  its balance after the move (``balance_after``), which it then remembers.
- A transfer whose answer says it failed moves nothing (`synthworld.world.transfer_answer`:
  one exceeding the remembered balance says so when its answer can).
- An identical transfer repeated moves the money once and answers what the first answered
  (`synthworld.world.outcomes`; one whose first call failed with a fault moves it when retried):
  a tool is idempotent unless declared ``@world.tool(idempotent=False)``, and then each repeat
  moves it again.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from synthworld.world.currencies import currency_digits
from synthworld.world.memory import is_mapping
from synthworld.world.naming import snake, tool_words
from synthworld.world.state import WorldState

__all__ = [
    "FROM",
    "TO",
    "Transfer",
    "account",
    "after",
    "balances",
    "move_funds",
    "remember_shown",
    "spendable",
    "transfer_of",
]

_VERBS = frozenset({"transfer", "send", "move", "wire", "pay", "remit"})
FROM = frozenset({"from", "source", "src", "sender", "origin", "debit", "payer"})
TO = frozenset(
    {"to", "destination", "dest", "target", "recipient", "receiver", "beneficiary", "credit", "payee"}
)
_AMOUNTS = ("amount", "transfer_amount", "value", "sum")
_AMOUNT_KEYS = ("amount", "value")


@dataclass(frozen=True)
class Transfer:
    """Which parameters of a transfer tool say what moves where."""

    source: str
    """The parameter naming the entity the amount leaves."""
    target: str
    """The parameter naming the entity it goes to."""
    amount: str
    """The parameter holding the amount."""
    kinds: tuple[str | None, str | None] = (None, None)
    """The kinds the source and target parameters name (None: any kind with a balance)."""

    def side(self, sign: int) -> tuple[str, str | None]:
        """``(parameter, kind)`` of the target (`sign` > 0) or of the source."""
        return (self.target, self.kinds[1]) if sign > 0 else (self.source, self.kinds[0])


def transfer_of(name: str, params: list[str]) -> Transfer | None:
    """The `Transfer` of tool `name` with input `params`, or None when it moves no money."""
    if _VERBS.isdisjoint(tool_words(name)):
        return None
    source = next((p for p in params if _side(p, FROM)), None)
    target = next((p for p in params if _side(p, TO)), None)
    amount = next((p for p in params if snake(p) in _AMOUNTS), None)
    if source is None or target is None or amount is None:
        return None
    return Transfer(source, target, amount, (_kind(source), _kind(target)))


def _side(param: str, words: frozenset[str]) -> bool:
    """Whether `param` names one side of a transfer: ``from``, ``from_account_id``, ``source_wallet``."""
    parts = snake(param).split("_")
    return parts[0] in words and (len(parts) == 1 or parts[-1] in ("id", "account", "wallet"))


def _kind(param: str) -> str | None:
    parts = snake(param).split("_")
    return "_".join(parts[1:-1]) if len(parts) > 2 and parts[-1] == "id" else None


def move_funds(transfer: Transfer, args: Mapping[str, Any], state: WorldState) -> bool:
    """Take the input's amount off the source's balances and add it to the target's; whether a
    remembered balance moved."""
    amount = args.get(transfer.amount)
    if not isinstance(amount, (int, float)) or isinstance(amount, bool) or not amount > 0:
        return False  # nothing to move (an amount of 0, below, or not a number)
    moved = False
    sides = ((transfer.source, transfer.kinds[0], -1), (transfer.target, transfer.kinds[1], 1))
    for param, kind, sign in sides:
        found = account(state, kind, args.get(param))
        if found is not None:
            digits = currency_digits(found[2], args)
            change = balances(found[2], sign * round(amount, digits), digits)
            if change:
                state.remember(found[0], found[1], change)
                moved = True
    return moved


def account(state: Mapping[str, Any], kind: str | None, id: Any) -> tuple[str, str, Mapping[str, Any]] | None:
    """``(kind, id, fields)`` of the remembered entity `id` names: of `kind`, else the first table
    (in the state's order) whose entity of that id has a balance."""
    if isinstance(id, bool) or not isinstance(id, (str, int)):
        return None
    for name, table in state.items():
        fields = table.get(str(id)) if is_mapping(table) and (kind is None or name == kind) else None
        if is_mapping(fields) and balances(fields, 0):
            return name, str(id), fields
    return None


def balances(fields: Mapping[str, Any], delta: float, digits: int = 2) -> dict[str, Any]:
    """The entity's balance fields moved by `delta` (``balance``, ``available_balance``, and a
    ``{"amount": ...}`` balance object), rounded to `digits` decimals (the currency's)."""
    change: dict[str, Any] = {}
    for key, have in fields.items():
        if "balance" not in snake(key):
            continue
        if type(have) in (int, float):
            change[key] = _plus(have, delta, digits)
        elif type(have) is dict:
            inner = next((k for k in _AMOUNT_KEYS if type(have.get(k)) in (int, float)), None)
            if inner is not None:
                change[key] = {**have, inner: _plus(have[inner], delta, digits)}
    return change


def spendable(fields: Mapping[str, Any]) -> float | None:
    """What an entity can spend: its ``available_balance`` (any balance named ``available``),
    else its first balance (a number, or a ``{"amount": ...}`` object)."""
    found = balances(fields, 0)
    key = next((k for k in found if "available" in snake(k)), next(iter(found), None))
    value = fields.get(key) if key is not None else None  # as remembered: unrounded
    if type(value) is dict:
        value = next((value[k] for k in _AMOUNT_KEYS if k in value), None)
    return float(value) if isinstance(value, (int, float)) else None


def remember_shown(
    transfer: Transfer, args: Mapping[str, Any], shown: list[tuple[str, int, Any]], state: WorldState
) -> bool:
    """Remember the balance a transfer's answer shows for each side the world has not seen
    (``(key, side, value)``, side -1 the source's), as that account's ``balance``; whether one was."""
    done = False
    for _key, sign, value in shown:
        param, kind = (
            (transfer.target, transfer.kinds[1]) if sign > 0 else (transfer.source, transfer.kinds[0])
        )
        id = args.get(param)
        if kind is None or isinstance(id, bool) or not isinstance(id, (str, int)) or account(state, kind, id):
            continue
        if state.entity(kind, id) is None and not state.gone(kind, id):
            state.remember(kind, str(id), {"balance": value})
            done = True
    return done


def after(have: float, delta: float, digits: int = 2) -> int | float:
    """`have` moved by `delta`, rounded to `digits` decimals (the currency's; whole: an int)."""
    total = round(have + delta, digits)
    return int(total) if total.is_integer() else total


def _plus(have: float, delta: float, digits: int) -> float:
    total = round(have + delta, digits)
    return int(total) if type(have) is int and float(total).is_integer() else total
