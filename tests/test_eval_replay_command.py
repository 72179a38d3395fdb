"""Each failing run of an evaluation names what replays it alone, and that replays the very run:
``synthworld run FILE --seed N`` (``--agent``, ``--hazard``), or Python for a notebook's agent."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

from synthworld import evaluate, load_scenario
from synthworld.examples.agents import hasty_refund_agent

ROOT = Path(__file__).resolve().parents[1]
SCENARIO = str(ROOT / "scenarios" / "shop_refund_payment_error.yaml")
HASTY = "synthworld.examples.agents:hasty_refund_agent"


def _cli(command: str) -> dict[str, Any]:
    """Run a ``synthworld ...`` command line with this interpreter; its one JSON run."""
    words = shlex.split(command)
    assert words[0] == "synthworld"
    done = subprocess.run(
        [sys.executable, "-m", "synthworld", *words[1:], "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1, done.stderr  # the run fails again
    [line] = done.stdout.splitlines()
    return dict(json.loads(line))


def test_the_command_under_a_failing_run_replays_it() -> None:
    report = evaluate(SCENARIO, agent=HASTY, seeds=[2, 5], hazards=["drift"], progress=False)
    run = report.run("shop_refund_payment_error", 5, hazard="drift")
    command = report.replay_command(run)
    assert command == f"synthworld run {SCENARIO} --seed 5 --agent {HASTY} --hazard drift"
    again = _cli(command)
    assert (again["seed"], again["hazard"], again["failures"]) == (5, "drift", list(run.failures))
    assert f"replay: <code>{command}</code>" in report._repr_html_()


def test_an_agent_defined_in_a_notebook_is_replayed_in_python() -> None:
    """The command line cannot import ``__main__:agent`` (a notebook's), so Python is shown."""
    agent = hasty_refund_agent
    report = evaluate(SCENARIO, agent=agent, seeds=[3], progress=False)
    object.__setattr__(report, "agent", "__main__:agent")  # as a notebook cell's function is named
    [run] = report.failures
    code = report.replay_command(run)
    assert code == f"synthworld.load_scenario({SCENARIO!r}).run(3, agent=agent)"
    again = eval(code, {"synthworld": sys.modules["synthworld"], "agent": agent})
    assert (again.seed, tuple(again.failures)) == (3, run.failures)


def test_the_scenario_agents_and_a_scenario_without_a_file() -> None:
    scenario = load_scenario(SCENARIO)
    own = evaluate(SCENARIO, seeds=[1], progress=False)
    assert own.replay_command(own.runs[0]) == f"synthworld run {SCENARIO} --seed 1"
    built = evaluate(scenario, seeds=[1], hazards=["empty"], progress=False)
    run = built.run(scenario.name, 1, hazard="empty")
    object.__setattr__(run, "path", "")  # a Scenario built in code has no file
    assert built.replay_command(run) == "scenario.run(1, hazard='empty')"
