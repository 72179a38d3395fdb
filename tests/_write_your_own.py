"""Shared by the write-your-own tests: a tracker world module, a scenario over it, and helpers."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def synthworld_command(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "synthworld", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


MODELS = """
from typing import Literal, TypedDict


class Ticket(TypedDict):
    ticket_id: str
    title: str
    status: Literal["open", "closed"]
"""

TRACKER = '''
import synthworld
from models import Ticket  # a sibling module, imported the way pytest would find it


@synthworld.tool
def get_ticket(ticket_id: str) -> Ticket:
    """Fetch a ticket."""
'''

SCENARIO = """\
synthworld_scenario: 1
name: t
tools: tracker
task: T-1
responses:
  - tool: get_ticket
    output: {status: closed}
expect:
  calls: [{tool: get_ticket, input: {ticket_id: T-1}}]
"""
