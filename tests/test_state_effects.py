"""Effects: a hand-written core (state changes, partial outputs) with synthetic flesh around it."""

from __future__ import annotations

from typing import Any

import pytest
from typing_extensions import TypedDict

from synthworld import BackendError, SyntheticWorld, ToolError, UnknownToolError
from synthworld.world.state import WorldState


class Order(TypedDict):
    order_id: str
    item: str
    status: str
    total: float


class Address(TypedDict):
    city: str
    street: str


class Customer(TypedDict):
    name: str
    address: Address


def shop(seed: int = 0, **options: Any) -> SyntheticWorld:
    """A shop whose ``create_order`` and ``cancel_order`` have real effects on ``world.state``."""
    world = SyntheticWorld(seed, **options)

    @world.tool(effect=True)
    def create_order(item: str, total: float) -> Order:
        """Create an order."""
        number = len(world.state.entities("order")) + 1
        order = {"order_id": f"O{number}", "item": item, "status": "pending", "total": total}
        world.state.remember("order", order["order_id"], order)
        return {"order_id": order["order_id"], "status": "pending"}

    @world.tool
    def cancel_order(order_id: str) -> Order:
        """Cancel an order."""

    @world.tool
    def get_order(order_id: str) -> Order:
        """Fetch an order."""

    @world.effect("cancel_order")
    def cancel(state: WorldState, args: dict[str, Any]) -> None:
        if state.entity("order", args["order_id"]) is None:
            raise ToolError("not_found", f"no order {args['order_id']}")
        state["order"][args["order_id"]]["status"] = "cancelled"

    return world


class TestEffects:
    def test_partial_output_is_completed_by_the_backend(self) -> None:
        world = shop()
        out = world.call("create_order", {"item": "lamp", "total": 20.0})
        assert out == {"order_id": "O1", "item": "lamp", "status": "pending", "total": 20.0}
        assert world.trace[0].backend == "random+effect"

    def test_the_effect_changes_state_and_later_calls_see_it(self) -> None:
        world = shop()
        world.call("create_order", {"item": "lamp", "total": 20.0})
        world.call("create_order", {"item": "desk", "total": 90.0})
        snap = world.state.snapshot()
        cancelled = world.call("cancel_order", {"order_id": "O1"})
        assert cancelled["status"] == "cancelled"
        assert cancelled["item"] == "lamp"
        assert world.call("get_order", {"order_id": "O1"})["status"] == "cancelled"
        assert world.call("get_order", {"order_id": "O2"})["status"] == "pending"
        assert world.state.diff(snap) == {
            "changed": {"order.O1.status": {"old": "pending", "new": "cancelled"}}
        }

    def test_a_tool_error_from_the_effect_is_the_calls_error(self) -> None:
        world = shop()
        with pytest.raises(ToolError, match="not_found: no order O9"):
            world.call("cancel_order", {"order_id": "O9"})
        assert world.trace[0].error == {"code": "not_found", "message": "no order O9"}
        assert world.state == {}

    def test_a_tool_error_keeps_its_own_cause(self) -> None:
        world = shop()

        def lookup(state: WorldState, args: dict[str, Any]) -> None:
            try:
                state["order"][args["order_id"]]
            except KeyError as missing:
                raise ToolError("not_found", "no such order") from missing

        world.effect("get_order", lambda state, args: lookup(state, args))
        with pytest.raises(ToolError) as info:
            world.call("get_order", {"order_id": "O1"})
        assert isinstance(info.value.__cause__, KeyError)

    def test_an_invalid_partial_output_is_a_backend_error(self) -> None:
        world = shop()
        world.effect("get_order", lambda state, args: {"total": "free"})
        with pytest.raises(BackendError, match=r"'random\+effect' answered tool 'get_order'"):
            world.call("get_order", {"order_id": "O1"})

    def test_a_crashing_effect_is_a_backend_error(self) -> None:
        world = shop()
        world.effect("get_order", lambda state, args: 1 / 0)
        with pytest.raises(BackendError, match="ZeroDivisionError") as info:
            world.call("get_order", {"order_id": "O1"})
        assert isinstance(info.value.__cause__, ZeroDivisionError)
        assert world.trace[0].error is not None

    def test_a_whole_non_object_answer_replaces_the_backends(self) -> None:
        world = SyntheticWorld(seed=0)

        @world.tool(effect=True)
        def add(a: int, b: int) -> int:
            """Add two numbers."""
            return a + b

        assert world.call("add", {"a": 2, "b": 3}) == 5

    def test_nested_partial_outputs_merge_key_by_key(self) -> None:
        world = SyntheticWorld(seed=0)

        @world.tool(effect=True)
        def get_customer(name: str) -> Customer:
            """Fetch a customer."""
            return {"address": {"city": "Lyon"}}

        out = world.call("get_customer", {"name": "Ann"})
        assert out["name"] == "Ann"
        assert out["address"]["city"] == "Lyon"
        assert isinstance(out["address"]["street"], str)

    def test_effects_do_not_run_for_faulted_or_scripted_calls(self) -> None:
        world = shop(faults=[{"tool": "create_order", "on_call": 1, "error": "unavailable"}])
        world.script(
            "create_order", output={"order_id": "S1", "item": "x", "status": "s", "total": 1.0}, times=1
        )
        with pytest.raises(ToolError):
            world.call("create_order", {"item": "lamp", "total": 1.0})
        assert world.call("create_order", {"item": "lamp", "total": 1.0})["order_id"] == "S1"
        assert list(world.state.entities("order")) == ["S1"]  # remembered from the script
        assert world.call("create_order", {"item": "lamp", "total": 1.0})["order_id"] == "O2"
        assert list(world.state.entities("order")) == ["S1", "O2"]

    def test_effect_names_a_registered_tool(self) -> None:
        with pytest.raises(UnknownToolError, match="Did you mean 'get_order'"):
            shop().effect("get_ordr", lambda state, args: None)

    def test_reset_undoes_effects(self) -> None:
        world = shop()
        world.call("create_order", {"item": "lamp", "total": 20.0})
        world.reset()
        assert world.state == {}
        assert world.call("create_order", {"item": "desk", "total": 1.0})["order_id"] == "O1"

    def test_same_seed_same_story(self) -> None:
        def story(seed: int) -> tuple[list[Any], dict[str, Any]]:
            world = shop(seed)
            outs = [world.call("create_order", {"item": i, "total": 1.0}) for i in ("a", "b")]
            outs.append(world.call("cancel_order", {"order_id": "O2"}))
            return outs, world.state.snapshot()

        assert story(5) == story(5)
