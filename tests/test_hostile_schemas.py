"""Hostile schemas and hostile inputs that got past the door (audit 11).

Before: a ``$ref`` loop with no base case was accepted, then a bad input to it died in
python-jsonschema with a RecursionError; ``generate`` let ``"$id": 5`` out as an AttributeError
and lone surrogates through into its values; an input error quoted a 10 MB value whole (and the
redactor then spent seconds per megabyte on it), listed every one of a thousand problems, and 3,000
repeated objects under ``uniqueItems`` kept python-jsonschema comparing pairs for minutes.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import jsonschema_rs
import pytest

from synthworld import SchemaError, SyntheticWorld, ToolInputError, ToolSpec, generate
from synthworld.schema._validate import MAX_PROBLEM_CHARS, MAX_PROBLEMS

ROOT = Path(__file__).resolve().parent.parent
OBJECT: dict[str, Any] = {"type": "object"}

LOOPS = [
    pytest.param({"$ref": "#"}, id="root-to-itself"),
    pytest.param(
        {"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}, "$ref": "#/$defs/a"},
        id="two-defs",
    ),
    pytest.param(
        {"type": "object", "properties": {"a": {"type": "integer"}}, "allOf": [{"$ref": "#"}]},
        id="allOf-root",
    ),
    pytest.param(
        {
            "$defs": {"a~b/c": {"not": {"type": "null"}, "allOf": [{"$ref": "#/$defs/a~0b~1c"}]}},
            "$ref": "#/$defs/a~0b~1c",
        },
        id="escaped-def",
    ),
]
"""``$ref`` loops with no base case. Real documents hold them (SchemaStore's cloudify.json: a
definition whose ``allOf`` names itself), and jsonschema-rs checks them (a loop adds nothing), so
they are taken; only python-jsonschema, which explains a bad input, recursed without end on them."""


def registered(parameters: Any, returns: Any = OBJECT) -> SyntheticWorld:
    world = SyntheticWorld(seed=1)
    world.register_tool(ToolSpec("t", "d", parameters, returns))
    return world


class TestRefLoops:
    @pytest.mark.parametrize("schema", LOOPS)
    def test_a_loop_is_taken_and_its_values_are_valid(self, schema: Any) -> None:
        validator = jsonschema_rs.validator_for(schema)
        for seed in range(5):
            validator.validate(generate(schema, seed=seed))

    def test_a_bad_input_to_a_tool_with_a_loop_is_explained_not_a_recursion_error(self) -> None:
        """Before, ``world.call`` with ``a: "s"`` died in python-jsonschema with a RecursionError."""
        params = {
            "type": "object",
            "$defs": {"x": {"allOf": [{"$ref": "#/$defs/x"}], "type": "integer"}},
            "properties": {"a": {"$ref": "#/$defs/x"}},
        }
        world = registered(params)
        with pytest.raises(ToolInputError, match=r'\$\.a: "s" is not of type "integer"'):
            world.call("t", {"a": "s"})
        assert world.call("t", {"a": 3}) is not None

    @pytest.mark.parametrize(
        "schema",
        [
            {"type": "object", "properties": {"next": {"$ref": "#"}}},
            {"type": "array", "items": {"$ref": "#"}},
            {
                "anyOf": [{"type": "null"}, {"$ref": "#/$defs/N"}],
                "$defs": {"N": {"properties": {"n": {"$ref": "#"}}}},
            },
        ],
        ids=["property", "items", "through-a-def"],
    )
    def test_recursion_through_a_property_or_an_item_still_generates(self, schema: Any) -> None:
        jsonschema.validate(generate(schema, seed=3), schema)


class TestGenerateRefusals:
    def test_an_id_that_is_not_a_string(self) -> None:
        with pytest.raises(SchemaError, match=r"invalid schema at '/\$id': 5 is not of type 'string'"):
            generate({"$id": 5, "type": "string"})

    @pytest.mark.parametrize(
        ("schema", "problem"),
        [
            ({"enum": ["a\udc00"]}, "$.enum[0]: contains a lone surrogate '\\udc00'"),
            ({"type": "string", "pattern": "\ud800"}, "$.pattern: contains a lone surrogate '\\ud800'"),
        ],
    )
    def test_a_lone_surrogate_is_refused_as_at_registration(self, schema: Any, problem: str) -> None:
        with pytest.raises(SchemaError) as info:
            generate(schema)
        assert str(info.value).startswith(f"schema is not JSON data: {problem}, which is not UTF-8 text")

    @pytest.mark.parametrize(
        ("schema", "said"),
        [
            ({"type": "string", "minLength": 1e308}, "minLength about 1e+308 at the root is more than"),
            ({"type": "array", "minItems": 1e308}, "must hold about 1e+308 items, more than the 100,000"),
            ({"type": "object", "minProperties": 10**20}, "must hold about 1e+20 properties, more than"),
            ({"type": "string", "minLength": 20_000_000}, "minLength 20,000,000 at the root is more than"),
        ],
    )
    def test_a_huge_size_is_named_readably(self, schema: Any, said: str) -> None:
        """Before, ``1e308`` was written out in its 309 digits, with commas."""
        with pytest.raises(SchemaError, match=re.escape(said)):
            generate(schema)


class TestLargeInputs:
    def test_a_10_mb_value_is_quoted_cut_in_the_middle(self) -> None:
        world = registered({"type": "object", "properties": {"s": {"type": "string", "maxLength": 10}}})
        with pytest.raises(ToolInputError) as info:
            world.call("t", {"s": "x" * 10_000_000})
        [problem] = info.value.problems
        assert len(problem) < MAX_PROBLEM_CHARS + 60
        assert problem.startswith('$.s: "xxxx')
        assert "characters left out)…" in problem
        assert problem.endswith('xxx" is longer than 10 characters')
        assert len(str(info.value)) < 1000

    def test_a_thousand_problems_are_cut_to_the_first_ones(self) -> None:
        params = {"type": "object", "properties": {"l": {"type": "array", "items": {"type": "string"}}}}
        with pytest.raises(ToolInputError) as info:
            registered(params).call("t", {"l": list(range(1000))})
        problems = info.value.problems
        assert len(problems) == MAX_PROBLEMS + 1
        assert problems[0] == "$.l[0]: 0 is not of type 'string'"
        assert (
            problems[-1] == f"(more problems past the first {MAX_PROBLEMS} are not listed; fix these first)"
        )

    def test_a_thousand_unexpected_parameters_are_cut_too(self) -> None:
        params = {"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": False}
        with pytest.raises(ToolInputError) as info:
            registered(params).call("t", {f"k{i}": i for i in range(1000)})
        assert len(info.value.problems) == MAX_PROBLEMS + 1
        assert info.value.problems[0] == "unexpected parameter 'k0' (valid parameters: a)"


REPEATED = """
import json
from synthworld import SyntheticWorld, ToolInputError, ToolSpec
params = {"type": "object", "properties": {"a": {"type": "array", "uniqueItems": True}}}
world = SyntheticWorld(seed=1)
world.register_tool(ToolSpec("t", "d", params, {"type": "object"}))
items = [{"k": [i, {"z": i}]} for i in range(5000)]
try:
    world.call("t", {"a": items + [items[0]]})
except ToolInputError as err:
    print(json.dumps(err.problems))
"""


def test_5000_objects_with_one_repeated_are_refused_without_comparing_every_pair() -> None:
    """python-jsonschema compares unhashable items pair by pair: 3,000 objects took 80 s. A fresh
    process, so a hang ends at the guard."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", REPEATED], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    [problem] = json.loads(done.stdout)
    assert problem.startswith('$.a: [{"k":[0,{"z":0}]},')
    assert problem.endswith("has non-unique elements")


WIDE = """
from synthworld import generate
schema = {"anyOf": [{"const": i} for i in range(30_000)]}
print(generate(schema, seed=1), generate(schema, seed=2))
"""


def test_an_any_of_with_30000_branches_compiles_in_one_pass() -> None:
    """Each branch looked at every other one (a oneOf's negations, but for anyOf too): 5,000
    branches took 6 s, 30,000 minutes. A fresh process, so a hang ends at the guard."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", WIDE], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    first, second = map(int, done.stdout.split())
    assert 0 <= first < 30_000
    assert 0 <= second < 30_000
