"""Matchers: the built-ins, functions, per-tool tables, and O(1) lookups for keyed matchers."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from synthworld import FixtureMissError, SyntheticWorld, ToolSpec, matchers
from synthworld.backends.fixtures import FixtureBackend
from synthworld.cassette import Cassette, Interaction, save_cassette

SEARCH = ToolSpec(
    "search",
    "Search.",
    {
        "type": "object",
        "properties": {"q": {"type": "string"}, "page": {"type": "integer"}, "meta": {"type": "object"}},
    },
    {"type": "string"},
)
PING = ToolSpec(
    "ping", "Ping.", {"type": "object", "properties": {"n": {"type": "integer"}}}, {"type": "string"}
)


def replay(tmp_path: Path, items: list[Interaction], match: Any) -> SyntheticWorld:
    path = tmp_path / "c.yaml"
    save_cassette(path, Cassette(tuple(items)))
    world = SyntheticWorld(backend=FixtureBackend(path, mode="none", match=match))
    world.register_tool(SEARCH)
    world.register_tool(PING)
    return world


@pytest.mark.parametrize(
    ("matcher", "live", "recorded", "expected"),
    [
        (matchers.exact(), {"a": 1, "b": [1, 2]}, {"b": [1, 2], "a": 1}, True),
        (matchers.exact(), {"a": 1}, {"a": 1.5}, False),
        (matchers.ignore("id"), {"q": "x", "id": 1}, {"q": "x", "id": 2}, True),
        (matchers.ignore("id"), {"q": "x", "id": 1}, {"q": "y", "id": 1}, False),
        (matchers.ignore("meta.ts"), {"meta": {"ts": 1, "v": 2}}, {"meta": {"ts": 9, "v": 2}}, True),
        (matchers.ignore("meta.ts"), {"meta": {"ts": 1, "v": 2}}, {"meta": {"ts": 1, "v": 3}}, False),
        (matchers.subset(), {"q": "x", "page": 2}, {"q": "x"}, True),
        (matchers.subset(), {"q": "x"}, {"q": "x", "page": 2}, False),
        (matchers.subset(), {"meta": {"a": 1, "b": 2}}, {"meta": {"a": 1}}, True),
        (matchers.subset(), {"meta": {"a": 1}}, {"meta": {"a": 2}}, False),
        (matchers.any_input(), {"q": "x"}, {"anything": [1]}, True),
        (matchers.exact(), {"a": 10.0, "b": [1e16]}, {"a": 10, "b": [10**16]}, True),  # one JSON number
        (matchers.exact(), {"a": True}, {"a": 1}, False),  # true is no number
        (matchers.exact(), {"a": "10.0"}, {"a": "10"}, False),  # nor is a string
        (matchers.ignore("id"), {"q": 2.0, "id": 1}, {"q": 2, "id": 2}, True),
        (matchers.subset(), {"q": "x", "page": 2.0}, {"page": 2}, True),
    ],
)
def test_builtin_matchers(
    matcher: matchers.Matcher, live: dict[str, Any], recorded: dict[str, Any], expected: bool
) -> None:
    assert matcher(live, recorded) is expected
    key = getattr(matcher, "key", None)
    if key is not None:  # the O(1) key agrees with the predicate
        assert (key(live) == key(recorded)) is expected


def test_ignore_replays_despite_the_ignored_field(tmp_path: Path) -> None:
    world = replay(
        tmp_path, [Interaction("search", {"q": "cats", "page": 1}, "meow")], matchers.ignore("page")
    )
    assert world.call("search", {"q": "cats", "page": 7}) == "meow"
    with pytest.raises(FixtureMissError, match='q: recorded "cats", called with "dogs"'):
        world.call("search", {"q": "dogs", "page": 1})


def test_a_whole_float_replays_the_integer_recorded(tmp_path: Path) -> None:
    world = replay(tmp_path, [Interaction("search", {"q": "cats", "page": 2}, "meow")], None)
    assert world.call("search", {"q": "cats", "page": 2.0}) == "meow"  # an agent may send either
    with pytest.raises(FixtureMissError, match="page: recorded 2, called with 3"):
        world.call("search", {"q": "cats", "page": 3.0})


def test_subset_lets_a_hand_written_recording_name_only_what_matters(tmp_path: Path) -> None:
    items = [Interaction("search", {"q": "cats"}, "first"), Interaction("search", {"q": "cats"}, "second")]
    world = replay(tmp_path, items, matchers.subset())
    assert world.call("search", {"q": "cats", "page": 3}) == "first"
    assert world.call("search", {"q": "cats", "page": 4}) == "second"
    with pytest.raises(FixtureMissError, match="already played"):
        world.call("search", {"q": "cats"})


def test_any_input_answers_a_tools_calls_in_recorded_order(tmp_path: Path) -> None:
    items = [Interaction("search", {"q": "a"}, "one"), Interaction("search", {"q": "b"}, "two")]
    world = replay(tmp_path, items, matchers.any_input())
    assert [world.call("search", {"q": "z"}), world.call("search", {})] == ["one", "two"]


def test_a_plain_function_is_a_matcher(tmp_path: Path) -> None:
    def same_query_case_insensitive(live: Mapping[str, Any], recorded: Mapping[str, Any]) -> bool:
        return str(live.get("q", "")).lower() == str(recorded.get("q", "")).lower()

    world = replay(tmp_path, [Interaction("search", {"q": "Cats"}, "meow")], same_query_case_insensitive)
    assert world.call("search", {"q": "CATS"}) == "meow"


def test_a_dict_picks_a_matcher_per_tool_and_others_match_exactly(tmp_path: Path) -> None:
    items = [Interaction("search", {"q": "a"}, "s"), Interaction("ping", {"n": 1}, "p")]
    world = replay(tmp_path, items, {"search": matchers.any_input()})
    assert world.call("search", {"q": "other"}) == "s"
    with pytest.raises(FixtureMissError):
        world.call("ping", {"n": 2})
    assert world.call("ping", {"n": 1}) == "p"


def test_the_tool_name_must_always_match(tmp_path: Path) -> None:
    world = replay(tmp_path, [Interaction("ping", {}, "p")], matchers.any_input())
    with pytest.raises(FixtureMissError, match="Nothing was recorded for tool 'search'"):
        world.call("search", {})


class KeyOnly:
    """A keyed matcher whose predicate must never run: lookups go through the key index."""

    def __init__(self) -> None:
        self.keys = 0

    def key(self, input: Mapping[str, Any], /) -> str:
        self.keys += 1
        return str(input.get("q"))

    def __call__(self, live: Mapping[str, Any], recorded: Mapping[str, Any], /) -> bool:
        raise AssertionError("a keyed lookup scanned the recorded interactions")


def test_keyed_lookups_do_not_scan_the_cassette(tmp_path: Path) -> None:
    items = [Interaction("search", {"q": f"q{i}"}, f"v{i}") for i in range(500)]
    matcher = KeyOnly()
    world = replay(tmp_path, items, matcher)
    assert world.call("search", {"q": "q1"}) == "v1"
    built = matcher.keys  # 500 recorded keys, indexed once, plus the call's own
    assert built == 501
    assert [world.call("search", {"q": f"q{i}"}) for i in (7, 250, 499)] == ["v7", "v250", "v499"]
    assert matcher.keys == built + 3


@pytest.mark.parametrize("bad", [42, "exact"])
def test_a_bad_match_argument_says_what_to_pass(tmp_path: Path, bad: Any) -> None:
    with pytest.raises(
        TypeError, match=r"is not a matcher: pass a function \(live_input, recorded_input\) -> bool"
    ):
        FixtureBackend(tmp_path / "c.yaml", match=bad)


def test_ignore_needs_field_names() -> None:
    with pytest.raises(ValueError, match="name one or more input fields"):
        matchers.ignore()
