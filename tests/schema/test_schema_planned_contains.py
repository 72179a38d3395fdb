"""Arrays of several ``contains``, each with its own counts (`_contains_plan.PlannedArray`): each
schema below is satisfiable and was refused on main, where a further ``contains`` got exactly one
item, its ``minItems`` was counted against the first one's ``maxContains``, and items of each
``contains`` were placed past the prefix alone."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest
from schema_corpus import valid_values

from synthworld.schema import generate

LATER_MIN: Any = {  # a second contains with minContains 2: its one item never met it
    "type": "array",
    "allOf": [
        {"contains": {"type": "boolean"}, "minContains": 3},
        {"contains": {"type": "integer"}, "minContains": 2},
    ],
    "unevaluatedItems": False,
}
FIRST_MAX: Any = {  # "needs 5 items but allows at most 2": the integers could fill minItems
    "type": "array",
    "allOf": [{"contains": {"type": "boolean"}, "maxContains": 1}, {"contains": {"type": "integer"}}],
    "minItems": 5,
    "unevaluatedItems": False,
}
IN_PREFIX: Any = {  # ["a", true, 3]: the boolean item stands in the prefix
    "type": "array",
    "prefixItems": [{"enum": ["a", 1]}, {"type": "boolean"}],
    "allOf": [{"contains": {"const": 3}}, {"contains": {"type": "boolean"}}],
    "unevaluatedItems": False,
}
OVERLAPPING: Any = {  # ["a", "a"]: each string counts for both contains
    "type": "array",
    "allOf": [
        {"contains": {"type": "string"}, "minContains": 2},
        {"contains": {"type": "string"}, "maxContains": 2},
    ],
}
LATER_MAX: Any = {  # [1, true, true]: one integer, which the prefix holds
    "type": "array",
    "prefixItems": [{"enum": ["a", 1]}],
    "allOf": [
        {"contains": {"not": {"type": "string"}}, "minContains": 3},
        {"contains": {"type": "integer"}, "maxContains": 1},
    ],
    "unevaluatedItems": False,
}
LONGER: Any = {  # [1, true]: a lean attempt's one item holds no boolean, a longer array does
    "type": "array",
    "allOf": [
        {"contains": {"enum": ["a", 1]}, "minContains": 1, "maxContains": 1},
        {"contains": {"enum": ["a", 1]}},
        {"contains": {"type": "boolean"}},
    ],
}
REDRAWN: Any = {  # ["a", true]: a plan whose integer must also be a string fails, another one holds
    "type": "array",
    "allOf": [
        {"contains": {"not": {"type": "string"}}, "minContains": 1, "maxContains": 1},
        {"contains": {"type": "integer"}, "minContains": 0},
    ],
    "prefixItems": [{"minimum": 5}, {"not": {"type": "string"}}],
    "items": False,
    "minItems": 2,
}
CASES = [LATER_MIN, FIRST_MAX, IN_PREFIX, OVERLAPPING, LATER_MAX, LONGER, REDRAWN]


@pytest.mark.parametrize(
    "schema",
    CASES,
    ids=["later_min", "first_max", "in_prefix", "overlapping", "later_max", "longer", "redrawn"],
)
def test_a_satisfiable_array_of_several_contains_is_answered(schema: Any) -> None:
    assert len(valid_values(schema, 4)) == 4


def test_each_count_is_met() -> None:
    for value in valid_values(LATER_MIN, 6):
        assert sum(item is True or item is False for item in value) >= 3
        assert sum(type(item) is int for item in value) >= 2


def test_the_further_contains_fills_min_items() -> None:
    for value in valid_values(FIRST_MAX, 6):
        assert len(value) >= 5
        assert sum(type(item) is bool for item in value) == 1


def test_the_same_value_in_a_fresh_process() -> None:
    code = f"from synthworld.schema import generate; print(generate({LATER_MIN!r}, 5))"
    env = {"PYTHONHASHSEED": "91", "PYTHONPATH": ":".join(sys.path)}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == repr(generate(LATER_MIN, 5))
