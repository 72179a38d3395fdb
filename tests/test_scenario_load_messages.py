"""Messages for mistakes people make writing scenario files by hand: each says what to write.

Before: ``synthworld_scenario: "1"`` got "unsupported version '1'; this synthworld reads version
1", a misspelt format key got "not a synthworld scenario" (not which key), and a broken
``expect.output.regex`` got "'closed (' is not a 'regex'" (not what is wrong in it).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import synthworld
from synthworld.errors import ScenarioError
from synthworld.scenario import is_scenario_text, load_scenario

REPO = Path(synthworld.__file__).resolve().parent.parent
BODY = "name: x\ntools: synthworld.examples.shop\n"


def error_of(path: Path) -> str:
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    return str(info.value)


@pytest.mark.parametrize(
    ("head", "expected"),
    [
        (
            'synthworld_scenario: "1"\n',
            "s.yaml:1: synthworld_scenario: '1' is text; write the number, without quotes: "
            "'synthworld_scenario: 1'",
        ),
        (
            "# my scenario\nsynthworld_scenaro: 1\n",
            "s.yaml:2: synthworld_scenaro: unknown key; did you mean 'synthworld_scenario'? "
            "(the first line of a scenario is 'synthworld_scenario: 1')",
        ),
        (
            "synthworld_scenario: 1\nexpect:\n  output: {regex: 'closed ('}\n",
            "s.yaml:3: expect.output.regex: invalid regular expression 'closed (': missing ), "
            "unterminated subpattern at position 7; escape a character meant literally with a "
            "backslash (\\( for '(')",
        ),
        (  # DESIGN's "seed(s)": several seeds written under 'seed'
            "synthworld_scenario: 1\nseed: [1, 2]\n",
            "s.yaml:2: seed: [1, 2] is not of type 'integer'; several seeds go under 'seeds': "
            "write seeds: [1, 2]",
        ),
        (
            "synthworld_scenario: 1\nseeds: 3\n",
            "s.yaml:2: seeds: 3 is not of type 'array'; 'seeds' is a list: write seeds: [3] (or seed: 3)",
        ),
        (  # the input a scripted response answers goes under 'when'
            "synthworld_scenario: 1\nresponses:\n  - {tool: get_order, input: {order_id: A1}, output: {}}\n",
            "s.yaml:3: responses[0].input: unknown key 'input'; did you mean 'when'?",
        ),
        (
            "synthworld_scenario: true\n",
            "s.yaml:1: synthworld_scenario: unsupported version true; this synthworld reads version 1",
        ),
    ],
)
def test_the_message_says_what_to_write(tmp_path: Path, head: str, expected: str) -> None:
    (tmp_path / "s.yaml").write_text(head + BODY, encoding="utf-8")
    assert error_of(tmp_path / "s.yaml").endswith(expected)


def test_the_command_line_shows_it_without_a_traceback(tmp_path: Path) -> None:
    (tmp_path / "s.yaml").write_text('synthworld_scenario: "1"\n' + BODY, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "synthworld", "run", "s.yaml"],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 2
    assert done.stderr == (
        "synthworld run: s.yaml:1: synthworld_scenario: '1' is text; write the number, without "
        "quotes: 'synthworld_scenario: 1'\n"
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("synthworld_scenaro: 1\nname: x\n", True),
        ('{"synthworld-scenario": 1, "name": "x"}', True),
        ("synthworld_cassette: 1\n", False),
        ("title: notes\n", False),
    ],
)
def test_the_sniff_takes_a_misspelt_format_key(text: str, expected: bool) -> None:
    assert is_scenario_text(text) is expected


NORWAY = """\
synthworld_scenario: 1
name: norway
tools: synthworld.examples.shop
responses:
  - tool: get_order
    when: {order_id: NO}   # a country code, read as false
    output: {status: delivered}
"""


def test_a_yaml_word_read_as_a_boolean_gets_a_note_at_its_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("s.yaml").write_text(NORWAY, encoding="utf-8")
    lines = error_of(Path("s.yaml")).splitlines()
    assert "responses[0].when: order_id=False can never match" in lines[0]
    assert lines[1:] == [
        "s.yaml:6: note: YAML reads the unquoted NO as false; if it means the text, quote it: 'NO'"
    ]
    Path("s.yaml").write_text("synthworld_scenario: 1\nname: on\ntools: synthworld.examples.shop\n")
    assert error_of(Path("s.yaml")).splitlines() == [
        "s.yaml:2: name: True is not of type 'string'; expected Test name: no spaces, brackets, colons or "
        "slashes.",
        "s.yaml:2: note: YAML reads the unquoted on as true; if it means the text, quote it: 'on'",
    ]


def test_no_note_when_no_problem_is_about_a_boolean(tmp_path: Path) -> None:
    text = NORWAY.replace("when: {order_id: NO}", "when: {order_id: 'NO'}") + "x: on\n"
    (tmp_path / "s.yaml").write_text(text, encoding="utf-8")
    assert error_of(tmp_path / "s.yaml").endswith(
        "s.yaml:8: x: unknown key 'x'; allowed keys: agent, backend, clock, "
        "context, description, expect, faults, identity, latency, lifecycle, marks, name, responses, seed, "
        "seeds, state, "
        "synthworld_scenario, task, tools"
    )


def test_a_python_file_given_as_a_scenario_says_what_a_scenario_is(tmp_path: Path) -> None:
    (tmp_path / "tools.py").write_text("import synthworld\n\n\n@synthworld.tool\ndef f() -> int: ...\n")
    assert error_of(tmp_path / "tools.py").endswith(
        "tools.py:5: invalid YAML: mapping values are not allowed in this context; is it a scenario file? A "
        "scenario is YAML or JSON, named *.yaml, *.yml or *.json"
    )


def test_a_missing_file_says_where_it_was_looked_for_and_how_to_start_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The README's first command run from a pip install, ``synthworld run
    scenarios/shop_refund.yaml``, said "cannot read the scenario file: [Errno 2] No such file or
    directory" and nothing of where the example lives or how to start a scenario."""
    monkeypatch.chdir(tmp_path)
    assert error_of(Path("scenarios/shop_refund.yaml")) == (
        f"scenarios/shop_refund.yaml: no such scenario file (looked for from {tmp_path}); fix: check "
        "the path, or write one to start from with `synthworld new FOLDER` (a scenario, its tools and "
        "agent, and a test); the README's scenarios/ are in synthworld's source repository, not in "
        "the installed package"
    )
    assert error_of(tmp_path / "mine.yaml").endswith(
        "mine.yaml: no such scenario file; fix: check the path, or write one to start from with "
        "`synthworld new FOLDER` (a scenario, its tools and agent, and a test)"
    )
