"""Warm calls do less Python work for the same values: draws whose values cannot matter are made
at once, and the values of such schemas are pinned (the hashes made before the change)."""

from __future__ import annotations

import hashlib
import json
import random
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
