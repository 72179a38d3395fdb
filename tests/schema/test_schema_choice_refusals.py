"""A choice whose every alternative fails names each one's reason, in branch order (stop 49 left
OCSF's ``patch_state`` refused with one branch's reason, which one depending on the draw that
chose the first alternative): the same message on every seed, in a fresh process and after other
schemas compiled. A closed object's count is checked against the names its anchored literal
``patternProperties`` allow (``^x$``: only ``x``), not refused with "no valid value could be built"."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from random import Random
from typing import Any

import jsonschema
import pytest

from synthworld.errors import SchemaError, UnsatisfiableSchemaError
from synthworld.schema import _nodes, compile_generator, generate
from synthworld.schema._api import DEFAULT_NOW

BRANCHES = [
    {"type": "integer", "minimum": 5, "maximum": 1},
    {"type": "string", "minLength": 5, "maxLength": 2},
    {"type": "array", "minItems": 3, "maxItems": 1},
]
REASONS = [
    "(1) no integer lies within the bounds at '/properties/a/anyOf/0'",
    "(2) minLength 5 exceeds maxLength 2 at '/properties/a/anyOf/1'",
    "(3) the array at '/properties/a/anyOf/2' needs 3 items but allows at most 1",
]
SCHEMA = {"type": "object", "required": ["a"], "properties": {"a": {"anyOf": BRANCHES}}}


def _refusal(schema: Any, seed: int = 0) -> UnsatisfiableSchemaError:
    with pytest.raises(UnsatisfiableSchemaError) as info:
        generate(schema, seed)
    return info.value


def test_every_branchs_reason_is_named_in_branch_order() -> None:
    error = _refusal(SCHEMA)
    message = str(error)
    assert message.startswith("no alternative at '/properties/a' can be built, each for its own reason: ")
    places = [message.index(reason) for reason in REASONS]
    assert places == sorted(places)
    assert error.path == "/properties/a"


def _refuse(text: str) -> _nodes.Node:
    raise UnsatisfiableSchemaError(f"{text} cannot hold", path=f"/anyOf/{text[-1]}")


def _met(node: _nodes.Node, seed: int) -> str:
    state = _nodes.State(Random(seed), DEFAULT_NOW, True, "en_US", budget=50)
    with pytest.raises(SchemaError) as info:
        node.gen(state, "")
    return str(info.value)


def test_the_choice_says_the_same_whichever_alternative_the_seed_tries_first() -> None:
    choice = _nodes.ChoiceNode([_nodes.LazyNode(_refuse, f"branch {n}") for n in range(5)])
    seen = {_met(choice, seed) for seed in range(12)}
    assert seen == {
        "no alternative at the root can be built, each for its own reason: (1) branch 0 cannot hold; "
        "(2) branch 1 cannot hold; (3) branch 2 cannot hold; and 2 more"
    }
    alike = _nodes.ChoiceNode([_nodes.LazyNode(_refuse, "same 0"), _nodes.LazyNode(_refuse, "same 0")])
    assert {_met(alike, seed) for seed in range(4)} == {"same 0 cannot hold"}  # said once


def test_the_same_message_after_other_schemas_and_in_a_fresh_process() -> None:
    here = str(_refusal(SCHEMA))
    assert all(reason in here for reason in REASONS)
    for other in ([BRANCHES[2], BRANCHES[0]], BRANCHES[1:], BRANCHES[::-1]):  # its branches met before
        with pytest.raises(UnsatisfiableSchemaError):
            compile_generator({"anyOf": other})
    assert {str(_refusal(SCHEMA, seed)) for seed in range(4)} == {here}
    code = (
        "import json, sys\nfrom synthworld.schema import generate\n"
        f"schema = json.loads({json.dumps(json.dumps(SCHEMA))})\n"
        "try:\n    generate({'anyOf': schema['properties']['a']['anyOf'][::-1]}, 3)\n"
        "except Exception:\n    pass\n"
        "try:\n    generate(schema, 7)\nexcept Exception as err:\n    print(err)\n"
    )
    env = {**os.environ, "PYTHONHASHSEED": "123"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.strip() == here


CLOSED = {"type": "object", "additionalProperties": False}


@pytest.mark.parametrize(
    ("patterns", "least", "names"),
    [
        ({"^x$": {}}, 2, "1 additionalProperties: false at the root allows ('x')"),
        (
            {"^(a|b)$": {}, "^(?:b|c\\.d)$": {}},
            4,
            "3 additionalProperties: false at the root allows ('a', 'b', 'c.d')",
        ),
    ],
)
def test_a_closed_object_counts_the_names_its_literal_patterns_allow(
    patterns: dict[str, Any], least: int, names: str
) -> None:
    message = str(_refusal({**CLOSED, "patternProperties": patterns, "minProperties": least}))
    assert message.startswith(f"minProperties {least} at the root asks for more properties than the {names}")
    assert "patternProperties being anchored literals that match only the names listed" in message


@pytest.mark.parametrize(
    "schema",
    [
        {**CLOSED, "patternProperties": {"^(a|b)$": {}}, "minProperties": 2},
        {**CLOSED, "properties": {"a": {}}, "patternProperties": {"^x$": {}}, "minProperties": 2},
        {**CLOSED, "patternProperties": {"^x": {}}, "minProperties": 2},  # open at its end: no count
    ],
)
def test_neighbours_that_reach_their_count_still_answer(schema: dict[str, Any]) -> None:
    for seed in range(3):
        value = generate(schema, seed)
        jsonschema.validate(value, schema)
        assert len(value) >= 2
