"""A ``not`` of one type's keywords holds for that type alone (`_not_bounds.type_of_not`): every
value of another type meets ``format: ipv4`` or ``minimum: 0``, so fails ``not: {format: ipv4}``;
the ``not`` is read beside its type, and a string under a ``not`` tries the shortest texts last.
The fuzz of ``typeless`` found ``""`` refused (an ``if`` of ``format: ipv4``, whose else holds for
short strings alone); each schema below was refused at the start of audit22_refusals."""

from __future__ import annotations

from typing import Any

import pytest
from schema_corpus import valid_values

from synthworld.schema._not_bounds import type_of_not

OF_ONE_TYPE: list[Any] = [
    {
        "if": {"format": "ipv4"},
        "then": {"type": "string", "pattern": "^[0-9]+$"},
        "else": {
            "if": {"type": "string", "minLength": 2},
            "then": {"enum": [1, "a", None, [1]]},
            "else": {"maximum": 2, "exclusiveMinimum": -1},
        },
    },
    {"allOf": [{"not": {"format": "ipv4"}}, {"not": {"type": "string", "minLength": 2}}, {"maximum": 2}]},
    {"allOf": [{"not": {"minimum": 0}}, {"not": {"maximum": -100}}], "minLength": 3},
]


@pytest.mark.parametrize("schema", OF_ONE_TYPE)
def test_a_not_of_one_types_keywords_is_built_of_that_type(schema: Any) -> None:
    valid_values(schema, 3)


@pytest.mark.parametrize(
    ("neg", "kind"),
    [
        ({"format": "ipv4"}, "string"),
        ({"minimum": 3, "multipleOf": 2, "title": "t"}, "number"),
        ({"required": ["a"], "minProperties": 1}, "object"),
        ({"minimum": 3, "minLength": 2}, None),  # two types: a null meets both
        ({"enum": [1]}, None),
        ({}, None),
    ],
)
def test_type_of_not_names_the_one_type_of_every_keyword(neg: Any, kind: str | None) -> None:
    assert type_of_not(neg) == kind
