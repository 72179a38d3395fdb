"""The package faces only re-export, with a sorted ``__all__``."""

from __future__ import annotations

import inspect
import random

import pytest
import referencing
import referencing.jsonschema

import synthworld.schema
from synthworld.schema import _api, compile_generator, generate


def test_schema_package_all_is_pinned_and_sorted() -> None:
    expected = [
        "CompiledValidator",
        "DEFAULT_NOW",
        "Generator",
        "canonicalise",
        "check_locale",
        "compile_generator",
        "compile_owned",
        "compile_validator",
        "generate",
        "schema_problems",
        "schema_text",
        "shared_texts",
    ]
    assert synthworld.schema.__all__ == expected
    assert sorted(expected) == expected


def test_contract_signatures() -> None:
    params = inspect.signature(compile_generator).parameters
    assert [p for p in params if params[p].kind is inspect.Parameter.KEYWORD_ONLY] == [
        "registry",
        "realistic",
        "locale",
    ]
    assert list(inspect.signature(generate).parameters) == ["schema", "seed", "options"]


def test_compiled_generators_are_cached() -> None:
    schema = {"type": "object", "properties": {"a": {"type": "integer"}}}
    assert compile_generator(schema) is compile_generator(dict(schema))
    assert compile_generator(schema) is not compile_generator(schema, realistic=False)


def test_the_cache_keeps_the_most_recently_used_generators(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_api, "_CACHE_SIZE", 4)
    schemas = [{"type": "integer", "minimum": n} for n in range(6)]
    first = [compile_generator(schema) for schema in schemas[:4]]
    assert compile_generator(schemas[0]) is first[0]  # used again: now the most recent
    for schema in schemas[4:]:
        compile_generator(schema)
    assert len(_api._CACHE) == 4
    assert compile_generator(schemas[0]) is first[0]
    assert compile_generator(schemas[1]) is not first[1]  # the least recently used went first


def test_a_generator_compiled_with_another_registry_is_not_reused() -> None:
    schema = {"$ref": "urn:synthworld:test:n"}
    one = referencing.Registry().with_resource(
        "urn:synthworld:test:n", referencing.jsonschema.DRAFT202012.create_resource({"const": 1})
    )
    two = referencing.Registry().with_resource(
        "urn:synthworld:test:n", referencing.jsonschema.DRAFT202012.create_resource({"const": 2})
    )
    assert compile_generator(schema, registry=one).generate(random.Random(0)) == 1
    assert compile_generator(schema, registry=two).generate(random.Random(0)) == 2
    assert compile_generator(schema, registry=one).generate(random.Random(0)) == 1
