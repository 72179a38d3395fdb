"""Cases the seventh hold-out of real-world schemas found (stop 47: OASIS's STIX 2.1 schemas as
the stix2-validator wheel ships them, Microsoft's Teams and Copilot manifests, the Data Contract
and ODCS schemas, LinkML's metamodel; Ideal Postcodes' and Jupyter Server's API documents)."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest
import referencing
from referencing.jsonschema import DRAFT202012

from synthworld.schema import generate
from tests.schema.schema_corpus import oracle

IDENTIFIER = (
    r"^[a-z][a-z0-9-]+[a-z0-9]--[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-5][0-9a-fA-F]{3}"
    r"-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$"
)
"""STIX's ``common/identifier.json`` pattern: a type, ``--`` and a UUID."""


def test_a_pattern_met_twice_is_one_pattern() -> None:
    """STIX 2.1's ``interop/tool.json`` reaches ``common/core.json`` twice (through
    ``interop/core.json`` and ``sdos/tool.json``, each with its own ``$id``), so its ``id`` holds
    the identifier pattern twice beside ``^tool--``. Each copy was a pattern of its own: a text
    built from all three in turn ("tool--..", then two identifiers) matches none, and the 18
    interop schemas were refused as unsatisfiable. A pattern written twice is one constraint."""
    schema = {
        "type": "string",
        "allOf": [{"pattern": IDENTIFIER}, {"pattern": IDENTIFIER}, {"pattern": "^tool--"}],
    }
    check = oracle(schema)
    for seed in range(5):
        value = generate(schema, seed)
        assert check.is_valid(value), (seed, value)
        assert value.startswith("tool--"), value


def test_the_same_file_reached_from_two_documents() -> None:
    """The STIX shape itself: one identifier file, referred to from two documents of their own
    ``$id`` (a registry of the files, as the caller holding the folder passes)."""
    base = "https://example.com/stix/"
    identifier = {"$id": base + "common/identifier.json", "type": "string", "pattern": IDENTIFIER}
    core = {
        "$id": base + "common/core.json",
        "type": "object",
        "properties": {"id": {"$ref": "identifier.json"}},
        "required": ["id"],
    }
    interop = {"$id": base + "interop/core.json", "allOf": [{"$ref": "../common/core.json"}]}
    registry: referencing.Registry[Any] = referencing.Registry().with_resources(
        (doc["$id"], DRAFT202012.create_resource(doc)) for doc in (identifier, core, interop)
    )
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "allOf": [
            {"$ref": base + "interop/core.json"},
            {"allOf": [{"$ref": base + "common/core.json"}, {"properties": {"id": {"pattern": "^tool--"}}}]},
        ],
    }
    check = jsonschema.Draft202012Validator(schema, registry=registry)
    for seed in range(5):
        value = generate(schema, seed, registry=registry)
        assert check.is_valid(value), (seed, value)


@pytest.mark.parametrize(
    "example",
    ["電通本社ビル", "下関市", "AB12電通-本社", "https://example.jp/a東京"],
    ids=["a building", "a city", "a code", "a url"],
)
def test_an_example_in_another_script(example: str) -> None:
    """Ideal Postcodes' ``UpujpAddress`` (Japanese addresses) gives examples in kanji and kana: a
    run of letters with no case and no ASCII character was read as an id of ASCII classes, none
    of which it holds, and drawing from the empty alphabet crashed (``IndexError``). Such a run
    is kept as written, as a word of a cased script (``Москва``) already was."""
    for schema in (
        {"type": "string", "examples": [example]},
        {"type": "object", "properties": {"building_name": {"type": "string", "example": example}}},
    ):
        check = oracle(schema)
        for seed in range(5):
            value = generate(schema, seed)
            assert check.is_valid(value), (seed, value)
