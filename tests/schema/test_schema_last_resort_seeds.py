"""A seed whose usual attempts fail takes the last resort's own seeded draws before the one value
registration found: ``not: {uniqueItems: true}`` over integers (the usual draws rarely repeat an
item) answered ``[36, 59, 36, 86]`` for every seed."""

from __future__ import annotations

import json

from schema_corpus import valid_values

from synthworld.schema import generate

REPEATS = {"type": "array", "items": {"type": "integer"}, "not": {"uniqueItems": True}}


def test_a_schema_the_usual_draws_rarely_meet_still_varies_with_the_seed() -> None:
    assert [generate(REPEATS, seed) for seed in range(2)] == [[63, 63], [65, 65, 70]]
    values = valid_values(REPEATS, 8)
    assert len({json.dumps(v) for v in values}) >= 6
    assert all(len(set(v)) < len(v) for v in values)  # each repeats an item
