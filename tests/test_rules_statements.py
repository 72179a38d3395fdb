"""A statement of a remembered account closes at the balance the world remembers (after the
transfers it made) and opens at that balance less the movements it lists."""

from __future__ import annotations

from typing import Literal

import pytest
from typing_extensions import TypedDict

from synthworld import SyntheticWorld

SEEDS = range(10)


class Account(TypedDict):
    account_id: str
    owner_name: str
    currency: Literal["USD", "KWD"]
    balance: float


class Transfer(TypedDict):
    transfer_id: str
    amount: float
    status: Literal["pending", "completed", "failed", "insufficient_funds"]


class Txn(TypedDict):
    transaction_id: str
    amount: float
    type: Literal["credit", "debit"]


class Statement(TypedDict):
    account_id: str
    opening_balance: float
    transactions: list[Txn]
    closing_balance: float


def _bank(seed: int) -> SyntheticWorld:
    world = SyntheticWorld(seed=seed)

    @world.tool
    def open_account(owner_name: str, currency: str, initial_balance: float) -> Account: ...
    @world.tool
    def get_account(account_id: str) -> Account: ...
    @world.tool
    def transfer_funds(from_account_id: str, to_account_id: str, amount: float) -> Transfer: ...
    @world.tool
    def get_statement(account_id: str) -> Statement: ...

    return world


def _net(statement: Statement) -> float:
    return sum(-t["amount"] if t["type"] == "debit" else t["amount"] for t in statement["transactions"])


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("currency", "digits"), [("USD", 2), ("KWD", 3)])
def test_a_statement_follows_the_remembered_balance(seed: int, currency: str, digits: int) -> None:
    world = _bank(seed)
    a = world.call("open_account", {"owner_name": "Ada", "currency": currency, "initial_balance": 500.0})
    b = world.call("open_account", {"owner_name": "Bob", "currency": currency, "initial_balance": 100.0})
    args = {"from_account_id": a["account_id"], "to_account_id": b["account_id"], "amount": 50.125}
    world.call("transfer_funds", args)
    balance = world.call("get_account", {"account_id": a["account_id"]})["balance"]
    statement = world.call("get_statement", {"account_id": a["account_id"]})
    assert statement["closing_balance"] == balance
    assert round(statement["opening_balance"] + _net(statement), digits) == balance
    assert "statement" in world.trace[-1].rules
