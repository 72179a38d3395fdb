"""An evaluation's failure causes carry what the agent's exception said, not only its type: its
first line, cut to 80 characters, secrets masked (``agent raised KeyError: 'ORD-1'``)."""

from __future__ import annotations

from pathlib import Path

import pytest

import synthworld
from synthworld.serve.cli import main

TOOLS = '''\
import synthworld


@synthworld.tool
def get_order(order_id: str) -> dict[str, str]:
    """Fetch an order."""
'''

AGENTS = """\
def lookup(world, task):
    return world.call("get_order", {"order_id": task})["missing_field"]


def chatty(world, task):
    raise RuntimeError("token=sk-live-1234567890abcdef1234 rejected; " + "x" * 200 + "\\nsecond line")


def terse(world, task):
    raise ValueError()
"""


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "tools.py").write_text(TOOLS)
    (tmp_path / "agents.py").write_text(AGENTS)
    for agent in ("lookup", "chatty", "terse"):
        (tmp_path / f"{agent}.yaml").write_text(
            f"synthworld_scenario: 1\nname: {agent}\ntools: tools.py\nagent: agents.py:{agent}\n"
            "task: ORD-1\nseeds: [0]\n"
        )
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_cause_says_what_the_exception_said(folder: Path) -> None:
    report = synthworld.evaluate([str(folder)], progress=False)
    causes = {run.scenario: run.cause for run in report.runs}
    assert causes["lookup"] == "agent raised KeyError: 'missing_field'"
    assert causes["terse"] == "agent raised ValueError"  # nothing more to say
    chatty = causes["chatty"]
    assert chatty is not None
    assert chatty.startswith("agent raised RuntimeError: token=[REDACTED] rejected; xxx")
    assert chatty.endswith("x…")
    assert "sk-live" not in chatty
    assert "second line" not in chatty
    assert len(chatty) == len("agent raised RuntimeError: ") + 80


def test_the_command_prints_the_messages(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "lookup.yaml", "--seeds", "1", "--no-progress"]) == 1
    assert "    1 x agent raised KeyError: 'missing_field': lookup[seed=0]\n" in capsys.readouterr().out
