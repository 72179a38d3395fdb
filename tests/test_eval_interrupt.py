"""Ctrl-C during an evaluation keeps the runs that finished: `evaluate` raises `EvalInterrupted`
(still a KeyboardInterrupt) holding them, and `synthworld eval` prints and saves them."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from synthworld import EvalInterrupted, EvalReport, evaluate

SCENARIO = """synthworld_scenario: 1
name: stops
tools: synthworld.examples.shop
agent: agents.py:{agent}
expect:
  output: {{equals: ok}}
"""

AGENTS = """
import pathlib
import threading


def interrupted(world, task):
    world.call("get_order", {"order_id": "ORD-1"})
    if world.seed == 3:
        raise KeyboardInterrupt  # what Ctrl-C raises while the agent's code runs
    return "ok" if world.seed % 2 else "no"


def hangs_from_seed_3(world, task):
    world.call("get_order", {"order_id": "ORD-1"})
    if world.seed == 3:
        (pathlib.Path(__file__).parent / "seed-3-started").touch()
        threading.Event().wait()  # until Ctrl-C
    return "ok" if world.seed % 2 else "no"
"""

INTERRUPTIBLE_EVAL = """
import signal
import sys

from synthworld.serve.cli import main

signal.signal(signal.SIGINT, signal.default_int_handler)  # Ctrl-C, even when started in the background
sys.exit(main(sys.argv[1:]))
"""


def _scenario(folder: Path, agent: str) -> Path:
    (folder / "agents.py").write_text(AGENTS, encoding="utf-8")
    path = folder / "stops.yaml"
    path.write_text(SCENARIO.format(agent=agent), encoding="utf-8")
    return path


def test_evaluate_keeps_the_runs_before_the_interrupt(tmp_path: Path) -> None:
    path = _scenario(tmp_path, "interrupted")
    with pytest.raises(KeyboardInterrupt) as caught:  # still stops a program: not an Exception
        evaluate(path, seeds=6, progress=False)
    stop = caught.value
    assert isinstance(stop, EvalInterrupted)
    assert [(r.seed, r.passed) for r in stop.report.runs] == [(0, False), (1, True), (2, False)]
    assert stop.total == 6
    assert str(stop) == (
        "evaluation interrupted after 3 of 6 runs (1 passed); the runs so far are in this "
        "exception's .report (in a notebook or REPL: sys.last_value.report)"
    )
    assert stop.report.summary().overall.runs == 3


def test_ctrl_c_prints_and_saves_the_finished_runs(tmp_path: Path) -> None:
    path = _scenario(tmp_path, "hangs_from_seed_3")
    argv = ["eval", str(path), "--seeds", "6", "-k", "6", "--no-progress", "--save", "r.jsonl"]
    returncode, out, err = _interrupted_at_seed_3(tmp_path, argv)
    assert returncode == 130
    assert err == (
        "synthworld eval: interrupted after 3 of 6 runs; the table above holds only the 3 finished runs\n"
    )
    lines = out.splitlines()
    assert lines[0] == "scenario agents: 3 run(s)"
    assert lines[3].split()[:4] == ["stops", "3", "1", "33%"]  # -k 6 falls back to the runs there are
    assert "    2 x expect.output.equals: stops[seed=0], stops[seed=2]" in lines
    assert lines[-1] == "saved r.jsonl"
    assert [r.seed for r in EvalReport.load(tmp_path / "r.jsonl").runs] == [0, 1, 2]


NOTEBOOK_CELLS = [
    """
import os, signal
from synthworld import evaluate

def agent(world, task):
    if world.seed == 2:
        os.kill(os.getpid(), signal.SIGINT)  # what the notebook's "interrupt the kernel" sends
    world.call("get_order", {"order_id": "ORD-1"})
    return "ok"

evaluate("stops.yaml", agent=agent, seeds=5, progress=False)
""",
    "import sys\nsys.last_value.report",
]


def test_an_interrupted_kernel_keeps_the_report_where_the_message_says(tmp_path: Path) -> None:
    import nbformat
    from nbclient import NotebookClient

    _scenario(tmp_path, "interrupted")
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in NOTEBOOK_CELLS])
    client = NotebookClient(
        notebook,
        timeout=120,
        kernel_name="python3",
        allow_errors=True,
        resources={"metadata": {"path": str(tmp_path)}},
    )
    client.execute()
    [error] = notebook.cells[0].outputs
    assert (error.ename, error.evalue.split(";")[0]) == (
        "EvalInterrupted",
        "evaluation interrupted after 2 of 5 runs (2 passed)",
    )
    [shown] = notebook.cells[1].outputs
    assert (
        shown.data["text/plain"]
        == "<EvalReport agent='__main__:agent': 2 run(s) over 1 scenario(s), 2 passed>"
    )


def test_ctrl_c_writes_the_ci_files_for_the_finished_runs(tmp_path: Path) -> None:
    path = _scenario(tmp_path, "hangs_from_seed_3")
    files = ["--html", "r.html", "--json", "r.json", "--junit", "r.xml"]
    argv = ["eval", str(path), "--seeds", "6", "--no-progress", *files]
    returncode, out, _ = _interrupted_at_seed_3(tmp_path, argv)
    assert returncode == 130
    assert out.splitlines()[-3:] == ["wrote r.html", "wrote r.json", "wrote r.xml"]
    assert json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))["overall"][0]["runs"] == 3
    suite = ET.parse(tmp_path / "r.xml").getroot()[0]
    assert [c.get("name") for c in suite] == ["stops[seed=0]", "stops[seed=1]", "stops[seed=2]"]
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert "EvalReport: scenario agents — 3 run(s), 1 passed" in page


def _interrupted_at_seed_3(tmp_path: Path, argv: list[str]) -> tuple[int, str, str]:
    """Run ``synthworld`` with ``argv`` in a subprocess, send it Ctrl-C once seed 3 has started
    (seeds 0-2 are done, one after another), and return its exit code, stdout and stderr."""
    evaluation = subprocess.Popen(
        [sys.executable, "-c", INTERRUPTIBLE_EVAL, *argv],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        while not (tmp_path / "seed-3-started").exists():
            assert evaluation.poll() is None, evaluation.communicate()
            time.sleep(0.05)
        evaluation.send_signal(signal.SIGINT)
        out, err = evaluation.communicate(timeout=60)
    finally:
        if evaluation.poll() is None:
            evaluation.kill()
            evaluation.communicate()
    return evaluation.returncode, out, err
