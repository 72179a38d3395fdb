"""Titles, labels and dates of birth that read as their kind's (stop 50's leftovers: a book's or a
song's title was 1-3 random words, "Leg During Traditional"; a ``unit_label`` or a button's
``label`` a catch phrase or a tag; a ``dob`` with an example, a ``birthDate`` with a pattern and a
``born`` drawn from recent dates or words)."""

from __future__ import annotations

import datetime as dt
import itertools
from random import Random
from typing import Any

import pytest

from synthworld import SimulatedClock, SyntheticWorld, ToolSpec
from synthworld.schema import _titles as t
from synthworld.schema import compile_generator
from synthworld.schema._words import STATUSES

_S = {"type": "string"}


def _obj(props: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "properties": props, "required": list(props), "additionalProperties": False}


def _draws(schema: dict[str, Any], *path: str, seeds: int = 8) -> list[Any]:
    generator = compile_generator(schema)
    found = []
    for seed in range(seeds):
        value = generator.generate(Random(seed))
        for key in path:
            value = value[key]
        found.append(value)
    return found


def _all(*parts: tuple[str, ...], form: str = "{} {}") -> set[str]:
    return {form.format(*words) for words in itertools.product(*parts)}


_CREATIVE = (
    _all(t._ADJECTIVES, t._NOUNS, form="The {} {}")
    | _all(t._NOUNS, t._ABSTRACT, form="The {} of {}")
    | _all(t._NOUNS, t._ABSTRACT, form="A {} of {}")
    | _all(t._ADJECTIVES, t._NOUNS)
)
_SONG = set(t._SONG_PHRASES) | _all(t._ADJECTIVES, t._NOUNS)
_ARTICLE = (
    {f"How to {x}" for x in t._HOW_TO}
    | {f"{n} Ways to {x}" for n in range(3, 11) for x in t._HOW_TO}
    | {f"{form} {topic}" for form in ("A Beginner's Guide to", "The Future of") for topic in t._TOPICS}
    | {f"Why {topic} Matters" for topic in t._TOPICS}
)
_RECIPE = _all(t._FLAVOURS, t._MAINS, t._DISHES, form="{} {} {}")
_TASK = _all(t._TASK_VERBS, t._TASK_OBJECTS)
_PROJECT = _all(t._AREAS, t._INITIATIVES)
_REPORT = _all(t._DOC_TOPICS, ("Report",))


@pytest.mark.parametrize(
    ("parent", "name", "titles"),
    [
        ("book", "title", _CREATIVE),
        ("movie", "title", _CREATIVE),
        ("episode", "name", _CREATIVE),
        ("song", "title", _SONG),
        ("album", "name", _SONG),
        ("article", "title", _ARTICLE),
        ("post", "headline", _ARTICLE),
        ("recipe", "name", _RECIPE),
        ("task", "title", _TASK),
        ("todo", "title", _TASK),
        ("project", "name", _PROJECT),
        ("report", "title", _REPORT),
    ],
)
def test_a_title_reads_as_its_kinds(parent: str, name: str, titles: set[str]) -> None:
    schema = _obj({parent: _obj({name: _S, "id": _S})})
    found = _draws(schema, parent, name)
    assert all(title in titles for title in found), found
    assert found == _draws(schema, parent, name)  # the same seed, the same title


def test_a_book_answer_by_its_isbn_has_a_books_title() -> None:
    found = _draws(_obj({"id": _S, "title": _S, "author": _S, "isbn": _S}), "title")
    assert all(title in _CREATIVE for title in found), found


def test_a_title_still_keeps_its_length() -> None:
    found = _draws(
        _obj({"book": _obj({"title": {"type": "string", "maxLength": 12}})}), "book", "title", seeds=20
    )
    assert all(len(title) <= 12 for title in found), found


@pytest.mark.parametrize(
    ("schema", "path", "labels"),
    [
        (_obj({"unit_label": _S}), ("unit_label",), t.UNITS),
        (_obj({"status_label": _S}), ("status_label",), STATUSES),
        (_obj({"button_label": _S}), ("button_label",), t.UI_LABELS),
        (_obj({"button": _obj({"label": _S, "url": _S})}), ("button", "label"), t.UI_LABELS),
        (_obj({"menu_item": _obj({"label": _S})}), ("menu_item", "label"), t.UI_LABELS),
        (_obj({"field": _obj({"label": _S, "type": _S})}), ("field", "label"), t.FIELD_LABELS),
    ],
)
def test_a_label_is_a_short_label_of_its_kind(
    schema: dict[str, Any], path: tuple[str, ...], labels: tuple[str, ...]
) -> None:
    found = _draws(schema, *path)
    assert all(label in labels for label in found), found
    assert found == _draws(schema, *path)


def test_a_label_keeps_its_enum_and_pattern() -> None:
    assert set(_draws(_obj({"unit_label": {"enum": ["kWh"]}}), "unit_label")) == {"kWh"}
    found = _draws(_obj({"button_label": {"type": "string", "pattern": "^[A-Z]{3}$"}}), "button_label")
    assert all(len(label) == 3 and label.isupper() for label in found), found


_CLOCK = dt.datetime(2030, 6, 1, tzinfo=dt.timezone.utc)
_PATIENT = _obj(
    {
        "id": _S,
        "birth_date": _S,
        "dob": {"type": "string", "examples": ["1990-05-17"]},
        "birthDate": {"type": "string", "pattern": "^\\d{4}-\\d{2}-\\d{2}$"},
        "born": _S,
        "born_at": {"type": "string", "format": "date-time"},
        "date_of_birth": {"type": "string", "description": "The patient's date of birth."},
    }
)


def _patients() -> list[dict[str, Any]]:
    out = []
    for seed in range(6):
        world = SyntheticWorld(seed, clock=SimulatedClock(_CLOCK))
        world.register_tool(ToolSpec("get_patient", "", {"type": "object", "properties": {}}, _PATIENT))
        out.append(world.call("get_patient", {}))
    return out


@pytest.mark.parametrize("field", ["birth_date", "dob", "birthDate", "born", "born_at", "date_of_birth"])
def test_a_date_of_birth_is_an_adults(field: str) -> None:
    patients = _patients()
    for patient in patients:
        born = dt.date.fromisoformat(patient[field][:10])
        assert 18 <= (_CLOCK.date() - born).days / 365.25 <= 90, (field, patient[field])
    assert [p[field] for p in patients] == [p[field] for p in _patients()]


def test_a_birth_date_with_a_pattern_it_cannot_fit_keeps_the_pattern() -> None:
    found = _draws(_obj({"dob": {"type": "string", "pattern": "^\\d{2}/\\d{2}/\\d{4}$"}}), "dob")
    assert all(len(value) == 10 and value[2] == "/" for value in found), found


def test_a_birth_year_is_an_adults() -> None:
    found = _draws(
        _obj({"birth_year": {"type": "integer"}, "year_of_birth": {"type": "integer"}}), "birth_year"
    )
    assert all(1935 <= year <= 2007 for year in found), found
