"""A ``$ref`` that resolves nowhere is refused when the schema compiles, wherever it stands (stop
49 left an optional property whose ``$ref`` was broken out of every value in silence, where a
required one was refused naming the reference): the same message as the required property's,
naming the reference, the JSON path where it stands and the fix."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
import referencing
from referencing.jsonschema import DRAFT202012

from synthworld import SyntheticWorld, ToolSpec
from synthworld.errors import SchemaError
from synthworld.schema import compile_generator, generate

FIX = (
    "fix: define the target in the document or pass a referencing registry holding it "
    "(synthworld never fetches URLs)"
)


def refusal(schema: dict[str, Any], **options: Any) -> SchemaError:
    with pytest.raises(SchemaError) as info:
        generate(schema, 0, **options)
    return info.value


def obj(b: dict[str, Any], *, required: tuple[str, ...] = ("a",)) -> dict[str, Any]:
    return {"type": "object", "properties": {"a": {"type": "integer"}, "b": b}, "required": list(required)}


def test_an_optional_property_is_refused_as_a_required_one_is() -> None:
    broken = {"$ref": "#/$defs/missing"}
    optional, required = refusal(obj(broken)), refusal(obj(broken, required=("a", "b")))
    assert str(optional) == str(required).replace("'required': ['a', 'b']", "'required': ['a']")
    assert str(optional).startswith(
        "cannot resolve $ref='#/$defs/missing' at '/properties/b': '/$defs/missing' does not exist within "
    )
    assert str(optional).endswith(FIX)
    assert optional.path == "/properties/b"


def test_the_same_refusal_on_every_seed_and_compile() -> None:
    schema = obj({"type": "array", "items": {"$ref": "#/definitions/nope"}})
    messages = set()
    for seed in range(4):
        with pytest.raises(SchemaError) as info:
            compile_generator(schema).generate(Random(seed))
        messages.add((str(info.value), info.value.path))
    assert len(messages) == 1
    message, path = messages.pop()
    assert path == "/properties/b/items"
    assert "$ref='#/definitions/nope'" in message


@pytest.mark.parametrize(
    ("schema", "path", "reason"),
    [
        (
            obj({"$ref": "#/$defs/x"}) | {"$defs": {"x": {"properties": {"y": {"$ref": "#/$defs/gone"}}}}},
            "/$defs/x/properties/y",
            "'/$defs/gone' does not exist",
        ),
        (
            obj({"$ref": "urn:inner"})
            | {"$defs": {"in": {"$id": "urn:inner", "items": {"$ref": "#/$defs/no"}}}},
            "/$defs/in/items",
            "'/$defs/no' does not exist within {'$id': 'urn:inner'",
        ),
        (obj({"$ref": "#node"}), "/properties/b", "'node' does not exist"),
        (
            obj({"$ref": "https://example.com/other.json"}),
            "/properties/b",
            "the document it names is neither the schema nor in a registry given ('https://example.com/other.json')",
        ),
        (
            {"anyOf": [{"type": "integer"}, {"not": {"$ref": "#/$defs/gone"}}]},
            "/anyOf/1/not",
            "'/$defs/gone'",
        ),
    ],
)
def test_a_broken_ref_anywhere(schema: dict[str, Any], path: str, reason: str) -> None:
    """A ``$defs`` entry an optional property reaches (named where it stands in the document, in
    an embedded resource too), an anchor nothing declares, a document neither given nor in a
    registry, a ``not`` inside a choice: each was left out of values, or named by a validator."""
    error = refusal(schema)
    assert error.path == path
    assert f"at {path!r}: " in str(error)
    assert reason in str(error)
    assert str(error).endswith(FIX)


def test_a_ref_into_a_registry_document_missing_its_target() -> None:
    reg = referencing.Registry().with_resource("urn:doc", DRAFT202012.create_resource({"$defs": {}}))
    error = refusal(obj({"$ref": "urn:doc#/$defs/x"}), registry=reg)
    assert error.path == "/properties/b"
    assert "cannot resolve $ref='urn:doc#/$defs/x' at '/properties/b'" in str(error)


def test_a_world_refuses_it_at_registration() -> None:
    """An anchor nothing declares: jsonschema-rs, which checks a tool's schemas when it is
    registered, took it, and the property was left out of every answer."""
    world = SyntheticWorld(seed=1)
    spec = ToolSpec("t", "d", {"type": "object", "properties": {}}, obj({"$ref": "#node"}))
    with pytest.raises(SchemaError, match=r"cannot resolve \$ref='#node' at '/properties/b'"):
        world.register_tool(spec)


def test_an_entry_of_defs_nothing_reaches_is_left_alone() -> None:
    """As both validators leave it, and a tool's registration (`tests/test_dangling_refs.py`)."""
    schema = {"type": "integer", "$defs": {"x": {"$ref": "#/$defs/gone"}, "y": {"$ref": "#/$defs/x"}}}
    assert isinstance(generate(schema, 0), int)


@pytest.mark.parametrize(
    "schema",
    [
        obj({"const": {"$ref": "#/not/a/reference"}}),  # data
        obj({"type": "object", "properties": {"$ref": {"type": "string"}}, "required": ["$ref"]}),  # a name
        {  # resolved in the scope of an embedded resource
            "type": "object",
            "properties": {"p": {"$ref": "https://example.com/inner"}},
            "required": ["p"],
            "$defs": {
                "inner": {
                    "$id": "https://example.com/inner",
                    "$defs": {"s": {"type": "string"}},
                    "type": "object",
                    "properties": {"x": {"$ref": "#/$defs/s"}},
                }
            },
        },
        {
            "$schema": "http://json-schema.org/draft-04/schema#",
            "id": "urn:root",
            "definitions": {"a": {"id": "#a", "type": "string"}},
            "$ref": "#a",
        },
    ],
)
def test_references_that_resolve_are_left_alone(schema: dict[str, Any]) -> None:
    generate(schema, 0)


def test_a_relative_ref_read_in_the_scope_its_target_opens() -> None:
    """JSTS 2020-12 ``ref.json`` #20: ``./bar.json`` in ``nested/foo.json`` is ``nested/bar.json``
    (the target's scope entered once, not again against itself)."""
    schema = {
        "$id": "https://example.com/ref-and-id3/base.json",
        "$ref": "nested/foo.json",
        "$defs": {
            "foo": {"$id": "nested/foo.json", "$ref": "./bar.json"},
            "bar": {"$id": "nested/bar.json", "type": "number"},
        },
    }
    assert isinstance(generate(schema, 0), (int, float))
