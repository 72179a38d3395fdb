"""`synthworld new FOLDER`: a world, an agent, a scenario and a test to start from, which pass.

The files are the README's "Write your own world and scenario" example (an issue tracker and a
triage agent) and a pytest test of the same agent. Nothing is overwritten: a file that exists
already stops the command before anything is written.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from pathlib import Path

__all__ = ["FILES", "add_arguments", "run"]

_WORLD = '''"""A small issue tracker: the tools the agent may call (typed stubs: a world answers them)."""

from typing import Literal, TypedDict

import synthworld


class Ticket(TypedDict):
    ticket_id: str
    title: str
    status: Literal["open", "closed"]
    assignee: str


@synthworld.tool
def get_ticket(ticket_id: str) -> Ticket:
    """Fetch one ticket by its id."""


@synthworld.tool
def close_ticket(ticket_id: str, comment: str) -> Ticket:
    """Close a ticket with a comment for the reporter."""
'''

_AGENT = '''"""The agent under test: closes the ticket it is told about, unless it is already closed.

Replace it with yours: any ``agent(world, task) -> str`` that calls tools through the world
(``world.call``, or ``world.to_openai()`` / ``world.handle_openai(...)`` for a real model).
"""


def agent(world, task: str) -> str:
    ticket = world.call("get_ticket", {"ticket_id": task})
    if ticket["status"] == "closed":
        return f"{task} was already closed"
    world.call("close_ticket", {"ticket_id": task, "comment": "Fixed in the last release."})
    return f"closed {task}"
'''

_SCENARIO = """# A scenario: the world (tools), the agent, its task, and what it must do.
# synthworld validate close_ticket.yaml   then   synthworld run close_ticket.yaml
synthworld_scenario: 1
name: close_ticket
tools: tracker.py
agent: triage:agent
task: T-7
seeds: [1, 2]
responses:                  # a scripted answer; fields it leaves out are generated
  - tool: get_ticket
    when: {ticket_id: T-7}
    output: {status: open}
expect:
  calls:
    - {tool: get_ticket, input: {ticket_id: T-7}}
    - {tool: close_ticket, input: {ticket_id: T-7, comment: {$regex: "(?i)fixed"}}}
  output: {equals: "closed T-7"}
"""

_TEST = '''"""The agent tested with pytest: `synth_world` is a fresh world per test (the synthworld marker
sets its seed); `pytest close_ticket.yaml` runs the scenario file as tests too (one per seed)."""

import pytest

import tracker
from triage import agent


@pytest.mark.synthworld(seed=1)
def test_the_agent_closes_an_open_ticket(synth_world):
    synth_world.add_tools(tracker)
    synth_world.script("get_ticket", output={"status": "open"}, partial=True)
    assert agent(synth_world, "T-7") == "closed T-7"
    synth_world.trace.assert_called("close_ticket", ticket_id="T-7")


@pytest.mark.synthworld(seed=1)
def test_the_agent_leaves_a_closed_ticket_alone(synth_world):
    synth_world.add_tools(tracker)
    synth_world.script("get_ticket", output={"status": "closed"}, partial=True)
    assert agent(synth_world, "T-7") == "T-7 was already closed"
    synth_world.trace.assert_not_called("close_ticket")
'''

FILES = {"tracker.py": _WORLD, "triage.py": _AGENT, "close_ticket.yaml": _SCENARIO, "test_triage.py": _TEST}
"""The files `synthworld new` writes, by name."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "folder", type=Path, metavar="FOLDER", help="where to write the files (made if missing)"
    )


def run(args: argparse.Namespace) -> int:
    folder: Path = args.folder
    taken = [folder / name for name in FILES if (folder / name).exists()]
    if taken:
        names = ", ".join(str(path) for path in taken)
        print(
            f"synthworld new: {names} {'exists' if len(taken) == 1 else 'exist'} already; nothing was "
            "written (choose another folder)",
            file=sys.stderr,
        )
        return 2
    if folder.exists() and not folder.is_dir():
        print(f"synthworld new: {folder} is a file, not a folder", file=sys.stderr)
        return 2
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in FILES.items():
        with (folder / name).open("x", encoding="utf-8") as file:  # "x": never over a file made meanwhile
            file.write(text)
        print(f"wrote {folder / name}")
    scenario, test = folder / "close_ticket.yaml", folder / "test_triage.py"
    install = "" if _installed("pytest") else "pip install pytest && "  # synthworld does not bring it
    print(f"\nnext:\n  synthworld run {scenario}\n  {install}pytest {test} {scenario}")
    print("then make tracker.py your tools, triage.py your agent, and the scenario what it must do")
    return 0


def _installed(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):  # ValueError: a module set to None in sys.modules
        return False
