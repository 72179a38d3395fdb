"""What the consistency plan reads from a returns schema: property names, the shapes of each kind
of object, which hints lead to which, and where the in-object rules apply."""

from __future__ import annotations

import copy
from typing import Any

from synthworld import SyntheticWorld, ToolSpec
from synthworld.world.consistency import plan_for
from synthworld.world.rules.run import rules_for
from synthworld.world.shapes import property_names, read_shapes

_ORDER: dict[str, Any] = {
    "type": "object",
    "properties": {
        "id": {"type": "string"},
        "total": {"type": "number"},
        "customer": {"$ref": "#/$defs/Customer"},
        "items": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {"quantity": {"type": "integer"}, "price": {"type": "number"}},
            },
        },
        "note": {"type": "string", "enum": [{"properties": {"hidden": {}}}]},
    },
    "$defs": {
        "Customer": {
            "allOf": [{"properties": {"city": {"type": "string"}, "zip_code": {"type": "string"}}}],
            "properties": {"name": {"type": "string"}},
        },
        "Unused": {"properties": {"secret": {"type": "string"}}},
    },
}


def test_property_names_are_every_name_written_anywhere_even_unreferenced_or_inside_data() -> None:
    assert property_names(_ORDER) == {
        *("id", "total", "customer", "items", "note", "quantity", "price"),
        *("city", "zip_code", "name", "secret", "hidden"),
    }


def test_shapes_follow_references_and_all_of_and_hint_objects_by_their_property() -> None:
    shapes = read_shapes(_ORDER, "order")
    assert set(shapes.by_hint) == {"order", "customer", "item"}
    assert list(shapes.by_hint["customer"]) == ["name", "city", "zip_code"]
    assert shapes.by_hint["order"]["customer"]["properties"] == {"name": {"type": "string"}}
    assert not shapes.open
    assert "secret" not in shapes.names()


def test_an_object_open_to_unnamed_keys_makes_the_shapes_open() -> None:
    closed = {"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": False}
    patterned = {**closed, "patternProperties": {"^x": {"type": "object"}}}
    assert not read_shapes(closed, "thing").open
    assert read_shapes(patterned, "thing").open
    assert read_shapes({"type": "object", "additionalProperties": {"type": "object"}}, "thing").open


def test_reach_adds_every_hint_a_target_can_be_reached_through_and_nothing_else() -> None:
    schema = {
        "type": "object",
        "properties": {
            "orders": {
                "type": "array",
                "items": {"type": "object", "properties": {"lines": {"type": "array"}}},
            },
            "profile": {"type": "object", "properties": {"bio": {"type": "string"}}},
            "account": {"type": "object", "properties": {"order": {"type": "string"}}},
        },
    }
    shapes = read_shapes(schema, "shop")
    assert shapes.reach({"order"}) == {"order", "shop", "account"}  # a leaf named after it counts
    assert shapes.reach({"line"}) == {"line", "order", "shop", "account"}
    assert shapes.reach({"profile"}) == {"profile", "shop"}


def test_rules_apply_only_where_their_keys_are() -> None:
    plan = rules_for(read_shapes(_ORDER, "order"))
    assert plan.at is not None
    assert {hint: [rule.name for rule in rules] for hint, rules in plan.at.items()} == {
        "order": ["totals"],  # a total over the items' quantity and price
        "customer": ["address"],
    }  # an item (quantity and price, no total) and a customer's name need no rule
    assert plan.reach == {"order", "customer"}


def test_a_tool_plan_reads_its_rules_at_its_first_call_not_at_registration() -> None:
    order = copy.deepcopy(_ORDER)
    order["required"] = ["total", "items"]
    order["properties"]["items"] |= {"minItems": 1}
    order["properties"]["items"]["items"]["required"] = ["quantity", "price"]
    world = SyntheticWorld(seed=3)
    world.register_tool(ToolSpec("get_order", "An order.", {"type": "object"}, order))
    plan = world._tools.get("get_order").plan
    assert plan.rule_plan is not None
    assert plan.rule_plan._shapes is not None
    answer = world.call("get_order", {})
    assert plan.rule_plan._shapes is None  # read by the call, once
    assert plan.rules is not None
    assert plan.rules.reach == {"order", "customer"}
    lines = answer["items"]
    assert round(answer["total"], 2) == round(sum(line["quantity"] * line["price"] for line in lines), 2)
    note = {"type": "object", "properties": {"text": {"type": "string"}}}
    quiet = plan_for(ToolSpec("get_note", "A note.", {"type": "object"}, note))
    assert quiet.rules is None
    assert not quiet.shaping
    assert not quiet.active


def test_a_world_reads_a_tool_plan_when_a_call_first_needs_it() -> None:
    world = SyntheticWorld(seed=5)
    order = copy.deepcopy(_ORDER) | {"required": ["id"]}
    world.register_tool(ToolSpec("get_order", "An order.", {"type": "object"}, order))
    note = {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}
    world.register_tool(ToolSpec("get_note", "A note.", {"type": "object"}, note))
    orders, notes = world._tools.get("get_order"), world._tools.get("get_note")
    assert orders._plan is None
    assert notes._plan is None  # registration read neither
    world.call("get_note", {})
    assert notes._plan is not None
    assert orders._plan is None  # a call that remembers nothing reads no other tool's plan
    world.lifecycle("get_order", "create", kind="order")  # declared after registration
    first = world.call("get_order", {})
    plan = world._tools.get("get_order").plan
    assert plan.lifecycle.family == "create"
    assert world.state["order"][first["id"]]["id"] == first["id"]  # remembered as created
