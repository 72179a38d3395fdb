"""`McpBackend` reading a real server's unstructured answers: every content block counts, so a
list the server sent one block per item comes back as that list (not its items' text run
together), and is recorded and replayed as such."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from synthworld import FixtureBackend, McpBackend, SyntheticWorld
from tests._mcp_support import BLOCKS, UNWRAPPED

VALUES: list[tuple[Any, Any]] = [
    ([1, 2], [1, 2]),
    (["a", "b"], ["a", "b"]),
    ([{"k": 1}, "x y"], [{"k": 1}, "x y"]),
    ({"k": [1]}, {"k": [1]}),
    ("two words", "two words"),
    ([], None),  # no block at all
]


def test_several_blocks_are_a_list_recorded_and_replayed(tmp_path: Path) -> None:
    cassette = tmp_path / "blocks.yaml"
    recording = FixtureBackend(cassette, fallback=McpBackend(BLOCKS, timeout=60))
    with SyntheticWorld.from_mcp(BLOCKS, backend=recording, timeout=60) as world:
        assert world.tools["echo"].returns == {}
        answers = [world.call("echo", {"value": value}) for value, _ in VALUES]
    assert answers == [expected for _, expected in VALUES]
    with SyntheticWorld(backend=FixtureBackend(cassette, mode="none")) as offline:
        offline.register_tool(world.tools["echo"])
        assert [offline.call("echo", {"value": value}) for value, _ in VALUES] == answers


def test_a_real_object_whose_one_key_is_result_is_not_unwrapped() -> None:
    """A server whose output schema (no wrapper) admits objects and strings answers the object
    ``{"result": 5}``: that is the answer (5 alone would break the schema), where a wrapped answer
    of a non-object schema is unwrapped (the other tests of this file, and test_mcp_e2e)."""
    with SyntheticWorld.from_mcp(UNWRAPPED, backend=McpBackend(UNWRAPPED, timeout=60), timeout=60) as world:
        assert world.call("lookup", {"key": 5}) == {"result": 5}
        assert world.trace[0].error is None
