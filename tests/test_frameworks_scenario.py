"""A scenario whose agent is a framework agent: pydantic-ai with a scripted FunctionModel, given the
world's hand-written tools by world.to_pydantic_ai(), run by `synthworld run` and `evaluate`."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import synthworld
from synthworld.serve.cli import main

SCENARIO = Path(__file__).resolve().parent.parent / "scenarios" / "account_email.yaml"


def test_synthworld_run_passes_with_the_framework_agent(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", str(SCENARIO), "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "verdict: PASS  account_email [seed=1]" in out
    assert "invalid_input" in out  # the refused first call, which pydantic-ai turned into a retry


def test_evaluate_runs_it_over_seeds_and_counts_the_recovered_error() -> None:
    with ThreadPoolExecutor(2) as pool:
        report = synthworld.evaluate(SCENARIO, seeds=4, executor=pool, progress=False)
    assert [(r.seed, r.passed, r.calls, r.tool_errors, r.recovered) for r in report.runs] == [
        (seed, True, 3, 1, True) for seed in range(4)
    ]


def test_the_agent_answers_with_the_address_the_world_gave() -> None:
    result = synthworld.load_scenario(SCENARIO).run(2)
    assert result.passed, result.failures
    found = result.trace[1].output
    assert result.output == f"Emailed {found['email']} about the {found['plan']} plan of A-17"
    assert result.trace[2].input["to"] == found["email"]
