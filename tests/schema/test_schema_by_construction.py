"""Values built valid by construction are not validated again: the schema's compiled validator
is never needed for them, yet every value stays valid and the same as a validated one."""

from __future__ import annotations

import json
from random import Random
from typing import Any

import jsonschema_rs
import pytest

from synthworld.errors import UnsatisfiableSchemaError
from synthworld.schema import _intake, _rs, compile_generator, generate
from synthworld.schema._api import DEFAULT_NOW
from tests.schema.schema_corpus import KEYWORDS, SHARED, USER, jsts, oracle, vendor

SCHEMASTORE = SHARED / "schemastore" / "corpus_dev.jsonl"


def _fresh(schema: Any) -> Any:
    """The same schema under a JSON text no cache has seen (compiled generator, rs validator)."""
    return {**schema, "$comment": f"fresh {id(object())}"}


def test_a_value_built_by_construction_never_compiles_the_schema_validator() -> None:
    schema = _fresh(USER)
    text = _intake.schema_key(schema)
    generator = compile_generator(schema)
    values = [generator.generate(Random(seed)) for seed in range(10)]
    assert text not in _rs._RS  # neither the probe nor the calls needed it
    assert [generator.generate(Random(seed), verify=True) for seed in range(10)] == values
    assert text in _rs._RS  # verify=True asked the compiled validator about each value
    check = oracle(schema)
    assert all(check.is_valid(v) for v in values)


def test_verified_and_unverified_values_are_the_same_on_every_corpus_schema() -> None:
    schemas = [*KEYWORDS.values(), *(s for _, _, s in jsts()), *(s for _, _, s in vendor())]
    compared = 0
    for schema in schemas:
        try:
            generator = compile_generator(schema)
        except Exception:
            continue
        for seed in range(3):
            plain = generator.generate(Random(seed))
            assert generator.generate(Random(seed), verify=True) == plain, json.dumps(schema)[:200]
            compared += 1
    assert compared > 1_500


def test_every_schemastore_value_is_valid_without_a_second_check() -> None:
    rows = [json.loads(line) for line in SCHEMASTORE.read_text("utf-8").splitlines() if line.strip()]
    checked = 0
    for row in rows:
        try:
            generator = compile_generator(row["schema"])
        except Exception:  # refused at compile time, saying why: not this test's subject
            continue
        judge = oracle(row["schema"], row.get("dialect"))
        for seed in range(2):
            value = generator.generate(Random(seed))
            assert judge.is_valid(value), (row["id"], seed)
            checked += 1
    assert checked >= 2 * 295


@pytest.mark.parametrize(
    "schema",
    [
        {"not": {"required": ["a"]}},
        {"not": {"anyOf": [{"required": ["a"]}, {"required": ["b"]}]}, "properties": {"c": {}}},
        {"oneOf": [{"required": ["a"]}, {"required": ["b"]}], "type": ["object", "null"]},
        {"oneOf": [{"properties": {"a": {"type": "string"}}}, {"type": "integer"}]},
    ],
    ids=["not-required", "not-any-required", "oneOf-required-or-null", "oneOf-properties-or-int"],
)
def test_negated_property_constraints_hold_for_values_that_are_not_objects(schema: Any) -> None:
    """``required`` and ``properties`` hold for every non-object: ``not`` of them (also a ``oneOf``
    sibling) leaves only objects, and the first seeded attempt already builds a valid value."""
    generator = compile_generator(_fresh(schema))
    judge = oracle(schema)
    for seed in range(40):
        ok, value = generator._attempt(Random(seed), DEFAULT_NOW, True)
        assert ok, seed
        assert judge.is_valid(value), value
        assert judge.is_valid(generator.generate(Random(seed)))


@pytest.mark.parametrize(
    "schema",
    [
        {"type": "number", "multipleOf": 0.01, "minimum": 1e15, "maximum": 1e15 + 1},
        {"type": "integer", "minimum": 2**60, "maximum": 2**60 + 10},
        {"type": "string", "format": "email", "maxLength": 12},
        {"type": "object", "properties": {"a": {}, "b": {}}, "dependentRequired": {"a": ["b"]}},
        {"type": "object", "properties": {"a": {}}, "unevaluatedProperties": False},
    ],
    ids=["coarse-multiple", "huge-bounds", "sized-format", "dependent", "unevaluated"],
)
def test_parts_not_built_valid_by_construction_get_the_value_checked(schema: Any) -> None:
    schema = _fresh(schema)
    text = _intake.schema_key(schema)
    generator = compile_generator(schema)
    values = [generator.generate(Random(seed)) for seed in range(5)]
    assert text in _rs._RS  # the compiled validator judged them
    judge = oracle(schema)
    assert all(judge.is_valid(v) for v in values)


def test_dependencies_hold_in_2020_12_too_as_jsonschema_rs_applies_them() -> None:
    """2019-09 dropped ``dependencies``; jsonschema-rs (and AJV) still apply it, so values satisfy it
    and are valid under either reading (CloudFormation resource schemas declare no dialect)."""
    schema = {
        "type": "object",
        "properties": {"a": {"type": "integer"}, "b": {"type": "boolean"}, "c": {"type": "string"}},
        "dependencies": {"a": ["b"], "c": {"required": ["a"]}},
    }
    rs = jsonschema_rs.validator_for(schema)
    values = [generate(schema, seed=seed) for seed in range(40)]
    assert all(rs.is_valid(v) for v in values)
    assert any("a" in v for v in values)
    assert all("b" in v for v in values if "a" in v)


@pytest.mark.parametrize(
    ("bounds", "lowest", "highest"),
    [
        ({"minimum": 3, "maximum": 5}, 3, 5),
        ({"exclusiveMinimum": 3, "exclusiveMaximum": 6}, 4, 5),
        ({"exclusiveMinimum": 3.0, "exclusiveMaximum": 6.0}, 4, 5),
        ({"exclusiveMinimum": 2.5, "exclusiveMaximum": 5.5}, 3, 5),
        ({"minimum": 0.5, "maximum": 2.5}, 1, 2),
        ({"minimum": 2**60, "maximum": 2**60 + 2}, 2**60, 2**60 + 2),
        ({"exclusiveMinimum": -(2**60) - 3, "exclusiveMaximum": -(2**60)}, -(2**60) - 2, -(2**60) - 1),
    ],
)
def test_plain_integers_stay_within_exclusive_and_fractional_bounds(
    bounds: dict[str, Any], lowest: int, highest: int
) -> None:
    generator = compile_generator({"type": "integer", **bounds})
    values = {generator.generate(Random(seed)) for seed in range(60)}
    assert all(isinstance(v, int) and lowest <= v <= highest for v in values)
    if abs(lowest) < 2**53:  # beyond, floats draw the target: not every integer is reached
        assert values == set(range(lowest, highest + 1))


@pytest.mark.parametrize(
    "bounds",
    [
        {"minimum": 3, "maximum": 2},
        {"exclusiveMinimum": 2, "exclusiveMaximum": 3},
        {"minimum": 2.2, "maximum": 2.8},
    ],
)
def test_plain_integers_without_room_are_refused_at_compile(bounds: dict[str, Any]) -> None:
    with pytest.raises(UnsatisfiableSchemaError, match="no integer lies within the bounds"):
        compile_generator({"type": "integer", **bounds})
