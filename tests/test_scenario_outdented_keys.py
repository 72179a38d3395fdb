"""A key of a ``responses:`` (or ``faults:``) entry written right after the list, outdented to the
top of the file, is named as the entry's: indent it. Before, ``output:`` there got only "'output'
is an expectation: move it under 'expect:'", the wrong way for a script whose output slipped left,
and ``when:`` the list of allowed top-level keys."""

from __future__ import annotations

from pathlib import Path

import pytest

from synthworld.serve.cli import main as cli

HEAD = "synthworld_scenario: 1\nname: refund\ntools: synthworld.examples.shop\n"
INDENT = "if it belongs to the last entry of {0!r} above it, indent it as that entry's keys"
CASES = {
    "a script's output": (
        "responses:\n- tool: get_order\n  when: {order_id: A1}\noutput: {status: delivered}\n",
        ":7: output: unknown key 'output'; 'output' is an expectation: move it under 'expect:'"
        " (expect: {output: ...}); or, " + INDENT.format("responses"),
    ),
    "a fault's trigger": (
        "faults:\n  - {tool: get_order, error: rate_limit}\nwhen: {order_id: A1}\n",
        ":6: when: unknown key 'when'; " + INDENT.format("faults"),
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_an_entry_key_outdented_to_the_top_is_told_to_indent(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    body, said = CASES[case]
    path = tmp_path / "refund.yaml"
    path.write_text(HEAD + body, encoding="utf-8")
    assert cli(["validate", str(path)]) == 1
    assert said in capsys.readouterr().err


def test_an_expectation_at_the_top_after_expect_is_only_moved(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """No list above it: the hint stays the one it was."""
    path = tmp_path / "refund.yaml"
    path.write_text(HEAD + "expect: {max_calls: 3}\noutput: {regex: x}\n", encoding="utf-8")
    assert cli(["validate", str(path)]) == 1
    err = capsys.readouterr().err
    assert "move it under 'expect:' (expect: {output: ...})\n" in err
