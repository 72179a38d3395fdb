"""The description rules of contextual strings: the needle test before each pattern changes no answer."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from synthworld.schema._context import _DESCRIBED, _said

_RULES = [pytest.param(needles, rx, id=rx.pattern[:40]) for needles, rx, _ in _DESCRIBED]


@pytest.mark.parametrize(("needles", "rx"), _RULES)
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_every_text_a_rule_finds_holds_one_of_its_needles(
    needles: tuple[str, ...], rx: re.Pattern[str], data: st.DataObject
) -> None:
    text = data.draw(st.from_regex(rx))
    assert any(needle in text for needle in needles), (text, needles)


def _first_rule(description: str) -> object:
    """The plain reading: the fill of the first pattern found in the lowercased first sentence."""
    first = re.split(r"(?<=[.!?])\s", description.strip().lower(), maxsplit=1)[0]
    return next((fill for _, rx, fill in _DESCRIBED if rx.search(first)), None)


_WORDS = ["the", "unique", "id", "date", "time", "url", "of", "a", "user", "hex", "colour", "code"]


@settings(max_examples=200, deadline=None)
@given(
    rule=st.sampled_from([rx for _, rx, _ in _DESCRIBED]),
    data=st.data(),
    before=st.lists(st.sampled_from(_WORDS), max_size=4),
    after=st.text(alphabet="abcdefIDT. -", max_size=30),
)
def test_said_answers_as_the_plain_first_match(
    rule: re.Pattern[str], data: st.DataObject, before: list[str], after: str
) -> None:
    description = " ".join([*before, data.draw(st.from_regex(rule))]) + after
    assert _said(description) is _first_rule(description)


@pytest.mark.parametrize(
    ("description", "pattern"),
    [
        ("Hex color code of the label.", "hex(adecimal)? colou?r"),
        ("The unique identifier. Its date is kept.", r"\b(unique )?identifier\b|\bid\b"),
        ("When it was created, as a date and time.", r"\btimestamp\b"),
        ("A plain note", None),
    ],
)
def test_said_names_the_first_rule_of_the_first_sentence(description: str, pattern: str | None) -> None:
    fill = _said(description)
    expected = next((f for _, rx, f in _DESCRIBED if pattern and rx.pattern.startswith(pattern)), None)
    assert fill is expected
