"""A repeat of an idempotent transfer is the same call: it answers what the first answered (a
refusal stays a refusal, also for an answer that is only ``{"ok": ...}``; a done transfer shows
the same balances) and moves nothing again. A transfer whose first call failed with an injected
fault has not happened: its retry moves the money. Outcomes are kept beside the call counts,
not in `world.state`, and `reset` forgets them."""

from __future__ import annotations

from typing import Any

import pytest
from typing_extensions import TypedDict

from synthworld import SyntheticWorld, ToolError

SEEDS = range(20)


class Account(TypedDict):
    account_id: str
    balance: float


class Ok(TypedDict):
    ok: bool


class After(TypedDict):
    ok: bool
    balance_after: float


def _bank(seed: int, returns: type) -> SyntheticWorld:
    world = SyntheticWorld(seed=seed)

    @world.tool
    def get_account(account_id: str) -> Account:
        """Fetch an account."""

    def send_money(from_account_id: str, to_account_id: str, amount: float) -> Any:
        """Move money between accounts."""

    send_money.__annotations__["return"] = returns
    world.tool(send_money)
    return world


def _balance(world: SyntheticWorld, id: str) -> Any:
    return world.call("get_account", {"account_id": id})["balance"]


def _send(world: SyntheticWorld, amount: float) -> Any:
    return world.call("send_money", {"from_account_id": "A", "to_account_id": "B", "amount": amount})


@pytest.mark.parametrize("seed", SEEDS)
def test_a_repeated_refusal_answers_the_same_refusal(seed: int) -> None:
    world = _bank(seed, Ok)
    a, b = _balance(world, "A"), _balance(world, "B")
    before = dict(world.state)
    answers = [_send(world, a + 100) for _ in range(4)]
    assert answers == [{"ok": False}] * 4
    assert (_balance(world, "A"), _balance(world, "B")) == (a, b)
    assert dict(world.state) == before  # the outcome is no entity of the state
    world.reset()  # a new world: the same input is a first call again
    world.state.remember("account", "A", {"account_id": "A", "balance": a + 500})
    assert _send(world, a + 100) == {"ok": True}
    assert _balance(world, "A") == round(a + 500 - a - 100, 2)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_repeated_transfer_answers_what_the_first_did(seed: int) -> None:
    world = _bank(seed, After)
    a = _balance(world, "A")
    first = _send(world, 10)
    assert (first["ok"], first["balance_after"]) == (True, round(a - 10, 2))
    assert [_send(world, 10) for _ in range(3)] == [first] * 3
    assert _balance(world, "A") == round(a - 10, 2)  # moved once


@pytest.mark.parametrize("seed", SEEDS)
def test_a_transfer_that_failed_with_a_fault_moves_the_money_when_retried(seed: int) -> None:
    world = _bank(seed, Ok)
    world.add_faults([{"tool": "send_money", "on_call": 1, "error": "timeout"}])
    a, b = _balance(world, "A"), _balance(world, "B")
    with pytest.raises(ToolError):
        _send(world, 10)
    assert _send(world, 10) == {"ok": True}
    assert (_balance(world, "A"), _balance(world, "B")) == (round(a - 10, 2), round(b + 10, 2))
