"""``mode="all"`` re-records a cassette: what it held before is dropped, including the journal
lines a run killed before it left unmerged; what concurrent re-recorders write is all kept."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from synthworld import FixtureBackend, SyntheticWorld, ToolSpec
from synthworld.cassette import load_cassette

SPEC = ToolSpec(
    "get_n",
    "Get n.",
    {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]},
    {"type": "object", "properties": {"v": {"type": "integer"}}, "required": ["v"]},
)

KILLED = """\
import os
from synthworld import FixtureBackend, SyntheticWorld, ToolSpec
spec = ToolSpec.from_dict({spec!r})
world = SyntheticWorld(backend=FixtureBackend({path!r}, mode="new_episodes", fallback=lambda ctx: {{"v": 3}}))
world.register_tool(spec)
world.call("get_n", {{"n": 3}})
os._exit(0)  # killed: no close, no exit hooks; the journal keeps the line
"""


def record(path: Path, mode: str, *ns: int, close: bool = True) -> SyntheticWorld:
    backend = FixtureBackend(path, mode=mode, fallback=lambda ctx: {"v": ctx.input["n"] * 10})
    world = SyntheticWorld(backend=backend)
    world.register_tool(SPEC)
    for n in ns:
        world.call("get_n", {"n": n})
    if close:
        world.close()
    return world


def inputs(path: Path) -> list[int]:
    return [item.input["n"] for item in load_cassette(path).interactions]


def test_a_rerecord_drops_what_a_killed_run_left_in_the_journal(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    record(path, "once", 1, 2)
    script = KILLED.format(spec=SPEC.to_dict(), path=str(path))
    subprocess.run([sys.executable, "-c", textwrap.dedent(script)], check=True, cwd=Path.cwd())
    assert path.with_name("c.yaml.journal").exists()
    assert inputs(path) == [1, 2, 3]  # the killed run's line is read, as promised
    record(path, "all", 1)
    assert inputs(path) == [1]
    assert not path.with_name("c.yaml.journal").exists()


def test_concurrent_rerecorders_keep_each_others_lines(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    record(path, "once", 1, 2)
    script = KILLED.format(spec=SPEC.to_dict(), path=str(path))
    subprocess.run([sys.executable, "-c", textwrap.dedent(script)], check=True, cwd=Path.cwd())
    first = record(path, "all", 5, close=False)
    second = record(path, "all", 6, close=False)  # opened after the first wrote its line
    second.close()
    first.close()
    assert inputs(path) == [5, 6]
