"""Names and labels the survey of real documents found wrong (``bench/survey_field_values.py``):
every ``<noun>_name`` was a person's (Kubernetes' ``nodeName``/``priorityClassName``/``generateName``,
Stripe's ``event_name``: "Jeremiah Frye"), a free map's ``label_744`` and Renovate's
``keepUpdatedLabel`` a catch phrase, a message's ``subject`` too."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
from faker.providers.company.en_US import Provider as Company
from faker.providers.person.en_US import Provider as Person

from synthworld.schema import _titles as t
from synthworld.schema import compile_generator
from synthworld.schema._words import EVENT_KINDS, LABELS

_S = {"type": "string"}
_FIRST, _LAST = frozenset(Person.first_names), frozenset(Person.last_names)
_CATCH = frozenset(w.lower() for words in Company.catch_phrase_words for w in words)


def _draws(name: str, parents: tuple[str, ...] = (), schema: Any = _S) -> list[str]:
    for parent in (name, *parents):
        schema = {"type": "object", "properties": {parent: schema}, "required": [parent]}
    generator = compile_generator(schema)
    found = []
    for seed in range(8):
        value = generator.generate(Random(seed))
        for key in (*reversed(parents), name):
            value = value[key]
        found.append(value)
    return found


def _person(text: str) -> bool:
    words = text.split()
    return len(words) >= 2 and words[0] in _FIRST and words[-1] in _LAST


def _machine(text: str) -> bool:
    return text == text.lower() and " " not in text and text.replace("-", "").isalpha()


@pytest.mark.parametrize(
    ("name", "parents"),
    [
        ("node_name", ("spec",)),
        ("priority_class_name", ("spec",)),
        ("generate_name", ("metadata",)),
        ("singular_name", ()),
        ("kms_key_name", ("secrets",)),
        ("dependency_name", ("allow",)),
    ],
)
def test_a_things_name_is_a_machines(name: str, parents: tuple[str, ...]) -> None:
    found = _draws(name, parents)
    assert all(_machine(value) for value in found), found
    assert found == _draws(name, parents)


def test_a_named_kinds_name_is_its_kinds() -> None:
    assert all(value.split()[-1] in EVENT_KINDS for value in _draws("event_name")), _draws("event_name")
    assert all(value in LABELS for value in _draws("tag_name"))


@pytest.mark.parametrize("name", ["author_name", "account_holder_name", "full_name", "sender_name"])
def test_a_persons_name_stays_a_persons(name: str) -> None:
    assert all(_person(value) for value in _draws(name)), _draws(name)


@pytest.mark.parametrize("name", ["label_744", "keep_updated_label", "display_label"])
def test_a_label_is_a_label_word(name: str) -> None:
    assert all(value in LABELS for value in _draws(name, ("metadata",))), _draws(name, ("metadata",))


@pytest.mark.parametrize(
    ("name", "parents"), [("subject", ("email",)), ("subject", ("zulip",)), ("mail_subject", ())]
)
def test_a_messages_subject_is_a_subject_line(name: str, parents: tuple[str, ...]) -> None:
    topics = tuple(t._DOC_TOPICS)
    found = _draws(name, parents)
    assert all(any(topic in value for topic in topics) for value in found), found
    assert not any(sum(w in _CATCH for w in value.lower().split()) >= 2 for value in found), found


def test_a_certificates_subject_is_no_subject_line() -> None:
    found = _draws("subject", ("certificate",))
    assert not any(any(topic in value for topic in t._DOC_TOPICS) for value in found), found


def test_a_compound_name_keeps_its_pattern() -> None:
    found = _draws("node_name", (), {"type": "string", "pattern": "^node-[0-9]{2}$"})
    assert all(value.startswith("node-") and len(value) == 7 for value in found), found


def test_a_materials_name_is_a_products() -> None:
    from synthworld.schema._words import PRODUCT_ADJECTIVES

    found = _draws("abc_material_name", ("items",))
    assert all(value.split()[0] in PRODUCT_ADJECTIVES for value in found), found
