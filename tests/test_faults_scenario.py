"""Scenario files' ``faults:`` and ``state:`` keys reach the world they build."""

from __future__ import annotations

from pathlib import Path

import pytest

from synthworld import ScenarioError, ToolError
from synthworld.scenario import load_scenario

SCENARIO = """\
synthworld_scenario: 1
name: flaky_shop
tools: synthworld.examples.shop
seeds: [3]
state:
  order:
    ORD-1: {order_id: ORD-1, customer_email: ann@example.org, status: shipped, total: 12.5, currency: EUR,
            items: [{sku: MUG-1, product_name: Blue mug, quantity: 1, unit_price: 12.5}]}
faults:
  - {tool: get_order, on_call: 1, error: rate_limit, retry_after: 2}
  - {tool: send_email, rate: 1.0, error: unavailable}
task: "Where is order ORD-1?"
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "flaky.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_faults_and_state_from_a_scenario(tmp_path: Path) -> None:
    world = load_scenario(write(tmp_path, SCENARIO)).build_world()
    with pytest.raises(ToolError) as info:
        world.call("get_order", {"order_id": "ORD-1"})
    assert (info.value.code, info.value.retry_after) == ("rate_limit", 2)
    order = world.call("get_order", {"order_id": "ORD-1"})
    assert order["status"] == "shipped"
    assert order["customer_email"] == "ann@example.org"
    assert order["total"] == 12.5


def test_a_bad_fault_names_the_scenario_file(tmp_path: Path) -> None:
    text = SCENARIO.replace("error: unavailable", "error: unavailabel")
    with pytest.raises(ScenarioError, match=r"flaky\.yaml:\d+: .*unavailabel"):
        load_scenario(write(tmp_path, text)).build_world()
