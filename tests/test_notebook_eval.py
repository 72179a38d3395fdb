"""Evaluating agents from cells of one real Jupyter kernel, as a data scientist would: top-level
``await``, async agents with a client made in an earlier cell, "interrupt the kernel" mid-run.

The kernel runs an event loop while a cell runs, so an ``async def`` agent cannot get a loop of
its own there without losing the clients bound to the notebook's (``evaluate_async`` awaits it on
the notebook's loop), and an interrupt must not wait for a hanging agent.
"""

from __future__ import annotations

import os
import queue
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from jupyter_client.manager import start_new_kernel

ROOT = Path(__file__).resolve().parents[1]
GUARD = 120.0
"""Seconds after which a cell that never ends fails its test (a hang, not a slow cell)."""

SCENARIO = """synthworld_scenario: 1
name: stops
tools: synthworld.examples.shop
agent: agents:slow
expect:
  output: {equals: ok}
"""

AGENTS = """
import asyncio
import pathlib
import threading

import synthworld

release = threading.Event()
after_release = []  # what the abandoned run's next tool call raised


def hangs(world, task):
    world.call("get_order", {"order_id": "ORD-1"})
    if world.seed == 3:
        pathlib.Path("seed-3-started").touch()
        release.wait()  # an agent waiting on something that never answers
        try:
            world.call("get_order", {"order_id": "ORD-2"})
        except BaseException as exc:
            after_release.append(type(exc).__name__)
            raise
    return "ok" if world.seed % 2 else "no"


async def slow(world, task):
    world.call("get_order", {"order_id": "ORD-1"})
    if world.seed == 3:
        pathlib.Path("seed-3-started").touch()
        await asyncio.sleep(3)
    return "ok" if world.seed % 2 else "no"


cancelled = []  # the calls of lookup cancelled while they hung


async def lookup(city: str) -> dict:
    \"\"\"Look a city up (an async tool that never answers for "nowhere").\"\"\"
    if city == "nowhere":
        pathlib.Path("tool-hangs").touch()
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            cancelled.append(city)
            raise
    return {"city": city}


def with_lookup(world):
    if "lookup" not in world.tools:
        world.register_tool(synthworld.ToolSpec.from_function(lookup), handler=lookup)
    return world


async def awaits_a_hanging_tool(world, task):
    await with_lookup(world).acall("lookup", {"city": "nowhere" if world.seed == 3 else "Oslo"})
    return "ok" if world.seed % 2 else "no"


async def calls_a_hanging_tool(world, task):  # a sync call in async code: the loop waits for it
    with_lookup(world).call("lookup", {"city": "nowhere" if world.seed == 3 else "Oslo"})
    return "ok" if world.seed % 2 else "no"
"""

ENDED = (  # a cell that ends once every thread awaiting an async tool ended
    "[t.join() for t in threading.enumerate() if t.name in ('synthworld-async-tool', 'synthworld-acall')]\n"
)


@dataclass
class Cell:
    """What one cell showed: printed text, rich outputs (mime -> data) and its error, if any."""

    stdout: str = ""
    data: list[dict[str, Any]] = field(default_factory=list)
    error: tuple[str, str] | None = None


class Kernel:
    """A real ``python3`` kernel started in `cwd`, that runs one cell at a time."""

    def __init__(self, cwd: Path) -> None:
        path = os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])
        self.manager, self.client = start_new_kernel(
            kernel_name="python3", cwd=str(cwd), env={**os.environ, "PYTHONPATH": path}
        )
        self.cwd = cwd

    def run(self, code: str, *, interrupt_after: str | None = None) -> Cell:
        """Run `code`; with `interrupt_after`, interrupt the kernel once that file exists."""
        msg_id = self.client.execute(code)
        cell, started = Cell(), time.monotonic()
        while True:
            assert time.monotonic() - started < GUARD, f"the cell never ended: {code}"
            if interrupt_after and (self.cwd / interrupt_after).exists():
                self.manager.interrupt_kernel()
                interrupt_after = None
            try:
                message = self.client.get_iopub_msg(timeout=0.05)
            except queue.Empty:
                continue
            if message["parent_header"].get("msg_id") != msg_id:
                continue
            kind, content = message["msg_type"], message["content"]
            if kind == "stream" and content["name"] == "stdout":
                cell.stdout += content["text"]
            elif kind in ("execute_result", "display_data"):
                cell.data.append(content["data"])
            elif kind == "error":
                cell.error = (content["ename"], content["evalue"])
            elif kind == "status" and content["execution_state"] == "idle":
                return cell

    def ok(self, code: str) -> Cell:
        """Run `code`, which must not fail."""
        cell = self.run(code)
        assert cell.error is None, cell.error
        return cell

    def close(self) -> None:
        self.client.stop_channels()
        self.manager.shutdown_kernel(now=True)


