"""``synthworld run --record-mode all`` re-records a cassette once per command: every seed of the
scenario keeps its calls (each seed re-recording dropped the ones before it, so only the last seed's
calls were kept and a replay failed every other seed)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from synthworld.serve.commands import eval as eval_command
from synthworld.serve.commands import run as run_command
from tests.test_cli_run import invoke
from tests.test_plugin_rerecord import AGENT
from tests.test_plugin_rerecord import SCENARIO as PLUGIN_SCENARIO

SCENARIO = PLUGIN_SCENARIO.replace("agent: seed_agent:by_seed", "agent: seed_agent.py:by_seed")
"""The plugin's re-record scenario (seeds 1-3 sharing one cassette), its agent named by file."""


@pytest.fixture
def scenario(tmp_path: Path) -> Path:
    (tmp_path / "seed_agent.py").write_text(AGENT, encoding="utf-8")
    path = tmp_path / "by_seed.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    return path


def recorded(scenario: Path) -> list[str]:
    """The order IDs the scenario's cassette holds, in recorded order."""
    data = yaml.safe_load((scenario.parent / "cassettes" / "by_seed.yaml").read_text(encoding="utf-8"))
    return [interaction["input"]["order_id"] for interaction in data["interactions"]]


def verdicts(out: str) -> list[str]:
    return [line for line in out.splitlines() if line.startswith("verdict:")]


def test_record_mode_all_keeps_every_seed_and_a_replay_passes_them(
    scenario: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert invoke(run_command, str(scenario), "--record-mode", "all") == 0
    assert recorded(scenario) == ["S-1", "S-2", "S-3"]
    capsys.readouterr()
    assert invoke(run_command, str(scenario), "--record-mode", "none") == 0
    assert verdicts(capsys.readouterr().out) == [f"verdict: PASS  by_seed [seed={n}]" for n in (1, 2, 3)]


def test_a_second_rerecord_replaces_the_seeds_it_does_not_add_to_them(
    scenario: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Run twice, the cassette holds each call once; a seed no longer run (1) goes."""
    assert invoke(run_command, str(scenario), "--record-mode", "all") == 0
    assert invoke(run_command, str(scenario), "--record-mode", "all") == 0
    assert recorded(scenario) == ["S-1", "S-2", "S-3"]
    scenario.write_text(SCENARIO.replace("[1, 2, 3]", "[2, 3, 4]"), encoding="utf-8")
    assert invoke(run_command, str(scenario), "--record-mode", "all") == 0
    assert recorded(scenario) == ["S-2", "S-3", "S-4"]
    capsys.readouterr()
    assert invoke(run_command, str(scenario), "--record-mode", "none") == 0
    assert verdicts(capsys.readouterr().out) == [f"verdict: PASS  by_seed [seed={n}]" for n in (2, 3, 4)]


def test_the_files_own_mode_all_keeps_every_seed(scenario: Path) -> None:
    scenario.write_text(SCENARIO.replace("fallback: random}", "fallback: random, mode: all}"), "utf-8")
    assert invoke(run_command, str(scenario)) == 0
    assert recorded(scenario) == ["S-1", "S-2", "S-3"]


def test_eval_replays_every_seed_that_run_recorded(
    scenario: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``synthworld eval`` only replays (it has no record mode): what ``run --record-mode all``
    recorded for the scenario's seeds is what it needs, for every seed."""
    assert invoke(run_command, str(scenario), "--record-mode", "all") == 0
    capsys.readouterr()
    assert invoke(eval_command, str(scenario), "--scenario-seeds", "--no-progress") == 0
    out = capsys.readouterr().out
    assert "scenario agents: 3 run(s)" in out
    assert "failure causes" not in out
