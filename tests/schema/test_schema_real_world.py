"""Shapes met in real-world schemas outside the bench corpora (SchemaStore, Kubernetes, vendored
configs): each a minimal schema reproducing what once failed."""

from __future__ import annotations

from random import Random
from typing import Any

import jsonschema
import jsonschema_rs
import pytest

from synthworld import SyntheticWorld, ToolSpec
from synthworld.errors import SchemaError, UnsatisfiableSchemaError
from synthworld.schema import compile_generator, compile_validator


def _valid_values(schema: Any, seeds: int = 8, *, rs_too: bool = True) -> list[Any]:
    """Values for ``seeds`` seeds, each valid for python-jsonschema and (``rs_too``) jsonschema-rs."""
    cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    validator = cls(schema, format_checker=cls.FORMAT_CHECKER)
    rs = jsonschema_rs.validator_for(schema, validate_formats=True) if rs_too else None
    generator = compile_generator(schema)
    values = [generator.generate(Random(seed)) for seed in range(seeds)]
    for value in values:
        assert validator.is_valid(value), value
        assert rs is None or rs.is_valid(value), value
    return values


@pytest.mark.parametrize(
    "schema",
    [
        {"properties": {"a": {"$ref": "other.json#/x"}}, "enum": [{"a": 1}]},
        {"allOf": [{"properties": {"a": {"$ref": "other.json#/x"}}}, {"enum": [{"a": 1}]}]},
    ],
)
def test_unresolvable_ref_met_by_a_check_is_a_schema_error(schema: Any) -> None:
    # refused at compile, before the enum's values are checked against the properties: the ref,
    # where it stands, and that a relative reference needs a base URI and a registry
    said = r"cannot resolve \$ref='other.json#/x' at '/(allOf/0/)?properties/a'.*no base URI.*registry"
    with pytest.raises(SchemaError, match=said):
        compile_generator(schema)


@pytest.mark.parametrize("additional", [False, {"type": "string", "maxLength": 3}])
def test_lone_empty_pattern_meets_additional_properties_too(additional: Any) -> None:
    # python-jsonschema reads every name as additional when the only pattern is "" (jsonschema-rs
    # as matched by it): a value valid for both gives each name both subschemas
    schema = {
        "type": "object",
        "patternProperties": {"": {"type": "string"}},
        "additionalProperties": additional,
    }
    values = _valid_values(schema, seeds=20)
    assert any(values) == (additional is not False)


def test_unresolvable_ref_that_blocks_every_value_is_named() -> None:
    # every oneOf branch needs the missing document: not "unsatisfiable", the reference (and,
    # since the search for the reason compiles every branch, where it sits)
    item = {"$ref": "https://example.com/feed.json#/definitions/item"}
    schema = {
        "type": "object",
        "required": ["items"],
        "properties": {"items": {"type": "array", "minItems": 1, "items": {"required": ["id"], "oneOf": [
            {"required": ["a"], "properties": {"id": item}},
            {"required": ["b"], "properties": {"id": item}},
        ]}}},
    }  # fmt: skip
    with pytest.raises(SchemaError, match=r"cannot resolve (a )?\$ref.*example.com/feed.json.*never fetches"):
        compile_generator(schema)


def test_unknown_dialect_is_read_as_one_whose_metaschema_takes_it_formats_unchecked() -> None:
    # https for http, tuple items (no 2020-12 reading) and a pattern jsonschema-rs's "regex"
    # format refuses (a lone "{", which Python and ECMA-262's Annex B read as itself)
    schema = {
        "$schema": "https://json-schema.org/draft-07/schema#",
        "type": "array",
        "items": [{"type": "string", "pattern": "^\\${[a-z]+\\}$"}, {"type": "integer"}],
        "minItems": 2,
    }
    validator = jsonschema.Draft7Validator(schema, format_checker=jsonschema.Draft7Validator.FORMAT_CHECKER)
    generator = compile_generator(schema)
    for seed in range(8):
        value = generator.generate(Random(seed))
        assert validator.is_valid(value), value
        assert isinstance(value[0], str)
        assert isinstance(value[1], int)


_ODD_REF = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "$ref": "#/definitions/Mark<(Gradient|string|null)>",  # vega-lite's way: no URI reference
    "definitions": {
        "Mark<(Gradient|string|null)>": {
            "type": "object",
            "properties": {"color": {"type": ["string", "null"], "pattern": "^\\${[a-z]+}$"}},
            "required": ["color"],
        }
    },
}


def test_validator_of_a_schema_only_python_jsonschema_compiles() -> None:
    validator = compile_validator(_ODD_REF)
    assert validator.is_valid({"color": "${red}"})
    assert validator.is_valid({"color": None})
    assert not validator.is_valid({"color": "red"})
    assert validator.problems({"color": 3}) == ["$.color: 3 is not of type 'string', 'null'"]


def test_tool_returning_a_schema_only_python_jsonschema_compiles() -> None:
    world = SyntheticWorld(seed=3)
    world.register_tool(
        ToolSpec(name="get_mark", description="Get a mark", parameters={"type": "object"}, returns=_ODD_REF)
    )
    validator = jsonschema.Draft7Validator(_ODD_REF, format_checker=jsonschema.Draft7Validator.FORMAT_CHECKER)
    for _ in range(5):
        assert validator.is_valid(world.call("get_mark", {}))


