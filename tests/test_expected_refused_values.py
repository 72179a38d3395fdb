"""A value of an expected input that the parameter's schema refuses (``ticket_id: 7`` where the
id is text, ``room: twin`` outside the enum) is named where the file is loaded, with its line and
the fix: a call carrying it is refused by the world and never reaches the tool, so the
expectation could only ever match that refusal. Before, the file was valid and every run failed
"found none; closest: ... 'T-7' != 7". An expected call marked ``refused: true`` expects the
refusal on purpose (an agent's first try, then its retry) and matches only a refused call."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import synthworld
from synthworld.serve.cli import main as cli

HEAD = """\
synthworld_scenario: 1
name: book
tools:
  - name: book_room
    description: Book a room for a guest.
    parameters:
      type: object
      properties:
        ticket_id: {type: string}
        guest: {$ref: "#/$defs/Guest"}
        nights: {type: array, items: {type: integer, minimum: 1}}
        room: {enum: [single, double, 3]}
      required: [ticket_id]
      $defs:
        Guest:
          type: object
          properties: {name: {type: string}, age: {type: integer}}
          required: [name, age]
    returns: {type: object, properties: {booking_id: {type: string}}, required: [booking_id]}
agent: synthworld.examples.agents:refund_agent
task: book
expect:
  calls:
"""
FIX = (
    "so a call carrying it is refused by the world (invalid_input) and never reaches the tool: "
    "write the value the agent sends{quote}, or add 'refused: true' to this expected call if the "
    "agent's refused try is what you expect"
)
CASES = {
    "a number for a text id": (
        "    - {tool: book_room, input: {ticket_id: 7}}\n",
        "book.yaml:24: expect.calls[0].input.ticket_id: the parameter's schema refuses this value "
        "(7 is not of type 'string'), " + FIX.format(quote=" (quote it for text: '7')"),
    ),
    "a value outside the enum": (
        "    - {tool: book_room, input: {ticket_id: T-7, room: twin}}\n",
        "book.yaml:24: expect.calls[0].input.room: the parameter's schema refuses this value "
        "('twin' is not one of ['single', 'double', 3]), " + FIX.format(quote=""),
    ),
    "a field of a $ref object": (
        "    - {tool: book_room, input: {ticket_id: T-7, guest: {age: ten}}}\n",
        "book.yaml:24: expect.calls[0].input.guest.age: the parameter's schema refuses this value "
        "('ten' is not of type 'integer'), " + FIX.format(quote=""),
    ),
    "a boolean for a text field": (
        "    - {tool: book_room, input: {ticket_id: true}}\n",
        "book.yaml:24: expect.calls[0].input.ticket_id: the parameter's schema refuses this value "
        "(True is not of type 'string'), " + FIX.format(quote=" (quote it for text: 'true')"),
    ),
    "an item of a list": (
        "    - {tool: book_room, input: {ticket_id: T-7, nights: [2, 0]}}\n",
        "book.yaml:24: expect.calls[0].input.nights[1]: the parameter's schema refuses this value "
        "(0 is less than the minimum of 1), " + FIX.format(quote=" (quote it for text: '0')"),
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_validate_names_an_expected_value_the_schema_refuses(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line, said = CASES[case]
    path = tmp_path / "book.yaml"
    path.write_text(HEAD + line, encoding="utf-8")
    assert cli(["validate", str(path)]) == 1
    assert said in capsys.readouterr().err


def test_operators_values_taken_and_refused_calls_marked_so_pass(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "book.yaml"
    lines = (
        "    - {tool: book_room, input: {ticket_id: {$regex: '^T'}, room: 3, guest: {age: 30}}}\n"
        "    - {tool: book_room, input: {ticket_id: 7}, refused: true}\n"
        "  not_called:\n"
        "    - {tool: book_room, input: {room: twin}, refused: true}\n"
    )
    path.write_text(HEAD + lines, encoding="utf-8")
    assert cli(["validate", str(path)]) == 0, capsys.readouterr().err


def agent(world: Any, task: str) -> str:
    """A first try with a number for the id (refused), then the retry with text."""
    try:
        world.call("book_room", {"ticket_id": 7})
    except synthworld.ToolInputError:
        world.call("book_room", {"ticket_id": "7"})
    return "booked"


@pytest.mark.parametrize(
    ("expected", "failure"),
    [
        (
            "[{tool: book_room, input: {ticket_id: 7}, refused: true}, {tool: book_room, refused: false}]",
            None,
        ),
        (
            "[{tool: book_room, refused: false}, {tool: book_room, refused: true}]",
            "expect.calls[1]: expected a call to 'book_room' that the world refused after call #1, "
            "found none",
        ),
    ],
)
def test_a_call_marked_refused_matches_only_a_refused_call(
    expected: str, failure: str | None, tmp_path: Path
) -> None:
    path = tmp_path / "book.yaml"
    path.write_text(HEAD.replace("  calls:\n", f"  calls: {expected}\n"), encoding="utf-8")
    result = synthworld.load_scenario(path).run(0, agent=agent)
    assert result.failures == ([failure] if failure else [])
