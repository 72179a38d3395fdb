"""Bad schemas fail at compile time, with the JSON path and a fix; nothing is fetched."""

from __future__ import annotations

import re
import socket
from random import Random
from typing import Any

import pytest
import referencing
import referencing.jsonschema

from synthworld.errors import SchemaError, UnsatisfiableSchemaError
from synthworld.schema import compile_generator, compile_validator, generate, schema_problems


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


@pytest.mark.parametrize(
    ("schema", "error", "message"),
    [
        ({"type": "string", "minLength": 5, "maxLength": 2}, UnsatisfiableSchemaError,
         "minLength 5 exceeds maxLength 2 at the root; fix: make them overlap"),
        ({"type": "array", "minItems": 3, "maxItems": 1}, UnsatisfiableSchemaError,
         "the array at the root needs 3 items but allows at most 1; "),
        ({"$ref": "#/nope"}, SchemaError, "cannot resolve $ref='#/nope' at the root: "),
        ({"$schema": "http://json-schema.org/draft-03/schema#", "properties": {"a": {"required": True}}},
         SchemaError, "unsupported $schema 'http://json-schema.org/draft-03/schema#' at the root: "),
    ],
)  # fmt: skip
def test_an_error_at_the_root_says_so_in_words(schema: Any, error: type[SchemaError], message: str) -> None:
    """The root's JSON pointer is "", which a message would show as a blank ``at ''``."""
    with pytest.raises(error) as info:
        compile_generator(schema)
    assert type(info.value) is error
    assert info.value.path == ""  # the attribute stays a JSON pointer
    assert message in str(info.value)
    assert "''" not in str(info.value)


def test_an_error_below_the_root_names_its_pointer_quoted() -> None:
    with pytest.raises(UnsatisfiableSchemaError) as info:
        compile_generator(
            {
                "type": "object",
                "properties": {"a": {"type": "integer", "minimum": 5, "maximum": 1}},
                "required": ["a"],
            }
        )
    assert str(info.value).startswith("no integer lies within the bounds at '/properties/a'; fix:")


@pytest.mark.parametrize(
    ("word", "hint"),
    [
        ("intger", " (did you mean 'integer'?)"),
        ("float", " (did you mean 'number'?)"),
        ("date", " ('date' is a format: type 'string' with format 'date')"),
        ("nope", ""),
    ],
)
def test_an_unknown_type_name_lists_the_types_and_the_one_meant(word: str, hint: str) -> None:
    types = "'array', 'boolean', 'integer', 'null', 'number', 'object', 'string'"
    message = f"{word!r} is not a JSON Schema type{hint}; a type is one of {types}"
    with pytest.raises(SchemaError) as info:
        compile_generator({"type": "object", "properties": {"a": {"type": word}}})
    assert f"invalid schema at '/properties/a/type': {message}" in str(info.value)
    assert schema_problems({"properties": {"a": {"type": word}}}) == [f"$.properties.a.type: {message}"]


def test_an_error_inside_a_list_names_the_whole_pointer() -> None:
    with pytest.raises(SchemaError, match=r"invalid schema at '/type/1': 'nul' is not one of"):
        compile_generator({"type": ["string", "nul"]})


def test_a_problem_is_listed_once() -> None:
    assert schema_problems({"properties": {"type": "strng"}}) == [
        "$.properties.type: 'strng' is not of type 'object', 'boolean'"
    ]


def test_an_unknown_dialect_is_read_as_the_newest_draft_whose_metaschema_takes_the_schema() -> None:
    """Vendors extend a draft under their own metaschema URI (CloudFormation resource schemas)."""
    plain = {"$schema": "https://example.com/my-dialect", "type": "string", "minLength": 2}
    assert all(isinstance(v, str) and len(v) >= 2 for v in (generate(plain, seed=s) for s in range(5)))
    tuple_items = {"$schema": "https://example.com/draft7-like", "items": [{"const": 1}],
                   "additionalItems": False, "type": "array", "minItems": 1}  # fmt: skip
    assert generate(tuple_items) == [1]  # items as a list: draft 7, not 2020-12
    assert schema_problems(tuple_items) == []
    validator = compile_validator(tuple_items)
    assert validator.is_valid([1])
    assert not validator.is_valid([1, 1])


def test_an_unknown_dialect_valid_in_no_draft_is_refused_naming_it() -> None:
    draft3 = {"$schema": "http://json-schema.org/draft-03/schema#", "properties": {"a": {"required": True}}}
    with pytest.raises(SchemaError, match=re.escape("unsupported $schema 'http://json-schema.org/draft-03")):
        compile_generator(draft3)
    assert "unsupported $schema" in schema_problems(draft3)[0]


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


def test_an_unreadable_pattern_property_is_a_schema_error_at_compile_time() -> None:
    message = re.escape("pattern 'a{2,1}' at '/patternProperties' cannot be read")
    with pytest.raises(SchemaError, match=message):
        compile_generator({"type": "object", "patternProperties": {"a{2,1}": {}}})


