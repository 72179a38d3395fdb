"""An ``async def`` tool (or backend) that never answers: Ctrl-C stops a script at once and
keeps its cassette whole, and an evaluation's timeout gives its run up, cancelling the tool.

The world awaited such a tool with ``asyncio.run`` in the calling thread (or a thread pool),
and ``acall`` in the loop's default executor, whose threads the interpreter joins at exit: Ctrl-C
then waited for the tool (forever), and a run given up left a thread that held up the exit.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from synthworld import SyntheticWorld, ToolSpec, evaluate
from synthworld.cassette.store import load_cassette

ROOT = Path(__file__).resolve().parents[1]
GUARD = 60.0
"""Seconds after which a wait that never ends fails its test (a hang, not a slow machine)."""

SCRIPT = """
import asyncio
import pathlib
import signal
import sys

from synthworld import FixtureBackend, SyntheticWorld, ToolSpec

signal.signal(signal.SIGINT, signal.default_int_handler)  # Ctrl-C, even when started in the background


async def answer(ctx):  # an async backend, recorded into the cassette; "nowhere" never answers
    if ctx.input["city"] == "nowhere":
        pathlib.Path("hangs").touch()
        await asyncio.Event().wait()
    return {"city": ctx.input["city"]}


async def lookup(city: str) -> dict:
    '''Look a city up.'''


async def awaits(world):  # an async agent: world.acall
    await world.acall("lookup", {"city": "Oslo"})
    await world.acall("lookup", {"city": "nowhere"})


async def calls(world):  # a sync world.call inside async code: the loop waits for the tool
    world.call("lookup", {"city": "Oslo"})
    world.call("lookup", {"city": "nowhere"})


backend = FixtureBackend("c.yaml", mode="once", fallback=answer)
with SyntheticWorld(seed=1, backend=backend) as world:
    world.register_tool(ToolSpec.from_function(lookup))
    asyncio.run({"awaits": awaits, "calls": calls}[sys.argv[1]](world))
"""


@pytest.mark.parametrize("agent", ["awaits", "calls"])
def test_ctrl_c_stops_a_script_whose_async_tool_hangs_and_keeps_the_cassette(
    tmp_path: Path, agent: str
) -> None:
    returncode, _, err = _interrupted_once_it_hangs(tmp_path, SCRIPT, agent)
    assert returncode == -signal.SIGINT  # what an uncaught KeyboardInterrupt exits with
    assert err.endswith("\nKeyboardInterrupt\n")
    assert "Task was destroyed" not in err
    assert "never retrieved" not in err
    [recorded] = load_cassette(tmp_path / "c.yaml").interactions  # the call answered before Ctrl-C
    assert (recorded.tool, recorded.input, recorded.output) == ("lookup", {"city": "Oslo"}, {"city": "Oslo"})


EVALUATION = """
import signal
import sys

from pathlib import Path

from synthworld import EvalInterrupted, evaluate
from tests import test_async_tool_hangs as hanging

signal.signal(signal.SIGINT, signal.default_int_handler)
Path("hangs.yaml").write_text(sys.argv[1], encoding="utf-8")
hanging.HANG_MARK = Path("hangs")
try:
    evaluate("hangs.yaml", agent=hanging.calls_lookup, seeds=3, progress=False, timeout=600)
except EvalInterrupted as stop:
    print([(r.seed, r.passed) for r in stop.report.runs], hanging.ENDED.wait(60), hanging.CANCELLED)
"""


def test_ctrl_c_while_a_run_with_a_timeout_awaits_a_hanging_tool_cancels_the_tool(tmp_path: Path) -> None:
    """The interrupt stopped the evaluation, but the run's thread went on waiting for the tool."""
    returncode, out, err = _interrupted_once_it_hangs(tmp_path, EVALUATION, SCENARIO)
    assert (returncode, out, err) == (0, "[(0, True)] True ['nowhere']\n", "")


def _interrupted_once_it_hangs(tmp_path: Path, script: str, *argv: str) -> tuple[int, str, str]:
    """Run `script` with `argv` in a subprocess, send it Ctrl-C once the file ``hangs`` exists,
    and return its exit code, stdout and stderr."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    process = subprocess.Popen(
        [sys.executable, "-c", script, *argv],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        while not (tmp_path / "hangs").exists():
            assert process.poll() is None, process.communicate()
            threading.Event().wait(0.05)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=GUARD)  # before: it never ended
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    return process.returncode, out, err


SCENARIO = """synthworld_scenario: 1
name: hangs
tools: synthworld.examples.shop
expect:
  output: {equals: ok}
"""

CANCELLED: list[str] = []  # the cities whose hanging lookup was cancelled
ENDED = threading.Event()
HANG_MARK: Path | None = None  # a file made when the lookup starts to hang


async def lookup(city: str) -> dict[str, str]:
    """Look a city up; "nowhere" never answers."""
    if city == "nowhere":
        if HANG_MARK is not None:
            HANG_MARK.touch()
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            CANCELLED.append(city)
            raise
        finally:
            ENDED.set()
    return {"city": city}


def _with_lookup(world: SyntheticWorld) -> SyntheticWorld:
    world.register_tool(ToolSpec.from_function(lookup), handler=lookup)
    return world


def calls_lookup(world: SyntheticWorld, task: Any) -> str:
    _with_lookup(world).call("lookup", {"city": "nowhere" if world.seed == 1 else "Oslo"})
    return "ok"


async def awaits_lookup(world: SyntheticWorld, task: Any) -> str:
    await _with_lookup(world).acall("lookup", {"city": "nowhere" if world.seed == 1 else "Oslo"})
    return "ok"


@pytest.fixture
def scenario(tmp_path: Path) -> Path:
    path = tmp_path / "hangs.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    CANCELLED.clear()
    ENDED.clear()
    return path


@pytest.mark.parametrize("agent", [calls_lookup, awaits_lookup])
def test_a_timeout_gives_up_the_run_whose_async_tool_hangs_and_cancels_the_tool(
    scenario: Path, agent: Any
) -> None:
    report = evaluate(scenario, agent=agent, seeds=3, progress=False, timeout=0.5)
    assert [(r.seed, r.passed) for r in report.runs] == [(0, True), (1, False), (2, True)]
    assert report.runs[1].cause == "timeout after 0.5 s"
    assert ENDED.wait(GUARD)  # before: the tool hung on, in a thread the interpreter waits for at exit
    assert CANCELLED == ["nowhere"]
    for thread in threading.enumerate():
        if thread.name.startswith("synthworld-"):
            thread.join(GUARD)
            assert not thread.is_alive(), f"{thread.name} still runs"
