"""Warm calls do less Python work for the same values: draws whose values cannot matter are made
at once, and the values of such schemas are pinned (the hashes made before the change)."""

from __future__ import annotations

import hashlib
import json
import random
import sys
from typing import Any

import pytest

from synthworld.schema import _draw, compile_generator
from synthworld.schema._nodes import SOFT_DEPTH


class StepRandom(random.Random):
    """A subclass with its own `random()`: `skip` must call it."""

    step = 0

    def random(self) -> float:
        self.step += 1
        return (self.step * 0.618034) % 1.0


def _nested(depth: int, width: int) -> dict[str, Any]:
    """Objects ``depth`` deep, each with ``width`` optional enums and a required ``child`` (an enum's
    draw takes no `random()` call)."""
    schema: dict[str, Any] = {"enum": [0, 1, 2]}
    for _ in range(depth):
        props: dict[str, Any] = {f"p{i}": {"enum": ["a", "b", i]} for i in range(width)}
        schema = {"type": "object", "properties": {**props, "child": schema}, "required": ["child"]}
    return schema


DEEP = _nested(SOFT_DEPTH + 4, 20)
PINNED = "aa4e502a3b4ba9cc"
"""The hash of `DEEP`'s values for seeds 0-4, made on main before warm calls were cut."""


def _hash(values: list[Any]) -> str:
    return hashlib.sha256(json.dumps(values, sort_keys=True).encode()).hexdigest()[:16]


@pytest.mark.parametrize("count", [0, 1, 2, 7, 100])
def test_skip_leaves_the_state_random_would(count: int) -> None:
    lib, ours = random.Random(count), random.Random(count)
    for _ in range(count):
        lib.random()
    _draw.skip(ours, count)
    assert ours.getstate() == lib.getstate()


def test_skip_leaves_a_subclass_its_own_draws() -> None:
    lib, ours = StepRandom(0), StepRandom(0)
    for _ in range(5):
        lib.random()
    _draw.skip(ours, 5)
    assert ours.random() == lib.random()


def test_deep_objects_draw_no_random_per_optional_name() -> None:
    """Below `SOFT_DEPTH` an object adds no optional property: its one draw per name is made at
    once, not by a `random()` call each (the `SOFT_DEPTH` levels of 21 names above it draw one by
    one)."""
    generator = compile_generator(DEEP)
    plain = generator.generate(random.Random(3))
    rng = random.Random(3)
    calls = 0
    draw = rng.random

    def counted() -> float:
        nonlocal calls
        calls += 1
        return draw()

    rng.random = counted  # type: ignore[method-assign]  # on the instance: still a plain Random
    assert generator.generate(rng) == plain
    assert calls == SOFT_DEPTH * 21


def test_deep_values_are_unchanged() -> None:
    generator = compile_generator(DEEP)
    values = [generator.generate(random.Random(seed)) for seed in range(5)]
    assert _hash(values) == PINNED


MIXED: dict[str, Any] = {
    "$defs": {
        "base": {"type": "object", "properties": {"id": {"type": "string", "pattern": "^[a-z]{3}-[0-9]{2}$"}}}
    },
    "type": "object",
    "allOf": [{"properties": {"both": {"type": "integer"}}}, {"properties": {"both": {"minimum": 3}}}],
    "properties": {
        "item": {"allOf": [{"$ref": "#/$defs/base"}, {"required": ["id"]}], "examples": [{"id": "abc-12"}]},
        "code": {"type": "string", "pattern": "^(ab|cd)[xy]{2,4}$", "examples": ["abxx", "zz"]},
        "kind": {"enum": ["a", "b"]},
        "not_zero": {"type": "integer", "not": {"const": 0}},
    },
    "required": ["item", "code", "kind", "both", "not_zero"],
}
"""Conjuncts merged, a ``$ref`` beside siblings, examples held, patterns drawn, an enum, a ``not``."""
MIXED_PINNED = "49fa5b19fcbca452"
LOOPS = {
    "Compiler.node.<locals>.<genexpr>",
    "Compiler._build.<locals>.<genexpr>",
    "Compiler._merge.<locals>.<genexpr>",
    "NotNode.gen.<locals>.<genexpr>",
    "_seq.<locals>.gen.<locals>.<genexpr>",
    "_repeat.<locals>.gen.<locals>.<genexpr>",
    "enum_values.<locals>.<listcomp>.<genexpr>",
    "held_samples.<locals>.<listcomp>.<genexpr>",
    "place_of.<locals>.<genexpr>",
    "StringNode._ok.<locals>.<genexpr>",
    "_Fits.__call__.<locals>.<genexpr>",
    "_code.<locals>.draw.<locals>.<genexpr>",
    "in_context.<locals>.<genexpr>",
}
"""The compiler's and the draws' hottest loops, once generators (a frame resumed per item)."""


def test_hot_loops_resume_no_generator() -> None:
    """Compiling and drawing `MIXED` runs none of `LOOPS` as a generator, and its values are
    those made before (the hash made on main)."""
    seen: set[str] = set()

    def watch(frame: Any, event: str, arg: Any) -> None:
        if event == "call" and frame.f_code.co_name == "<genexpr>":
            seen.add(frame.f_code.co_qualname)

    sys.setprofile(watch)
    try:
        generator = compile_generator(MIXED)
        values = [generator.generate(random.Random(seed)) for seed in range(5)]
    finally:
        sys.setprofile(None)
    assert not seen & LOOPS
    assert _hash(values) == MIXED_PINNED
