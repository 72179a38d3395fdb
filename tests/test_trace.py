"""Trace: queries, assertions with readable failures, JSON round trip."""

from __future__ import annotations

import json
import pickle
import re
from pathlib import Path

import pytest

from synthworld import SyntheticWorld, ToolCall, ToolError, Trace, TraceError


@pytest.fixture
def world() -> SyntheticWorld:
    world = SyntheticWorld(seed=1)

    @world.tool
    def search(query: str, limit: int = 5) -> list[str]:
        """Search."""

    @world.tool
    def fetch(doc_id: str) -> dict:
        """Fetch a document."""

    world.script("fetch", error={"code": "not_found", "message": "gone"}, when={"doc_id": "x"})
    search("cats")
    fetch("d1")
    search("dogs", limit=2)
    with pytest.raises(ToolError):
        fetch("x")
    return world


def test_queries(world: SyntheticWorld) -> None:
    trace = world.trace
    assert len(trace) == 4
    assert trace.tools == ["search", "fetch", "search", "fetch"]
    assert [c.index for c in trace.calls("search")] == [0, 2]
    assert [c.index for c in trace.calls("search", limit=2)] == [2]
    assert [c.index for c in trace.calls(query="cats")] == [0]
    assert [c.index for c in trace.errors] == [3]
    assert trace[-1].ok is False
    assert trace[0].ok is True
    assert isinstance(trace[1:], list)


def test_assert_called(world: SyntheticWorld) -> None:
    assert len(world.trace.assert_called("search")) == 2
    world.trace.assert_called("search", times=1, query="dogs")
    with pytest.raises(AssertionError) as info:
        world.trace.assert_called("search", query="birds")
    message = str(info.value)
    assert message.startswith("expected a call to 'search' with query='birds', but there was none.\ntrace:\n")
    assert '  #3 fetch({"doc_id": "x"}) -> ERROR not_found: gone  [script]' in message
    with pytest.raises(AssertionError, match="expected 3 call\\(s\\) to 'search', but there were 2"):
        world.trace.assert_called("search", times=3)


def test_assert_called_once_as_unittest_mock_names_it(world: SyntheticWorld) -> None:
    # a pytest user's trace.assert_called_once("fetch") raised AttributeError
    assert world.trace.assert_called_once("search", query="dogs").index == 2
    with pytest.raises(AssertionError, match="expected 1 call\\(s\\) to 'search', but there were 2"):
        world.trace.assert_called_once("search")


@pytest.mark.parametrize(
    ("tool", "where", "hint"),
    [
        ("search", {"querry": "cats"}, "no call to 'search' has an input 'querry'; did you mean 'query'?"),
        ("fetch", {"zzz": 1}, "no call to 'fetch' has an input 'zzz'; its inputs have ['doc_id']"),
        ("serch", {}, "no call to 'serch' at all; did you mean 'search'?"),
    ],
)
def test_assert_called_says_when_a_name_is_what_missed(
    world: SyntheticWorld, tool: str, where: dict[str, object], hint: str
) -> None:
    with pytest.raises(AssertionError) as info:
        world.trace.assert_called(tool, **where)
    assert str(info.value).splitlines()[0].endswith(f", but there was none ({hint}).")
    with pytest.raises(AssertionError) as plain:  # a real miss with the right names: no hint
        world.trace.assert_called("delete_all")
    assert str(plain.value).splitlines()[0] == "expected a call to 'delete_all', but there was none."


def test_assert_not_called(world: SyntheticWorld) -> None:
    world.trace.assert_not_called("delete")
    world.trace.assert_not_called("search", query="birds")
    with pytest.raises(AssertionError, match="expected no call to 'fetch', but found #1, #3"):
        world.trace.assert_not_called("fetch")


def test_assert_order(world: SyntheticWorld) -> None:
    world.trace.assert_order("search", "fetch", "fetch")
    world.trace.assert_order()
    with pytest.raises(AssertionError, match=r"no 'search' call followed \['fetch', 'fetch'\]"):
        world.trace.assert_order("fetch", "fetch", "search")


def test_json_round_trip(world: SyntheticWorld, tmp_path: Path) -> None:
    path = world.trace.save(tmp_path / "sub" / "trace.json")
    loaded = Trace.load(path)
    assert loaded == world.trace
    document = json.loads(path.read_text())
    assert document["synthworld_trace"] == 1
    assert document["calls"][3]["error"] == {"code": "not_found", "message": "gone"}
    assert list(tmp_path.joinpath("sub").iterdir()) == [path]


def test_saving_to_a_folder_or_under_a_file_says_what_is_wrong(world: SyntheticWorld, tmp_path: Path) -> None:
    """These named a temporary file (``..83a934b1.tmp -> .``) or a bare parent (``File exists``)."""
    with pytest.raises(IsADirectoryError, match="is a folder, not a file: give a file name"):
        world.trace.save(tmp_path)
    (tmp_path / "notes").write_text("mine")
    with pytest.raises(
        NotADirectoryError, match=r"notes' is a file, not a folder; choose a path in a folder"
    ):
        world.trace.save(tmp_path / "notes" / "deeper" / "trace.json")
    assert [p.name for p in tmp_path.iterdir()] == ["notes"]  # no temporary file left
    assert (tmp_path / "notes").read_text() == "mine"


def test_load_rejects_other_documents(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text('{"calls": []}')
    with pytest.raises(ValueError, match="not a synthworld trace"):
        Trace.load(path)
    with pytest.raises(ValueError, match=r"unknown ToolCall field\(s\) \['bogus'\]"):
        ToolCall.from_dict({"index": 0, "tool": "t", "input": {}, "bogus": 1})


def test_pickle_round_trip(world: SyntheticWorld) -> None:
    copy = pickle.loads(pickle.dumps(world.trace))
    assert copy == world.trace
    assert copy is not world.trace


def test_format_of_an_empty_trace() -> None:
    assert Trace().format() == "trace: (no calls)"
    assert repr(Trace()) == "<Trace of 0 call(s)>"


def test_long_values_are_abbreviated() -> None:
    call = ToolCall(0, "t", {"text": "x" * 200}, "y" * 200)
    line = Trace([call]).format(width=20).splitlines()[1]
    assert line == '  #0 t({"text": "xxxxxxxxx…) -> "yyyyyyyyyyyyyyyyyy…  []'


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 100_000, "cannot read it as JSON (RecursionError"),
        ("nan", "cannot read it as JSON (JSONDecodeError"),
        ('{"calls": []}', "not a synthworld trace (expected {'synthworld_trace': 1, ...})"),
        ('{"synthworld_trace": 1, "calls": 5}', "'calls' must be a list of calls, got int"),
        ('{"synthworld_trace": 1, "calls": [5]}', "calls[0]: a call is an object with index, tool and input"),
        (
            '{"synthworld_trace": 1, "calls": [{"index": 0, "tool": "t", "input": {}, "bogus": 1}]}',
            "calls[0]: unknown ToolCall field(s) ['bogus']",
        ),
    ],
)
def test_an_unreadable_trace_is_a_trace_error(text: str, message: str, tmp_path: Path) -> None:
    with pytest.raises(TraceError) as info:
        Trace.from_json(text)
    assert message in str(info.value)
    path = tmp_path / "t.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(TraceError, match=f"^{re.escape(str(path))}: "):
        Trace.load(path)
