"""A scenario typed or pasted with characters that look right but are not to YAML, and keys left
empty: before, a no-break space after a colon read "line 2 has no ': ' after its key: write key:
value, with a space after the colon" (there seemed to be one), a full-width colon the same, a
no-break space in an indentation "unknown key '\\xa0 - tool'; allowed keys: ...", and ``calls:``
with its items not indented under it "it takes a list: write calls: [null]"."""

from __future__ import annotations

from pathlib import Path

import pytest

from synthworld.errors import ScenarioError
from synthworld.scenario import load_scenario

HEAD = "synthworld_scenario: 1\nname: x\ntools: synthworld.examples.shop\n"


def error_of(tmp_path: Path, text: str) -> str:
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    return str(info.value)


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (
            "seed:\u00a01\n",
            "line 4, column 6 holds a no-break space (U+00A0), which YAML does not read as a space: "
            "type a plain space (or nothing) there",
        ),
        (
            "seed\uff1a 1\n",
            "line 4, column 5 holds a fullwidth colon (U+FF1A), which YAML does not read as a colon: "
            "type ':' there",
        ),
    ],
)
def test_a_lookalike_space_or_colon_that_breaks_parsing_is_named_with_its_place(
    tmp_path: Path, line: str, expected: str
) -> None:
    assert expected in error_of(tmp_path, HEAD + line + "agent: a:b\n")


def test_a_no_break_space_in_an_indentation_is_named(tmp_path: Path) -> None:
    text = HEAD + "expect:\n  calls:\n  \u00a0 - tool: get_order\n"
    error = error_of(tmp_path, text)
    assert "it holds a no-break space (U+00A0), which YAML does not read as a space" in error
    assert "allowed keys" not in error


@pytest.mark.parametrize(
    ("key", "items"), [("calls", "each item on its own line starting with '- '"), ("expect", "its keys")]
)
def test_a_key_left_empty_says_to_indent_what_goes_under_it(tmp_path: Path, key: str, items: str) -> None:
    text = HEAD + ("expect:\n  calls:\n  not_called: []\n" if key == "calls" else "expect:\n")
    error = error_of(tmp_path, text)
    assert (
        f"nothing is given after '{key}:' (or what follows is not indented under it): write {items}" in error
    )
    assert "[null]" not in error


def test_list_items_outdented_to_the_keys_of_their_parent_say_to_indent_them(tmp_path: Path) -> None:
    error = error_of(tmp_path, HEAD + "expect:\n  calls:\n- tool: get_order\n")
    assert (
        "line 6 is a list item ('- ') at the column of a mapping's keys, where only keys go: indent it "
        "under the key whose list it is ('calls:' on line 5), more than that key" in error
    )
