"""Scenario files whose format key is missing or misspelt are reported by pytest, not dropped.

A scenario under ``scenarios/`` with ``synthworld_scenaro: 1`` was silently not collected (the run
passed without it), and ``pytest s.yaml`` on a file that forgot the key said only "not found".
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests._plugin_support import isolate, run

pytest_plugins = ["pytester"]

BODY = """\
name: refund
tools: synthworld.examples.shop
seeds: [1]
agent: synthworld.examples.agents:refund_agent
task: "Customer lee@example.com writes: it broke"
"""


@pytest.fixture
def pyt(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    return isolate(pytester, monkeypatch)


def write(pytester: pytest.Pytester, path: str, text: str) -> Path:
    target = pytester.path / path
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")
    return target


def test_a_misspelt_format_key_in_the_scenario_folder_is_an_error(pyt: pytest.Pytester) -> None:
    write(pyt, "scenarios/good.yaml", "synthworld_scenario: 1\n" + BODY)
    write(pyt, "scenarios/typo.yaml", "synthworld_scenaro: 1\n" + BODY)
    write(pyt, "scenarios/notes.yaml", "title: not a scenario\nitems: [1, 2]\n")
    result = run(pyt, "--continue-on-collection-errors", "scenarios")
    result.assert_outcomes(passed=1, errors=1)
    result.stdout.fnmatch_lines(
        ["scenarios/typo.yaml:1: synthworld_scenaro: unknown key; did you mean 'synthworld_scenario'?*"]
    )


def test_a_named_file_without_the_format_key_says_what_to_add(pyt: pytest.Pytester) -> None:
    write(pyt, "elsewhere/forgot.yaml", BODY)
    write(pyt, "elsewhere/other.yaml", "test_name: a tavern test\nstages: []\n")
    result = run(pyt, "elsewhere/forgot.yaml")
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(
        ["elsewhere/forgot.yaml:1: (root): not a synthworld scenario; start the file with *scenario: 1*"]
    )
    assert "Traceback" not in result.stdout.str()
    other = run(pyt, "elsewhere/other.yaml")  # another tool's YAML: left to pytest (and its plugins)
    assert "not found" in other.stderr.str()
