"""Two identical transfers at the same instant, in two threads: the money moves once, and the
answers say so as two calls one after the other would: the one answered first is the transfer
(created now, a new id, the balance after it), the other its repeat, answering the same. Which
thread comes first is forced here, not left to timing: the call that drew the first occurrence
waits in the backend until the other call has been answered."""

from __future__ import annotations

import threading
from typing import Any, Literal

import pytest
from typing_extensions import TypedDict

from synthworld import CallContext, RandomBackend, SyntheticWorld

SEEDS = range(10)
ARGS = {"from_account_id": "A", "to_account_id": "B", "amount": 10}


class Account(TypedDict):
    account_id: str
    balance: float


class Transfer(TypedDict):
    transfer_id: str
    status: Literal["pending", "completed", "failed"]
    amount: float
    balance_after: float
    created_at: str
    updated_at: str


class _Held:
    """The random backend, but the first occurrence of a transfer waits for `release`."""

    def __init__(self) -> None:
        self.inner = RandomBackend()
        self.entered, self.release = threading.Event(), threading.Event()

    def respond(self, ctx: CallContext) -> Any:
        if ctx.spec.name == "create_transfer" and ctx.occurrence == 0 and not self.release.is_set():
            self.entered.set()
            self.release.wait()
        return self.inner.respond(ctx)


def _bank(seed: int, backend: Any = None) -> SyntheticWorld:
    world = SyntheticWorld(seed=seed, backend=backend)

    @world.tool
    def get_account(account_id: str) -> Account:
        """Fetch an account."""

    @world.tool
    def create_transfer(from_account_id: str, to_account_id: str, amount: float) -> Transfer:
        """Move money between two accounts."""

    world.call("get_account", {"account_id": "A"})
    return world


def _in_order(seed: int) -> tuple[Any, Any, float]:
    world = _bank(seed)
    first, repeat = world.call("create_transfer", ARGS), world.call("create_transfer", ARGS)
    return first, repeat, world.call("get_account", {"account_id": "A"})["balance"]


@pytest.mark.parametrize("seed", SEEDS)
def test_two_identical_transfers_at_once_answer_a_transfer_and_its_repeat(seed: int) -> None:
    first, repeat, balance = _in_order(seed)
    backend = _Held()
    world = _bank(seed, backend)
    answers: list[Any] = []
    waiting = threading.Thread(target=lambda: answers.append(world.call("create_transfer", ARGS)))
    waiting.start()
    backend.entered.wait()
    answers.append(world.call("create_transfer", ARGS))  # the second occurrence, answered first
    backend.release.set()
    waiting.join()
    assert answers == [first, repeat] == [first, first]
    assert first["created_at"] == "2025-01-01T00:00:00Z"  # the world's time: it was created now
    assert world.call("get_account", {"account_id": "A"})["balance"] == balance  # moved once
    moved = [call.rules for call in world.trace if call.tool == "create_transfer"]
    assert ["transfer" in rules for rules in moved] == [True, False]
