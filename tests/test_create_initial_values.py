"""A tool that creates starts a field at the input's ``initial_<field>`` (``opening_``,
``starting_``): ``open_account(initial_balance=500)`` has ``balance`` and ``available_balance``
500, and a transfer within it goes through."""

from __future__ import annotations

from typing import Literal

import pytest
from typing_extensions import TypedDict

from synthworld import SyntheticWorld

SEEDS = range(30)


class Account(TypedDict):
    account_id: str
    balance: float
    available_balance: float


class Transfer(TypedDict):
    transfer_id: str
    status: Literal["completed", "insufficient_funds"]


class Counter(TypedDict):
    counter_id: str
    value: int


def _bank(seed: int) -> SyntheticWorld:
    world = SyntheticWorld(seed=seed)

    @world.tool
    def open_account(owner_name: str, initial_balance: float) -> Account:
        """Open an account."""

    @world.tool
    def get_account(account_id: str) -> Account:
        """An account."""

    @world.tool
    def transfer_funds(from_account_id: str, to_account_id: str, amount: float) -> Transfer:
        """Move money."""

    return world


@pytest.mark.parametrize("seed", SEEDS)
def test_an_opened_account_has_its_initial_balance(seed: int) -> None:
    world = _bank(seed)
    a = world.call("open_account", {"owner_name": "Ada", "initial_balance": 500.0})
    b = world.call("open_account", {"owner_name": "Bo", "initial_balance": 0.0})
    assert (a["balance"], a["available_balance"]) == (500.0, 500.0)
    assert world.call("get_account", {"account_id": a["account_id"]}) == a
    args = {"from_account_id": a["account_id"], "to_account_id": b["account_id"], "amount": 499.0}
    assert world.call("transfer_funds", args)["status"] == "completed"
    assert world.call("get_account", {"account_id": b["account_id"]})["balance"] == 499.0


@pytest.mark.parametrize("seed", SEEDS)
def test_a_starting_value_of_another_name(seed: int) -> None:
    world = SyntheticWorld(seed=seed)

    @world.tool
    def create_counter(name: str, starting_value: int) -> Counter:
        """A new counter."""

    assert world.call("create_counter", {"name": "n", "starting_value": 7})["value"] == 7
