"""A branch's test in an answer space is compiled when an answer first needs it, and not at all
for a branch a constant rules out (`answer_tests`): Figma's ``getFileNodes`` compiled 84
validators of its whole recursive ``Node`` (a ``oneOf`` of 30 node types, told apart by
``type``) on the call that folded its first answer. The outcomes listed and reached are the same;
a branch that cannot stand alone is still left out, compiled as the walk meets it."""

from __future__ import annotations

from typing import Any

import pytest

from synthworld.world import answer_tests
from synthworld.world.answer_space import AnswerProbe
from synthworld.world.answer_tests import surely_fails

KINDS = [f"K{i}" for i in range(12)]


def _node(kind: str) -> dict[str, Any]:
    return {
        "allOf": [
            {
                "type": "object",
                "properties": {"type": {"type": "string", "enum": [kind]}},
                "required": ["type"],
            },
            {"$ref": "#/$defs/Traits"},
        ]
    }


NODES: dict[str, Any] = {
    "type": "object",
    "properties": {"document": {"$ref": "#/$defs/Node"}},
    "required": ["document"],
    "$defs": {
        "Node": {"oneOf": [{"$ref": f"#/$defs/{kind}"} for kind in KINDS]},
        "Traits": {
            "type": "object",
            "properties": {
                "name": {"type": "string"},
                "children": {"type": "array", "items": {"$ref": "#/$defs/Node"}},
            },
        },
        **{kind: _node(kind) for kind in KINDS},
    },
}
ANSWER = {"document": {"type": "K3", "name": "page", "children": [{"type": "K7", "children": []}]}}


@pytest.fixture
def compiled(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The schemas the lazy tests compiled (each compiled as usual)."""
    made: list[Any] = []
    compile_validator = answer_tests.compile_validator

    def counting(schema: Any) -> Any:
        made.append(schema)
        return compile_validator(schema)

    monkeypatch.setattr(answer_tests, "compile_validator", counting)
    return made


def test_an_answer_compiles_only_the_branches_it_may_take(compiled: list[Any]) -> None:
    probe = AnswerProbe(NODES)
    listed = [o for o in probe.outcomes if "oneOf" in o]
    assert len(listed) == len(KINDS)  # the document's kinds (a recursive reference is walked once)
    assert compiled == [NODES]  # the walk compiled the root alone, to vouch for its branches
    reached = probe.reached(ANSWER)
    assert [o for o in reached if "oneOf" in o] == ["$.document oneOf[3] (K3)"]
    assert len(compiled) == 2  # the branch taken: the 11 others ruled out by their type
    assert compiled[1]["$ref"] == "#/$defs/K3"


def test_a_branch_that_cannot_stand_alone_is_still_left_out(compiled: list[Any]) -> None:
    """``#/properties/a`` from a definition points nowhere once the definition stands alone: its
    branch is compiled at once, fails, and is not listed (as before)."""
    schema = {
        "type": "object",
        "properties": {"a": {"type": "string"}, "b": {"oneOf": [{"$ref": "#/$defs/A"}, {"type": "integer"}]}},
        "$defs": {"A": {"type": "object", "properties": {"x": {"$ref": "#/properties/a/nowhere"}}}},
    }
    probe = AnswerProbe(schema)
    assert [o for o in probe.outcomes if "oneOf" in o] == ["$.b oneOf[1] (integer)"]


@pytest.mark.parametrize(
    ("schema", "value", "fails"),
    [
        ({"type": "string"}, 1, True),
        ({"type": ["integer", "null"]}, 2.0, False),
        ({"type": "integer"}, True, True),
        ({"enum": ["a", 1]}, "b", True),
        ({"enum": ["a", 1]}, 1.0, False),  # numbers are left to the validator
        ({"const": None}, False, True),
        ({"required": ["x"]}, {"y": 1}, True),
        ({"properties": {"t": {"const": "A"}}}, {"t": "B"}, True),
        ({"properties": {"t": {"const": "A"}}}, {}, False),
        ({"allOf": [{}, {"$ref": "#/$defs/S"}], "$defs": {"S": {"type": "string"}}}, [], True),
        ({"oneOf": [{"type": "string"}]}, 1, False),  # what it does not read, it cannot tell
        (False, None, True),
    ],
)
def test_surely_fails_reads_only_what_a_value_must_meet(schema: Any, value: Any, fails: bool) -> None:
    assert surely_fails(schema, value, schema) is fails
