"""Every independent problem of a scenario file at once, in file order, from `synthworld validate`,
`synthworld run`, `synthworld eval` and pytest's collection: a problem with the format no longer
hides an import error or a misspelt tool, and a check that waits on another problem says so.

Real files in a temporary folder, real subprocesses; exit codes and stderr as a user sees them.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests._write_your_own import ROOT, synthworld_command, write

TRACKER = '''
from typing import Literal, TypedDict

import synthworld


class Ticket(TypedDict):
    ticket_id: str
    status: Literal["open", "closed"]


@synthworld.tool
def get_ticket(ticket_id: str) -> Ticket:
    """Fetch one ticket by its id."""


@synthworld.tool
def close_ticket(ticket_id: str, comment: str) -> Ticket:
    """Close a ticket."""
'''

TRIAGE = "def agent(world, task):\n    return 'done'\n"

BROKEN = """\
synthworld_scenario: 1
name: close_ticket
tools: trackr
agent: triage.agent
task: T-7
expect:
  not_called: [delete_tiket]
  max_calls: 3x
"""
"""An agent reference the format refuses, a tools module that does not exist, a tool name that
cannot be checked without the tools, and a bad number: four problems, one file."""

CAUSE = "it depends on the problem at tools (line 3); fix that first, then check again"
BROKEN_LINES = [
    "s.yaml:3: tools: cannot import 'trackr': no module named 'trackr' (looked in ",
    "s.yaml:4: agent: 'triage.agent' does not fit; expected 'package.module:attr' or 'path/to/file.py:attr' "
    "(relative to the scenario file). Did you mean 'triage:agent'?",
    f"s.yaml:7: expect.not_called[0]: tool 'delete_tiket' not checked: {CAUSE}",
    "s.yaml:8: expect.max_calls: '3x' is not of type 'integer'",
]


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    write(tmp_path, "tracker.py", TRACKER)
    write(tmp_path, "triage.py", TRIAGE)
    return tmp_path


def problem_lines(stderr: str, prefix: str = "") -> list[str]:
    return [line.removeprefix(prefix) for line in stderr.splitlines() if ".yaml:" in line]


def assert_lines_start(lines: list[str], starts: list[str]) -> None:
    assert len(lines) == len(starts), lines
    for line, start in zip(lines, starts, strict=True):
        assert line.startswith(start), (line, start)


def test_validate_lists_format_import_and_tool_problems_together(folder: Path) -> None:
    write(folder, "s.yaml", BROKEN)
    done = synthworld_command("validate", "s.yaml", cwd=folder)
    assert done.returncode == 1
    assert_lines_start(problem_lines(done.stderr), BROKEN_LINES)
    assert done.stderr.endswith("1 of 1 file(s) invalid\n")


def test_run_refuses_the_file_with_every_problem(folder: Path) -> None:
    write(folder, "s.yaml", BROKEN)
    done = synthworld_command("run", "s.yaml", cwd=folder)
    assert done.returncode == 2
    assert_lines_start(problem_lines(done.stderr, "synthworld run: "), BROKEN_LINES)


def test_eval_names_every_problem(folder: Path) -> None:
    write(folder, "s.yaml", BROKEN)
    done = synthworld_command("eval", "s.yaml", "--seeds", "1", cwd=folder)
    assert done.returncode != 0
    for start in BROKEN_LINES:
        assert start in done.stderr + done.stdout


def test_pytest_collection_error_shows_every_problem(folder: Path) -> None:
    write(folder, "s.yaml", BROKEN)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "s.yaml"],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 2  # a collection error
    for start in BROKEN_LINES:
        assert start in done.stdout


def test_once_the_tools_load_the_misspelt_tool_is_named(folder: Path) -> None:
    write(folder, "s.yaml", BROKEN.replace("trackr", "tracker").replace("triage.agent", "triage:agent"))
    done = synthworld_command("validate", "s.yaml", cwd=folder)
    assert done.returncode == 1
    assert problem_lines(done.stderr) == [
        "s.yaml:7: expect.not_called[0]: no tool named 'delete_tiket'; "
        "the scenario's tools are: close_ticket, get_ticket",
        "s.yaml:8: expect.max_calls: '3x' is not of type 'integer'",
    ]


def test_a_bad_item_does_not_hide_the_items_beside_it(folder: Path) -> None:
    text = """\
    synthworld_scenario: 1
    name: s
    tools: tracker
    responses:
      - {tool: get_ticket, times: many, output: {status: open}}
      - {tool: get_tiket, output: {status: open}}
    expect:
      calls:
        - {tool: get_ticket, input: {ticket: T-7}}
        - {tool: 3}
        - {tool: close_tickt}
    """
    write(folder, "s.yaml", text)
    done = synthworld_command("validate", "s.yaml", cwd=folder)
    assert done.returncode == 1
    assert problem_lines(done.stderr) == [
        "s.yaml:5: responses[0].times: 'many' is not of type 'integer'",
        "s.yaml:6: responses[1].tool: no tool named 'get_tiket'; did you mean 'get_ticket'? "
        "the scenario's tools are: close_ticket, get_ticket",
        "s.yaml:9: expect.calls[0].input.ticket: tool 'get_ticket' has no parameter 'ticket'; "
        "did you mean 'ticket_id'? parameters: ticket_id",
        "s.yaml:10: expect.calls[1].tool: 3 is not of type 'string'",
        "s.yaml:11: expect.calls[2].tool: no tool named 'close_tickt'; did you mean 'close_ticket'? "
        "the scenario's tools are: close_ticket, get_ticket",
    ]


def test_with_one_tools_entry_failing_only_names_it_may_hold_wait(folder: Path) -> None:
    text = """\
    synthworld_scenario: 1
    name: s
    tools: [tracker, billing]
    state: {invoice: {I-1: {total: 3}}}
    faults:
      - {tool: refund_invoice, on_call: 1, error: timeout}
    expect:
      not_called: [close_ticket, refund_invoice]
    """
    write(folder, "s.yaml", text)
    done = synthworld_command("validate", "s.yaml", cwd=folder)
    assert done.returncode == 1
    cause = "it depends on the problem at tools[1] (line 3); fix that first, then check again"
    assert_lines_start(
        problem_lines(done.stderr),
        [
            "s.yaml:3: tools[1]: cannot import 'billing': no module named 'billing'",
            f"s.yaml:4: state: the seeded state not checked: {cause}",
            f"s.yaml:6: faults[0].tool: tool 'refund_invoice' not checked: {cause}",
            f"s.yaml:8: expect.not_called[1]: tool 'refund_invoice' not checked: {cause}",
        ],
    )


def test_without_a_tools_key_tool_names_wait_for_it(folder: Path) -> None:
    write(folder, "s.yaml", "synthworld_scenario: 1\nname: s\nexpect:\n  not_called: [get_ticket]\n")
    done = synthworld_command("validate", "s.yaml", cwd=folder)
    assert problem_lines(done.stderr) == [
        "s.yaml:1: (root): 'tools' is a required property",
        "s.yaml:4: expect.not_called[0]: tool 'get_ticket' not checked: it depends on the problem at "
        "(root) (line 1); fix that first, then check again",
    ]


SHAPE = (
    "a scenario file is a mapping of keys (in YAML one a line, in JSON an object), such as "
    "'synthworld_scenario: 1', 'name: close_ticket', 'tools: tracker.py', 'agent: triage:agent', "
    "'task: T-7' and 'expect: ...' (`synthworld new FOLDER` writes a complete one to start from)"
)


@pytest.mark.parametrize(
    ("name", "text", "what"),
    [
        pytest.param("s.yaml", "", "the file is empty (nothing but blank lines or comments)", id="empty"),
        pytest.param(
            "s.yaml", "# TODO\n\n", "the file is empty (nothing but blank lines or comments)", id="comments"
        ),
        pytest.param(
            "s.yaml",
            "- synthworld_scenario: 1\n  name: s\n  tools: tracker\n",
            "the file is a list (1 item), not a mapping; write the keys of its first item at the top "
            "level, without the '- '",
            id="list-of-the-scenario",
        ),
        pytest.param("s.yaml", "- 1\n- 2\n", "the file is a list (2 items), not a mapping", id="list"),
        pytest.param("s.json", "[]", "the file is a list (empty), not a mapping", id="empty-json-list"),
        pytest.param("s.yaml", "close_ticket\n", 'the file holds a single value ("close_ticket")', id="text"),
    ],
)
def test_a_document_that_is_no_mapping_says_what_it_is(folder: Path, name: str, text: str, what: str) -> None:
    (folder / name).write_text(text, encoding="utf-8")
    done = synthworld_command("validate", name, cwd=folder)
    assert done.returncode == 1
    [line] = problem_lines(done.stderr.replace(".json:", ".yaml:"))
    assert line.startswith(f"{Path(name).stem}.yaml:1: (root): not a synthworld scenario: {what}")
    assert line.endswith(f"; {SHAPE}")


def test_an_unknown_not_called_tool_suggests_no_far_name(folder: Path) -> None:
    # 'delete_ticket' is 0.78 like 'get_ticket': another tool, not its misspelling (cutoff 0.8)
    text = "synthworld_scenario: 1\nname: s\ntools: tracker\nexpect:\n  not_called: [delete_ticket]\n"
    write(folder, "s.yaml", text)
    done = synthworld_command("validate", "s.yaml", cwd=folder)
    assert problem_lines(done.stderr) == [
        "s.yaml:5: expect.not_called[0]: no tool named 'delete_ticket'; "
        "the scenario's tools are: close_ticket, get_ticket"
    ]


@pytest.mark.parametrize(
    ("head", "first"),
    [
        pytest.param(
            'synthworld_scenario: "1"',
            "s.yaml:1: synthworld_scenario: '1' is text; write the number, without quotes: "
            "'synthworld_scenario: 1'",
            id="version-as-text",
        ),
        pytest.param(
            "synthworld_scenaro: 1",
            "s.yaml:1: synthworld_scenaro: unknown key; did you mean 'synthworld_scenario'? "
            "(the first line of a scenario is 'synthworld_scenario: 1')",
            id="misspelt-format-key",
        ),
    ],
)
def test_a_slip_in_the_format_key_does_not_hide_the_rest(folder: Path, head: str, first: str) -> None:
    text = f"{head}\nname: s\ntools: tracker\nagent: triage:agnt\nexpect:\n  not_called: [get_tiket]\n"
    write(folder, "s.yaml", text)
    done = synthworld_command("validate", "s.yaml", cwd=folder)
    assert done.returncode == 1
    assert problem_lines(done.stderr) == [
        first,
        "s.yaml:4: agent: 'triage' has no attribute 'agnt'; did you mean 'agent'?",
        "s.yaml:6: expect.not_called[0]: no tool named 'get_tiket'; did you mean 'get_ticket'? "
        "the scenario's tools are: close_ticket, get_ticket",
    ]


def test_validate_lists_a_missing_cassette_with_the_other_problems(folder: Path) -> None:
    text = """\
    synthworld_scenario: 1
    name: s
    tools: tracker
    backend: {fixtures: cassettes/s.yaml}
    expect:
      not_called: [get_tiket]
    """
    write(folder, "s.yaml", text)
    done = synthworld_command("validate", "s.yaml", cwd=folder)
    assert done.returncode == 1
    assert problem_lines(done.stderr) == [
        "s.yaml:4: backend.fixtures: cassette cassettes/s.yaml does not exist and mode 'none' (the "
        "default) only replays, so a run would fail at its first call; correct the path, or record it "
        "(after setting fallback: random): synthworld run s.yaml --record-mode once",
        "s.yaml:6: expect.not_called[0]: no tool named 'get_tiket'; did you mean 'get_ticket'? "
        "the scenario's tools are: close_ticket, get_ticket",
    ]


def test_a_misspelt_module_beside_the_scenario_is_suggested(folder: Path) -> None:
    write(folder, "s.yaml", BROKEN)
    done = synthworld_command("validate", "s.yaml", cwd=folder)
    [tools] = [line for line in problem_lines(done.stderr) if line.startswith("s.yaml:3: tools:")]
    assert "; did you mean 'tracker' (tracker.py is beside the scenario)? Else put trackr.py beside" in tools


def test_problems_on_one_line_come_in_item_order(folder: Path) -> None:
    names = ", ".join(f"tool_{n}" for n in range(12))
    write(
        folder,
        "s.yaml",
        f"synthworld_scenario: 1\nname: s\ntools: tracker\nexpect:\n  not_called: [{names}]\n",
    )
    done = synthworld_command("validate", "s.yaml", cwd=folder)
    shown = [line.split(": ")[1] for line in problem_lines(done.stderr)]
    assert shown == [f"expect.not_called[{n}]" for n in range(12)]  # [10] came before [2]
