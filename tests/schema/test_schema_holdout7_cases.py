"""Cases the seventh hold-out of real-world schemas found (stop 47: OASIS's STIX 2.1 schemas as
the stix2-validator wheel ships them, Microsoft's Teams and Copilot manifests, the Data Contract
and ODCS schemas, LinkML's metamodel; Ideal Postcodes' and Jupyter Server's API documents)."""

from __future__ import annotations

from typing import Any

import jsonschema
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
