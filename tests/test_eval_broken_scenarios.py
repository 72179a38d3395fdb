"""An evaluation over a folder where one scenario file cannot be loaded (an agent it cannot
import, invalid YAML) runs the others and reports that file as an error, as pytest's
``--continue-on-collection-errors`` does; ``strict`` (``--strict``) keeps the old refusal.

Before, the one typo refused the whole folder: no run, no table, no file for CI.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from synthworld import EvalReport, evaluate
from synthworld.errors import ScenarioError, SynthworldWarning
from synthworld.eval import BrokenScenario, evaluate_async
from synthworld.serve.commands import eval as command

EXAMPLES = Path(__file__).resolve().parents[1] / "scenarios"
TYPO = "synthworld.examples.agentz:refund_agent"
WHY = "agent: cannot import 'synthworld.examples.agentz'"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """shop_refund.yaml, and typo.yaml: the same scenario renamed, its agent's module misspelt."""
    shutil.copy(EXAMPLES / "shop_refund.yaml", tmp_path / "shop_refund.yaml")
    text = (EXAMPLES / "shop_refund.yaml").read_text(encoding="utf-8")
    typo = text.replace("name: shop_refund", "name: typo").replace(
        "synthworld.examples.agents:", "synthworld.examples.agentz:"
    )
    assert TYPO in typo
    (tmp_path / "typo.yaml").write_text(typo, encoding="utf-8")
    return tmp_path


def _broken(report: EvalReport) -> list[tuple[str, bool]]:
    return [(Path(b.path).name, WHY in b.error) for b in report.broken]


def test_the_other_scenarios_run_and_the_broken_file_is_reported(folder: Path) -> None:
    with pytest.warns(
        SynthworldWarning, match=r"(?s)1 scenario file could not be loaded.*typo\.yaml:\d+: agent"
    ):
        report = evaluate(folder, seeds=2, progress=False)
    assert [(r.scenario, r.seed, r.passed) for r in report.runs] == [
        ("shop_refund", 0, True),
        ("shop_refund", 1, True),
    ]
    assert _broken(report) == [("typo.yaml", True)]
    assert (
        "1 scenario file could not be loaded (no runs; fix and evaluate again):\n  ERROR " in report.format()
    )
    assert "1 scenario file(s) not loaded" in repr(report)


def test_evaluate_async_runs_the_others_too(folder: Path) -> None:
    with pytest.warns(SynthworldWarning, match="could not be loaded"):
        report = asyncio.run(evaluate_async(folder, seeds=1, progress=False))
    assert [r.scenario for r in report.runs] == ["shop_refund"]
    assert _broken(report) == [("typo.yaml", True)]


def test_strict_refuses_the_folder_with_the_files_own_error(folder: Path) -> None:
    with pytest.raises(ScenarioError, match=r"typo\.yaml:\d+: agent: cannot import") as raised:
        evaluate(folder, seeds=1, progress=False, strict=True)
    assert "scenario files cannot be loaded" not in str(raised.value)  # one file: its error as it was


def test_strict_names_every_broken_file_not_only_the_first(folder: Path) -> None:
    (folder / "yaml.yaml").write_text("synthworld_scenario: 1\nname: [oops\n", encoding="utf-8")
    with pytest.raises(ScenarioError) as raised:
        evaluate(folder, seeds=1, progress=False, strict=True)
    message = str(raised.value)
    assert message.startswith("2 scenario files cannot be loaded:\n")
    assert "typo.yaml" in message
    assert "yaml.yaml:3: invalid YAML" in message


def test_a_folder_where_nothing_loads_raises_instead_of_an_empty_report(folder: Path) -> None:
    (folder / "shop_refund.yaml").unlink()
    with pytest.raises(ScenarioError, match=r"typo\.yaml:\d+: agent: cannot import"):
        evaluate(folder, seeds=1, progress=False)


def test_a_saved_report_keeps_its_broken_files(folder: Path, tmp_path: Path) -> None:
    with pytest.warns(SynthworldWarning):
        report = evaluate(folder, seeds=1, progress=False)
    loaded = EvalReport.load(report.save(tmp_path / "report.jsonl"))
    assert loaded == report
    assert loaded.broken == report.broken != ()


def test_a_report_saved_without_broken_files_loads_with_none(tmp_path: Path) -> None:
    path = tmp_path / "old.jsonl"
    path.write_text('{"synthworld_eval": 1, "agent": "a", "wall_time": 0.5}\n', encoding="utf-8")
    assert EvalReport.load(path).broken == ()


def test_a_bad_broken_list_in_a_saved_report_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text('{"synthworld_eval": 1, "broken": [{"path": "a.yaml"}]}\n', encoding="utf-8")
    with pytest.raises(ValueError, match=r"bad\.jsonl:1: bad header: \$\.broken\[0\]: 'error' is a required"):
        EvalReport.load(path)


def _command(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="synthworld eval")
    command.add_arguments(parser)
    return command.run(parser.parse_args(argv))


def test_the_command_runs_the_others_and_exits_1(
    folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    out.mkdir()
    files = ["--json", str(out / "s.json"), "--junit", str(out / "j.xml"), "--html", str(out / "r.html")]
    code = _command(str(folder), "--seeds", "2", "--no-progress", "--fail-under", "0", *files)
    printed = capsys.readouterr()
    assert code == 1  # even with --fail-under 0: the evaluation was not complete
    assert "shop_refund     2       2       100%" in printed.out
    assert f"\n  ERROR {folder / 'typo.yaml'}:" in printed.out
    assert "synthworld eval: 1 scenario file could not be loaded" in printed.err  # said before the runs
    broken = json.loads((out / "s.json").read_text(encoding="utf-8"))["broken"]
    assert [(Path(b["path"]).name, WHY in b["error"]) for b in broken] == [("typo.yaml", True)]
    suite = ET.parse(out / "j.xml").getroot()[0]
    assert (suite.get("tests"), suite.get("errors"), suite.get("failures")) == ("3", "1", "0")
    error = suite.findall("testcase/error")
    assert len(error) == 1
    assert WHY in (error[0].get("message") or "")
    assert "scenario files not loaded (1; no runs)" in (out / "r.html").read_text(encoding="utf-8")


def test_the_command_with_strict_refuses_before_any_run(
    folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    junit = tmp_path / "j.xml"
    assert _command(str(folder), "--seeds", "2", "--no-progress", "--strict", "--junit", str(junit)) == 2
    printed = capsys.readouterr()
    assert WHY in printed.err
    assert "shop_refund" not in printed.out
    assert not junit.exists()


def test_a_broken_scenario_record_refuses_what_is_not_one() -> None:
    assert BrokenScenario.from_dict({"path": "a", "error": "b"}) == BrokenScenario("a", "b")
    with pytest.raises(ValueError, match="a broken scenario is"):
        BrokenScenario.from_dict({"path": "a"})


def test_k_without_seeds_runs_the_others_too(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``-k`` without ``--seeds`` reads every scenario's seeds first: a broken file must not stop it."""
    assert _command(str(folder), "-k", "1", "--no-progress") == 1
    assert "(all)" in capsys.readouterr().out
