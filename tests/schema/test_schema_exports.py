"""The package faces only re-export, with a sorted ``__all__``."""

from __future__ import annotations

import inspect

import synthworld.schema
from synthworld.schema import compile_generator, generate


def test_schema_package_all_is_pinned_and_sorted() -> None:
    expected = ["DEFAULT_NOW", "Generator", "canonicalise", "compile_generator", "generate"]
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
