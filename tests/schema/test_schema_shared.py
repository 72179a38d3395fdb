"""Registration encodes each schema once and compiles one jsonschema-rs validator per schema text,
shared by the spec's validator and the generator's whole-value check, without changing a value,
a verdict or an error."""

from __future__ import annotations

import json
import threading
from random import Random
from typing import Any

import jsonschema_rs
import pytest
import referencing
import referencing.jsonschema

from synthworld import SyntheticWorld, ToolSpec
from synthworld.errors import SchemaError, ToolInputError, ToolSpecError
from synthworld.schema import _bounded, _rs, _texts, compile_generator, compile_validator
from synthworld.schema._texts import schema_text, shared_texts

RETURNS: dict[str, Any] = {
    "type": "object",
    "properties": {
        "id": {"type": "string", "format": "uuid"},
        "email": {"type": "string", "format": "email"},
        "count": {"type": "integer", "minimum": 0, "maximum": 9},
        "meta": {"$ref": "https://json-schema.org/draft/2020-12/schema"},
    },
    "required": ["id", "email", "count"],
}
PARAMS: dict[str, Any] = {"type": "object", "properties": {"q": {"type": "string"}}}


def _spec(tag: str) -> ToolSpec:
    return ToolSpec(f"get_{tag}", "Get one.", PARAMS | {"title": tag}, RETURNS | {"title": tag})


class _Counter:
    def __init__(self, real: Any) -> None:
        self.real, self.calls = real, 0

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.calls += 1
        return self.real(*args, **kwargs)


def test_registering_a_tool_compiles_one_rs_validator_per_schema(monkeypatch: pytest.MonkeyPatch) -> None:
    compiles = _Counter(jsonschema_rs.validator_for)
    monkeypatch.setattr(jsonschema_rs, "validator_for", compiles)
    world = SyntheticWorld(seed=3)
    spec = world.register_tool(_spec("shared-rs"))
    assert compiles.calls == 1  # returns (a $ref: compiled now); the plain parameters when first used
    answer = world.call(spec.name, {"q": "x"})
    assert compiles.calls == 2  # the call checked its input; the generator's check reuses returns'
    assert spec.returns_validator.is_valid(answer)
    assert not spec.returns_validator.is_valid({**answer, "id": "not a uuid"})  # formats checked


def test_registering_a_tool_encodes_each_schema_once(monkeypatch: pytest.MonkeyPatch) -> None:
    encodes, parses = _Counter(_texts._encode), _Counter(_texts.parse)
    monkeypatch.setattr(_texts, "_encode", encodes)
    monkeypatch.setattr(_texts, "parse", parses)
    SyntheticWorld(seed=0).register_tool(_spec("shared-text"))
    assert encodes.calls == 2  # the validation, validators, generator and reading share the text
    assert parses.calls == 2  # and the metaschema checks and the validators' compiles its copy


def test_texts_are_shared_only_within_a_registration() -> None:
    schema: dict[str, Any] = {"type": "integer"}
    with shared_texts():
        first = schema_text(schema)
        schema["minimum"] = 1  # not allowed while shared: shows the text is not encoded again
        assert schema_text(schema) is first
        assert schema_text({"type": "integer"}) == first  # another object: its own text
    assert json.loads(schema_text(schema) or "") == {"type": "integer", "minimum": 1}
    assert schema_text({"n": float("nan")}) is None


def test_the_generator_check_and_the_spec_validator_are_one_object() -> None:
    schema = RETURNS | {"title": "one object"}
    validator = compile_validator(schema)
    shared = _rs.shared_rs_validator(schema_text(schema) or "", schema)
    assert validator._fast is shared
    generator = compile_generator(schema)
    assert all(validator.is_valid(generator.generate(Random(seed))) for seed in range(5))


def test_key_order_still_gives_one_validator_and_the_same_values() -> None:
    forward = RETURNS | {"title": "order"}
    backward = dict(reversed(list(forward.items())))
    assert compile_validator(forward) is compile_validator(backward)
    assert compile_validator(forward).schema == forward
    values = [compile_generator(forward).generate(Random(seed)) for seed in range(3)]
    assert [compile_generator(forward).generate(Random(seed)) for seed in range(3)] == values


def test_a_schema_jsonschema_rs_refuses_keeps_its_error() -> None:
    schema = {"$ref": "https://example.com/elsewhere.json", "title": "remote"}
    assert _rs.shared_rs_validator(json.dumps(schema), schema) is None
    with pytest.raises(SchemaError, match="cannot compile JSON Schema"):
        compile_validator(schema)


def test_a_registry_keeps_the_generator_off_the_shared_validator() -> None:
    schema = {"$ref": "urn:thing", "title": "external"}
    registry: referencing.Registry[Any] = referencing.Registry().with_resource(
        "urn:thing", referencing.jsonschema.DRAFT202012.create_resource({"type": "integer", "minimum": 4})
    )
    generator = compile_generator(schema, registry=registry)
    assert all(generator.generate(Random(seed)) >= 4 for seed in range(5))


def test_concurrent_compiles_share_one_validator() -> None:
    schema = RETURNS | {"title": "threads"}
    text = json.dumps(schema)
    found: list[Any] = []
    threads = [
        threading.Thread(target=lambda: found.append(_rs.shared_rs_validator(text, schema))) for _ in range(8)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(found) == 8
    assert all(f is found[0] for f in found)
    assert found[0] is not None


def test_the_shared_cache_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_rs, "_RS", _bounded.Bounded(4))
    for n in range(10):
        schema = {"type": "integer", "minimum": n}
        assert _rs.shared_rs_validator(json.dumps(schema), schema).is_valid(n)
    assert len(_rs._RS) == 4


def test_a_schema_rs_cannot_fail_on_compiles_its_rs_validator_when_first_used(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    compiles = _Counter(jsonschema_rs.validator_for)
    monkeypatch.setattr(jsonschema_rs, "validator_for", compiles)
    world = SyntheticWorld(seed=3)
    returns = {
        "type": "object",
        "properties": {
            "n": {"type": "integer", "maximum": 9},
            "code": {"type": "string", "pattern": "^[a-z]+$"},
        },
        "required": ["n"],
    }
    spec = world.register_tool(ToolSpec("count_later", "Count.", PARAMS | {"title": "later"}, returns))
    assert compiles.calls == 0  # no reference, a pattern Python reads: nothing that could fail later
    with pytest.raises(ToolInputError, match=r"\$\.q: 5 is not of type 'string'"):
        world.call(spec.name, {"q": 5})  # the input check compiles the parameters' validator
    assert compiles.calls == 1
    assert spec.returns_validator.problems({"n": 10}) == ["$.n: 10 is greater than the maximum of 9"]
    assert compiles.calls == 2


def test_a_pattern_or_reference_is_still_compiled_and_refused_at_registration() -> None:
    world = SyntheticWorld(seed=3)
    for returns in (
        {"type": "object", "properties": {"a": {"$ref": "#/$defs/missing"}}},
        {"type": "string", "pattern": "(?<=a)(?P<x>b)\\Z++"},
    ):
        with pytest.raises((ToolSpecError, SchemaError), match="tool 'refused': returns"):
            world.register_tool(ToolSpec("refused", "Refused.", PARAMS, returns))
