"""Bad schemas fail at compile time, with the JSON path and a fix; nothing is fetched."""

from __future__ import annotations

import socket
from typing import Any

import pytest
import referencing
import referencing.jsonschema

from synthworld.errors import SchemaError, UnsatisfiableSchemaError
from synthworld.schema import compile_generator, generate


@pytest.mark.parametrize(
    ("schema", "path"),
    [
        ({"type": "object", "properties": {"n": {"type": "integer", "minimum": 5, "maximum": 1}},
          "required": ["n"]}, "/properties/n"),
        ({"properties": {"a": False}, "required": ["a"], "type": "object"}, ""),
        ({"type": "string", "minLength": 5, "maxLength": 2}, ""),
        ({"allOf": [{"type": "string"}, {"type": "integer"}]}, "/allOf/0"),
        ({"enum": [1, 2], "minimum": 5}, ""),
        (False, ""),
        ({"type": "array", "minItems": 3, "maxItems": 1}, ""),
    ],
)  # fmt: skip
def test_unsatisfiable_schema_names_its_path(schema: Any, path: str) -> None:
    with pytest.raises(UnsatisfiableSchemaError) as info:
        compile_generator(schema)
    assert info.value.path == path
    assert "fix:" in str(info.value)


def test_invalid_schema_names_its_path() -> None:
    with pytest.raises(SchemaError, match="fix:") as info:
        compile_generator({"properties": {"a": {"type": "strnig"}}})
    assert info.value.path == "/properties/a/type"


def test_unknown_dialect() -> None:
    with pytest.raises(SchemaError, match="unsupported \\$schema"):
        compile_generator({"$schema": "https://example.com/my-dialect"})


def test_remote_ref_is_a_schema_error_and_never_fetched(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_network(*args: object, **kwargs: object) -> None:
        raise AssertionError("network used")

    monkeypatch.setattr(socket, "create_connection", no_network)
    monkeypatch.setattr(socket.socket, "connect", no_network)
    with pytest.raises(SchemaError, match="never fetches") as info:
        compile_generator({"$ref": "https://example.com/schemas/user.json"})
    assert "user.json" in str(info.value)


def test_caller_registry_resolves_remote_refs() -> None:
    user = {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}
    resource = referencing.jsonschema.DRAFT202012.create_resource(user)
    registry: referencing.Registry[Any] = referencing.Registry().with_resource(
        "https://example.com/user.json", resource
    )
    value = generate({"$ref": "https://example.com/user.json"}, registry=registry)
    assert isinstance(value["name"], str)


def test_official_metaschemas_resolve_offline() -> None:
    value = generate({"$ref": "http://json-schema.org/draft-07/schema#"}, seed=3)
    assert isinstance(value, (dict, bool))
