"""`synthworld validate` passes a file without `agent:` (it may be meant for evaluate(agent=...)),
with a note saying what `synthworld run` needs; the note is true: the run refuses it."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from synthworld.eval import evaluate
from synthworld.serve.commands import run as run_command
from synthworld.serve.commands import validate as validate_command

SCENARIO = """\
synthworld_scenario: 1
name: refund
tools: synthworld.examples.shop
seeds: [4, 5]
{agent}task: "Customer maria.lopez@example.com writes: the blender arrived broken, please refund it"
expect:
  max_calls: {{refund_order: 1}}
"""

AGENT = "synthworld.examples.agents:refund_agent"


def invoke(module: object, *argv: str) -> int:
    parser = argparse.ArgumentParser()
    module.add_arguments(parser)  # type: ignore[attr-defined]
    code: int = module.run(parser.parse_args(argv))  # type: ignore[attr-defined]
    return code


def write(folder: Path, name: str, agent: str) -> Path:
    path = folder / name
    path.write_text(SCENARIO.format(agent=agent), encoding="utf-8")
    return path


def test_a_file_without_agent_passes_with_a_note(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "no_agent.yaml", "")
    assert invoke(validate_command, str(path)) == 0
    out, err = capsys.readouterr()
    assert out == f"{path}: ok (refund, 2 seed(s))\n"
    assert err == (
        f"{path}: note: no 'agent:', so `synthworld run`, `synthworld eval` and pytest cannot run it as "
        "written; add 'agent: module:callable', or give one: --agent module:callable (run, eval), "
        "agent=... (evaluate())\n"
    )


def test_a_file_with_agent_gets_no_note(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "with_agent.yaml", f"agent: {AGENT}\n")
    assert invoke(validate_command, str(path)) == 0
    assert capsys.readouterr() == (f"{path}: ok (refund, 2 seed(s))\n", "")


def test_the_note_does_not_hide_an_invalid_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fine = write(tmp_path, "no_agent.yaml", "")
    broken = tmp_path / "broken.yaml"
    broken.write_text(
        "synthworld_scenario: 1\nname: x\ntools: synthworld.examples.shop\nexpect: {cals: []}\n"
    )
    assert invoke(validate_command, str(fine), str(broken)) == 1
    err = capsys.readouterr().err
    assert f"{fine}: note: no 'agent:'" in err
    assert err.endswith("1 of 2 file(s) invalid\n")


def test_what_the_note_says_holds(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "no_agent.yaml", "")
    assert invoke(run_command, str(path)) == 2  # as written, it cannot run
    assert "no agent to run; add 'agent: module:callable'" in capsys.readouterr().err
    assert invoke(run_command, str(path), "--agent", AGENT) == 0  # with --agent, it runs
    capsys.readouterr()
    report = evaluate(path, agent=AGENT, progress=False)  # and evaluate(agent=...) takes it as it is
    assert [(run.seed, run.passed) for run in report.runs] == [(4, True), (5, True)]