def test_an_unreadable_pattern_property_deep_inside_never_escapes_as_a_regex_error() -> None:
    """Optional content compiles when first generated: its error leaves it out, never re.error."""
    schema = {
        "type": "object",
        "properties": {"x": {"patternProperties": {"(?<=xa+)b": {}}, "minProperties": 1}},
    }
    generator = compile_generator(schema)
    assert all("x" not in generator.generate(Random(seed)) for seed in range(20))


@pytest.mark.parametrize("combinator", ["oneOf", "anyOf", "allOf"])
def test_additional_properties_false_beside_branches_is_named_as_the_cause(combinator: str) -> None:
    """GitHub's webhook schemas close a ``oneOf`` object with ``additionalProperties: false`` beside
    the branches that declare its properties: nothing satisfies it, and the error said only that
    the branch's required names were forbidden, not by what."""
    branch = {"type": "object", "required": ["kind"], "properties": {"kind": {"const": "a"}}}
    schema = {"type": "object", "additionalProperties": False, combinator: [branch]}
    with pytest.raises(UnsatisfiableSchemaError) as info:
        compile_generator(schema).generate(Random(0))
    message = str(info.value)
    assert "requires ['kind'] which its other keywords forbid" in message
    assert "additionalProperties: false at the root takes only the properties listed beside it" in message
    assert "fix: list ['kind'] in the properties at the root" in message
    assert "unevaluatedProperties: false" in message


@pytest.mark.parametrize(("target", "kind"), [([None], "NoneType"), (5, "int"), (True, "bool")])
def test_a_pointer_through_a_scalar_is_a_schema_error_naming_the_reference(target: Any, kind: str) -> None:
    """datamodel-code-generator's ``json_pointer_through_scalar``: `referencing` indexes the scalar
    and raises TypeError, which came out as it was."""
    ref = "#/x-ext/t/0/j" if isinstance(target, list) else "#/x-ext/t/j"
    schema = {"type": "object", "properties": {"a": {"$ref": ref}}, "required": ["a"], "x-ext": {"t": target}}
    with pytest.raises(SchemaError) as caught:
        compile_generator(schema).generate(Random(0))
    assert str(caught.value) == (
        f"cannot resolve $ref={ref!r} at '/properties/a': its JSON pointer passes through a value that is "
        f"neither an object nor an array ('{kind}' object is not subscriptable); fix: point the reference "
        "at a subschema"
    )


_ENDLESS = "fix: make one member of the chain optional"


@pytest.mark.parametrize(
    ("schema", "place", "chain"),
    [
        ({"type": "object", "required": ["x"], "properties": {"x": {"$ref": "#"}}}, "", "$.x.x..."),
        ({"$defs": {"a": {"type": "object", "required": ["b"], "properties": {"b": {"$ref": "#/$defs/a"}}}},
          "$ref": "#/$defs/a"}, "/$defs/a", "$.b.b.b..."),
        ({"$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "required": ["head"],
          "properties": {"head": {"$ref": "#/definitions/n"}},
          "definitions": {"n": {"type": "object", "required": ["next"],
                                "properties": {"next": {"$ref": "#/definitions/n"}}}}},
         "/definitions/n", "$.head.next.next..."),
        ({"type": "object", "required": ["a"], "properties": {"a": {"type": "object", "required": ["b"],
          "properties": {"b": {"type": "array", "minItems": 2, "items": {"$ref": "#"}}}}}},
         "", "$.a.b[0].a.b[0]..."),
        ({"allOf": [{"type": "object"}, {"required": ["x"], "properties": {"x": {"$ref": "#"}}}]},
         "", "$.x.x..."),
    ],
)  # fmt: skip
def test_a_required_chain_back_into_itself_is_named(schema: Any, place: str, chain: str) -> None:
    with pytest.raises(UnsatisfiableSchemaError, match=_ENDLESS) as info:
        compile_generator(schema)
    assert info.value.path == place
    assert f"a value needs `{chain}` without end" in str(info.value)


@pytest.mark.parametrize(
    "schema",
    [  # a way out at every turn: null, an optional member, no items needed, a type beside object
        {"type": "object", "required": ["x"],
         "properties": {"x": {"anyOf": [{"$ref": "#"}, {"type": "null"}]}}},
        {"type": "object", "properties": {"x": {"$ref": "#"}}},
        {"type": "object", "required": ["k"], "properties": {"k": {"type": "array", "items": {"$ref": "#"}}}},
        {"type": ["object", "string"], "required": ["x"], "properties": {"x": {"$ref": "#"}}},
    ],
)  # fmt: skip
def test_a_chain_with_a_way_out_builds(schema: Any) -> None:
    import jsonschema

    generator = compile_generator(schema)
    for seed in range(5):
        jsonschema.validate(generator.generate(Random(seed)), schema)


def test_a_typeless_schema_whose_objects_never_end_gives_its_other_values() -> None:
    # no `type`: `required` binds objects only, and every non-object is valid; objects are the
    # usual reading of `required`, so other types come only once objects proved endless
    schema = {"required": ["x"], "properties": {"x": {"$ref": "#"}}}
    generator = compile_generator(schema)
    values = [generator.generate(Random(seed)) for seed in range(4)]
    assert values == [
        [["coach", 49], [None]],
        "poor",
        ["great", "task", [{}], [[True], 3.57, None]],
        "sister",
    ]
