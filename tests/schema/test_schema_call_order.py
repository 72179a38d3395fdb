"""A value is a function of its seed alone, never of the calls that came before: a subschema
reached by several paths (a shared definition) is compiled for each place it is met in."""

from __future__ import annotations

import json
from random import Random
from typing import Any

import pytest

from synthworld.schema import compile_generator
from synthworld.schema._place import route_of

SHARED = {
    "type": "object",
    "properties": {
        "author": {"$ref": "#/$defs/named"},
        "album": {"$ref": "#/$defs/named"},
        "tracks": {"type": "array", "items": {"$ref": "#/$defs/named"}},
        "label": {"allOf": [{"$ref": "#/$defs/named"}]},
    },
    "$defs": {"named": {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}},
}


def _values(schema: dict[str, Any], order: list[int], tag: str) -> dict[int, str]:
    generator = compile_generator({**schema, "$comment": tag})  # a fresh compile each time
    return {seed: json.dumps(generator.generate(Random(seed)), sort_keys=True) for seed in order}


@pytest.mark.parametrize("order", [list(range(40))[::-1], [7, 3, 30, 11, 0, 25, *range(40)]])
def test_values_do_not_depend_on_the_seeds_generated_before(order: list[int]) -> None:
    assert _values(SHARED, order, "shuffled") == _values(SHARED, list(range(40)), "in order")


def test_a_shared_definition_reads_the_place_it_is_met_in() -> None:
    generator = compile_generator(SHARED)
    names = {"author": set(), "album": set()}
    for seed in range(60):
        value = generator.generate(Random(seed))
        for field in names:
            if field in value:
                names[field].add(value[field]["name"])
    persons = {n for n in names["author"] if len(n.split()) >= 2 and all(w[0].isupper() for w in n.split())}
    assert persons == names["author"]  # an author's name is a person's
    assert names["album"] - persons == names["album"]  # an album's is a title, never one of them
    assert len(names["album"]) > 5


@pytest.mark.parametrize(
    ("path", "route"),
    [
        ("", ()),
        ("/properties/author/$ref", ("properties", "author", "$ref")),
        ("/properties/a/properties/b", ("properties", "a", "properties", "b")),
        ("/properties/x/properties/a/properties/b", ("properties", "a", "properties", "b")),
        ("/$defs/named/properties/name", ("$defs", "named", "properties", "name")),
        ("/properties/tracks/items/$ref/properties/name",
         ("properties", "tracks", "items", "$ref", "properties", "name")),
        ("/properties/a~1b/allOf/0", ("properties", "a/b", "allOf", "0")),
    ],
)  # fmt: skip
def test_a_route_is_the_tail_of_the_path_a_place_is_read_from(path: str, route: tuple[str, ...]) -> None:
    assert route_of(path) == route
