"""What a transfer's answer says agrees with the balances it moves: a transfer of more than the
source's remembered balance is refused when the answer can say so (a failure status, ``ok``
false) and moves nothing; one within it never answers a failure drawn at random; a balance the
answer shows is the one after the move, and for an account the world has not seen, the one the
world remembers afterwards."""

from __future__ import annotations

from typing import Any, Literal

import pytest
from typing_extensions import TypedDict

from synthworld import SyntheticWorld

SEEDS = range(20)


class Account(TypedDict):
    account_id: str
    balance: float


class Failing(TypedDict):
    transfer_id: str
    amount: float
    status: Literal["completed", "pending", "failed"]


class Telling(TypedDict):
    transfer_id: str
    amount: float
    status: Literal["succeeded", "failed", "insufficient_funds"]


class Ok(TypedDict):
    ok: bool


class Silent(TypedDict):
    transfer_id: str
    amount: float


class After(TypedDict):
    transfer_id: str
    balance_after: float
    destination_balance: float


def _bank(seed: int, returns: type, name: str = "create_transfer") -> SyntheticWorld:
    world = SyntheticWorld(seed=seed)

    @world.tool
    def get_account(account_id: str) -> Account:
        """Fetch an account."""

    def create_transfer(from_account_id: str, to_account_id: str, amount: float) -> Any:
        """Move money between accounts."""

    create_transfer.__annotations__["return"] = returns
    world.tool(name=name)(create_transfer)
    return world


def _balance(world: SyntheticWorld, id: str) -> Any:
    return world.call("get_account", {"account_id": id})["balance"]


def _send(world: SyntheticWorld, amount: float, name: str = "create_transfer") -> Any:
    return world.call(name, {"from_account_id": "A", "to_account_id": "B", "amount": amount})


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(
    ("returns", "key", "refusal"),
    [
        (Failing, "status", "failed"),
        (Telling, "status", "insufficient_funds"),
        (Ok, "ok", False),
        (Silent, "", None),
    ],
)
def test_an_overdraft_is_refused_when_the_answer_can_say_so(
    seed: int, returns: type, key: str, refusal: Any
) -> None:
    world = _bank(seed, returns)
    a, b = _balance(world, "A"), _balance(world, "B")
    answer = _send(world, a + 100)
    if refusal is None:  # nothing in the answer could say it failed: the overdraft goes through
        assert [_balance(world, "A"), _balance(world, "B")] == [round(a - a - 100, 2), round(b + a + 100, 2)]
        return
    assert answer[key] == refusal
    assert [_balance(world, "A"), _balance(world, "B")] == [a, b]
    assert "transfer" not in world.trace[2].rules  # memory: nothing moved


class Drawn(TypedDict):
    transfer_id: str
    status: Literal["failed", "completed"]


def test_a_transfer_within_the_balance_never_answers_a_failure() -> None:
    for seed in SEEDS:
        world = _bank(seed, Drawn, "send_money")
        a = _balance(world, "A")
        answer = _send(world, round(a / 2, 2), "send_money")
        assert answer["status"] == "completed", (seed, answer)
        assert _balance(world, "A") == round(a - round(a / 2, 2), 2)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_balances_an_answer_shows_are_those_after_the_move(seed: int) -> None:
    world = _bank(seed, After)
    a, b = _balance(world, "A"), _balance(world, "B")
    answer = _send(world, 10)
    assert (answer["balance_after"], answer["destination_balance"]) == (round(a - 10, 2), round(b + 10, 2))
    assert (_balance(world, "A"), _balance(world, "B")) == (
        answer["balance_after"],
        answer["destination_balance"],
    )


@pytest.mark.parametrize("seed", SEEDS)
def test_an_unseen_account_is_remembered_with_the_balance_the_answer_shows(seed: int) -> None:
    world = _bank(seed, After)
    answer = _send(world, 10)  # neither account seen before
    assert _balance(world, "A") == answer["balance_after"]
    assert _balance(world, "B") == answer["destination_balance"]
    again = _send(world, 5)  # now seen: the next transfer moves what the first one showed
    assert again["balance_after"] == round(answer["balance_after"] - 5, 2)


class Erring(TypedDict):
    transfer_id: str
    status: Literal["done", "error"]


@pytest.mark.parametrize("seed", SEEDS)
def test_a_transfer_refused_with_the_only_failure_its_status_has_moves_nothing(seed: int) -> None:
    world = _bank(seed, Erring)
    a, b = _balance(world, "A"), _balance(world, "B")
    assert _send(world, a + 1)["status"] == "error"
    assert [_balance(world, "A"), _balance(world, "B")] == [a, b]
