"""A ``multipleOf`` wider than the range numbers are drawn in (0 to 100, or the field's realistic
range) drew among one or two multiples: ``multipleOf: 1e9`` answered 0 for every seed, and with
``not: {const: 0}`` the last resort's numbers as large as 8.7e36. Such a step now draws among ten
multiples; a narrower one draws as before."""

from __future__ import annotations

from typing import Any

import pytest
from schema_corpus import valid_values

from synthworld.schema import generate

BILLION = 1_000_000_000
BILLIONS = [8 * BILLION, BILLION, 10 * BILLION, 2 * BILLION]
WIDE: dict[str, tuple[Any, list[Any]]] = {
    "number": ({"type": "number", "multipleOf": 1e9}, BILLIONS),
    "integer": ({"type": "integer", "multipleOf": BILLION}, BILLIONS),
    "not_zero": ({"type": "number", "multipleOf": 1e9, "not": {"const": 0}}, BILLIONS),
    "from_a_minimum": ({"type": "integer", "multipleOf": 700, "minimum": 3}, [5600, 700, 7000, 1400]),
    "to_a_maximum": ({"type": "integer", "multipleOf": 500, "maximum": -3}, [-4000, -500, -5000, -1000]),
}  # fmt: skip


@pytest.mark.parametrize("name", WIDE)
def test_a_wide_multiple_of_draws_among_ten_multiples(name: str) -> None:
    schema, expected = WIDE[name]
    assert [generate(schema, seed) for seed in range(4)] == expected
    assert len(set(valid_values(schema, 20))) >= 5


def test_a_multiple_narrower_than_the_range_draws_as_before() -> None:
    halves = {"type": "number", "multipleOf": 0.5}
    assert [generate(halves, seed) for seed in range(4)] == [84.5, 13.5, 95.5, 24]
