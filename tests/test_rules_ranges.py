"""The ranges rule: the low end of a range is not above its high end (min/max, low/high, lo/hi,
as prefixes or suffixes, snake_case or camelCase), within each end's own schema."""

from __future__ import annotations

from typing import Any

from synthworld import SyntheticWorld, ToolSpec
from synthworld.world.rules.ranges import _pairs

PARAMS: dict[str, Any] = {"type": "object", "properties": {"q": {"type": "string"}}}


def _number(low: float, high: float, kind: str = "number") -> dict[str, Any]:
    return {"type": kind, "minimum": low, "maximum": high}


def _world(properties: dict[str, Any], seed: int = 0) -> SyntheticWorld:
    world = SyntheticWorld(seed=seed)
    returns = {"type": "object", "properties": properties, "required": list(properties)}
    world.register_tool(ToolSpec("get_stats", "Get the stats.", PARAMS, returns))
    return world


def test_the_pairs_are_read_off_the_names() -> None:
    keys = (
        "min_price",
        "max_price",
        "temp_low",
        "temp_high",
        "minAge",
        "maxAge",
        "lo",
        "hi",
        "minute",
        "max",
    )
    assert set(_pairs(keys)) == {
        ("min_price", "max_price"),
        ("temp_low", "temp_high"),
        ("minAge", "maxAge"),
        ("lo", "hi"),
    }
    assert _pairs(("min_price", "max_cost", "low", "value")) == ()


def test_a_range_drawn_the_wrong_way_round_is_swapped() -> None:
    world = _world(
        {
            "min_price": _number(0, 1000),
            "max_price": _number(0, 1000),
            "low_c": _number(-40, 40),
            "high_c": _number(-40, 40),
        }
    )
    answers = [world.call("get_stats", {"q": str(i)}) for i in range(60)]
    assert all(a["min_price"] <= a["max_price"] and a["low_c"] <= a["high_c"] for a in answers)
    swapped = [entry for entry in world.trace if "range" in entry.rules]
    assert swapped  # some answers were drawn the wrong way round: the rule ordered them


def test_ends_that_cannot_trade_places_are_left_as_drawn() -> None:
    world = _world({"min_n": _number(5, 10, "integer"), "max_n": _number(0, 6, "integer")})
    answers = [world.call("get_stats", {"q": str(i)}) for i in range(60)]
    assert all(5 <= a["min_n"] <= 10 and 0 <= a["max_n"] <= 6 for a in answers)
    crossed = [a for a in answers if a["min_n"] > a["max_n"]]
    assert crossed  # 9 and 2 cannot swap: each is outside the other's bounds
    assert all(a["min_n"] <= a["max_n"] or a["min_n"] > 6 for a in answers)  # swapped when they fit


def test_an_echoed_end_is_met_by_the_other() -> None:
    world = SyntheticWorld(seed=0)
    params = {"type": "object", "properties": {"max_price": {"type": "number"}}, "required": ["max_price"]}
    props = {"min_price": _number(0, 1000), "max_price": _number(0, 1000)}
    returns = {"type": "object", "properties": props, "required": list(props)}
    world.register_tool(ToolSpec("find_deals", "Deals up to a price.", params, returns))
    answers = [world.call("find_deals", {"max_price": 3 + i / 100}) for i in range(20)]
    assert [a["max_price"] for a in answers] == [3 + i / 100 for i in range(20)]  # the input, echoed
    assert all(a["min_price"] <= a["max_price"] for a in answers)
    assert any("range" in entry.rules for entry in world.trace)


def test_the_same_seed_gives_the_same_ranges() -> None:
    props = {"minAge": _number(0, 120, "integer"), "maxAge": _number(0, 120, "integer")}
    first = [_world(props, seed=7).call("get_stats", {"q": str(i)}) for i in range(10)]
    again = [_world(props, seed=7).call("get_stats", {"q": str(i)}) for i in range(10)]
    assert first == again
