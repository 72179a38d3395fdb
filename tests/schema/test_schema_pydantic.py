"""Shapes of the schemas pydantic writes for real agent types (``bench/pydantic_corpus.py``): each
a minimal schema or model reproducing what the corpus run found."""

from __future__ import annotations

import base64
from random import Random
from typing import Annotated, Any, Literal

import jsonschema
import jsonschema_rs
import pydantic

from synthworld.schema import compile_generator


def _values(schema: Any, seeds: int = 40) -> list[Any]:
    """Values for ``seeds`` seeds, each valid for python-jsonschema and jsonschema-rs (formats on)."""
    cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    validator = cls(schema, format_checker=cls.FORMAT_CHECKER)
    rs = jsonschema_rs.validator_for(schema, validate_formats=True)
    generator = compile_generator(schema)
    values = [generator.generate(Random(seed)) for seed in range(seeds)]
    for value in values:
        assert validator.is_valid(value), value
        assert rs.is_valid(value), value
    return values


class _Web(pydantic.BaseModel):
    kind: Literal["web"] = "web"
    url: str


class _Document(pydantic.BaseModel):
    kind: Literal["document"] = "document"
    title: str | None = None


_Source = Annotated[_Web | _Document, pydantic.Field(discriminator="kind")]


def test_a_discriminated_union_always_carries_its_tag() -> None:
    # pydantic_ai's CitationSource: the tag has a default, so the validation schema does not require
    # it, but pydantic (and any OpenAPI reader) finds the branch by it and refuses a value without it
    adapter = pydantic.TypeAdapter(_Source)
    schema = adapter.json_schema()
    assert schema["discriminator"]["propertyName"] == "kind"
    assert "required" not in schema["$defs"]["_Document"]
    values = _values(schema)
    assert {v["kind"] for v in values} == {"web", "document"}
    for value in values:
        adapter.validate_python(value)


def test_a_tag_is_named_in_lists_and_under_anyof_too() -> None:
    adapter = pydantic.TypeAdapter(list[_Source])
    schema = adapter.json_schema()
    values = _values(schema, seeds=20)
    assert all("kind" in item for value in values for item in value)
    assert sum(len(value) for value in values) > 20
    any_of = {"$defs": schema["$defs"], **schema["items"]}
    any_of["anyOf"] = any_of.pop("oneOf")
    assert all("kind" in value for value in _values(any_of))


def test_a_branch_that_does_not_hold_the_tag_is_left_as_it_is() -> None:
    # a branch naming no constant for the tag (null, a closed object without it, a free value)
    # gains no requirement it may be unable to meet: the union stays satisfiable, each branch used
    closed = {"type": "object", "properties": {"id": {"type": "integer"}}, "required": ["id"],
              "additionalProperties": False}  # fmt: skip
    tagged = {"type": "object", "properties": {"type": {"const": "a"}, "n": {"type": "integer"}},
              "required": ["n"]}  # fmt: skip
    schema = {
        "discriminator": {"propertyName": "type"},
        "oneOf": [tagged, closed, {"type": "null"}, {"type": "string"}],
    }
    values = _values(schema, seeds=60)
    objects = [v for v in values if isinstance(v, dict)]
    assert all(v["type"] == "a" for v in objects if "id" not in v)
    assert any("id" in v for v in objects)
    assert None in values
    assert any(isinstance(v, str) for v in values)


def test_a_discriminator_that_names_no_property_changes_nothing() -> None:
    tagged = {"type": "object", "properties": {"type": {"const": "a"}}}
    plain = {"oneOf": [tagged, {"type": "integer"}]}
    odd = {"discriminator": {"mapping": {"a": "#/oneOf/0"}}, **plain}
    generator, same = compile_generator(plain), compile_generator(odd)
    assert [generator.generate(Random(s)) for s in range(30)] == [same.generate(Random(s)) for s in range(30)]


class _Blob(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(val_json_bytes="base64", ser_json_bytes="base64")
    data: bytes
    media_type: str


def test_base64url_text_is_base64_pydantic_decodes() -> None:
    # pydantic_ai's BinaryContent: bytes carried as base64 are written "format: base64url", which no
    # validator checks; pydantic refused most free text ("let": invalid last symbol)
    adapter = pydantic.TypeAdapter(_Blob)
    schema = adapter.json_schema()
    assert schema["properties"]["data"] == {"format": "base64url", "title": "Data", "type": "string"}
    for value in _values(schema):
        text = value["data"]
        assert len(text) % 4 == 0
        assert 4 <= len(text) <= 64
        assert "=" not in text
        assert adapter.validate_python(value).data == base64.urlsafe_b64decode(text)


def test_a_bounded_base64url_string_is_made_as_any_bounded_string() -> None:
    # only a string that nothing else bounds gets encoded text: lengths and patterns are met as before
    short = _values({"type": "string", "format": "base64url", "maxLength": 3})
    assert all(len(v) <= 3 for v in short)
    assert all(v.startswith("a") for v in _values({"type": "string", "format": "base64url", "pattern": "^a"}))


def test_openapi_byte_and_content_encoding_base64_are_standard_base64() -> None:
    # OpenAPI's "format: byte" and JSON Schema's "contentEncoding: base64" carry bytes as standard
    # base64, which clients decode; free text ("thing") made them fail
    for schema in (
        {"type": "string", "format": "byte"},
        {"type": "string", "contentEncoding": "base64"},
        {"$schema": "http://json-schema.org/draft-07/schema#", "contentEncoding": "base64", "type": "string"},
    ):
        values = _values(schema)
        assert len(set(values)) > 30
        for text in values:
            assert 4 <= len(text) <= 64
            assert len(text) % 4 == 0
            assert base64.b64encode(base64.b64decode(text, validate=True)).decode() == text
    assert any(("+" in v or "/" in v) for v in _values({"type": "string", "format": "byte"}, seeds=200))
