"""A tool's answer with no name of its own says what it is by its other fields (stop 50: a
``get_book`` answer ``{title, author, isbn}`` had the title "Ameliorated bandwidth-monitored
instruction set", a faker catch phrase; a product's ``name`` beside its ``price`` was "Christopher
Atkinson", a person's)."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
from faker.providers.company.en_US import Provider as Company
from faker.providers.person.en_US import Provider as Person

from synthworld.schema import compile_generator

_CATCH_WORDS = frozenset(w.lower() for words in Company.catch_phrase_words for w in words)
_FIRST_NAMES = frozenset(Person.first_names)
_LAST_NAMES = frozenset(Person.last_names)
_S = {"type": "string"}


def _obj(props: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "properties": props, "required": list(props), "additionalProperties": False}


def _catch_phrase(text: str) -> bool:
    words = text.lower().replace("-", " ").split()
    return len(words) >= 3 and sum(w in _CATCH_WORDS for w in words) >= 2


def _person(text: str) -> bool:
    words = text.split()
    return words[0] in _FIRST_NAMES and words[-1] in _LAST_NAMES


ANSWERS = {
    "book": (_obj({"id": _S, "title": _S, "author": _S, "isbn": _S}), "title"),
    "book by its author": (_obj({"title": _S, "author": _S}), "title"),
    "song": (_obj({"id": _S, "title": _S, "artist": _S, "duration_ms": {"type": "integer"}}), "title"),
    "ticket": (_obj({"id": _S, "title": _S, "priority": {"enum": ["low", "high"]}}), "title"),
    "event": (_obj({"id": _S, "name": _S, "venue": _S, "starts_at": _S}), "name"),
    "product": (_obj({"id": _S, "name": _S, "price": {"type": "number"}, "sku": _S}), "name"),
}


@pytest.mark.parametrize("what", sorted(ANSWERS))
def test_a_title_fits_what_its_siblings_say(what: str) -> None:
    schema, key = ANSWERS[what]
    generator = compile_generator(schema)
    for seed in range(10):
        text = generator.generate(Random(seed))[key]
        assert not _catch_phrase(text), (what, text)
        assert not _person(text), (what, text)


def test_a_name_beside_an_email_stays_a_persons() -> None:
    generator = compile_generator(_obj({"id": _S, "name": _S, "email": _S}))
    names = [generator.generate(Random(seed))["name"] for seed in range(10)]
    assert all(_person(name) or "." in name for name in names), names  # "Dr.", "Jr." and the like
