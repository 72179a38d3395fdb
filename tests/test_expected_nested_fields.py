"""An expected input's keys inside an object parameter are checked where the file is loaded, as
its top-level keys are: a misspelt field (``guest: {emial: ...}`` beside ``email``), or any key of
a closed object, is named with its file, line and the fields there are. Before, the file was valid
and every run failed on a call that could never come ("found none; closest: ... missing")."""

from __future__ import annotations

from pathlib import Path

import pytest

from synthworld.serve.cli import main as cli

TOOLS = """\
synthworld_scenario: 1
name: book
tools:
  - name: book_room
    description: Book a room for a guest.
    parameters:
      type: object
      properties:
        guest:
          $ref: "#/$defs/Guest"
        backup:
          anyOf: [{$ref: "#/$defs/Guest"}, {type: "null"}]
        extras:
          type: array
          items:
            type: object
            properties: {code: {type: string}, count: {type: integer}}
            additionalProperties: false
        room: {enum: [single, double, suite]}
      required: [guest, room]
      $defs:
        Guest:
          type: object
          properties: {name: {type: string}, email: {type: string}}
          required: [name, email]
    returns: {type: object, properties: {booking_id: {type: string}}, required: [booking_id]}
agent: synthworld.examples.agents:refund_agent
task: book
expect:
  calls:
"""
CASES = {
    "a misspelt field of a $ref object": (
        "    - {tool: book_room, input: {guest: {emial: {$regex: example}}}}\n",
        "book.yaml:31: expect.calls[0].input.guest.emial: the object has no field 'emial'; did you"
        " mean 'email'? its fields: name, email",
    ),
    "a misspelt field of an optional object": (
        "    - {tool: book_room, input: {backup: {Name: Ann}}}\n",
        "book.yaml:31: expect.calls[0].input.backup.Name: the object has no field 'Name'; did you"
        " mean 'name'? its fields: name, email",
    ),
    "any key of a closed object in a list": (
        "    - {tool: book_room, input: {extras: [{code: BF, quantity: 2}]}}\n",
        "book.yaml:31: expect.calls[0].input.extras[0].quantity: the object has no field 'quantity';"
        " its fields: code, count",
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_validate_names_a_nested_field_the_parameter_lacks(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line, said = CASES[case]
    path = tmp_path / "book.yaml"
    path.write_text(TOOLS + line, encoding="utf-8")
    assert cli(["validate", str(path)]) == 1
    assert said in capsys.readouterr().err


def test_fields_it_has_and_keys_of_an_open_object_pass(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An open object may hold any key (only a near miss of a field is named), and a value the
    schema refuses may be expected on purpose, marked so (the agent's refused first try)."""
    path = tmp_path / "book.yaml"
    lines = (
        "    - {tool: book_room, input: {guest: {email: {$regex: example}, loyalty: gold}, room: twin},"
        " refused: true}\n"
        "    - {tool: book_room, input: {extras: [{code: BF, count: 2}], backup: null}}\n"
    )
    path.write_text(TOOLS + lines, encoding="utf-8")
    assert cli(["validate", str(path)]) == 0, capsys.readouterr().err
