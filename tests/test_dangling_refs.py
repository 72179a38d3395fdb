"""A ``$ref`` to nothing is an error when a tool is registered, naming where it stands.

Registration compiles the whole schema's validator, so a ``$ref`` to nothing under an optional
property or the items of an array is refused there, not at the first call whose value holds the
property. (A bare ``compile_generator`` refuses it too since stop 50, `schema._dangling`, with
the message of a required property's: `tests/schema/test_schema_dangling_refs.py`.) A ``$ref`` in
``$defs`` that nothing reaches is left alone, as jsonschema-rs and python-jsonschema leave it
(neither resolves what it never meets).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from synthworld import SyntheticWorld, ToolSpec, ToolSpecError, generate

MISSING = {"$ref": "#/$defs/missing"}


@pytest.mark.parametrize(
    ("schema", "where"),
    [
        ({"type": "object", "properties": {"a": MISSING}}, "/properties/a"),
        ({"type": "array", "items": MISSING}, "/items"),
        (
            {"anyOf": [{"type": "string"}, {"type": "object", "properties": {"b": MISSING}}]},
            "/anyOf/1/properties/b",
        ),
        (
            {"type": "object", "properties": {"a~/b": {"type": "array", "items": MISSING}}},
            "/properties/a~0~1b/items",
        ),
    ],
    ids=["optional-property", "items", "anyOf-branch", "escaped-name"],
)
def test_registration_names_the_ref_and_where_it_stands(schema: Any, where: str) -> None:
    with pytest.raises(ToolSpecError) as info:
        SyntheticWorld(seed=1).register_tool(ToolSpec("t", "d", {"type": "object"}, schema))
    assert (
        "Pointer '/$defs/missing' does not exist "
        f"(the $ref '#/$defs/missing' at '{where}'); fix: define the target in the document"
    ) in str(info.value)


def test_registration_names_where_the_ref_stands_too() -> None:
    returns = {"type": "object", "properties": {"a": MISSING}}
    with pytest.raises(ToolSpecError) as info:
        SyntheticWorld(seed=1).register_tool(ToolSpec("t", "d", {"type": "object"}, returns))
    assert str(info.value) == (
        "tool 't': returns is not a usable JSON Schema: cannot compile JSON Schema: Pointer "
        "'/$defs/missing' does not exist (the $ref '#/$defs/missing' at '/properties/a'); fix: "
        "define the target in the document (synthworld never fetches URLs)"
    )


def test_a_dangling_ref_in_unreached_defs_is_left_alone_as_the_validators_do() -> None:
    schema = {"type": "string", "$defs": {"unused": MISSING}}
    assert isinstance(generate(schema, seed=1), str)
    SyntheticWorld(seed=1).register_tool(ToolSpec("t", "d", {"type": "object"}, {"type": "object", **schema}))


def test_every_ref_that_resolves_still_compiles() -> None:
    schema = {
        "type": "object",
        "properties": {"a": {"$ref": "#/$defs/n"}},
        "$defs": {"n": {"type": "integer"}},
    }
    values = [generate(schema, seed=s) for s in range(20)]
    assert all(isinstance(v.get("a", 0), int) for v in values)
    assert any("a" in v for v in values)


def test_a_ref_read_against_an_inner_id_is_not_taken_for_a_dangling_one() -> None:
    """``#/$defs/a`` under the inner ``$id`` points into that resource, where it exists."""
    inner = {
        "$id": "http://example.com/inner",
        "type": "object",
        "$defs": {"a": {"type": "integer"}},
        "properties": {"v": {"$ref": "#/$defs/a"}},
        "required": ["v"],
    }
    schema = {
        "$id": "http://example.com/root",
        "$defs": {"inner": inner},
        "type": "object",
        "properties": {"s": {"$ref": "#/$defs/inner"}},
        "required": ["s"],
    }
    assert isinstance(generate(schema, seed=1)["s"]["v"], int)
    broken = {**schema, "$defs": {"inner": {**inner, "properties": {"w": {"$ref": "#/$defs/b"}}}}}
    with pytest.raises(
        ToolSpecError, match=re.escape("(the $ref '#/$defs/b' at '/$defs/inner/properties/w')")
    ):
        SyntheticWorld(seed=1).register_tool(ToolSpec("t", "d", {"type": "object"}, broken))
