"""Cases the eighth hold-out of real-world schemas found (stop 48: Figma's and Okta's API
documents, ShipEngine's request and response schemas, NASA GCN's notices, Great Expectations'
and Singer's tap-stripe schemas, MetaMask's OpenRPC methods)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import referencing
from referencing.jsonschema import DRAFT202012

from synthworld.errors import SchemaError, UnsatisfiableSchemaError
from synthworld.schema import _check, generate
from tests.schema.schema_corpus import oracle

NODE: dict[str, Any] = {
    "$defs": {
        "Frame": {
            "type": "object",
            "required": ["type", "children"],
            "properties": {
                "type": {"const": "FRAME"},
                "children": {"type": "array", "items": {"$ref": "#/$defs/Node"}, "maxItems": 3},
            },
        },
        "Text": {
            "type": "object",
            "required": ["type", "characters"],
            "properties": {"type": {"const": "TEXT"}, "characters": {"type": "string"}},
        },
        "Node": {"oneOf": [{"$ref": "#/$defs/Frame"}, {"$ref": "#/$defs/Text"}]},
    },
    "$ref": "#/$defs/Node",
}
"""Figma's ``Node`` in small: a ``oneOf`` of node types, a frame holding nodes."""


def _python_verdicts(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Each value `WholeCheck` asks python-jsonschema about (the real verdict, counted)."""
    asked: list[Any] = []
    real = _check._python_verdict

    def counted(loc: Any) -> Callable[[Any], bool | None]:
        verdict = real(loc)

        def check(value: Any) -> bool | None:
            asked.append(value)
            return verdict(value)

        return check

    monkeypatch.setattr(_check, "_python_verdict", counted)
    return asked


def test_a_registry_the_document_never_reaches_keeps_the_fast_validator(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A caller's registry made every whole-value check python-jsonschema's, even for a document
    whose references all stay inside it: Figma's ``Node`` (a ``oneOf`` of 30 node types) took
    1.7 s of CPU for its first value with an empty registry, 0.07 s without. jsonschema-rs now
    judges such a document as it does without a registry: the same values, none asked of
    python-jsonschema."""
    asked = _python_verdicts(monkeypatch)
    registry: referencing.Registry[Any] = referencing.Registry().crawl()
    check = oracle(NODE)
    for seed in range(5):
        value = generate(NODE, seed, registry=registry)
        assert check.is_valid(value), (seed, value)
        assert value == generate(NODE, seed), seed
    assert asked == []


def test_a_document_the_registry_completes_is_judged_by_jsonschema_rs_reading_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A document referring to one only the registry holds: jsonschema-rs, which never fetches,
    cannot compile it alone; it judges its values reading the registry's documents, each in its
    own dialect (stop 50: python-jsonschema, which judged them before, reads a document reached by
    ``$ref`` with its referrer's rule of which keywords apply)."""
    asked = _python_verdicts(monkeypatch)
    text = {"type": "object", "required": ["characters"], "properties": {"characters": {"minLength": 2}}}
    registry = referencing.Registry().with_resource("urn:text", DRAFT202012.create_resource(text))
    schema = {"type": "array", "minItems": 1, "items": {"$ref": "urn:text"}}
    for seed in range(3):
        value = generate(schema, seed, registry=registry)
        assert value, seed
        assert all(len(item["characters"]) >= 2 for item in value), value
    assert asked == []


def _refusals(schema: dict[str, Any]) -> set[str]:
    """The refusal of each seed 0-4 (one message: it does not depend on the seed)."""
    out = set()
    for seed in range(5):
        with pytest.raises(UnsatisfiableSchemaError) as caught:
            generate(schema, seed)
        out.add(str(caught.value))
    return out


def test_a_closed_object_beside_a_branch_that_takes_every_object_names_the_closed_object() -> None:
    """ShipEngine's ``calculate_rates_request_body`` requires ``shipment`` and closes the object
    (``additionalProperties: false``, no ``properties`` beside it), then a ``oneOf`` whose first
    branch accepts every object: unsatisfiable twice over. The refusal said "no JSON type
    satisfies every 'type'", of a schema whose every ``type`` is ``object`` (the second branch's
    negation of the first rules out every object, a reason the compiler made up), at a path
    such as ``/oneOf/1/anyOf/0`` that names no schema of the document. It names the closed object."""
    schema = {
        "type": "object",
        "required": ["shipment"],
        "additionalProperties": False,
        "oneOf": [
            {"type": "object", "properties": {}},
            {"type": "object", "properties": {"shipment": {"type": "object"}}},
        ],
    }
    (message,) = _refusals(schema)
    assert message.startswith("the object at the root requires ['shipment'] which its other keywords forbid")
    assert "additionalProperties: false at the root" in message


def test_a_closed_object_with_a_choice_of_branches_names_what_it_requires() -> None:
    """ShipEngine's ``estimate_rates_request_body``: the root closed, its required names declared
    in an ``allOf`` and a ``oneOf`` of two carrier forms. The first attempt that looks for the
    reason ended at the first branch that failed, before the second compiled, so the refusal was
    the generic "no valid value could be built"; it names the names and where they are declared
    (not a name only the negation of the other branch requires)."""
    schema = {
        "type": "object",
        "required": ["from_postal_code"],
        "additionalProperties": False,
        "oneOf": [
            {"type": "object", "properties": {"carrier_id": {"type": "string"}}},
            {"type": "object", "properties": {"carrier_ids": {"type": "array"}}},
        ],
        "allOf": [{"type": "object", "properties": {"from_postal_code": {"type": "string"}}}],
    }
    (message,) = _refusals(schema)
    assert message.startswith(
        "the object at '/allOf/0' requires ['from_postal_code'] which its other keywords forbid"
    ), message


def test_types_a_not_rules_out_are_said_so() -> None:
    """A ``not`` that rules out every type ``type`` allows: the types overlap, so "no JSON type
    satisfies every 'type' ...; fix: make the types overlap" sent the reader to the wrong keyword."""
    (message,) = _refusals({"type": "object", "not": {"type": "object"}})
    assert message.startswith("no value at the root can be the object 'type' allows: a 'not' there rules out")


def test_a_pointer_to_nowhere_quotes_its_document_cut_short() -> None:
    """Singer's tap-stripe refers to ``shared/charge.json#/``: the pointer ``/`` names the key ""
    (RFC 6901), which the document lacks. The refusal quoted `referencing`'s reason with the whole
    document in it (10 kB for ``charge.json``); it keeps the reason and its hint (use ``#``) and
    the document's first characters."""
    charge = {
        "type": "object",
        "properties": {f"field_{i}": {"type": ["null", "string"]} for i in range(200)},
    }
    registry = referencing.Registry().with_resource("urn:charge", DRAFT202012.create_resource(charge))
    with pytest.raises(SchemaError) as caught:
        generate({"$ref": "urn:charge#/"}, 0, registry=registry)
    message = str(caught.value)
    assert message.startswith("cannot resolve $ref='urn:charge#/' at the root: '/' does not exist within {")
    assert "If you intended to point to the entire resource, you should use '#'" in message
    assert len(message) < 600, len(message)


def test_a_tuple_in_the_older_form_names_pydantic_v1_among_its_writers() -> None:
    """Great Expectations' 141 datasource and expectation schemas are pydantic v1's ``schema()``:
    tuples as ``items: [...]``, no ``$schema``. The refusal named TypeBox alone as the writer of
    that form; its fix (declare draft-07) holds for both, and both are named."""
    schema = {
        "title": "FileNamePartitionerYearly",
        "type": "object",
        "properties": {"param_names": {"type": "array", "items": [{"enum": ["year"], "type": "string"}]}},
    }
    with pytest.raises(SchemaError, match=r"TypeBox's Type\.Tuple and pydantic v1's schema\(\) do"):
        generate(schema, 0)
    values = [generate({"$schema": "http://json-schema.org/draft-07/schema#", **schema}, s) for s in range(5)]
    check = oracle({"$schema": "http://json-schema.org/draft-07/schema#", **schema})
    assert all(check.is_valid(value) for value in values), values
