"""`edge_values` reaches the boundaries a schema states (exclusive float bounds, ``multipleOf``,
date and time extremes, ``minItems``), and `empty` keeps what ``minItems`` asks for."""

from __future__ import annotations

import math
from collections import defaultdict
from typing import Any

import jsonschema

from synthworld import SyntheticWorld, ToolSpec

BOUNDED = {
    "type": "object",
    "properties": {
        "score": {"type": "number", "exclusiveMinimum": 0, "maximum": 1},
        "step": {"type": "integer", "minimum": 3, "maximum": 97, "multipleOf": 5},
        "price": {"type": "number", "exclusiveMinimum": 0.5, "exclusiveMaximum": 10, "multipleOf": 0.25},
        "at": {"type": "string", "format": "date-time"},
        "day": {"type": "string", "format": "date"},
        "refunds": {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 4},
    },
    "required": ["score", "step", "price", "at", "day", "refunds"],
    "additionalProperties": False,
}
RESULTS = {
    "type": "object",
    "properties": {
        "results": {
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "object",
                "properties": {
                    "title": {"type": "string"},
                    "tags": {"type": "array", "items": {"type": "string"}},
                },
                "required": ["title", "tags"],
            },
        }
    },
    "required": ["results"],
}


def world_of(schema: dict[str, Any], seed: int, hazard: str | None) -> SyntheticWorld:
    world = SyntheticWorld(seed=seed)
    world.register_tool(ToolSpec("get_it", "Get it.", {"type": "object", "properties": {}}, schema))
    if hazard is not None:
        world.add_faults([{"tool": "*", "inject": hazard}])
    return world


def test_edge_values_reach_the_stated_boundaries() -> None:
    oracle = jsonschema.Draft202012Validator(BOUNDED, format_checker=jsonschema.FormatChecker())
    seen: dict[str, set[Any]] = defaultdict(set)
    for seed in range(40):
        value = world_of(BOUNDED, seed, "edge_values").call("get_it", {})
        assert oracle.is_valid(value), (seed, value)
        for key, field in value.items():
            seen[key].add(len(field) if key == "refunds" else field)
    assert {math.nextafter(0, math.inf), 1} <= seen["score"]  # just inside the exclusive bound
    assert {5, 95} <= seen["step"]  # the bounds rounded into multipleOf 5
    assert {0.75, 9.75} <= seen["price"]
    assert {"0001-01-01T00:00:00Z", "9999-12-31T23:59:59.999999Z", "2024-02-29T23:59:59+14:00"} <= seen["at"]
    assert {"0001-01-01", "9999-12-31", "2024-02-29"} <= seen["day"]
    assert {2, 4} <= seen["refunds"]  # minItems and maxItems


def test_empty_keeps_the_first_items_min_items_asks_for_and_empties_inside_them() -> None:
    clean = world_of(RESULTS, 3, None).call("get_it", {})
    world = world_of(RESULTS, 3, "empty")
    value = world.call("get_it", {})
    assert len(clean["results"]) > 1
    assert value == {"results": [{"title": clean["results"][0]["title"], "tags": []}]}
    assert world.trace[-1].hazard == "empty"


def test_bounds_too_far_for_their_multiple_leave_edge_values_working() -> None:
    """1e308 / 0.5 overflows a float: rounding the bounds into multipleOf raised OverflowError
    from world.call (0.5 is exact in binary, so python-jsonschema judges huge values exactly)."""
    far = {"type": "number", "exclusiveMinimum": -1e308, "exclusiveMaximum": 1e308, "multipleOf": 0.5}
    schema = {"type": "object", "properties": {"v": far}, "required": ["v"]}
    seen = set()
    for seed in range(20):
        world = world_of(schema, seed, "edge_values")
        value = world.call("get_it", {})
        assert jsonschema.Draft202012Validator(schema).is_valid(value), (seed, value)
        seen.add(value["v"])
    assert math.nextafter(1e308, -math.inf) in seen  # just inside the exclusive bound


def test_an_int64_exclusive_bound_gives_the_largest_int64() -> None:
    int64 = {"type": "integer", "exclusiveMinimum": -(2**63) - 1, "exclusiveMaximum": 2**63}
    schema = {"type": "object", "properties": {"n": int64}, "required": ["n"]}
    seen = {world_of(schema, seed, "edge_values").call("get_it", {})["n"] for seed in range(20)}
    assert {2**63 - 1, -(2**63)} <= seen
