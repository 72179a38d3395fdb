"""A ``.json`` scenario holds the values every JSON reader sees in it, or says it is not JSON.

It was read as YAML 1.1, where ``1e3`` and ``1.5e3`` (valid JSON numbers) are strings: a file that
``json.load`` reads fine was refused (``'1E4' is not of type 'number'``) or, worse, ran with a
string where its author wrote a number. A trailing comma, which JSON forbids, was accepted.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import synthworld
from synthworld.errors import ScenarioError
from synthworld.scenario import load_scenario

REPO = Path(synthworld.__file__).resolve().parent.parent

SCENARIO = """{
  "synthworld_scenario": 1,
  "name": "json_numbers",
  "tools": [{"name": "refund",
             "parameters": {"type": "object", "properties": {"amount": {"type": "number"}}},
             "returns": {"type": "object", "properties": {"refunded": {"type": "number", "maximum": 1E4}},
                         "required": ["refunded"]}}],
  "agent": "agent.py:agent",
  "task": 1.5e3,
  "seed": 3,
  "responses": [{"tool": "refund", "output": {"refunded": 1e3}}],
  "expect": {"calls": [{"tool": "refund", "input": {"amount": {"$gt": 1e2}}}], "output": {"equals": 1e3}}
}
"""

AGENT = """
def agent(world, task):
    return world.call("refund", {"amount": task})["refunded"]
"""


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "s.json").write_text(SCENARIO, encoding="utf-8")
    (tmp_path / "agent.py").write_text(AGENT, encoding="utf-8")
    return tmp_path


def test_exponent_numbers_are_numbers_as_json_reads_them(folder: Path) -> None:
    scenario = load_scenario(folder / "s.json")
    assert scenario.data == json.loads(SCENARIO)
    assert scenario.task == 1500.0
    assert scenario.run(3).passed


def test_synthworld_run_passes_the_file_in_a_fresh_process(folder: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "synthworld", "run", "s.json"],
        cwd=folder,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert "agent output: 1000.0" in done.stdout
    assert "verdict: PASS  json_numbers [seed=3]" in done.stdout


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            '{\n  "synthworld_scenario": 1,\n  "name": "x",\n  "tools": "y",\n}\n',
            "s.json:4: invalid JSON: a trailing comma before '}' (JSON allows none): remove the ','",
        ),
        (
            '{"synthworld_scenario": 1, "name": "x",\n "tools": ["y" ,\n ]}\n',
            "s.json:2: invalid JSON: a trailing comma before ']' (JSON allows none): remove the ','",
        ),
        (
            '{"synthworld_scenario": 1, "name": "x",\n "tools": ["y", , "z"]}\n',
            "s.json:2: invalid JSON: Expecting value",
        ),
        (
            '# a comment\n{"synthworld_scenario": 1, "name": "x", "tools": "y"}\n',
            "s.json:1: invalid JSON: Expecting value",
        ),
    ],
)
def test_yaml_that_is_not_json_is_refused_at_its_line(tmp_path: Path, text: str, expected: str) -> None:
    (tmp_path / "s.json").write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load_scenario(tmp_path / "s.json")
    assert str(info.value).endswith(expected)


def test_a_file_with_a_byte_order_mark_is_read_as_json_too(tmp_path: Path) -> None:
    text = '\ufeff{"synthworld_scenario": 1, "name": "x", "tools": "synthworld.examples.shop", "task": 2e0}'
    (tmp_path / "s.json").write_text(text, encoding="utf-8")
    assert load_scenario(tmp_path / "s.json").task == 2.0
