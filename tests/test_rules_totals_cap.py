"""Line items add up to a total the schema bounds: lines whose sum would pass the total's maximum
come down to it (one of each, then prices scaled), so the total can be their sum."""

from __future__ import annotations

import datetime
from typing import Any

import jsonschema
import pytest

from synthworld import SyntheticWorld, ToolSpec
from synthworld.examples import shop
from synthworld.world.edits import Edits
from synthworld.world.rules.base import RuleContext
from synthworld.world.rules.sum_layout import sum_layout
from synthworld.world.rules.totals import Totals
from synthworld.world.shapes import Shapes
from tests._carts import cart_returns


def _sum(order: dict[str, Any]) -> float:
    return round(sum(line["quantity"] * line["unit_price"] for line in order["items"]), 2)


def test_the_shop_s_orders_add_up_within_their_bounds() -> None:
    world = SyntheticWorld(seed=1)
    world.add_tools(shop)
    returns = world.tools["get_order"].returns
    orders = [world.call("get_order", {"order_id": f"ORD-{n}"}) for n in range(1000, 1060)]
    with_lines = [o for o in orders if o["items"]]
    assert len(with_lines) > 30
    assert all(o["total"] == _sum(o) for o in with_lines)  # it was 3 of 40 before
    assert all(jsonschema.Draft202012Validator(returns).is_valid(o) for o in orders)  # total <= 2000


@pytest.mark.parametrize("step", [None, 0.01])
def test_a_bounded_total_over_lines_comes_out_as_their_sum(step: float | None) -> None:
    money: dict[str, Any] = {"type": "number", "minimum": 1, "maximum": 500}
    if step is not None:
        money["multipleOf"] = step
    returns = cart_returns(money, qty="quantity", price="unit_price", min_items=2)
    world = SyntheticWorld(seed=4)
    world.register_tool(ToolSpec("get_cart", "Get the cart.", {"type": "object"}, returns))
    carts = [world.call("get_cart", {}) for _ in range(30)]
    assert all(c["total"] == _sum(c) for c in carts)
    assert all(jsonschema.Draft202012Validator(returns).is_valid(c) for c in carts)
    assert any("totals" in entry.rules for entry in world.trace)


def test_a_nudged_price_stays_a_multiple_of_a_cent_for_python_jsonschema() -> None:
    # the last line's price, moved up a cent so the total passes its multipleOf, landed on 558.8,
    # which python-jsonschema reads as no multiple of 0.01 (55879.99999... cents), as is 558.81
    layout = sum_layout(("items", "total"), ("quantity", "unit_price"))
    assert layout is not None
    ctx = RuleContext(
        Edits(), Shapes({}, False, None), datetime.datetime(2025, 1, 1, tzinfo=datetime.timezone.utc)
    )
    lines: list[dict[str, Any]] = [{"quantity": 1, "unit_price": 558.79}]
    cent = {"type": "number", "multipleOf": 0.01}
    assert Totals._nudge(lines, layout, cent, ctx, False)
    assert lines == [{"quantity": 1, "unit_price": 558.83}]
    assert jsonschema.Draft202012Validator(cent).is_valid(lines[0]["unit_price"])


def test_a_partly_scripted_total_gets_lines_that_add_up_to_it() -> None:
    money: dict[str, Any] = {"type": "number", "minimum": 1, "maximum": 500, "multipleOf": 0.01}
    returns = cart_returns(money, qty="quantity", price="unit_price", min_items=2)
    world = SyntheticWorld(seed=6)
    world.register_tool(ToolSpec("get_cart", "Get the cart.", {"type": "object"}, returns))
    world.script("get_cart", output={"total": 123.45}, partial=True)
    carts = [world.call("get_cart", {}) for _ in range(20)]
    assert all(c["total"] == 123.45 for c in carts)  # the script's, untouched
    assert all(c["total"] == _sum(c) for c in carts)  # the lines were fitted to it (0 of 20 before)
    assert all(jsonschema.Draft202012Validator(returns).is_valid(c) for c in carts)


def test_partly_scripted_lines_get_a_total_that_is_their_sum() -> None:
    money: dict[str, Any] = {"type": "number", "minimum": 1, "maximum": 500}
    returns = cart_returns(money, qty="quantity", price="unit_price")
    world = SyntheticWorld(seed=2)
    world.register_tool(ToolSpec("get_cart", "Get the cart.", {"type": "object"}, returns))
    lines = [{"quantity": 2, "unit_price": 10.5}, {"quantity": 1, "unit_price": 4.25}]
    world.script("get_cart", output={"items": lines}, partial=True)
    carts = [world.call("get_cart", {}) for _ in range(5)]
    assert all(c["items"] == lines for c in carts)
    assert all(c["total"] == 25.25 for c in carts)
