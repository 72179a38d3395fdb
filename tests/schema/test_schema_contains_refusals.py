"""Arrays whose ``contains`` no array can meet, refused when the schema compiles with the reason
(`_contains_proof`, `_array_items._distinct`): a ``contains`` no allowed item matches, counts
that conflict with each other or with ``maxItems``, ``uniqueItems`` with too few values. Main
refused each only after every attempt's plan had searched and drawn in vain (up to 0.9 s CPU in
`bench/fuzz_contains.py`), with "no valid value could be built". Their satisfiable neighbours
still answer, validly."""

from __future__ import annotations

import re
from typing import Any

import pytest
from schema_corpus import valid_values

from synthworld import SyntheticWorld, ToolSpec
from synthworld.errors import UnsatisfiableSchemaError
from synthworld.schema import compile_generator


def _array(**words: Any) -> dict[str, Any]:
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "array", **words}


STRING_3 = {"contains": {"type": "string"}, "minContains": 3}
REFUSED: dict[str, tuple[dict[str, Any], str]] = {
    "no item may be a string (the fuzz's slowest refusal)": (
        _array(allOf=[STRING_3, {"contains": {"type": "integer"}}], items={"type": ["integer", "boolean"]}),
        "no item the array at the root allows (its prefixItems/items/unevaluatedItems, and the others' "
        "maxContains) matches the contains at '/allOf/0/contains', which must match at least 3",
    ),
    "three strings and two integers in four items": (
        _array(allOf=[STRING_3, {"contains": {"type": "integer"}, "minContains": 2}], maxItems=4),
        "no array at the root meets the counts of all its contains at once: '/allOf/0/contains' wants "
        "at least 3; '/allOf/1/contains' wants at least 2, in an array of between 0 and 4 items",
    ),
    "three integers, each one of at most one item that is not a string": (
        _array(
            allOf=[
                {"contains": {"type": "string"}, "minContains": 2},
                {"contains": {"not": {"type": "string"}}, "minContains": 0, "maxContains": 1},
                {"contains": {"type": "integer"}, "minContains": 3},
            ]
        ),
        "'/allOf/1/contains' wants at least 0 and at most 1; '/allOf/2/contains' wants at least 3",
    ),
    "a closed prefix with no room for a string": (
        _array(
            prefixItems=[{"type": "integer"}, {"type": "boolean"}],
            items=False,
            allOf=[{"contains": {"type": "string"}}, {"contains": {"type": "integer"}}],
        ),
        "matches the contains at '/allOf/0/contains', which must match at least 1",
    ),
    "three distinct booleans": (
        _array(contains={"type": "boolean"}, minContains=3, uniqueItems=True),
        "minContains 3 at the root asks for more distinct items (uniqueItems) than the 2 that can "
        "match the contains at '/contains'",
    ),
    "two distinct integers among items that are all 3": (
        _array(contains={"type": "integer"}, minContains=2, items={"const": 3}, uniqueItems=True),
        "than the 1 that can match the contains at '/contains'",
    ),
    "two distinct items of ['a', 1] where no item is a string": (
        _array(
            allOf=[{"contains": {"minimum": 5}}, {"contains": {"enum": ["a", 1]}, "minContains": 2}],
            prefixItems=[{"type": ["integer", "boolean"]}, {"not": {"type": "string"}}],
            items={"not": {"type": "string"}},
            uniqueItems=True,
            minItems=5,
        ),
        "minContains 2 at '/allOf/1' asks for more distinct items (uniqueItems) than the 1 that can "
        "match the contains at '/allOf/1/contains'",
    ),
    "three distinct booleans beside a bounded string": (
        _array(
            allOf=[
                {"contains": {"type": "string"}, "maxContains": 5},
                {"contains": {"type": "boolean"}, "minContains": 3},
            ],
            uniqueItems=True,
        ),
        "'/allOf/1/contains' wants at least 3 (uniqueItems: at most 2 distinct items can match it)",
    ),
}
ANSWERED: dict[str, dict[str, Any]] = {
    "strings allowed": _array(
        allOf=[STRING_3, {"contains": {"type": "integer"}}], items={"type": ["integer", "boolean", "string"]}
    ),
    "room for three strings and two integers": _array(
        allOf=[STRING_3, {"contains": {"type": "integer"}, "minContains": 2}], maxItems=5
    ),
    "at most three items that are not strings": _array(
        allOf=[
            {"contains": {"type": "string"}, "minContains": 2},
            {"contains": {"not": {"type": "string"}}, "minContains": 0, "maxContains": 3},
            {"contains": {"type": "integer"}, "minContains": 3},
        ]
    ),
    "a prefix with room for a string": _array(
        prefixItems=[{"type": "integer"}, {"type": "string"}],
        items=False,
        allOf=[{"contains": {"type": "string"}}, {"contains": {"type": "integer"}}],
    ),
    "two distinct booleans": _array(contains={"type": "boolean"}, minContains=2, uniqueItems=True),
    "two distinct booleans beside a bounded string": _array(
        allOf=[
            {"contains": {"type": "string"}, "maxContains": 5},
            {"contains": {"type": "boolean"}, "minContains": 2},
        ],
        uniqueItems=True,
    ),
    "two distinct integers of [3, 4]": _array(
        contains={"type": "integer"}, minContains=2, items={"enum": [3, 4]}, uniqueItems=True
    ),
    "one null, and at most two items that are not strings, past a prefix of 'a' or 1 and 3": _array(
        allOf=[
            {"contains": {"type": "null"}, "maxContains": 1},
            {"contains": {"not": {"type": "string"}}, "minContains": 0, "maxContains": 2},
        ],
        prefixItems=[{"enum": ["a", 1]}, {"const": 3}],
        uniqueItems=True,
    ),
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_an_unmet_contains_is_refused_at_compile_with_its_reason(name: str) -> None:
    schema, reason = REFUSED[name]
    with pytest.raises(UnsatisfiableSchemaError, match=re.escape(reason)):
        compile_generator(schema)


def test_a_world_refuses_such_a_tool_when_it_is_registered() -> None:
    schema, reason = REFUSED["no item may be a string (the fuzz's slowest refusal)"]
    world = SyntheticWorld(seed=1)
    with pytest.raises(UnsatisfiableSchemaError, match=re.escape(reason)):
        world.register_tool(ToolSpec("tags", "Tags.", {"type": "object", "properties": {}}, schema))


@pytest.mark.parametrize("name", sorted(ANSWERED))
def test_a_satisfiable_neighbour_still_answers(name: str) -> None:
    assert len(valid_values(ANSWERED[name], 4)) == 4
