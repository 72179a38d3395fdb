"""Several ``contains`` met by one item (`_array_node._placed`): where the array has no room for an
item of each (``maxItems``, or no items beyond ``prefixItems`` but those a ``contains`` evaluates
under ``unevaluatedItems: false``), each item matches every ``contains``. The fuzz of
``unevaluated`` found ``[null]`` refused ("needs 2 items but allows at most 1"); each schema below
was refused at the start of audit22_refusals."""

from __future__ import annotations

from typing import Any

import pytest
from schema_corpus import valid_values

from synthworld.errors import SchemaError
from synthworld.schema import generate
from tests.schema.schema_corpus import oracle

SHARED: list[Any] = [
    {
        "allOf": [
            {"contains": {"format": "ipv4"}, "maxContains": 1},
            {"contains": {"not": {"type": "string"}}},
            {"allOf": [{"type": "array"}, {"prefixItems": [{"type": "null"}]}]},
        ],
        "unevaluatedItems": False,
    },
    {
        "type": "array",
        "maxItems": 1,
        "contains": {"type": "integer"},
        "allOf": [{"contains": {"minimum": 3}}],
    },
    {
        "type": "array",
        "contains": {"type": "integer"},
        "allOf": [{"contains": {"minimum": 3}}],
        "unevaluatedItems": False,
    },
    {
        "type": "array",
        "maxItems": 2,
        "allOf": [
            {"contains": {"type": "string"}},
            {"contains": {"minLength": 2}},
            {"contains": {"pattern": "^a"}},
        ],
    },
]


@pytest.mark.parametrize("schema", SHARED)
def test_one_item_meets_every_contains_where_there_is_no_room_for_one_each(schema: Any) -> None:
    check = oracle(schema)
    for seed in range(4):
        value = generate(schema, seed)
        assert isinstance(value, list)
        assert check.is_valid(value), (seed, value)


def test_no_item_is_shared_with_a_contains_that_allows_none() -> None:
    schema = {"type": "array", "maxItems": 1, "contains": {"type": "integer"}, "maxContains": 0,
              "minContains": 0, "allOf": [{"contains": {"type": "integer"}}]}  # fmt: skip
    with pytest.raises(SchemaError):  # an integer is needed, and none allowed: not [1]
        generate(schema, 0)


COUNTED: list[Any] = [
    {
        "allOf": [
            {"contains": {"type": "integer", "minimum": 1}},
            {"contains": {"type": "integer"}, "minContains": 3},
        ]
    },
    {
        "allOf": [
            {"contains": {"type": "string"}},
            {"contains": {"type": "integer"}, "minContains": 2, "maxContains": 2},
        ]
    },
]
"""A later ``contains`` with its own counts: it was placed once, its ``minContains`` ignored
(``[51, 46, {}]`` for the first, found by test_schema_keyword_combos' typeless keywords); the
conjunct with counts now places its items, the others one item each."""


@pytest.mark.parametrize("schema", COUNTED)
def test_the_contains_with_counts_places_its_items(schema: Any) -> None:
    valid_values(schema, 4)
