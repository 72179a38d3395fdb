"""evaluate() and `synthworld eval` without seeds run each scenario at its own seeds (0 to 9 when
it declares none); an explicit `seeds=` / `--seeds` still wins."""

from __future__ import annotations

import argparse
import asyncio
import json
from pathlib import Path

import pytest

from synthworld.eval import EvalReport, evaluate, evaluate_async
from synthworld.serve.commands import eval as command

TOOL = """
synthworld_scenario: 1
name: {name}
tools:
  - name: fetch
    parameters: {{type: object, properties: {{key: {{type: string}}}}, required: [key]}}
    returns: {{type: object, properties: {{value: {{type: integer}}}}, required: [value]}}
agent: agents.py:fetcher
task: k
{seeds}
"""

AGENT = "def fetcher(world, task):\n    return world.call('fetch', {'key': task})['value']\n"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "agents.py").write_text(AGENT, encoding="utf-8")
    for name, seeds in (("listed", "seeds: [4, 7]"), ("single", "seed: 3"), ("unsaid", "")):
        (tmp_path / f"{name}.yaml").write_text(TOOL.format(name=name, seeds=seeds), encoding="utf-8")
    return tmp_path


def seeds_by_scenario(report: EvalReport) -> dict[str, list[int]]:
    found: dict[str, list[int]] = {}
    for run in report.runs:
        found.setdefault(run.scenario, []).append(run.seed)
    return found


def test_without_seeds_each_scenario_runs_its_own(folder: Path) -> None:
    report = evaluate(folder, progress=False)
    assert seeds_by_scenario(report) == {"listed": [4, 7], "single": [3], "unsaid": list(range(10))}


def test_explicit_seeds_win_over_the_scenarios_own(folder: Path) -> None:
    expected = {"listed": [0, 1], "single": [0, 1], "unsaid": [0, 1]}
    assert seeds_by_scenario(evaluate(folder, seeds=2, progress=False)) == expected
    assert seeds_by_scenario(evaluate(folder, seeds=[8], progress=False)) == {key: [8] for key in expected}


def test_an_explicit_none_is_the_default(folder: Path) -> None:
    assert evaluate(folder, seeds=None, progress=False) == evaluate(folder, progress=False)


def test_evaluate_async_runs_each_scenario_at_its_own_seeds_too(folder: Path) -> None:
    report = asyncio.run(evaluate_async(folder, progress=False))
    assert seeds_by_scenario(report) == {"listed": [4, 7], "single": [3], "unsaid": list(range(10))}
    assert seeds_by_scenario(asyncio.run(evaluate_async(folder, seeds=[8], progress=False)))["listed"] == [8]


def run_cli(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="synthworld eval")
    command.add_arguments(parser)
    return command.run(parser.parse_args([*argv, "--no-progress"]))


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ((), {"listed": [4, 7], "single": [3], "unsaid": list(range(10))}),
        (("--scenario-seeds",), {"listed": [4, 7], "single": [3], "unsaid": list(range(10))}),
        (("--seeds", "2"), {"listed": [0, 1], "single": [0, 1], "unsaid": [0, 1]}),
    ],
)
def test_the_command_runs_the_same_seeds(
    folder: Path, options: tuple[str, ...], expected: dict[str, list[int]], capsys: pytest.CaptureFixture[str]
) -> None:
    saved = folder / "report.jsonl"
    assert (
        run_cli(
            str(folder / "listed.yaml"),
            str(folder / "single.yaml"),
            str(folder / "unsaid.yaml"),
            *options,
            "--save",
            str(saved),
            "--fail-under",
            "0",
        )
        == 0
    )
    assert seeds_by_scenario(EvalReport.load(saved)) == expected
    capsys.readouterr()


def test_the_default_k_check_names_the_scenario_with_fewest_seeds(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_cli(str(folder / "listed.yaml"), str(folder / "single.yaml"), "-k", "2") == 2
    assert capsys.readouterr().err == (
        "synthworld eval: -k 2 must be between 1 and 1: without --seeds each scenario runs its own "
        "seeds, and 'single' has 1; lower -k, or run seeds 0 to 1: --seeds 2\n"
    )


def test_summary_json_counts_the_scenarios_own_runs(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    summary = folder / "summary.json"
    assert run_cli(str(folder / "listed.yaml"), "--json", str(summary), "--fail-under", "0") == 0
    rows = json.loads(summary.read_text(encoding="utf-8"))["rows"]
    assert [(row["scenario"], row["runs"]) for row in rows] == [("listed", 2)]
    capsys.readouterr()
