"""A count that may be a decimal (a ``Decimal`` field: a number or numeric text, or a count whose
schema says ``number``) equals the items beside it, whole, in the type it was drawn in. A
``total`` held that way may be money and is left alone."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from pydantic import BaseModel
from typing_extensions import TypedDict

from synthworld import SyntheticWorld, ToolSpec

SEEDS = range(50)


class Model(BaseModel):
    items: list[str]
    count: Decimal


class Typed(TypedDict):
    results: list[str]
    result_count: Decimal


def _whole(value: Any) -> int:
    if type(value) is str:
        assert value.isdigit(), value
        return int(value)
    assert type(value) is int, value
    return value


@pytest.mark.parametrize("seed", SEEDS)
def test_a_decimal_count_in_a_pydantic_model_is_the_number_of_items(seed: int) -> None:
    world = SyntheticWorld(seed=seed)

    @world.tool
    def list_things(query: str) -> Model:
        """List things."""

    page = world.call("list_things", {"query": "q"})
    assert _whole(page["count"]) == len(page["items"])


@pytest.mark.parametrize("seed", SEEDS)
def test_a_decimal_count_written_as_text_is_the_number_of_items(seed: int) -> None:
    world = SyntheticWorld(seed=seed)

    @world.tool
    def search_things(query: str) -> Typed:
        """Search things."""

    page = world.call("search_things", {"query": "q"})
    assert page["result_count"] == str(len(page["results"]))


@pytest.mark.parametrize("seed", SEEDS)
def test_a_count_whose_schema_says_number_is_whole(seed: int) -> None:
    world = SyntheticWorld(seed=seed)
    returns = {
        "type": "object",
        "properties": {"orders": {"type": "array", "items": {"type": "string"}}, "count": {"type": "number"}},
        "required": ["orders", "count"],
    }
    params = {"type": "object", "properties": {}}
    world.register_tool(ToolSpec("list_orders", "List orders.", params, returns))
    page = world.call("list_orders", {})
    assert _whole(page["count"]) == len(page["orders"])
