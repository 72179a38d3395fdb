"""``unevaluatedItems`` beside ``contains``: the items a ``contains`` matches are evaluated (for the
``unevaluatedItems`` of its own schema and of those above it in place), so they need not meet
``unevaluatedItems``, and an array closed by ``unevaluatedItems: false`` still holds them. A fuzz
of ``unevaluated`` keywords found these refused as unsatisfiable ("no JSON type satisfies every
'type' at '/unevaluatedItems'", "needs 1 items but allows at most 0")."""

from __future__ import annotations

from typing import Any

import pytest

from synthworld.errors import UnsatisfiableSchemaError
from synthworld.schema import generate
from tests.schema.schema_corpus import oracle

CONTAINED: list[Any] = [
    {"type": "array", "contains": {"type": "null"}, "maxContains": 1,
     "unevaluatedItems": {"type": "integer"}},
    {"type": "array", "contains": {"type": "null"}, "unevaluatedItems": False},
    {"type": "array", "prefixItems": [{"type": "string"}], "contains": {"type": "null"},
     "unevaluatedItems": False, "minItems": 3},
    {"type": "array", "allOf": [{"contains": {"type": "null"}, "maxContains": 2}], "unevaluatedItems": False},
]  # fmt: skip


@pytest.mark.parametrize("schema", CONTAINED)
def test_items_a_contains_matches_are_evaluated(schema: Any) -> None:
    check = oracle(schema)
    values = [generate(schema, seed) for seed in range(5)]
    assert all(check.is_valid(v) for v in values), values
    assert any(None in v for v in values)


def test_closed_array_of_contained_items_exact_values() -> None:
    schema = {"type": "array", "prefixItems": [{"type": "boolean"}], "contains": {"type": "null"},
              "unevaluatedItems": False}  # fmt: skip
    expected = [[False, None, None, None, None], [False, None], [True, None, None, None, None]]
    assert [generate(schema, seed) for seed in range(3)] == expected


def test_a_sibling_unevaluated_items_does_not_see_the_contains() -> None:
    """``allOf`` siblings: the second's ``unevaluatedItems`` sees no annotation of the first's
    ``contains``, so every item must be an integer and none can be null."""
    contains, rest = {"contains": {"type": "null"}}, {"unevaluatedItems": {"type": "integer"}}
    schema = {"type": "array", "allOf": [contains, rest]}
    with pytest.raises(UnsatisfiableSchemaError):
        generate(schema, 0)
