"""Cases the tenth hold-out of real-world schemas found (stop 50: pyhf's draft-06 schemas,
OpenLineage's facets, SARIF, Lottie, Cucumber's messages, ObjectStack's and APIs.guru's third
draw): refusals that now say why."""

from __future__ import annotations

from random import Random
from typing import Any

import jsonschema_rs
import pytest
import referencing
from referencing.jsonschema import DRAFT6

from synthworld.errors import SchemaError
from synthworld.schema import _fallback, compile_generator, generate
from synthworld.schema._intake import schema_key

DEFS = {
    "$schema": "http://json-schema.org/draft-06/schema#",
    "$id": "https://scikit-hep.org/pyhf/schemas/1.0.0/defs.json",
    "definitions": {"model": {"type": "object", "required": ["channels"], "properties": {"channels": {}}}},
}
MODEL = {
    "$schema": "http://json-schema.org/draft-06/schema#",
    "$id": "https://scikit-hep.org/pyhf/schemas/1.0.0/model.json",
    "$ref": "defs.json#/definitions/model",
}
"""pyhf's ``model.json`` over ``defs.json``, in small: in draft 6 the ``$id`` beside the ``$ref``
is ignored, so the relative reference has no base (python-jsonschema refuses it too)."""


def _registry() -> referencing.Registry[Any]:
    resource = referencing.Resource.from_contents(DEFS, default_specification=DRAFT6)
    return referencing.Registry().with_resource(DEFS["$id"], resource)


def test_a_relative_ref_beside_an_ignored_id_names_the_ignored_id_and_the_absolute_fix() -> None:
    with pytest.raises(SchemaError) as caught:
        generate(MODEL, 0, registry=_registry())
    message = str(caught.value)
    assert "'https://scikit-hep.org/pyhf/schemas/1.0.0/model.json' beside this $ref" in message
    assert "before draft 2019-09 a $ref's siblings are ignored" in message
    assert "'https://scikit-hep.org/pyhf/schemas/1.0.0/defs.json#/definitions/model'" in message
    assert "pass a referencing registry holding it" not in message  # the registry does hold it
    absolute = {"$ref": "https://scikit-hep.org/pyhf/schemas/1.0.0/defs.json#/definitions/model"}
    wrapped = {**{k: v for k, v in MODEL.items() if k != "$ref"}, "allOf": [{"$ref": MODEL["$ref"]}]}
    for fixed in (absolute, wrapped):  # each fix the refusal names builds a value
        assert "channels" in generate(fixed, 0, registry=_registry())


def test_a_relative_ref_with_no_id_at_all_says_it_has_no_base() -> None:
    with pytest.raises(SchemaError, match="a relative reference with no base URI"):
        generate({"$ref": "defs.json#/definitions/model"}, 0)


def test_an_unknown_dialect_valid_in_no_draft_names_the_breach_and_its_place() -> None:
    facet = {  # OpenLineage's data-quality facet: the "latest" metaschema URI, and "type": "int"
        "$schema": "http://json-schema.org/schema#",
        "definitions": {"Facet": {"type": "object", "properties": {"rowCount": {"type": "int"}}}},
    }
    with pytest.raises(SchemaError) as caught:
        generate(facet, 0)
    assert "'/definitions/Facet/properties/rowCount/type'" in str(caught.value)
    assert "(did you mean 'integer'?)" in str(caught.value)
    assert caught.value.path == ""  # the refusal is of the root's $schema


def test_an_unknown_dialect_read_differently_by_each_draft_names_each_reading() -> None:
    tuple_of_typo = {"$schema": "https://example.com/meta", "items": [{"type": "strin"}]}
    with pytest.raises(SchemaError) as caught:
        generate(tuple_of_typo, 0)
    message = str(caught.value)
    assert "read as 2020-12, at '/items'" in message
    assert "read as draft 7, at '/items/0/type'" in message


ZOD_EMAIL = {
    "type": "string",
    "format": "email",
    "pattern": r"^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-\.]*)[A-Za-z0-9_+-]@"
    r"([A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$",
}
"""zod 4's ``z.email()`` as ``z.toJSONSchema`` writes it (ObjectStack's ``User.email``): its
pattern lets a domain label end in ``-``, which no email has by its RFC."""


def test_an_email_built_from_a_pattern_is_an_email_by_its_rfc_too() -> None:
    rfc = jsonschema_rs.validator_for(ZOD_EMAIL, validate_formats=True)  # Ajv's ajv-formats agree
    refused = [value for seed in range(120) if not rfc.is_valid(value := generate(ZOD_EMAIL, seed))]
    assert refused == []  # seed 53 answered 'b6+9u@u.2.6-.WQ.KD', among others


def test_a_schema_large_once_its_references_are_written_out_never_reaches_hypothesis() -> None:
    """Just Eat's ``SearchByLocation`` answer (APIs.guru): 15.5 kB of text, 6 references, 33 kB
    written out; hypothesis-jsonschema took 1.1 s of CPU in one call to build a strategy, which
    then found nothing. Here 5 kB of text, 8 references to one 4 kB definition."""
    big = {
        "type": "object",
        "properties": {f"p{i}": {"type": "string", "description": "x" * 40} for i in range(60)},
    }
    schema = {
        "$defs": {"Big": big},
        "type": "object",
        "properties": {f"r{j}": {"$ref": "#/$defs/Big"} for j in range(8)},
    }
    generator = compile_generator(schema)
    assert generator._fallback(Random(0)) == (False, None)
    assert schema_key(schema) not in _fallback._STRATEGIES
