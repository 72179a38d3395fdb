"""The accounts a transfer's answer holds (``from_account: {account_id, balance}``,
``destination: {id, owner, balance}``) are the ones the input names: their ids echo the input,
their other fields are the remembered ones and their balances are those after the move (before
it, when the transfer is refused); memory moves once. An account the world has not seen is
remembered with the balance the answer shows for it."""

from __future__ import annotations

from typing import Any, Literal

import pytest
from typing_extensions import TypedDict

from synthworld import SyntheticWorld

SEEDS = range(15)


class Account(TypedDict):
    account_id: str
    owner: str
    balance: float


class Side(TypedDict):
    account_id: str
    balance: float


class Destination(TypedDict):
    id: str
    owner: str
    balance: float


class Person(TypedDict):
    id: str
    name: str


class Receipt(TypedDict):
    transfer_id: str
    status: Literal["completed", "failed"]
    from_account: Side
    destination: Destination
    recipient: Person


def _bank(seed: int) -> SyntheticWorld:
    world = SyntheticWorld(seed=seed)

    @world.tool
    def get_account(account_id: str) -> Account:
        """Fetch an account."""

    @world.tool
    def create_transfer(from_account_id: str, to_account_id: str, amount: float) -> Receipt:
        """Move money between accounts."""

    return world


def _account(world: SyntheticWorld, id: str) -> Any:
    return world.call("get_account", {"account_id": id})


def _send(world: SyntheticWorld, amount: float) -> Any:
    return world.call("create_transfer", {"from_account_id": "A", "to_account_id": "B", "amount": amount})


@pytest.mark.parametrize("seed", SEEDS)
def test_the_accounts_an_answer_holds_are_the_inputs_after_the_move(seed: int) -> None:
    world = _bank(seed)
    a, b = _account(world, "A"), _account(world, "B")
    answer = _send(world, 10)
    assert answer["from_account"] == {"account_id": "A", "balance": round(a["balance"] - 10, 2)}
    assert answer["destination"] == {"id": "B", "owner": b["owner"], "balance": round(b["balance"] + 10, 2)}
    assert answer["recipient"]["id"] != "B"  # a person, not the account: left as drawn
    assert _account(world, "A")["balance"] == round(a["balance"] - 10, 2)  # moved once
    assert _account(world, "B")["balance"] == round(b["balance"] + 10, 2)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_refused_transfer_shows_the_balances_before_it(seed: int) -> None:
    world = _bank(seed)
    a, b = _account(world, "A")["balance"], _account(world, "B")["balance"]
    answer = _send(world, a + 100)
    assert answer["status"] == "failed"
    assert (answer["from_account"]["balance"], answer["destination"]["balance"]) == (a, b)
    assert (answer["from_account"]["account_id"], answer["destination"]["id"]) == ("A", "B")
    assert (_account(world, "A")["balance"], _account(world, "B")["balance"]) == (a, b)


@pytest.mark.parametrize("seed", SEEDS)
def test_unseen_accounts_are_remembered_as_the_answer_shows_them(seed: int) -> None:
    world = _bank(seed)
    answer = _send(world, 10)  # neither account seen before
    assert (answer["from_account"]["account_id"], answer["destination"]["id"]) == ("A", "B")
    assert _account(world, "A")["balance"] == answer["from_account"]["balance"]
    assert _account(world, "B")["balance"] == answer["destination"]["balance"]
