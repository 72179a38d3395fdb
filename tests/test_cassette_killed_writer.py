"""A writer killed with SIGKILL between its calls (a CI job's timeout, the OOM killer) leaves its
recordings in the journal beside the cassette, never in the cassette file. The next recording
run merges them when it closes, even when it replays every call from that journal and records
nothing (before, the file was never written: a developer who committed the cassette committed
nothing)."""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import synthworld
from synthworld import FixtureBackend, RandomBackend, SyntheticWorld, ToolSpec
from synthworld.cassette import LeftJournalWarning, load_cassette

REPO = str(Path(synthworld.__file__).resolve().parents[1])
SPEC = ToolSpec(
    "echo",
    "Echo a number.",
    {"type": "object", "properties": {"x": {"type": "integer"}}, "required": ["x"]},
    {"type": "integer"},
)
WRITER = textwrap.dedent(
    """
    import os, signal, sys
    from synthworld import FixtureBackend, RandomBackend, SyntheticWorld, ToolSpec
    spec = ToolSpec("echo", "Echo a number.",
        {"type": "object", "properties": {"x": {"type": "integer"}}, "required": ["x"]}, {"type": "integer"})
    world = SyntheticWorld(backend=FixtureBackend(sys.argv[1], mode="new_episodes", fallback=RandomBackend()))
    world.register_tool(spec)
    print(" ".join(str(world.call("echo", {"x": x})) for x in range(5)), flush=True)
    os.kill(os.getpid(), signal.SIGKILL)
    """
)


def killed_writer(path: Path) -> list[int]:
    """What a real writer process answered before it was killed with SIGKILL."""
    done = subprocess.run(
        [sys.executable, "-c", WRITER, str(path)],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": REPO},
        check=False,
    )
    assert done.returncode == -signal.SIGKILL, done.stderr
    return [int(x) for x in done.stdout.split()]


@pytest.mark.parametrize("mode", ["new_episodes", "once"])
def test_the_next_recording_run_merges_a_killed_writers_journal_even_recording_nothing(
    tmp_path: Path, mode: str
) -> None:
    path = tmp_path / "echo.yaml"
    answered = killed_writer(path)
    assert not path.exists()
    with SyntheticWorld(backend=FixtureBackend(path, mode=mode)) as world:
        world.register_tool(SPEC)
        assert [world.call("echo", {"x": x}) for x in range(5)] == answered  # all replayed
    assert [i.output for i in load_cassette(path).interactions] == answered
    assert not (tmp_path / "echo.yaml.journal").exists()


def test_a_replay_only_run_leaves_the_files_as_they_are(tmp_path: Path) -> None:
    path = tmp_path / "echo.yaml"
    answered = killed_writer(path)
    with pytest.warns(LeftJournalWarning):
        backend = FixtureBackend(path, mode="none")
    with SyntheticWorld(backend=backend) as world:
        world.register_tool(SPEC)
        assert [world.call("echo", {"x": x}) for x in range(5)] == answered
    assert not path.exists()
    assert (tmp_path / "echo.yaml.journal").exists()


def killed_rerecorder(path: Path) -> list[int]:
    """A cassette recorded and closed, then a `new_episodes` run killed after 5 more calls."""
    with SyntheticWorld(backend=FixtureBackend(path, mode="once", fallback=RandomBackend())) as world:
        world.register_tool(SPEC)
        world.call("echo", {"x": 99})
    return killed_writer(path)


def test_a_local_run_in_once_mode_merges_what_a_killed_writer_left_beside_a_cassette(tmp_path: Path) -> None:
    # the cassette existed, so `once` only replayed: the journal stayed beside it run after run
    path = tmp_path / "echo.yaml"
    answered = killed_rerecorder(path)
    with SyntheticWorld(backend=FixtureBackend(path, mode="once")) as world:
        world.register_tool(SPEC)
        assert [world.call("echo", {"x": x}) for x in range(5)] == answered
    assert [i.input["x"] for i in load_cassette(path).interactions] == [99, 0, 1, 2, 3, 4]
    assert not (tmp_path / "echo.yaml.journal").exists()


def test_a_replay_only_run_warns_of_calls_left_in_the_journal_and_says_how_to_merge(tmp_path: Path) -> None:
    path = tmp_path / "echo.yaml"
    killed_rerecorder(path)
    with pytest.warns(LeftJournalWarning) as caught:
        backend = FixtureBackend(path, mode="none")
    message = str(caught[0].message)
    assert f"{path}.journal holds 5 recorded call(s) that are not in {path}" in message
    assert "--synthworld-record-mode once" in message
    assert "then commit the cassette" in message
    assert caught[0].filename == __file__  # the user's line
    backend.close()
    assert (tmp_path / "echo.yaml.journal").exists()  # still writes nothing
