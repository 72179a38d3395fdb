"""A transfer moves remembered balances: after ``create_transfer(from_account_id="A",
to_account_id="B", amount=25)`` account A's balance is 25 lower and B's 25 higher (in cents),
also for ``transfer_funds`` answering ``{"ok": true}`` and ``send_money(source, destination,
amount)`` between wallets."""

from __future__ import annotations

from typing import Any

import pytest
from typing_extensions import TypedDict

from synthworld import SyntheticWorld

SEEDS = range(5)


class Account(TypedDict):
    account_id: str
    owner: str
    balance: float


class Transfer(TypedDict):
    transfer_id: str
    from_account_id: str
    to_account_id: str
    amount: float


class Ok(TypedDict):
    ok: bool


class Wallet(TypedDict):
    id: str
    available_balance: float
    currency: str


def _balances(world: SyntheticWorld, get: str, *ids: str) -> list[Any]:
    return [world.call(get, {"account_id": id})["balance"] for id in ids]


def _bank(seed: int, *, idempotent: bool = True) -> SyntheticWorld:
    world = SyntheticWorld(seed=seed)

    @world.tool
    def get_account(account_id: str) -> Account:
        """Fetch an account."""

    @world.tool(idempotent=idempotent)
    def create_transfer(from_account_id: str, to_account_id: str, amount: float) -> Transfer:
        """Move money between accounts."""

    @world.tool
    def transfer_funds(from_account_id: str, to_account_id: str, amount: float) -> Ok:
        """Move money between accounts."""

    return world


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("tool", ["create_transfer", "transfer_funds"])
def test_a_transfer_moves_the_remembered_balances(seed: int, tool: str) -> None:
    world = _bank(seed)
    a, b = _balances(world, "get_account", "A", "B")
    world.call(tool, {"from_account_id": "A", "to_account_id": "B", "amount": 25.5})
    assert _balances(world, "get_account", "A", "B") == [round(a - 25.5, 2), round(b + 25.5, 2)]
    assert "transfer" in world.trace[2].rules  # the call says what it did to the world


@pytest.mark.parametrize("seed", SEEDS)
def test_a_repeated_transfer_moves_money_again_only_when_not_idempotent(seed: int) -> None:
    for idempotent, times in ((True, 1), (False, 2)):
        world = _bank(seed, idempotent=idempotent)
        a, b = _balances(world, "get_account", "A", "B")
        for _ in range(2):
            world.call("create_transfer", {"from_account_id": "A", "to_account_id": "B", "amount": 10})
        assert _balances(world, "get_account", "A", "B") == [
            round(a - 10 * times, 2),
            round(b + 10 * times, 2),
        ]


@pytest.mark.parametrize("seed", SEEDS)
def test_send_money_finds_bare_named_wallets_by_their_balance(seed: int) -> None:
    world = SyntheticWorld(seed=seed)

    @world.tool
    def get_wallet(id: str) -> Wallet:
        """Fetch a wallet."""

    @world.tool
    def send_money(source: str, destination: str, amount: int) -> Ok:
        """Send money."""

    world.state.remember("wallet", "w1", {"id": "w1", "available_balance": 100.1, "currency": "EUR"})
    world.state.remember("wallet", "w2", {"id": "w2", "available_balance": 0, "currency": "EUR"})
    send_money("w1", "w2", 30)
    assert get_wallet("w1")["available_balance"] == 70.1
    assert get_wallet("w2")["available_balance"] == 30
    assert world.state.entity("wallet", "w1") == {"id": "w1", "available_balance": 70.1, "currency": "EUR"}
