"""Statements: an account statement of a remembered account (``get_statement(account_id)``) closes
at the balance the world remembers, and opens at that balance less the movements it lists (a debit,
withdrawal or outgoing entry written as a positive amount takes money out). Amounts are rounded to
the currency's minor units. A statement of an account the world has not seen is left as drawn."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from synthworld.world.currencies import currency_digits
from synthworld.world.naming import snake
from synthworld.world.rules.base import RuleContext, is_number
from synthworld.world.shapes import Shapes

__all__ = ["Statements"]

_CLOSING = frozenset({"closing_balance", "ending_balance", "end_balance", "final_balance", "balance_end"})
_OPENING = frozenset(
    {"opening_balance", "starting_balance", "start_balance", "beginning_balance", "balance_start"}
)
_BALANCE = ("balance", "current_balance", "ledger_balance")
"""Keys of a remembered account's balance, the most telling first."""
_AMOUNT = ("amount", "value", "net_amount")
_SIDE = frozenset({"type", "direction", "kind", "transaction_type", "entry_type", "side"})
_OUT = frozenset({"debit", "withdrawal", "out", "outgoing", "outflow", "payment", "fee", "charge"})


def _key(node: Mapping[str, Any], names: frozenset[str]) -> str | None:
    return next((key for key in node if snake(key) in names), None)


def _balance(refs: Sequence[Mapping[str, Any]]) -> tuple[float, Mapping[str, Any]] | None:
    """The remembered balance of the first referenced entity that has one, and that entity."""
    for fields in refs:
        names = {snake(key): key for key in fields}
        found: Any = next((fields[names[n]] for n in _BALANCE if n in names), None)
        if is_number(found):
            return float(found), fields
    return None


def _movement(entry: Any) -> float | None:
    """What an entry adds to the balance (None when it has no amount)."""
    if type(entry) is not dict:
        return None
    names = {snake(key): key for key in entry}
    amount: Any = next((entry[names[n]] for n in _AMOUNT if n in names), None)
    if not is_number(amount):
        return None
    side = next((entry[names[n]] for n in _SIDE if n in names), None)
    out = type(side) is str and snake(side) in _OUT
    return -abs(amount) if out else float(amount)


class Statements:
    """closing_balance = the remembered balance; opening_balance = closing less the movements."""

    name = "statement"
    triggers: frozenset[str] = frozenset()

    def fits(self, props: Mapping[str, Any], shapes: Shapes) -> bool:
        return _key(props, _CLOSING) is not None or _key(props, _OPENING) is not None

    def __call__(self, node: dict[str, Any], hint: str, ctx: RuleContext) -> None:
        known = _balance(ctx.refs) if ctx.refs else None
        if known is None:
            return
        balance, account = known
        digits = currency_digits(node, account)
        closing, opening = _key(node, _CLOSING), _key(node, _OPENING)
        ctx.edits.begin(self.name)
        if closing is not None and is_number(node[closing]):
            ctx.set(node, closing, _money(balance, node[closing], digits))
        entries = [value for value in node.values() if type(value) is list]
        moves = [_movement(entry) for entry in entries[0]] if len(entries) == 1 else [None]
        if opening is not None and is_number(node[opening]) and None not in moves:
            net = sum(move for move in moves if move is not None)
            ctx.set(node, opening, _money(balance - net, node[opening], digits))


def _money(value: float, drawn: Any, digits: int) -> float | int:
    """`value` rounded to the currency's `digits`, whole when the field was drawn whole and it is."""
    rounded = round(value, digits)
    return int(rounded) if type(drawn) is int and rounded == int(rounded) else rounded
