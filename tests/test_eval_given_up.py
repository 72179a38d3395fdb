"""A run an evaluation gives up at its timeout stops at its next tool call, instead of going on
in the background of the process: its world refuses every later call with `RunGivenUp`, a
BaseException an agent's ``except Exception`` does not swallow."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from synthworld import SyntheticWorld
from synthworld.eval import evaluate
from synthworld.world.given_up import RunGivenUp

TOOLS = '''\
import synthworld


@synthworld.tool
def poll(job: str) -> dict[str, str]:
    """Ask whether a job is done."""
'''

RELEASE = threading.Event()  # set at teardown: ends the loop on code that never stops it
STOPPED = threading.Event()
SEEN: list[BaseException] = []


def polls_forever(world: Any, task: str) -> str:
    """Polls until released, retrying on any error, as a patient agent does."""
    try:
        while not RELEASE.is_set():
            with contextlib.suppress(Exception):  # a ToolError: try again
                world.call("poll", {"job": task})
            RELEASE.wait(0.01)
        return "released"
    except BaseException as exc:
        SEEN.append(exc)
        raise
    finally:
        STOPPED.set()


@pytest.fixture
def scenario(tmp_path: Path) -> Iterator[Path]:
    (tmp_path / "tools.py").write_text(TOOLS)
    path = tmp_path / "polling.yaml"
    path.write_text("synthworld_scenario: 1\nname: polling\ntools: tools.py\ntask: J1\nseeds: [0]\n")
    RELEASE.clear()
    STOPPED.clear()
    SEEN.clear()
    yield path
    RELEASE.set()


def test_the_thread_of_a_run_given_up_stops_at_its_next_call(scenario: Path) -> None:
    report = evaluate(scenario, seeds=[0], timeout=0.3, agent=polls_forever, progress=False)
    [run] = report.runs
    assert run.cause == "timeout after 0.3 s"
    assert run.calls >= 1
    assert STOPPED.wait(60)  # ends on its own: nothing released it
    assert not RELEASE.is_set()
    [stop] = SEEN
    assert isinstance(stop, RunGivenUp)
    assert not isinstance(stop, Exception)
    assert str(stop) == "poll: the run was given up after its timeout of 0.3 s"


def test_a_world_given_up_refuses_calls_and_says_why() -> None:
    world = SyntheticWorld(seed=1)

    @world.tool
    def poll(job: str) -> dict[str, str]:
        """Ask whether a job is done."""

    poll("J1")
    world.give_up("the evaluation stopped waiting")
    with pytest.raises(RunGivenUp, match=r"^poll: the evaluation stopped waiting$"):
        poll("J1")
    assert len(world.trace) == 1


def test_reset_makes_a_world_given_up_answer_again_as_a_fresh_one() -> None:
    def build() -> SyntheticWorld:
        world = SyntheticWorld(seed=1)

        @world.tool
        def poll(job: str) -> dict[str, str]:
            """Ask whether a job is done."""

        return world

    world, fresh = build(), build()
    world.call("poll", {"job": "J1"})
    world.give_up("the evaluation stopped waiting")
    world.reset()
    assert world.call("poll", {"job": "J2"}) == fresh.call("poll", {"job": "J2"})
    assert [call.input for call in world.trace] == [{"job": "J2"}]
