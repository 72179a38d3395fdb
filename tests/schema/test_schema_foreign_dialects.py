"""A document of the caller's registry is read in its own dialect, whatever the dialect of the
schema whose ``$ref`` reaches it (stop 49 read a draft-07 document reached from a 2020-12 schema
as 2020-12: a ``$ref`` beside ``type`` applied both, so the schema was refused as unsatisfiable;
a tuple ``items`` was refused as invalid). The dialect is the document's ``$schema``, else the
one its ``referencing`` resource was made with; a resource of the default 2020-12 without
``$schema`` is read in its referrer's dialect, as before."""

from __future__ import annotations

from typing import Any

import jsonschema
import referencing
from referencing.jsonschema import DRAFT7, DRAFT202012

from synthworld.schema import generate

URI = "https://example.com/legacy.json"
D7 = "http://json-schema.org/draft-07/schema#"
D2020 = "https://json-schema.org/draft/2020-12/schema"
LEGACY = {
    "definitions": {
        "name": {"type": "string", "minLength": 1},
        "labelled": {"$ref": "#/definitions/name", "type": "integer"},  # the $ref alone applies
        "pair": {"type": "array", "items": [{"type": "integer"}, {"type": "string"}], "minItems": 2},
    },
    "type": "object",
    "properties": {"label": {"$ref": "#/definitions/labelled"}, "pair": {"$ref": "#/definitions/pair"}},
    "required": ["label", "pair"],
}


def registry(doc: dict[str, Any], made_as: Any = DRAFT7) -> referencing.Registry[Any]:
    return referencing.Registry().with_resource(URI, made_as.create_resource(doc))


def values(schema: dict[str, Any], reg: referencing.Registry[Any], seeds: int = 4) -> list[Any]:
    return [generate(schema, seed, registry=reg)["x"] for seed in range(seeds)]


def referring(ref: str, dialect: str = D2020) -> dict[str, Any]:
    return {"$schema": dialect, "type": "object", "properties": {"x": {"$ref": ref}}, "required": ["x"]}


def test_a_draft_07_document_reached_whole_from_a_2020_12_schema() -> None:
    doc = {"$schema": D7, **LEGACY}
    for value in values(referring(URI), registry(doc)):
        assert jsonschema.Draft7Validator(doc).is_valid(value), value
        assert isinstance(value["label"], str)
        assert isinstance(value["pair"][1], str)


def test_a_draft_07_document_whose_root_is_a_ref_beside_a_type() -> None:
    """Refused as "no valid value could be built": python-jsonschema, judging each value, read
    the document's root with 2020-12's rule (the ``$ref`` and ``type: integer`` both apply)."""
    doc = {
        "$schema": D7,
        "definitions": {"name": {"type": "string"}},
        "$ref": "#/definitions/name",
        "type": "integer",
    }
    for value in values(referring(URI), registry(doc)):
        assert isinstance(value, str)


def test_a_pointer_into_a_draft_07_document() -> None:
    doc = {"$schema": D7, **LEGACY}
    for value in values(referring(f"{URI}#/definitions/labelled"), registry(doc)):
        assert isinstance(value, str)
        assert value
    for value in values(referring(f"{URI}#/definitions/pair"), registry(doc)):
        assert isinstance(value[0], int)
        assert isinstance(value[1], str)


def test_a_document_without_schema_made_as_draft_07_in_the_registry() -> None:
    """``DRAFT7.create_resource(doc)``: the caller said which dialect the document is in."""
    for value in values(referring(URI), registry(LEGACY)):
        assert jsonschema.Draft7Validator(LEGACY).is_valid(value), value
        assert isinstance(value["label"], str)


def test_a_2020_12_document_reached_from_a_draft_07_schema() -> None:
    doc = {
        "$schema": D2020,
        "$defs": {"name": {"type": "string"}},
        "type": "array",
        "prefixItems": [{"$ref": "#/$defs/name", "maxLength": 3}, {"type": "integer"}],
        "minItems": 2,
        "items": False,
    }
    for value in values(referring(URI, D7), registry(doc, DRAFT202012)):
        assert jsonschema.Draft202012Validator(doc).is_valid(value), value
        assert len(value[0]) <= 3


def test_an_undeclared_default_resource_is_read_in_its_referrers_dialect() -> None:
    """A neighbour unchanged: a 2020-12 resource (``with_contents``' usual default); a
    document without ``$schema`` reached from draft 07 is read as draft 07."""
    reg = referencing.Registry().with_contents([(URI, LEGACY)], default_specification=DRAFT202012)
    for value in values(referring(URI, D7), reg):
        assert jsonschema.Draft7Validator(LEGACY).is_valid(value), value
