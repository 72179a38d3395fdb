"""Answer-space coverage of ``patternProperties`` maps (no ``additionalProperties`` map beside
them): per pattern, whether an answer had keys matching it, and what their values held."""

from __future__ import annotations

from typing import Any

from synthworld import FunctionBackend, SyntheticWorld, ToolSpec
from synthworld.world.answer_space import AnswerProbe
from tests.test_eval_html import parse

HEADERS: dict[str, Any] = {
    "type": "object",
    "properties": {"status": {"type": "integer"}},
    "required": ["status"],
    "patternProperties": {"^x-": {"type": "string"}, "^n_": {"enum": [1, 2]}},
}
RESPONSE = {"type": "object", "properties": {"headers": HEADERS}, "required": ["headers"]}


def test_each_pattern_counts_present_absent_and_the_values_under_it() -> None:
    probe = AnswerProbe(RESPONSE)
    assert probe.outcomes == (
        "$.headers./^n_/ = 1",
        "$.headers./^n_/ = 2",
        "$.headers./^n_/ absent",
        "$.headers./^n_/ present",
        "$.headers./^x-/ absent",
        "$.headers./^x-/ present",
    )
    assert sorted(probe.reached({"headers": {"status": 200, "x-id": "a", "other": 3}})) == [
        "$.headers./^n_/ absent",
        "$.headers./^x-/ present",
    ]
    assert sorted(set(probe.reached({"headers": {"status": 200, "n_a": 2, "n_b": 2}}))) == [
        "$.headers./^n_/ = 2",
        "$.headers./^n_/ present",
        "$.headers./^x-/ absent",
    ]


def test_a_named_property_matching_a_pattern_is_not_one_of_its_entries() -> None:
    probe = AnswerProbe({"type": "object", "properties": {"status": {}}, "patternProperties": {"^s": {}}})
    assert probe.outcomes == ("$./^s/ absent", "$./^s/ present", "$.status absent", "$.status present")
    assert sorted(probe.reached({"status": 1})) == ["$./^s/ absent", "$.status present"]
    assert sorted(probe.reached({"size": 1})) == ["$./^s/ present", "$.status absent"]


def test_only_patterns_whose_keys_may_come_and_may_not_are_counted() -> None:
    closed = {"type": "object", "patternProperties": {"^x-": {"enum": [1, 2]}}, "additionalProperties": False}
    assert AnswerProbe(closed).outcomes == ("$./^x-/ = 1", "$./^x-/ = 2", "$./^x-/ absent", "$./^x-/ present")
    assert AnswerProbe({**closed, "minProperties": 1}).outcomes == (
        "$./^x-/ = 1",
        "$./^x-/ = 2",
    )  # one must come
    assert AnswerProbe({**closed, "maxProperties": 0}).outcomes == ()
    assert AnswerProbe({"patternProperties": {"^x-": False, "^y-": {"not": {}}}}).outcomes == ()
    no_room = {"type": "object", "additionalProperties": {"enum": [1, 2]}, "maxProperties": 0}
    assert AnswerProbe(no_room).outcomes == ()  # nor the values of a map that cannot have entries
    two = {**closed, "minProperties": 1, "patternProperties": {"^x-": {}, "^y-": {}}}
    assert AnswerProbe(two).outcomes == (
        "$./^x-/ absent",
        "$./^x-/ present",
        "$./^y-/ absent",
        "$./^y-/ present",
    )


def test_a_world_counts_pattern_keys_and_text_and_html_agree_on_the_total() -> None:
    given = iter([{"headers": {"status": 200}}, {"headers": {"status": 201, "x-trace": "t"}}])
    world = SyntheticWorld(seed=0, backend=FunctionBackend(lambda tool, args: next(given)))
    world.register_tool(ToolSpec("fetch", "Fetch.", {"type": "object", "properties": {}}, RESPONSE))
    world.call("fetch", {})
    world.call("fetch", {})
    coverage = world.coverage()
    assert coverage.answers["fetch $.headers./^x-/ present"] == 1
    assert coverage.answers["fetch $.headers./^n_/ absent"] == 2
    assert coverage.never_answered == [
        "fetch $.headers./^n_/ = 1",
        "fetch $.headers./^n_/ = 2",
        "fetch $.headers./^n_/ present",
    ]
    line = "answer space: 3/6 outcomes reached (50%)"
    assert coverage.format().splitlines()[-1] == line
    assert line in coverage._repr_html_()
    assert len(parse(coverage._repr_html_()).tables["synthworld-coverage-answer"]) == 1 + 6
    assert sum(1 for n in coverage.to_dict()["answers"].values() if n) == 3
