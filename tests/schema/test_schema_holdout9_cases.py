"""Cases reduced from the ninth hold-out (bench/RESULTS.md, stop 49): OCSF's event classes as the
ocsf-json-schema package renders them close the object with ``additionalProperties: false`` and
require, in an ``anyOf``, names no property declares (a path written as one name); Google's
Discovery documents, read from a registry, write ``"minimum": "0"``."""

from __future__ import annotations

import pytest
import referencing
from referencing.jsonschema import DRAFT202012

import synthworld
from synthworld.errors import SchemaError, UnsatisfiableSchemaError

CLOSED = {
    "type": "object",
    "additionalProperties": False,
    "properties": {"time": {"type": "integer"}, "device": {"type": "object"}},
    "required": ["time", "device"],
}


def refusal(schema: dict[str, object]) -> UnsatisfiableSchemaError:
    with pytest.raises(UnsatisfiableSchemaError) as info:
        synthworld.generate(schema, 0)
    return info.value


def test_a_required_name_no_schema_declares_names_the_closed_object_that_forbids_it() -> None:
    """OCSF 1.8.0's ``patch_state``: the refusal said only that "its other keywords forbid" the
    name, not which keyword, nor that no schema declares it."""
    names = ["device.os.sp_name", "device.os.sp_ver", "device.os.version"]
    error = refusal({**CLOSED, "anyOf": [{"required": [name]} for name in names]})
    message = str(error)
    assert message.startswith("no alternative at the root can be built, each for its own reason: (1) ")
    assert "additionalProperties: false at the root takes only the properties listed beside it" in message
    for number, name in enumerate(names):  # every branch's reason, in branch order
        assert f"({number + 1}) the object at '/anyOf/{number}' requires ['{name}']" in message
        assert f"and no schema of the object declares ['{name}']" in message
    assert "fix: declare them in the properties at the root, or drop them from required" in message
    assert error.path == ""


def test_a_oneof_of_undeclared_names_is_refused_at_a_branch_as_written() -> None:
    """The refusal named '/oneOf/0/anyOf/0', a path the compiler made (a sibling branch's
    negation), which no schema of the document has."""
    error = refusal({**CLOSED, "oneOf": [{"required": ["x"]}, {"required": ["y"]}]})
    message = str(error)
    assert "(1) the object at '/oneOf/0' requires ['x']" in message
    assert "(2) the object at '/oneOf/1' requires ['y']" in message
    assert "additionalProperties: false at the root" in message
    assert "/anyOf" not in message


def test_the_closed_object_requiring_an_undeclared_name_itself_is_named() -> None:
    error = refusal({**CLOSED, "required": ["time", "kind"]})
    assert str(error).startswith("the object at the root requires ['kind'] which its other keywords forbid")
    assert "additionalProperties: false at the root" in str(error)


RANK = {"type": "integer", "format": "int32", "minimum": "0"}
"""Discovery's ``rank`` of compute's ``CapacityAdviceRequest``: a string where a number belongs."""


def registry_of(doc: dict[str, object]) -> referencing.Registry[object]:
    return referencing.Registry().with_resource("file:///api/compute.json", DRAFT202012.create_resource(doc))


def test_an_invalid_keyword_in_a_registry_document_is_named_where_it_is() -> None:
    """The document a reference reaches in the caller's registry was never checked against its
    metaschema: the refusal said "no valid value could be built ... fix: simplify it"."""
    doc = {"$defs": {"Selection": {"type": "object", "properties": {"rank": RANK}, "required": ["rank"]}}}
    schema = {"type": "object", "properties": {"s": {"$ref": "file:///api/compute.json#/$defs/Selection"}}}
    with pytest.raises(SchemaError) as info:
        synthworld.generate({**schema, "required": ["s"]}, 0, registry=registry_of(doc))
    assert not isinstance(info.value, UnsatisfiableSchemaError)
    assert str(info.value) == (
        "invalid schema at 'file:///api/compute.json#/$defs/Selection/properties/rank/minimum', which "
        "$ref at '/properties/s' reaches in the registry: '0' is not of type 'number'; fix: make that "
        "document valid against its metaschema"
    )
    assert info.value.path == "/properties/s/$ref"
