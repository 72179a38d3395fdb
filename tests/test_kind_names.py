"""A ticket's title, an event's name and a pet's name read as one (stop 50: the helpdesk world's
ticket was titled "Design might", an event "Need Top", a pet "Stacy Perry")."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

from synthworld.schema import compile_generator
from synthworld.schema._words import EVENT_KINDS, PET_NAMES, TICKET_PROBLEMS, TICKET_SUBJECTS

_S = {"type": "string"}


def _obj(props: dict[str, Any], title: str | None = None) -> dict[str, Any]:
    schema = {"type": "object", "properties": props, "required": list(props)}
    return {**schema, "title": title} if title else schema


def _under(parent: str, inner: dict[str, Any]) -> dict[str, Any]:
    return _obj({parent: inner})


def _draws(schema: dict[str, Any], *path: str) -> list[str]:
    generator = compile_generator(schema)
    found = []
    for seed in range(8):
        value = generator.generate(Random(seed))
        for key in path:
            value = value[key]
        found.append(value)
    return found


def _ticket_title(text: str) -> bool:
    return any(text.startswith(s + " ") and text[len(s) + 1 :] in TICKET_PROBLEMS for s in TICKET_SUBJECTS)


@pytest.mark.parametrize(
    ("schema", "path"),
    [
        (_obj({"id": _S, "title": _S, "status": _S}, title="Ticket"), ("title",)),
        (_under("issue", _obj({"title": _S, "body": _S})), ("issue", "title")),
        (_under("incident", _obj({"name": _S})), ("incident", "name")),
    ],
)
def test_a_ticket_is_titled_by_what_goes_wrong(schema: dict[str, Any], path: tuple[str, ...]) -> None:
    assert all(_ticket_title(text) for text in _draws(schema, *path)), _draws(schema, *path)


@pytest.mark.parametrize("parent", ["event", "conference", "festival"])
def test_an_event_is_named_like_one(parent: str) -> None:
    names = _draws(_under(parent, _obj({"name": _S, "city": _S})), parent, "name")
    assert all(name.split()[-1] in EVENT_KINDS for name in names), names


@pytest.mark.parametrize(
    ("schema", "path"),
    [
        (_obj({"id": {"type": "integer"}, "name": _S, "tag": _S}, title="Pet"), ("name",)),
        (_under("dog", _obj({"name": _S, "age": {"type": "integer"}})), ("dog", "name")),
        (_obj({"id": _S, "name": _S, "species": _S, "breed": _S}), ("name",)),
    ],
)
def test_a_pet_has_a_pets_name(schema: dict[str, Any], path: tuple[str, ...]) -> None:
    assert set(_draws(schema, *path)) <= set(PET_NAMES)