@pytest.fixture(scope="module")
def kernel(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Kernel]:
    folder = tmp_path_factory.mktemp("notebook")
    (folder / "stops.yaml").write_text(SCENARIO, encoding="utf-8")
    (folder / "agents.py").write_text(AGENTS, encoding="utf-8")
    started = Kernel(folder)
    started.ok("import pathlib, sys, threading\nimport synthworld\nimport agents")
    yield started
    started.close()


def test_an_async_client_made_in_a_cell_serves_every_run_of_evaluate_async(kernel: Kernel) -> None:
    """`evaluate` gives an async agent a new loop per run, in a thread, so an ``AsyncOpenAI``
    made in a cell failed every other run (``RuntimeError: Event loop is closed``) and then in
    the notebook itself; `evaluate_async` awaits the agent on the notebook's own loop."""
    kernel.ok(
        """
from openai import AsyncOpenAI
from tests._openai_server import Completion, OpenAIServer

server = OpenAIServer(default=Completion("ok")).__enter__()
client = AsyncOpenAI(base_url=server.url, api_key="test", max_retries=0)

async def llm_agent(world, task):
    world.call("get_order", {"order_id": "ORD-1"})
    reply = await client.chat.completions.create(model="m", messages=[{"role": "user", "content": task}])
    return reply.choices[0].message.content
"""
    )
    first = kernel.ok(
        "report = await synthworld.evaluate_async('stops.yaml', agent=llm_agent, seeds=20, progress=False)\n"
        "print(sum(r.passed for r in report.runs), [r.error for r in report.runs if r.error])"
    )
    assert first.stdout == "20 []\n"
    again = kernel.ok(
        "again = await synthworld.evaluate_async('stops.yaml', agent=llm_agent, seeds=20, progress=False)\n"
        "reply = await client.chat.completions.create(model='m', messages=[])\n"
        "print(again == report, len(server.received), reply.choices[0].message.content)"
    )
    assert again.stdout == "True 41 ok\n"  # the same numbers, and the client still works here


def test_await_evaluate_gives_the_report_the_plain_call_gives(kernel: Kernel) -> None:
    """``await evaluate(...)`` said "object EvalReport can't be used in 'await' expression"."""
    cell = kernel.ok(
        "options = dict(agent=agents.slow, seeds=[0, 1, 2], progress=False)\n"
        "plain = synthworld.evaluate('stops.yaml', **options)\n"
        "awaited = await synthworld.evaluate('stops.yaml', **options)\n"
        "print(awaited == plain, [(r.seed, r.passed) for r in awaited.runs])\n"
        "awaited"
    )
    assert cell.stdout == "True [(0, False), (1, True), (2, False)]\n"
    [shown] = cell.data
    assert shown["text/plain"] == "<EvalReport agent='agents:slow': 3 run(s) over 1 scenario(s), 1 passed>"
    assert 'class="synthworld-heatmap"' in shown["text/html"]
    [run] = kernel.ok("awaited.failures[0]").data  # one run, as a cell's last expression
    assert run["text/html"].startswith("<details open><summary>stops · seed 0 · expect.output.equals<")


def test_interrupting_a_hanging_run_stops_the_cell_and_keeps_the_runs_so_far(kernel: Kernel) -> None:
    """The agent plays off the kernel's loop, in a thread the interrupt used to wait for: a
    hanging agent held the cell (and the runs so far) until it ended, if ever."""
    kernel.ok("import pathlib; pathlib.Path('seed-3-started').unlink(missing_ok=True)")
    cell = kernel.run(
        "report = synthworld.evaluate('stops.yaml', agent=agents.hangs, seeds=6, progress=False)",
        interrupt_after="seed-3-started",
    )
    assert cell.error == (
        "EvalInterrupted",
        "evaluation interrupted after 3 of 6 runs (1 passed); the runs so far are in this "
        "exception's .report (in a notebook or REPL: sys.last_value.report)",
    )
    kept = kernel.ok("print([(r.seed, r.passed) for r in sys.last_value.report.runs])")
    assert kept.stdout == "[(0, False), (1, True), (2, False)]\n"
    stopped = kernel.ok(  # the abandoned run stops at its next tool call, in the background
        "agents.release.set()\n"
        "[t.join() for t in threading.enumerate() if t.name == 'synthworld-agent']\n"
        "print(agents.after_release)"
    )
    assert stopped.stdout == "['RunGivenUp']\n"


