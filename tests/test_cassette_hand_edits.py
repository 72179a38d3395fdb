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


def test_a_hand_edited_output_the_schema_refuses_names_its_line(tmp_path: Path) -> None:
    # the replay said "recorded interaction #1 get_user(...)" and "fix the output by hand", not where
    from synthworld import BackendError, SyntheticWorld

    path = tmp_path / "c.yaml"
    with SyntheticWorld(seed=0, backend=FixtureBackend(path, fallback=RandomBackend())) as world:

        @world.tool
        def get_user(user_id: str) -> dict[str, int]:
            """Fetch a user."""

        get_user("u1")
        get_user("u2")
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    second = next(i for i, line in enumerate(lines) if line.strip() == "user_id: u2")
    assert lines[second + 1] == "  output:"
    lines.insert(second + 2, "    age: lots")  # the hand edit, on the line after `output:`
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    replay = SyntheticWorld(seed=0, backend=FixtureBackend(path, mode="none"))
    replay.register_tool(world.tools["get_user"])
    with pytest.raises(BackendError) as info:
        replay.call("get_user", {"user_id": "u2"})
    assert str(info.value).startswith(f"{path}, line {second + 2}: recorded interaction #1 get_user(")
