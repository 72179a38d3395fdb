"""The journeys of stop 51's three new users, rerun as checks: each line says whether a step that
went wrong for them now goes right.

1. A pytest user writes a module of typed stubs (a mixed-value ``Enum`` among them) and a scenario,
   records a cassette with the ``synth_world`` fixture, replays it, hand-edits it, kills a
   recorder, draws answers with Hypothesis, and runs one test over several seeds.
2. A notebook user runs an agent loop (``to_openai``/``handle_openai``) over many seeds and reads
   the report.
3. A framework user hands the world to openai-agents, pydantic-ai, LangChain and an MCP client: a
   refused argument's error text, which they all pass on, lists the parameters.

    PYTHONPATH=TREE python bench/new_users_30.py

Each check runs the real thing (a subprocess for pytest and for the killed recorder); a step that
raises counts as not right.
"""

from __future__ import annotations

import datetime as dt
import enum
import json
import os
import signal
import subprocess
import sys
import tempfile
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal, TypedDict

import synthworld
from synthworld import FixtureBackend, RandomBackend, SyntheticWorld, ToolSpec

TREE = str(Path(synthworld.__file__).resolve().parents[1])
ENV = {**os.environ, "PYTHONPATH": TREE, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
ENV.pop("CI", None)


class Priority(enum.Enum):
    LOW = 1
    HIGH = "high"


class Order(TypedDict):
    order_id: str
    status: Literal["pending", "shipped", "cancelled"]


def shop() -> SyntheticWorld:
    world = SyntheticWorld(seed=2)

    @world.tool
    def get_order(order_id: str) -> Order:
        """Fetch an order."""

    @world.tool
    def cancel_order(order_id: str, reason: str, priority: Priority = Priority.LOW) -> Order:
        """Cancel an order."""

    return world


def _raises(step: Callable[[], Any]) -> str:
    """What `step` raised, as text ('' when it returned)."""
    try:
        step()
    except (Exception, SystemExit) as exc:  # a journey step: any failure is a finding
        return f"{type(exc).__name__}: {exc}"
    return ""


def _pytest(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "pytest", "-p", "synthworld.pytest_plugin", "-p", "no:cacheprovider"]
    return subprocess.run(
        [*command, *args], cwd=folder, env=ENV, capture_output=True, text=True, check=False, timeout=300
    )


# -- 1. the pytest user ---------------------------------------------------------------------------

SCENARIO = """\
synthworld_scenario: 1
name: cancel
tools: [{name: get_order, description: Fetch an order., parameters: {type: object,
  properties: {order_id: {type: string}}, required: [order_id]}, returns: {type: object}}]
agent: synthworld.examples.agents:refund_agent
task: O-1
expect:
  calls:
    - {tool: get_order, input: {order_id: 1}}
"""
WRITER = """\
import os, signal, sys
from synthworld import FixtureBackend, RandomBackend, SyntheticWorld, ToolSpec
spec = ToolSpec("echo", "Echo.", {"type": "object", "properties": {"x": {"type": "integer"}},
    "required": ["x"]}, {"type": "integer"})
world = SyntheticWorld(backend=FixtureBackend(sys.argv[1], mode="new_episodes", fallback=RandomBackend()))
world.register_tool(spec)
[world.call("echo", {"x": x}) for x in range(3)]
os.kill(os.getpid(), signal.SIGKILL)
"""
ECHO = ToolSpec(
    "echo",
    "Echo.",
    {"type": "object", "properties": {"x": {"type": "integer"}}, "required": ["x"]},
    {"type": "integer"},
)
SEEDS_TEST = """\
import pytest

@pytest.mark.synthworld(seeds=[3, 5], cassette=True)
def test_get(synth_world):
    @synth_world.tool
    def get_user(user_id: str) -> dict:
        \"\"\"Fetch a user.\"\"\"
    get_user("u1")
"""


def pytest_journey(folder: Path) -> list[tuple[str, bool]]:
    rows = []
    path = folder / "cancel.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    said = _raises(lambda: synthworld.load_scenario(path))
    rows.append(("an expected value the schema refuses (order_id: 1) is named at load", "refuses" in said))

    rows.append(("trace.assert_called_once exists", hasattr(synthworld.Trace, "assert_called_once")))

    import synthworld.strategies as strategies

    @synthworld.tool
    def get_order(order_id: str) -> Order:
        """Fetch an order."""

    rows.append(("strategies.outputs takes a stub", _raises(lambda: strategies.outputs(get_order)) == ""))

    tape = folder / "echo.yaml"
    with SyntheticWorld(backend=FixtureBackend(tape, mode="once", fallback=RandomBackend())) as world:
        world.register_tool(ECHO)
        world.call("echo", {"x": 99})
    killed = subprocess.run([sys.executable, "-c", WRITER, str(tape)], env=ENV, check=False)
    assert killed.returncode == -signal.SIGKILL
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        FixtureBackend(tape, mode="none").close()
    rows.append(("a replay warns of calls a killed recorder left in the journal", len(caught) == 1))
    with SyntheticWorld(backend=FixtureBackend(tape, mode="once")) as world:
        world.register_tool(ECHO)
        world.call("echo", {"x": 0})
    rows.append(("a local run (mode once) merges that journal", not Path(f"{tape}.journal").exists()))

    edited = folder / "edit.yaml"
    with SyntheticWorld(backend=FixtureBackend(edited, fallback=RandomBackend())) as world:
        world.register_tool(ECHO)
        world.call("echo", {"x": 1})
    edited.write_text(edited.read_text(encoding="utf-8").replace("  output: ", "  output: lots #"))
    replay = SyntheticWorld(backend=FixtureBackend(edited, mode="none"))
    replay.register_tool(ECHO)
    said = _raises(lambda: replay.call("echo", {"x": 1}))
    rows.append(("a hand-edited output the schema refuses names its line", f"{edited}, line " in said))

    (folder / "test_seeds.py").write_text(SEEDS_TEST, encoding="utf-8")
    done = _pytest(folder, "-q", "test_seeds.py")
    rows.append(("@pytest.mark.synthworld(seeds=[3, 5]) runs the test per seed", "2 passed" in done.stdout))
    return rows


# -- 2. the notebook user -------------------------------------------------------------------------

TRACKER = '''\
from typing import Literal, TypedDict
import synthworld

class Ticket(TypedDict):
    ticket_id: str
    status: Literal["open", "closed"]

@synthworld.tool
def get_ticket(ticket_id: str) -> Ticket:
    """Fetch a ticket."""

@synthworld.tool
def close_ticket(ticket_id: str, comment: str) -> Ticket:
    """Close a ticket."""
'''
CLOSE = """\
synthworld_scenario: 1
name: close_ticket
tools: tracker.py
task: T-7
expect:
  calls: [{tool: close_ticket, input: {ticket_id: T-7}}]
"""


def loop_agent(world: SyntheticWorld, task: str) -> str:
    """An agent loop over OpenAI messages, its model scripted: it closes only an open ticket."""
    call = {"id": "c1", "type": "function", "function": {"name": "get_ticket", "arguments": ""}}
    call["function"]["arguments"] = json.dumps({"ticket_id": task})
    [reply] = world.handle_openai({"role": "assistant", "tool_calls": [call]})
    ticket = json.loads(reply["content"])
    if ticket["status"] != "open":
        return "already closed"
    args = json.dumps({"ticket_id": task, "comment": "Fixed."})
    close = {"id": "c2", "type": "function", "function": {"name": "close_ticket", "arguments": args}}
    world.handle_openai({"role": "assistant", "tool_calls": [close]})
    return "closed"


def notebook_journey(folder: Path) -> list[tuple[str, bool]]:
    (folder / "tracker.py").write_text(TRACKER, encoding="utf-8")
    (folder / "close.yaml").write_text(CLOSE, encoding="utf-8")
    report = synthworld.evaluate(
        str(folder / "close.yaml"), agent=loop_agent, seeds=range(12), progress=False
    )
    rate = getattr(report, "pass_rate", None)
    overall = report.summary().overall.pass_rate
    documented = "tau-bench" in (report.summary.__doc__ or "")
    (folder / "bare.yaml").write_text(CLOSE.replace("name: close_ticket", "name: bare"), encoding="utf-8")
    (folder / "close.yaml").write_text(CLOSE.replace("task:", "agent: runs:agent\ntask:"), encoding="utf-8")
    (folder / "runs.py").write_text("def agent(world, task):\n    return 'x'\n", encoding="utf-8")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        folder_report = _raises(lambda: synthworld.evaluate(str(folder), seeds=2, progress=False))
    return [
        ("a folder with a file without agent: still runs the others", folder_report == ""),
        ("report.pass_rate is the summary's overall rate", rate == overall),
        ("help(report.summary) says what pass^k is", documented),
    ]


# -- 3. the framework user ------------------------------------------------------------------------


def framework_journey() -> list[tuple[str, bool]]:
    world = shop()
    said = _raises(lambda: world.call("cancel_order", {"order_id": "O-1", "reason": "x", "priority": "mid"}))

    @world.tool
    def search(text: str, since: dt.date = None) -> list[str]:  # type: ignore[assignment]  # noqa: RUF013
        """Search."""

    from langchain_core.tools import tool  # the framework fills every default in

    filled = _raises(lambda: tool(world.stub("search")).invoke({"text": "x"}))
    return [
        ("a refused call lists a mixed-value Enum's types", "priority (integer | string)" in said),
        ("a framework calling 'since: date = None' with its default is answered", filled == ""),
    ]


def main() -> None:
    rows: list[tuple[str, bool]] = []
    with tempfile.TemporaryDirectory() as one, tempfile.TemporaryDirectory() as two:
        rows += pytest_journey(Path(one))
        sys.path.insert(0, two)
        rows += notebook_journey(Path(two))
    rows += framework_journey()
    for name, good in rows:
        print(f"{'ok  ' if good else 'FAIL'} {name}")
    print(f"{sum(good for _, good in rows)} of {len(rows)} steps right")


if __name__ == "__main__":
    main()