def test_interrupting_an_awaited_evaluation_keeps_the_runs_so_far(kernel: Kernel) -> None:
    """ipykernel turns an interrupt of an awaited cell into a cancellation, which it delivers
    once the awaited step ends (ipython/ipykernel#881); the runs before it are kept."""
    kernel.ok("import pathlib; pathlib.Path('seed-3-started').unlink(missing_ok=True)")
    cell = kernel.run(
        "report = await synthworld.evaluate_async('stops.yaml', agent=agents.slow, seeds=6, progress=False)",
        interrupt_after="seed-3-started",
    )
    assert cell.error is not None
    assert cell.error[0] == "EvalCancelled"
    assert cell.error[1].startswith("evaluation cancelled after ")
    kept = kernel.ok(
        "stop = sys.last_value\n"
        "print(stop.total, [r.seed for r in stop.report.runs] == list(range(len(stop.report.runs))), "
        "len(stop.report.runs))"
    )
    total, prefix, done = kept.stdout.split()
    assert (total, prefix) == ("6", "True")
    assert 3 <= int(done) < 6


def test_serve_in_a_cell_says_how_to_serve_from_a_notebook_and_that_way_works(kernel: Kernel) -> None:
    """uvicorn said only "Cannot run the event loop while another loop is running"."""
    kernel.ok(
        "from synthworld.examples import shop\n"
        "from synthworld.serve.mcp import serve\n"
        "from tests._net import free_port\n"
        "world = synthworld.SyntheticWorld(seed=1)\n"
        "world.add_tools(shop)\n"
        "port = free_port()"
    )
    refused = kernel.run("serve(world, transport='streamable-http', port=port)")
    assert refused.error is not None
    name, message = refused.error
    assert name == "RuntimeError"
    assert "cannot start in a thread that already runs one (a notebook cell, async code)" in message
    recipe = message.split("instead: ")[1].split(", then connect")[0]
    kernel.ok(
        f"{recipe}\n"
        "import socket, time\n"
        "while socket.socket().connect_ex(('127.0.0.1', port)): time.sleep(0.05)"
    )
    answered = kernel.ok(
        "from mcp import Client\n"
        "from mcp.client.streamable_http import streamable_http_client\n"
        "async with Client(streamable_http_client(f'http://127.0.0.1:{port}/mcp')) as mcp_client:\n"
        "    result = await mcp_client.call_tool('get_order', {'order_id': 'ORD-7'})\n"
        "print(result.is_error, [(call.tool, call.input) for call in world.trace])"
    )
    assert answered.stdout == "False [('get_order', {'order_id': 'ORD-7'})]\n"


@pytest.mark.parametrize(
    ("code", "stopped"),
    [
        ("world.call('lookup', {'city': 'nowhere'})", ("KeyboardInterrupt", "")),
        ("await world.acall('lookup', {'city': 'nowhere'})", ("CancelledError", "")),
    ],
)
def test_interrupting_a_cell_whose_async_tool_hangs_stops_it_and_cancels_the_tool(
    kernel: Kernel, code: str, stopped: tuple[str, str]
) -> None:
    """``call`` awaited the tool in a thread pool whose shutdown the interrupt waited for;
    ``acall`` in the loop's executor, so the cancellation waited for the tool's answer."""
    kernel.ok(
        "pathlib.Path('tool-hangs').unlink(missing_ok=True); agents.cancelled.clear()\n"
        "world = agents.with_lookup(synthworld.SyntheticWorld(seed=1))"
    )
    cell = kernel.run(code, interrupt_after="tool-hangs")
    assert cell.error == stopped
    ended = kernel.ok(ENDED + "print(agents.cancelled, len(world.trace))")
    assert ended.stdout == "['nowhere'] 0\n"


@pytest.mark.parametrize(
    ("agent", "stopped"),
    [("awaits_a_hanging_tool", "EvalCancelled"), ("calls_a_hanging_tool", "EvalInterrupted")],
)
def test_interrupting_evaluate_async_while_an_async_tool_hangs_keeps_the_runs(
    kernel: Kernel, agent: str, stopped: str
) -> None:
    """An awaited tool (``acall``) held the cancellation until it answered, and a sync call of
    one in async code blocked the loop that was to deliver it: the cell never ended."""
    kernel.ok("pathlib.Path('tool-hangs').unlink(missing_ok=True); agents.cancelled.clear()")
    cell = kernel.run(
        f"await synthworld.evaluate_async('stops.yaml', agent=agents.{agent}, seeds=6, progress=False)",
        interrupt_after="tool-hangs",
    )
    assert cell.error is not None
    assert (cell.error[0], cell.error[1].split(" (")[0]) == (
        stopped,
        f"evaluation {stopped[4:].lower()} after 3 of 6 runs",
    )
    kept = kernel.ok(
        ENDED + "print([(r.seed, r.passed) for r in sys.last_value.report.runs], agents.cancelled)"
    )
    assert kept.stdout == "[(0, False), (1, True), (2, False)] ['nowhere']\n"
