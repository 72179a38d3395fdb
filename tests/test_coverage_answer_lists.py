"""Answer-space coverage of lists: empty and not empty are two outcomes (an agent that never saw
an empty result is a classic blind spot), counted only when the schema allows both."""

from __future__ import annotations

from typing import Annotated, Any

import pytest
from annotated_types import MinLen
from typing_extensions import NotRequired, TypedDict

from synthworld import FunctionBackend, SyntheticWorld
from synthworld.world.answer_space import AnswerProbe
from tests._plugin_support import isolate
from tests.test_eval_html import parse

pytest_plugins = ["pytester"]


class Page(TypedDict):
    items: list[str]
    top: Annotated[list[int], MinLen(1)]  # never empty: no pair
    tags: NotRequired[list[str]]


PAGES: dict[str, Any] = {
    "a": {"items": [], "top": [1]},
    "b": {"items": ["x"], "top": [1, 2], "tags": []},
    "c": {"items": ["y", "z"], "top": [3]},
}


def page_world(*, seed: int = 0, random: bool = False) -> SyntheticWorld:
    backend = None if random else FunctionBackend(lambda tool, args: PAGES[args["cursor"]])
    world = SyntheticWorld(seed=seed, backend=backend)

    @world.tool
    def list_page(cursor: str) -> Page:
        """A page of results."""

    return world


def test_empty_and_non_empty_lists_are_two_outcomes_each() -> None:
    world = page_world()
    for cursor in ("a", "b", "c"):
        world.call("list_page", {"cursor": cursor})
    assert world.coverage().answers == {
        "list_page $.items != []": 2,
        "list_page $.items = []": 1,
        "list_page $.tags != []": 0,
        "list_page $.tags = []": 1,
        "list_page $.tags absent": 2,
        "list_page $.tags present": 1,
    }
    assert world.coverage().never_answered == ["list_page $.tags != []"]


def test_text_json_and_html_share_one_total() -> None:
    world = page_world()
    world.call("list_page", {"cursor": "a"})
    coverage = world.coverage()
    line = "answer space: 2/6 outcomes reached (33%)"  # items = [] and tags absent
    assert coverage.format().splitlines()[-1] == line
    assert "list_page $.items = []          1" in coverage.format().splitlines()
    assert line in coverage._repr_html_()
    table = parse(coverage._repr_html_()).tables["synthworld-coverage-answer"]
    assert ["list_page $.items != []", "0", "never answered"] in table
    answers = coverage.to_dict()["answers"]
    assert (len(table) - 1, sum(1 for n in answers.values() if n)) == (len(answers), 2) == (6, 2)


def test_a_seeded_world_gives_empty_lists_and_the_same_seed_the_same_counts() -> None:
    def answers(seed: int) -> dict[str, int]:
        world = page_world(seed=seed, random=True)
        for i in range(30):
            world.call("list_page", {"cursor": f"c{i}"})
        return dict(world.coverage().answers)

    first = answers(2)
    assert first == answers(2)
    assert first["list_page $.items = []"] > 0
    assert first["list_page $.items = []"] + first["list_page $.items != []"] == 30


BOUNDED: dict[str, Any] = {
    "plain": {"type": "array"},
    "least_one": {"type": "array", "minItems": 1},
    "no_room": {"type": "array", "maxItems": 0},
    "containing": {"type": "array", "contains": {"type": "string"}},  # holds one item at least
    "contains_none": {"type": "array", "contains": {}, "minContains": 0},
    "no_items": {"type": "array", "items": False},
    "pair": {"type": "array", "prefixItems": [{}, {}], "items": False},
    "bounded_in_all_of": {"type": "array", "allOf": [{"minItems": 2}]},
    "nullable": {"type": ["array", "null"]},
    "listed": {"type": "array", "enum": [[], ["a"]]},  # the enum already tells them apart
    "bounded_above_branches": {"minItems": 1, "anyOf": [{"type": "array"}, {"type": "null"}]},
}


def test_a_list_that_can_only_be_empty_or_only_not_lists_no_pair() -> None:
    probe = AnswerProbe({"type": "object", "properties": BOUNDED, "required": list(BOUNDED)})
    assert probe.outcomes == (
        "$.bounded_above_branches anyOf[0] (array)",
        "$.bounded_above_branches anyOf[1] (null)",
        "$.contains_none != []",
        "$.contains_none = []",
        '$.listed = ["a"]',
        "$.listed = []",
        "$.nullable != []",
        "$.nullable != null",
        "$.nullable = []",
        "$.nullable = null",
        "$.pair != []",
        "$.pair = []",
        "$.plain != []",
        "$.plain = []",
    )
    draft7 = {"$schema": "http://json-schema.org/draft-07/schema#", "type": "array", "items": [{}]}
    assert AnswerProbe({**draft7, "additionalItems": False}).outcomes == ("$ != []", "$ = []")


def test_an_empty_list_and_a_list_of_items_reach_their_outcomes() -> None:
    probe = AnswerProbe({"type": ["array", "null"], "items": {"type": "boolean"}})
    assert sorted(probe.reached([])) == ["$ != null", "$ = []"]
    assert sorted(probe.reached([True])) == ["$ != []", "$ != null", "$[*] = true"]
    assert sorted(probe.reached(None)) == ["$ = null"]


SESSION = """
import pytest
from synthworld import FunctionBackend, SyntheticWorld

RESULTS = {{"none": [], "one": ["a"], "two": ["a", "b"]}}


@pytest.mark.parametrize("query", {queries!r})
def test_search(query):
    world = SyntheticWorld(seed=0, backend=FunctionBackend(lambda tool, args: RESULTS[args["query"]]))

    @world.tool
    def search(query: str) -> list[str]:
        \"\"\"Search.\"\"\"

    search(query)
"""


def test_workers_send_list_outcomes_to_the_controller(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    pyt = isolate(pytester, monkeypatch)
    pyt.makepyfile(SESSION.format(queries=["one", "two", "one", "two"]))
    result = pyt.runpytest_subprocess(
        "-p", "synthworld.pytest_plugin", "-p", "xdist", "-n", "2", "--synthworld-coverage"
    )
    result.assert_outcomes(passed=4)
    result.stdout.fnmatch_lines(
        [
            "search $ != []        4",
            "search $ = []         0  <- never answered",
            "answer space: 1/2 outcomes reached (50%)",
        ]
    )
