"""``await world.acall`` and an ``async def`` tool awaited inside async code run in daemon
threads kept for reuse (`synthworld.backends.workers`), where each call used to start its own.

Reuse must not cost what a thread per call gave: calls awaited together still run side by side,
a tool that hangs holds only its own thread (the next call answers), an idle thread ends, and a
forked child does not wait for its parent's threads.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
import threading
from concurrent.futures import Future
from pathlib import Path

import pytest

from synthworld import SyntheticWorld, ToolSpec
from synthworld.backends import workers

ROOT = Path(__file__).resolve().parents[1]
GUARD = 60.0
"""Seconds after which a wait that never ends fails its test (a hang, not a slow machine)."""

used: list[int] = []
release = threading.Event()


async def lookup(city: str) -> dict[str, str]:
    """Look a city up."""
    used.append(threading.get_ident())
    if city == "hang":
        await asyncio.Event().wait()
    if city.startswith("together"):
        together.wait(GUARD)  # blocks its thread until every call of the group reached it
    return {"city": city}


together = threading.Barrier(4)


def _world() -> SyntheticWorld:
    world = SyntheticWorld(seed=0)
    world.register_tool(ToolSpec.from_function(lookup), handler=lookup)
    return world


@pytest.fixture(autouse=True)
def _fresh() -> None:
    used.clear()
    together.reset()


def test_calls_awaited_one_after_another_reuse_one_thread() -> None:
    world = _world()

    async def agent() -> list[object]:
        return [await world.acall("lookup", {"city": f"c{i}"}) for i in range(20)]

    assert asyncio.run(agent()) == [{"city": f"c{i}"} for i in range(20)]
    assert len(set(used)) == 1  # before: 20 threads, one per call


def test_a_sync_call_inside_async_code_reuses_its_thread_too() -> None:
    world = _world()

    async def agent() -> None:
        for i in range(20):
            world.call("lookup", {"city": f"c{i}"})

    asyncio.run(agent())
    assert len(set(used)) == 1


def test_calls_awaited_together_still_run_side_by_side() -> None:
    """Each of the 4 calls waits in its tool for the other 3: one thread per call, or a hang."""
    world = _world()

    async def agent() -> list[object]:
        return list(
            await asyncio.gather(*(world.acall("lookup", {"city": f"together{i}"}) for i in range(4)))
        )

    assert asyncio.run(asyncio.wait_for(agent(), GUARD)) == [{"city": f"together{i}"} for i in range(4)]
    assert len(set(used)) == 4


def test_a_hanging_call_cancelled_leaves_the_next_call_its_own_thread() -> None:
    world = _world()

    async def agent() -> object:
        hanging = asyncio.ensure_future(world.acall("lookup", {"city": "hang"}))
        while not used:
            await asyncio.sleep(0.01)
        hanging.cancel()
        with pytest.raises(asyncio.CancelledError):
            await hanging
        return await world.acall("lookup", {"city": "Oslo"})

    assert asyncio.run(asyncio.wait_for(agent(), GUARD)) == {"city": "Oslo"}
    assert [call.input["city"] for call in world.trace] == ["Oslo"]  # the cassette: calls answered only


def test_an_idle_thread_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(workers, "IDLE_SECONDS", 0.05)
    done: Future[threading.Thread] = Future()
    workers.start("synthworld-test-job", done, threading.current_thread)
    thread = done.result(GUARD)
    assert thread.daemon
    thread.join(GUARD)
    assert not thread.is_alive()


FORKED = """
import asyncio, os, sys
from synthworld import SyntheticWorld, ToolSpec

async def lookup(city: str) -> dict:
    '''Look a city up.'''
    return {"city": city}

world = SyntheticWorld(seed=0)
world.register_tool(ToolSpec.from_function(lookup), handler=lookup)
print(asyncio.run(world.acall("lookup", {"city": "parent"})), flush=True)  # leaves an idle thread
pid = os.fork()
if pid == 0:
    print(asyncio.run(asyncio.wait_for(world.acall("lookup", {"city": "child"}), 30)), flush=True)
    os._exit(0)
os.waitpid(pid, 0)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="Windows cannot fork")
def test_a_forked_child_starts_threads_of_its_own() -> None:
    """The parent's idle thread does not exist in the child: the child's call must not wait for it."""
    done = subprocess.run(
        [sys.executable, "-W", "ignore::DeprecationWarning", "-c", FORKED],
        capture_output=True,
        text=True,
        timeout=GUARD,
        check=False,
        cwd=ROOT,
    )
    assert done.stdout.splitlines() == ["{'city': 'parent'}", "{'city': 'child'}"], done.stderr
