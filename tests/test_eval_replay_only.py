"""An evaluation only replays cassettes: a scenario file that asks to record gets one warning, and
each miss says that the evaluation only replays and how to record first."""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest

from synthworld import SynthworldWarning, evaluate
from synthworld.serve.cli import main

TOOLS = '''\
from typing import TypedDict

import synthworld


class Account(TypedDict):
    account_id: str
    balance: float


@synthworld.tool
def get_account(account_id: str) -> Account:
    """Fetch one account."""
'''

AGENTS = """\
def peek(world, task):
    return str(world.call("get_account", {"account_id": task})["account_id"])


def other(world, task):
    return str(world.call("get_account", {"account_id": "ACC-9"})["account_id"])
"""

SCENARIO = """\
synthworld_scenario: 1
name: rec
tools: bank.py
agent: agents.py:peek
task: ACC-5
backend: {fixtures: cassette.yaml, mode: once, fallback: random}
expect:
  output: {equals: ACC-5}
"""

WARNING = (
    "an evaluation only replays cassettes (record mode 'none'), but 1 scenario file(s) ask to record, "
    "so the calls their cassettes lack fail their runs; "
    "record first: synthworld run rec.yaml --record-mode once"
)


def note(mode: str) -> str:
    return (
        "this run only replays (record mode 'none'), though the file asks for mode 'once': an evaluation "
        "(synthworld eval, evaluate()) never records, nor does a run given record mode 'none'; record "
        f"first: synthworld run rec.yaml --record-mode {mode}"
    )


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "bank.py").write_text(TOOLS, encoding="utf-8")
    (tmp_path / "agents.py").write_text(AGENTS, encoding="utf-8")
    (tmp_path / "rec.yaml").write_text(SCENARIO, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_file_that_asks_to_record_is_warned_of_and_its_misses_say_how(folder: Path) -> None:
    with pytest.warns(SynthworldWarning) as caught:
        report = evaluate("rec.yaml", seeds=2, progress=False)
    assert [str(w.message) for w in caught] == [WARNING]
    cassette = folder / "cassette.yaml"
    assert [run.error for run in report.runs] == [
        f"FixtureMissError: cassette file {cassette} does not exist; {note('once')}"
    ] * 2
    assert not cassette.exists()  # the evaluation wrote nothing


def test_recorded_first_the_evaluation_replays_without_a_warning(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["run", "rec.yaml", "--record-mode", "once"]) == 0
    capsys.readouterr()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        report = evaluate("rec.yaml", seeds=2, progress=False)
    assert [(run.passed, run.error) for run in report.runs] == [(True, None), (True, None)]
    other = evaluate("rec.yaml", agent="agents.py:other", seeds=1, progress=False)
    [error] = [run.error for run in other.runs]
    assert error is not None
    assert error.startswith(
        f"FixtureMissError: no recorded interaction in {folder / 'cassette.yaml'} matches the call "
        'get_account({"account_id":"ACC-9"}) (mode \'none\').\n'
    )
    loosen = "; or loosen matching with match=synthworld.cassette.matchers.ignore(...)."
    assert error.endswith(f"\n{note('new_episodes')}{loosen}")  # once would record no more: the file exists


def test_the_command_prints_the_warning_as_a_plain_line(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["eval", "rec.yaml", "--seeds", "1", "--no-progress"]) == 1
    captured = capsys.readouterr()
    assert captured.err.splitlines()[0] == f"synthworld eval: {WARNING}"
    assert "agent raised FixtureMissError: " in captured.out  # then the miss's message
    assert ": rec[seed=0]\n" in captured.out


def test_a_replay_only_file_says_how_to_record_in_the_commands_words(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file of mode 'none' (the default) run before its cassette existed said: record it with
    mode='once' and a fallback, e.g. FixtureBackend('...', mode='once', fallback=RandomBackend()),
    and to add the fallback the file already had."""
    (folder / "rec.yaml").write_text(SCENARIO.replace("mode: once, ", ""), encoding="utf-8")
    assert main(["run", "rec.yaml", "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["error"] == (
        f"FixtureMissError: cassette file {folder / 'cassette.yaml'} does not exist; record first: "
        "synthworld run rec.yaml --record-mode once (under pytest: --synthworld-record-mode once)"
    )
    assert main(["run", "rec.yaml", "--record-mode", "once"]) == 0
    report = evaluate("rec.yaml", agent="agents.py:other", seeds=1, progress=False)
    assert report.runs[0].error is not None
    assert report.runs[0].error.endswith(
        "\nrecord more first: synthworld run rec.yaml --record-mode new_episodes (under pytest: "
        "--synthworld-record-mode new_episodes); or loosen matching with "
        "match=synthworld.cassette.matchers.ignore(...)."
    )
