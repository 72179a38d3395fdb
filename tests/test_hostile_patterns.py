"""Patterns with catastrophic backtracking (``^(a+)+$``) meet hostile text.

jsonschema-rs decides such a text in microseconds, but python-jsonschema (which words the
messages) and the generator's checks ran Python's ``re`` on it, which backtracks for hours on
sixty ``a``s and a ``!``. Each case runs in a fresh process, so a hang ends the test (at the
guard's limit) instead of the suite; nothing here measures speed.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

HOSTILE = "a" * 60 + "!"

CALL = """
import json, sys
from synthworld import SyntheticWorld, ToolInputError, ToolSpec
params, returns, arguments = json.loads(sys.argv[1])
world = SyntheticWorld(seed=1)
world.register_tool(ToolSpec(name="t", description="d", parameters=params, returns=returns))
try:
    print(json.dumps({"answer": world.call("t", arguments)}))
except ToolInputError as err:
    print(json.dumps({"problems": err.problems}))
"""


def run(params: object, returns: object, arguments: object) -> dict[str, object]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    argument = json.dumps([params, returns, arguments])
    done = subprocess.run(
        [sys.executable, "-c", CALL, argument], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout)
    return result


OBJECT = {"type": "object"}


@pytest.mark.parametrize(
    ("params", "arguments", "problem"),
    [
        (
            {"type": "object", "properties": {"x": {"type": "string", "pattern": "^(a+)+$"}}},
            {"x": HOSTILE},
            f"$.x: {HOSTILE!r} does not match '^(a+)+$'",
        ),
        (
            {"type": "object", "properties": {"x": {"type": "string", "pattern": "^(a|aa)+$"}}},
            {"x": HOSTILE},
            f"$.x: {HOSTILE!r} does not match '^(a|aa)+$'",
        ),
        (
            {"type": "object", "patternProperties": {"^(a+)+$": OBJECT}, "additionalProperties": False},
            {HOSTILE: {}},
            f"$: {HOSTILE!r} does not match any of the regexes: '^(a+)+$'",
        ),
        (
            {
                "type": "object",
                "properties": {"n": {"type": "integer"}},
                "patternProperties": {"^(a+)+$": {"type": "integer"}},
            },
            {HOSTILE: "not checked", "n": "x"},
            "$.n: 'x' is not of type 'integer'",
        ),
    ],
)
def test_an_agents_text_against_a_backtracking_pattern_is_refused_with_the_usual_words(
    params: object, arguments: object, problem: str
) -> None:
    assert run(params, OBJECT, arguments) == {"problems": [problem]}


def test_a_text_a_pattern_takes_still_passes() -> None:
    params = {"type": "object", "patternProperties": {"^(a+)+$": {"type": "integer"}}}
    assert run(params, OBJECT, {"aaa": 1}) == {"answer": {}}
    assert run(params, OBJECT, {"aaa": "x"}) == {"problems": ["$.aaa: 'x' is not of type 'integer'"]}


def test_an_example_the_pattern_rejects_is_passed_over_not_backtracked() -> None:
    field = {"type": "string", "pattern": "^([a-z]+)+$", "examples": [HOSTILE, "kiwi"]}
    returns = {"type": "object", "properties": {"x": field}, "required": ["x"]}
    answer = run(OBJECT, returns, {})["answer"]
    assert isinstance(answer, dict)
    assert answer["x"] != HOSTILE
    assert re.fullmatch("[a-z]+", answer["x"])


def test_a_pattern_longer_than_any_string_built_is_refused_at_registration() -> None:
    """Before, ``a{100000000}`` was built a character at a time (minutes, then a 100 MB answer)."""
    script = (
        "from synthworld import SynthworldError, SyntheticWorld, ToolSpec\n"
        "field = {'type': 'string', 'pattern': '^a{100000000}$'}\n"
        "returns = {'type': 'object', 'properties': {'x': field}, 'required': ['x']}\n"
        "try:\n"
        "    SyntheticWorld(seed=1).register_tool(ToolSpec('t', 'd', {'type': 'object'}, returns))\n"
        "except SynthworldError as err:\n"
        "    print(err)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-c", script]
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout == (
        "invalid ToolSpec 't': returns $.properties.x.pattern: matches only strings of 100,000,000 "
        "characters or more, more than the 10,000 synthworld reads in a pattern (the validator's "
        "check of such a string grows with the square of its length); fix: lower its repeat counts\n"
    )
