"""Ctrl-C while an ``async def`` tool hangs (not timed tests): seconds from the interrupt until the
code stops, what it raised, and which threads stayed.

1. Plain scripts, sent SIGINT once the tool hangs: ``world.call`` with no loop running, an agent
   awaiting ``world.acall`` under ``asyncio.run``, ``world.call`` inside ``asyncio.run``.
2. Cells of one real kernel, interrupted once the tool hangs (a cell that has not ended after
   `GUARD` seconds counts as hung; the kernel is then restarted).

    PYTHONPATH=TREE python bench/bench_async_hang.py     # TREE: the checkout to measure
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parents[1]))  # after PYTHONPATH: TREE comes first
import synthworld
import tests.test_notebook_eval as notebook

TREE = Path(synthworld.__file__).resolve().parents[1]

GUARD = 12.0
TOOLS = '''
import asyncio, pathlib
from synthworld import SyntheticWorld, ToolSpec


async def lookup(city: str) -> dict:
    """Look a city up."""
    if city == "hang":
        pathlib.Path("hanging").touch()
        await asyncio.Event().wait()  # an async tool that never answers
    return {"city": city}


def world():
    made = SyntheticWorld(seed=1)
    made.register_tool(ToolSpec.from_function(lookup), handler=lookup)
    return made


def add(world):
    if "lookup" not in world.tools:
        world.register_tool(ToolSpec.from_function(lookup), handler=lookup)


async def async_agent(world, task):
    add(world)
    await world.acall("lookup", {"city": "ok"})
    if world.seed == 2:
        await world.acall("lookup", {"city": "hang"})
    return "ok"


async def async_sync_agent(world, task):
    add(world)
    world.call("lookup", {"city": "ok"})
    if world.seed == 2:
        world.call("lookup", {"city": "hang"})
    return "ok"


def sync_agent(world, task):
    add(world)
    world.call("lookup", {"city": "ok"})
    if world.seed == 2:
        world.call("lookup", {"city": "hang"})
    return "ok"
'''
SCENARIO = (
    "synthworld_scenario: 1\nname: hangs\ntools: synthworld.examples.shop\nexpect:\n  output: {equals: ok}\n"
)
SCRIPTS = {
    "world.call, no loop": "w.call('lookup', {'city': 'hang'})",
    "asyncio.run(world.acall)": "asyncio.run(w.acall('lookup', {'city': 'hang'}))",
    "world.call in asyncio.run": "async def f():\n    w.call('lookup', {'city': 'hang'})\nasyncio.run(f())",
}
RUN = "progress=False, seeds=4, agent=hangtools."
CELLS = {
    "world.call": "w.call('lookup', {'city': 'hang'})",
    "await world.acall": "await w.acall('lookup', {'city': 'hang'})",
    "await f(), f doing world.call": "async def f():\n    w.call('lookup', {'city': 'hang'})\nawait f()",
    "evaluate, agent awaiting acall": f"synthworld.evaluate('s.yaml', {RUN}async_agent)",
    "await evaluate_async, agent awaiting acall": (
        f"await synthworld.evaluate_async('s.yaml', {RUN}async_agent)"
    ),
    "await evaluate_async, agent doing world.call": (
        f"await synthworld.evaluate_async('s.yaml', {RUN}async_sync_agent)"
    ),
    "evaluate, sync agent": f"synthworld.evaluate('s.yaml', {RUN}sync_agent)",
}
SETUP = "import asyncio, sys, threading\nimport synthworld, hangtools\nw = hangtools.world()"
LEFT = (
    "print(sorted(t.name for t in threading.enumerate() if t is not threading.main_thread() "
    "and t.name.startswith(('synthworld', 'asyncio', 'ThreadPool'))))"
)


def script(folder: Path, code: str) -> str:
    """Run `code` in a script, SIGINT it once the tool hangs; what happened."""
    (folder / "hanging").unlink(missing_ok=True)
    head = "import asyncio, signal, hangtools\nsignal.signal(signal.SIGINT, signal.default_int_handler)\n"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(folder), os.environ.get("PYTHONPATH", "")])}
    process = subprocess.Popen(
        [sys.executable, "-c", head + "w = hangtools.world()\n" + code],
        cwd=folder,
        env=env,
        stderr=subprocess.PIPE,
        text=True,
    )
    while not (folder / "hanging").exists():
        if process.poll() is not None:
            return f"ended before the tool hung: {process.communicate()[1].strip()[-200:]}"
        time.sleep(0.02)
    process.send_signal(signal.SIGINT)
    started = time.monotonic()
    try:
        _, err = process.communicate(timeout=GUARD)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        return f"still running {GUARD:g} s after SIGINT (killed)"
    last = err.strip().splitlines()[-1] if err.strip() else "(no error)"
    return f"{time.monotonic() - started:.2f} s, {last}"


def cells(folder: Path) -> None:
    kernel = _kernel(folder)
    for name, code in CELLS.items():
        (folder / "hanging").unlink(missing_ok=True)
        started = time.monotonic()
        try:
            cell = kernel.run(code, interrupt_after="hanging")
        except AssertionError:
            print(f"  {name}: hung ({GUARD:g} s guard)")
            kernel.close()
            kernel = _kernel(folder)
            continue
        took = time.monotonic() - started
        left = kernel.ok(LEFT).stdout.strip()
        print(f"  {name}: {took:.1f} s, {cell.error[0] if cell.error else None}, threads left {left}")
    kernel.close()


def _kernel(folder: Path) -> notebook.Kernel:
    kernel = notebook.Kernel(folder)  # the kernel imports hangtools from its working folder
    kernel.ok(SETUP)
    return kernel


def main() -> None:
    notebook.GUARD = GUARD
    notebook.ROOT = TREE  # the kernel imports synthworld from TREE too
    print(f"synthworld from {TREE}")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "hangtools.py").write_text(TOOLS, encoding="utf-8")
        (folder / "s.yaml").write_text(SCENARIO, encoding="utf-8")
        print("scripts, SIGINT once the tool hangs:")
        for name, code in SCRIPTS.items():
            print(f"  {name}: {script(folder, code)}")
        print("kernel cells, interrupted once the tool hangs:")
        cells(folder)


if __name__ == "__main__":
    main()
