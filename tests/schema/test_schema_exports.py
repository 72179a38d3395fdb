"""The package faces only re-export, with a sorted ``__all__``."""

from __future__ import annotations

import gc
import inspect
import random
import sys
from typing import Any

import pytest
import referencing
import referencing.jsonschema

import synthworld.schema
from synthworld.schema import _api, _bounded, _intake, compile_generator, generate


def test_schema_package_all_is_pinned_and_sorted() -> None:
    expected = [
        "CompiledValidator",
        "DEFAULT_NOW",
        "Generator",
        "canonicalise",
        "capped_problems",
        "check_locale",
        "compile_generator",
        "compile_owned",
        "compile_validator",
        "generate",
        "schema_problem_paths",
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
        "context",
    ]
    assert list(inspect.signature(generate).parameters) == ["schema", "seed", "options"]


def test_compiled_generators_are_cached() -> None:
    schema = {"type": "object", "properties": {"a": {"type": "integer"}}}
    assert compile_generator(schema) is compile_generator(dict(schema))
    assert compile_generator(schema) is not compile_generator(schema, realistic=False)


def test_the_cache_keeps_the_most_recently_used_generators(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_api, "_CACHE", _bounded.Bounded(4, evicted=_bounded.forget_documents))
    schemas = [{"type": "integer", "minimum": n} for n in range(6)]
    first = [compile_generator(schema) for schema in schemas[:4]]
    assert compile_generator(schemas[0]) is first[0]  # used again: now the most recent
    for schema in schemas[4:]:
        compile_generator(schema)
    assert len(_api._CACHE) == 4
    assert compile_generator(schemas[0]) is first[0]
    assert compile_generator(schemas[1]) is not first[1]  # the least recently used went first


def test_the_cache_keeps_generators_of_at_most_so_much_schema_text(monkeypatch: pytest.MonkeyPatch) -> None:
    schemas = [{"type": "string", "enum": [f"{n}-{'x' * 1000}"]} for n in range(6)]
    budget = 3 * len(_intake.schema_key(schemas[0]))
    monkeypatch.setattr(_api, "_CACHE", _bounded.Bounded(100, budget, evicted=_bounded.forget_documents))
    first = [compile_generator(schema) for schema in schemas]
    assert len(_api._CACHE) == 3
    assert _api._CACHE.total <= budget
    assert compile_generator(schemas[5]) is first[5]
    assert compile_generator(schemas[0]) is not first[0]  # the oldest went first
    big = {"type": "string", "enum": ["y" * (2 * budget)]}
    assert compile_generator(big) is compile_generator(big)  # the newest stays, whatever its size
    assert len(_api._CACHE) == 1


def _allocated_after(schemas: list[dict[str, Any]]) -> int:
    for schema in schemas:
        compile_generator(schema).generate(random.Random(0))
    gc.collect()
    return sys.getallocatedblocks()


@pytest.mark.parametrize("forget", [True, False])
def test_generators_dropped_from_the_cache_free_their_documents(
    monkeypatch: pytest.MonkeyPatch, forget: bool
) -> None:
    evicted = _bounded.forget_documents if forget else None
    monkeypatch.setattr(_api, "_CACHE", _bounded.Bounded(2, evicted=evicted))
    docs = [
        {
            "title": f"doc {n}",
            "type": "object",
            "properties": {f"p{i}": {"type": "integer"} for i in range(400)},
        }
        for n in range(24)
    ]
    start = _allocated_after([])
    first = _allocated_after(docs[:4]) - start
    more = _allocated_after(docs[4:]) - start - first  # 20 documents more, 2 kept at a time
    if forget:
        assert more < first / 2
    else:  # the caches of schema objects alone would keep them all: the test can tell
        assert more > 2 * first
    _bounded.forget_documents()


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
