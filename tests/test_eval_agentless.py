"""A scenario file without ``agent:`` (valid: one meant for ``evaluate(..., agent=...)``) in a
folder evaluated without ``agent=`` is reported before any run as a file that cannot be loaded is,
and the other scenarios run. Before, the evaluation raised "no agent to run" at that file's first
run, with a traceback, and every run already played was lost."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from synthworld import evaluate
from synthworld.errors import ScenarioError, SynthworldWarning
from synthworld.serve.cli import main as cli

EXAMPLES = Path(__file__).resolve().parents[1] / "scenarios"
WHY = "no agent to run; add 'agent: module:callable' to the file, or give one"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """shop_refund.yaml, and a_bare.yaml: the same scenario renamed, without its agent (first in
    file order, so its runs would have come first)."""
    shutil.copy(EXAMPLES / "shop_refund.yaml", tmp_path / "shop_refund.yaml")
    text = (EXAMPLES / "shop_refund.yaml").read_text(encoding="utf-8")
    bare = "".join(line for line in text.splitlines(keepends=True) if not line.startswith("agent:"))
    (tmp_path / "a_bare.yaml").write_text(bare.replace("name: shop_refund", "name: bare"), encoding="utf-8")
    return tmp_path


def test_the_file_without_an_agent_is_reported_and_the_others_run(folder: Path) -> None:
    with pytest.warns(SynthworldWarning, match=r"(?s)could not be loaded.*a_bare\.yaml: no agent to run"):
        report = evaluate(folder, seeds=2, progress=False)
    assert [(r.scenario, r.passed) for r in report.runs] == [("shop_refund", True), ("shop_refund", True)]
    assert [(Path(b.path).name, WHY in b.error) for b in report.broken] == [("a_bare.yaml", True)]
    with pytest.raises(ScenarioError, match=WHY):  # strict: refused, as a file that cannot load
        evaluate(folder, seeds=1, progress=False, strict=True)
    given = evaluate(folder, seeds=1, progress=False, agent="synthworld.examples.agents:refund_agent")
    assert sorted(r.scenario for r in given.runs) == ["bare", "shop_refund"]
    assert given.broken == ()


def test_the_command_prints_the_table_and_exits_1(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(["eval", str(folder), "--seeds", "2"]) == 1
    shown = capsys.readouterr()
    assert "shop_refund" in shown.out
    assert "a_bare.yaml: no agent to run" in shown.out + shown.err
