"""`synthworld.strategies.outputs` takes what a pytest user has at hand: a ``@synthworld.tool``
stub of their module, a world's stub, a world's ``ToolSpec`` or a schema. Before, a stub raised
"SchemaError: a JSON Schema is an object or a boolean, got function", saying nothing of what to
pass."""

from __future__ import annotations

from typing import Literal, TypedDict

import pytest
from hypothesis import given, settings

import synthworld
from synthworld import SyntheticWorld
from synthworld.strategies import outputs


class Order(TypedDict):
    order_id: str
    status: Literal["pending", "shipped"]


@synthworld.tool(name="fetch_order")
def get_order(order_id: str) -> Order:
    """Fetch an order."""


world = SyntheticWorld(seed=0)
world.add_tools(get_order)
bound = world.stub("fetch_order")


@pytest.mark.parametrize("given_as", [get_order, bound])
def test_outputs_of_a_stub_are_the_tools_answers(given_as: object) -> None:
    seen: list[dict[str, str]] = []

    @settings(max_examples=10, deadline=None, database=None)
    @given(outputs(given_as))
    def collect(answer: dict[str, str]) -> None:
        seen.append(answer)

    collect()
    assert seen
    assert all({"order_id", "status"} <= set(a) for a in seen)
    assert {a["status"] for a in seen} <= {"pending", "shipped"}


def test_something_else_is_refused_saying_what_it_takes() -> None:
    with pytest.raises(
        TypeError, match=r"outputs\(\) takes a ToolSpec, a tool stub .* got str 'fetch_order'"
    ):
        outputs("fetch_order")
