"""Arrays of several ``contains`` whose ``minContains`` together need many items (issue 15): the
plan's search (`_contains_plan.PlannedArray._plan`) pruned a count only when it alone could not
be met, so it tried every order of too few items until its steps ran out, on every length and
attempt, and refused the schema after 7-20 s CPU. Each schema here was refused on main but two
neighbours answered there, which must stay answered: three ``contains``, and four with a
``maxContains`` (main's longer array, 23 items, now 20)."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest
from schema_corpus import valid_values

from synthworld.schema import generate

TYPES = ("string", "integer", "boolean", "null", "object")


def _array(contains: list[Any], **more: Any) -> Any:
    return {"type": "array", "maxItems": 300, "allOf": contains, **more}


def _each(types: tuple[str, ...], low: int, **counts: Any) -> Any:
    return _array([{"contains": {"type": t}, "minContains": low, **counts} for t in types])


FOUR = _each(TYPES[:4], 5)  # the issue's: 20 items, five of each type
FOUR_TEN = _each(TYPES[:4], 10)
FIVE = _each(TYPES, 5)
THREE = _each(TYPES[:3], 5)  # the neighbour, answered on main
UNIQUE = _array(  # 30 distinct items: an integer counts as a number too
    [{"contains": {"type": t}, "minContains": 10} for t in ("string", "integer", "number", "array")],
    uniqueItems=True,
)
CASES = {"four": FOUR, "four_ten": FOUR_TEN, "five": FIVE, "three": THREE, "unique": UNIQUE}


@pytest.mark.parametrize("schema", list(CASES.values()), ids=list(CASES))
def test_every_seed_gets_a_valid_array(schema: Any) -> None:
    assert len(valid_values(schema, 10)) == 10


def test_the_shortest_array_holds_each_count() -> None:
    for value in valid_values(FOUR_TEN, 3):
        assert len(value) == 40
        for kind in (str, int, bool, type(None)):
            assert sum(type(item) is kind for item in value) == 10


def test_max_contains_is_kept() -> None:
    schema = _array(
        [
            {"contains": {"type": "string"}, "minContains": 5, "maxContains": 6},
            *({"contains": {"type": t}, "minContains": 5} for t in TYPES[1:4]),
        ]
    )
    for value in valid_values(schema, 10):
        assert 5 <= sum(type(item) is str for item in value) <= 6


def test_the_same_value_in_a_fresh_process() -> None:
    code = f"from synthworld.schema import generate; print(generate({FOUR!r}, 3))"
    env = {"PYTHONHASHSEED": "17", "PYTHONPATH": ":".join(sys.path)}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == repr(generate(FOUR, 3))
