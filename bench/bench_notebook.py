"""What a notebook user meets when evaluating agents in a real Jupyter kernel (not timed tests).

1. Interrupting the kernel while a run's agent hangs (seed 3 sleeps 20 s): seconds from the
   interrupt until the cell ends, and how many finished runs ``sys.last_value.report`` holds.
2. An ``async def`` agent using an ``AsyncOpenAI`` client made in an earlier cell, against the
   scripted OpenAI server of the tests on 127.0.0.1: runs that failed with an error, out of 20,
   under ``evaluate`` and (where the tree has it) ``await evaluate_async``.

    PYTHONPATH=TREE python bench/bench_notebook.py     # TREE: the checkout to measure
"""

from __future__ import annotations

import os
import queue
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from jupyter_client.manager import start_new_kernel

ROOT = Path(__file__).resolve().parents[1]
SCENARIO = "synthworld_scenario: 1\nname: stops\ntools: synthworld.examples.shop\nagent: agents:hangs\n"
SCENARIO += "expect:\n  output: {equals: ok}\n"
AGENTS = """
import pathlib, time
def hangs(world, task):
    world.call("get_order", {"order_id": "ORD-1"})
    if world.seed == 3:
        pathlib.Path("seed-3-started").touch()
        time.sleep(20)
    return "ok" if world.seed % 2 else "no"
"""
LLM = """
from openai import AsyncOpenAI
from tests._openai_server import Completion, OpenAIServer
server = OpenAIServer(default=Completion("ok")).__enter__()
client = AsyncOpenAI(base_url=server.url, api_key="test", max_retries=0)
async def llm_agent(world, task):
    world.call("get_order", {"order_id": "ORD-1"})
    reply = await client.chat.completions.create(model="m", messages=[{"role": "user", "content": task}])
    return reply.choices[0].message.content
"""


def run(kc: Any, km: Any, code: str, folder: Path, interrupt: bool = False) -> tuple[str, float]:
    """The cell's printed text and error name, and seconds from the interrupt to its end."""
    msg_id = kc.execute(code)
    text, sent = "", 0.0
    while True:
        if interrupt and not sent and (folder / "seed-3-started").exists():
            km.interrupt_kernel()
            sent = time.monotonic()
        try:
            message = kc.get_iopub_msg(timeout=0.05)
        except queue.Empty:
            continue
        if message["parent_header"].get("msg_id") != msg_id:
            continue
        content = message["content"]
        if message["msg_type"] == "stream" and content["name"] == "stdout":
            text += content["text"]
        elif message["msg_type"] == "error":
            text += content["ename"]
        elif message["msg_type"] == "status" and content["execution_state"] == "idle":
            return text.strip(), (time.monotonic() - sent if sent else 0.0)


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="bench-notebook-"))
    (folder / "stops.yaml").write_text(SCENARIO, encoding="utf-8")
    (folder / "agents.py").write_text(AGENTS, encoding="utf-8")
    path = os.pathsep.join([os.environ.get("PYTHONPATH", ""), str(ROOT)])
    km, kc = start_new_kernel(kernel_name="python3", cwd=str(folder), env={**os.environ, "PYTHONPATH": path})
    try:
        run(kc, km, "import sys, synthworld, agents\nprint(synthworld.__file__)", folder)
        cell = "report = synthworld.evaluate('stops.yaml', agent=agents.hangs, seeds=6, progress=False)"
        error, waited = run(kc, km, cell, folder, interrupt=True)
        kept, _ = run(kc, km, "print(len(sys.last_value.report.runs))", folder)
        print(
            f"interrupt while seed 3 hangs: cell ended {waited:.1f} s later with {error}; kept {kept} run(s)"
        )
        run(kc, km, LLM, folder)
        plain = "r = synthworld.evaluate('stops.yaml', agent=llm_agent, seeds=20, progress=False)\n"
        plain += "print(sum(1 for x in r.runs if x.error))"
        print(f"AsyncOpenAI agent, evaluate: {run(kc, km, plain, folder)[0]} of 20 runs raised")
        awaited = plain.replace("synthworld.evaluate(", "await synthworld.evaluate_async(")
        print(f"AsyncOpenAI agent, await evaluate_async: {run(kc, km, awaited, folder)[0]} of 20 runs raised")
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


if __name__ == "__main__":
    sys.exit(main())
