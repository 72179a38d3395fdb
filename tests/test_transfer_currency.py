"""A transfer moves balances in the currency's minor units (ISO 4217): a ``KWD`` or ``BHD``
balance keeps its third decimal, a ``JPY`` one stays whole, and the money moved leaves one
account for the other, none lost to rounding. The currency is the account's, else the input's."""

from __future__ import annotations

from typing import Any

import pytest
from typing_extensions import TypedDict

from synthworld import SyntheticWorld

SEEDS = range(10)


class Account(TypedDict):
    account_id: str
    currency: str
    balance: float


class Receipt(TypedDict):
    ok: bool
    balance_after: float


class Plain(TypedDict):
    account_id: str
    balance: float


def _bank(seed: int, account: type = Account) -> SyntheticWorld:
    world = SyntheticWorld(seed=seed)

    def get_account(account_id: str) -> Any:
        """Fetch an account."""

    get_account.__annotations__["return"] = account
    world.tool(get_account)

    @world.tool
    def send_money(from_account_id: str, to_account_id: str, amount: float, currency: str) -> Receipt:
        """Move money between two accounts."""

    return world


def _open(world: SyntheticWorld, id: str, currency: str, balance: float) -> None:
    world.state.remember("account", id, {"account_id": id, "currency": currency, "balance": balance})


def _send(world: SyntheticWorld, amount: float, currency: str) -> Any:
    args = {"from_account_id": "A", "to_account_id": "B", "amount": amount, "currency": currency}
    return world.call("send_money", args)


def _balances(world: SyntheticWorld) -> tuple[Any, Any]:
    return tuple(world.call("get_account", {"account_id": id})["balance"] for id in "AB")  # type: ignore[return-value]


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("currency", ["KWD", "BHD", "OMR"])
def test_a_three_decimal_balance_keeps_its_third_digit(seed: int, currency: str) -> None:
    world = _bank(seed)
    _open(world, "A", currency, 100.125)
    _open(world, "B", currency, 5.5)
    assert _send(world, 0.005, currency) == {"ok": True, "balance_after": 100.12}
    assert _balances(world) == (100.12, 5.505)


@pytest.mark.parametrize("seed", SEEDS)
def test_yen_balances_stay_whole_and_no_yen_is_lost(seed: int) -> None:
    world = _bank(seed)
    _open(world, "A", "JPY", 1000)
    _open(world, "B", "JPY", 0)
    assert _send(world, 333.3, "JPY") == {"ok": True, "balance_after": 667}
    assert _balances(world) == (667, 333)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_input_names_the_currency_of_accounts_that_do_not(seed: int) -> None:
    world = _bank(seed, Plain)
    for id, balance in (("A", 10.25), ("B", 0.0)):
        world.state.remember("account", id, {"account_id": id, "balance": balance})
    assert _send(world, 0.125, "KWD")["balance_after"] == 10.125
    assert _balances(world) == (10.125, 0.125)
