"""Plurals made singular for the names fields are read by (`_plurals.singular`)."""

from __future__ import annotations

import pytest

from synthworld.schema import generate
from synthworld.schema._plurals import singular


@pytest.mark.parametrize(
    ("plural", "one"),
    [
        ("statuses", "status"),
        ("addresses", "address"),
        ("boxes", "box"),
        ("buzzes", "buzz"),
        ("matches", "match"),
        ("wishes", "wish"),
        ("categories", "category"),
        ("caches", "cache"),
        ("causes", "cause"),
        ("sizes", "size"),
        ("users", "user"),
        ("status", "status"),
        ("class", "class"),
        ("analysis", "analysis"),
    ],
)
def test_a_plural_is_made_singular_and_a_singular_kept(plural: str, one: str) -> None:
    assert singular(plural) == one


def test_the_items_of_a_statuses_list_are_statuses() -> None:
    status = {"type": "object", "properties": {"status": {"type": "string"}}, "required": ["status"]}
    listed = {
        "type": "object",
        "properties": {
            "statuses": {"type": "array", "minItems": 1, "maxItems": 1, "items": {"type": "string"}}
        },
        "required": ["statuses"],
    }
    for seed in range(3):
        assert generate(listed, seed=seed)["statuses"][0] == generate(status, seed=seed)["status"]
