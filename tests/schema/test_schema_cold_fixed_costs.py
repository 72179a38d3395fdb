"""The fixed costs of a cold compile cut without changing a value: the collector paused in one call
(`_gc.paused`), a number's place read without its examples (`_place.name_and_nouns`), and an
object with dependencies but nothing required known to build without the registration probe."""

from __future__ import annotations

import gc
import hashlib
import json
from random import Random
from typing import Any

import pytest

from synthworld._gc import paused
from synthworld.schema import _api, compile_generator
from synthworld.schema._parts import Part
from synthworld.schema._place import name_and_nouns, place_of
from synthworld.schema._probe_draws import surely_probed
from synthworld.schema._resolve import root_loc

WEATHER: dict[str, Any] = {
    "title": "Weather report",
    "type": "object",
    "required": ["reading"],
    "properties": {
        "reading": {
            "type": "object",
            "title": "Reading",
            "required": ["temperature_c", "humidity", "count"],
            "properties": {
                "temperature_c": {"type": "number"},
                "humidity": {"type": "integer", "minimum": 0, "maximum": 100},
                "count": {"type": "integer", "exclusiveMinimum": 0},
            },
        }
    },
}
PRICES: dict[str, Any] = {
    "type": "object",
    "properties": {
        "price": {"type": "number", "multipleOf": 0.01, "minimum": 0},
        "age": {"type": "integer"},
        "latitude": {"type": "number"},
    },
    "required": ["price", "age", "latitude"],
}
DEPENDENT: dict[str, Any] = {
    "dependencies": {"bar": ["foo"]},
    "properties": {"bar": {"type": "integer"}, "foo": {"type": "string"}},
}
STEP_ONE: dict[str, Any] = {"type": "integer", "minimum": 3, "maximum": 9, "multipleOf": 1}


def _digest(schema: Any) -> str:
    generator = compile_generator(schema)
    values = [generator.generate(Random(seed)) for seed in range(12)]
    return hashlib.sha256(json.dumps(values, sort_keys=True).encode()).hexdigest()[:16]


@pytest.mark.parametrize(
    ("schema", "expected"),
    [
        (WEATHER, "c49b06ac32060b10"),
        (PRICES, "628b4fd73201fa16"),
        (DEPENDENT, "b3fb91e9d3631aab"),
        (STEP_ONE, "406c32ae1d8406dc"),
    ],
)
def test_values_are_those_made_before_the_cuts(schema: dict[str, Any], expected: str) -> None:
    _api._CACHE.clear()
    assert _digest(schema) == expected  # pinned on main before this change


def test_paused_runs_with_the_collector_off_and_restores_it() -> None:
    seen: list[bool] = []
    assert gc.isenabled()
    assert paused(lambda x, *, y: seen.append(gc.isenabled()) or x + y, 1, y=2) == 3
    assert seen == [False]
    assert gc.isenabled()
    with pytest.raises(ZeroDivisionError):
        paused(lambda: 1 // 0)
    assert gc.isenabled()  # on again after an error
    gc.disable()
    try:
        paused(lambda: seen.append(gc.isenabled()))
        assert not gc.isenabled()  # off before: left off
    finally:
        gc.enable()
    assert seen == [False, False]


def test_name_and_nouns_are_those_of_the_place() -> None:
    loc = root_loc(WEATHER)
    reading = loc.child(WEATHER["properties"]["reading"], "properties", "reading")
    for name, sub in WEATHER["properties"]["reading"]["properties"].items():
        parts = [Part(reading.child(sub, "properties", name))]
        place = place_of(parts)
        assert name_and_nouns(parts) == (place.name, place.parents)
        assert place.parents  # the parent's names and title are read
    assert name_and_nouns([]) == ("", ())
    assert name_and_nouns([Part(loc)]) == (place_of([Part(loc)]).name, place_of([Part(loc)]).parents)


def test_an_object_with_dependencies_and_nothing_required_needs_no_probe() -> None:
    _api._CACHE.clear()
    generator = compile_generator(DEPENDENT)
    assert surely_probed(generator._root)  # its lean value is {}: no dependency can fail it
    required = compile_generator({**DEPENDENT, "required": ["bar"]})
    assert not surely_probed(required._root)  # a required name's dependencies: the probe tells
    values = [generator.generate(Random(seed)) for seed in range(20)]
    assert all("foo" in v for v in values if "bar" in v)