def test_schema_no_engine_compiles_is_still_refused() -> None:
    # jsonschema-rs refuses the "$ref", Python's re the named group: nothing could check a value
    schema = {**_ODD_REF, "properties": {"id": {"type": "string", "pattern": "^(?<id>[a-z]+)$"}}}
    with pytest.raises(SchemaError, match="cannot compile JSON Schema"):
        compile_validator(schema)


def test_no_value_is_made_for_a_non_schema_past_the_metaschemas_reach() -> None:
    # draft 7 has no "$defs": its metaschema does not look inside, and python-jsonschema crashes
    # on a value with "note" (its subschema is a string); the property is left out
    schema = {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "$ref": "#/$defs/A",
        "$defs": {"A": {"type": "object", "properties": {"x": {"type": "integer"}, "note": "a string"}}},
    }
    validator = jsonschema.Draft7Validator(schema)
    generator = compile_generator(schema)
    values = [generator.generate(Random(seed)) for seed in range(20)]
    assert all(validator.is_valid(value) for value in values)
    assert any("x" in value for value in values)
    # an object must hold "n", which nothing can check: without "type", the other values are made
    typeless = {**schema, "$ref": "#/$defs/B", "$defs": {"B": {"properties": {"n": 3}, "required": ["n"]}}}
    others = [compile_generator(typeless).generate(Random(seed)) for seed in range(6)]
    assert not any(isinstance(value, dict) for value in others)
    assert all(jsonschema.Draft7Validator(typeless).is_valid(value) for value in others)
    with pytest.raises(UnsatisfiableSchemaError):
        compile_generator({**typeless, "$defs": {"B": {**typeless["$defs"]["B"], "type": "object"}}})


def test_subschema_checks_read_an_unknown_schema_uri_as_the_generator_does() -> None:
    # "https://json-schema.org/draft-07/schema" (https for http) is read as 2020-12, where format
    # beside $ref counts; jsonschema-rs, given the document as is, read it as draft 7 and passed
    # the "" default off as a date-time
    schema = {
        "$schema": "https://json-schema.org/draft-07/schema",
        "definitions": {"string": {"default": ""}},
        "properties": {"embeds": {"items": {"properties": {"at": {"$ref": "#/definitions/string",
                                                                  "format": "date-time"}}}}},
    }  # fmt: skip
    values = _valid_values(schema, seeds=30)
    assert any(item.get("at") for value in values for item in value.get("embeds", []))


def test_tool_returns_with_a_reference_nothing_resolves_is_refused_with_a_fix() -> None:
    schema = {"type": "object", "properties": {"licence": {"$ref": "spdx.schema.json"}}}
    with pytest.raises(
        SchemaError, match=r"cannot compile JSON Schema: .*spdx.schema.json.*fix: define the target"
    ):
        compile_validator(schema)


def test_lone_empty_pattern_examples_are_judged_as_python_jsonschema_reads_them() -> None:
    schema = {
        "type": "object",
        "patternProperties": {"": {"type": "string"}},
        "additionalProperties": False,
        "examples": [{"a": "x"}],
        "default": {"b": "y"},
    }
    assert _valid_values(schema, seeds=40) == [{}] * 40


def _shipped(package: str, document: str) -> Any:
    """A real-world schema document shipped inside an installed package (the dev extra has them)."""
    import importlib
    import json
    from pathlib import Path

    root = Path(importlib.import_module(package).__file__ or "").parent
    return json.loads(next(root.glob(document)).read_text("utf-8"))


VEGA_LITE = ["TopLevelSpec", "LayerSpec", "Encoding", "Config", "SelectionParameter", "TimeUnitParams"]


@pytest.mark.parametrize("name", VEGA_LITE)
def test_vega_lite_definitions_give_valid_values(name: str) -> None:
    # 1.5 MB of draft-07, deeply recursive, anyOf everywhere (altair's copy)
    # jsonschema-rs refuses its references (``#/definitions/MarkPropDef<(Gradient|string|null)>``
    # is no uri-reference to it): python-jsonschema is the oracle
    doc = _shipped("altair", "vegalite/v*/schema/vega-lite-schema.json")
    _valid_values({**doc, "$ref": f"#/definitions/{name}"}, seeds=3, rs_too=False)


KUBERNETES = [
    "io.k8s.api.apps.v1.Deployment",
    "io.k8s.api.core.v1.Pod",
    "io.k8s.api.batch.v1.CronJob",
    "io.k8s.api.networking.v1.Ingress",
    "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta",
]


@pytest.mark.parametrize("name", KUBERNETES)
def test_kubernetes_api_types_give_valid_values(name: str) -> None:
    # every API type of a release in one 2020-12 document (kubernetes-validate's copy)
    import json

    doc = _shipped("kubernetes_validate", "kubernetes-json-schema/v1.3*-local-strict/_definitions.json")
    doc = json.loads(json.dumps(doc).replace('"/api/_definitions.json#/', '"#/'))
    assert name in doc["$defs"]
    _valid_values({**doc, "$ref": f"#/$defs/{name}"}, seeds=3)
