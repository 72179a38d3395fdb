"""Hand edits of a cassette that break it say where and how to fix it, and leave the file as it
was: before, a JSON cassette with a trailing comma said only "Expecting property name enclosed in
double quotes" (or "Illegal trailing comma", by Python version), and a YAML value whose quote was
never closed "found unexpected end of stream" at the last line."""

from __future__ import annotations

from pathlib import Path

import pytest

from synthworld import FixtureBackend, RandomBackend
from synthworld.errors import CassetteError

RECORDED = '{"tool": "get_user", "input": {"user_id": "u1"}, "output": {"name": "Ann"}}'


def refused(path: Path) -> str:
    before = path.read_bytes()
    with pytest.raises(CassetteError) as info:
        FixtureBackend(path, mode="new_episodes", fallback=RandomBackend())
    assert path.read_bytes() == before
    return str(info.value)


@pytest.mark.parametrize("closer", ["]", "}"])
def test_a_trailing_comma_in_a_json_cassette_is_named(tmp_path: Path, closer: str) -> None:
    path = tmp_path / "c.json"
    body = f"[\n  {RECORDED},\n]" if closer == "]" else f"[\n  {RECORDED[:-1]},\n}}]"
    path.write_text('{"synthworld_cassette": 1,\n "interactions": ' + body + "}")
    assert refused(path) == (
        f"{path}, line 3: invalid JSON: a trailing comma before '{closer}' (JSON allows none): remove the ','"
    )


@pytest.mark.parametrize(("quote", "inside"), [('"', 'write it \\"'), ("'", "write it twice, ''")])
def test_a_quote_never_closed_names_the_line_it_opened_on(tmp_path: Path, quote: str, inside: str) -> None:
    path = tmp_path / "c.yaml"
    path.write_text(
        "synthworld_cassette: 1\ninteractions:\n- tool: get_user\n  input: {user_id: u1}\n"
        f"  output: {{name: {quote}Ann}}\n- tool: get_user\n  input: {{user_id: u2}}\n"
    )
    message = refused(path)
    assert (
        f"(the {quote} opened on line 5 is never closed: close it where the value ends "
        f"(a {quote} inside the value: {inside}))" in message
    )
