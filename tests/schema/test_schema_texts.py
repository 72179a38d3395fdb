"""A schema's JSON text (its cache key) is orjson's where that reads as `json.dumps`'s would, and
`json.dumps` decides everywhere else: NaN and infinities, surrogates, huge integers, non-JSON
objects and subclasses get the verdict and the reading they had before."""

from __future__ import annotations

import collections
import dataclasses
import datetime as dt
import json
from typing import Any

import pytest

from synthworld.errors import SchemaError
from synthworld.schema import generate, schema_text
from synthworld.schema._texts import parse, sorted_text


@pytest.mark.parametrize(
    "schema",
    [
        {"type": "string", "pattern": "^[a-z]+$", "description": "naïve café ☕ 😀"},
        {"type": ["string", "null"], "default": None, "enum": ["a", None]},
        {"type": "number", "minimum": 1e-5, "maximum": 1e16, "multipleOf": 0.25},
        {"const": 2**63 - 1, "examples": [[None, True, False, -0.0]]},
        {"properties": {"a/b~c": {"$ref": "#/$defs/x"}}, "$defs": {"x": {"type": "integer"}}},
    ],
)
def test_a_json_schema_text_reads_back_as_the_schema(schema: dict[str, Any]) -> None:
    text = schema_text(schema)
    assert text is not None
    assert json.loads(text) == schema
    assert list(json.loads(text)) == list(schema)  # key order kept: shapes read the first definition


@dataclasses.dataclass
class _Point:
    x: int


class _Text(str):
    pass


@pytest.mark.parametrize(
    "schema",
    [
        {"minimum": float("nan")},
        {"maximum": float("inf")},
        {"enum": [float("-inf"), None]},
        {"title": "\ud800"},  # a lone surrogate
        {"const": 2**70},
        {"examples": [(1, 2)]},
        {"default": _Point(1)},
        {"default": dt.date(2025, 1, 1)},
        {"title": _Text("sub")},
        collections.OrderedDict(type="string"),
        {1: "a"},
    ],
)
def test_other_values_get_the_verdict_of_json_dumps(schema: Any) -> None:
    try:
        expected: str | None = json.dumps(schema, allow_nan=False)
    except (TypeError, ValueError):
        expected = None
    text = schema_text(schema)
    assert (text is None) == (expected is None)
    if text is not None and expected is not None:  # the same reading (orjson's text is compact)
        assert json.loads(text) == json.loads(expected)


def test_a_nan_in_a_schema_is_refused_as_not_json_data() -> None:
    with pytest.raises(SchemaError, match="not JSON data"):
        generate({"type": "number", "maximum": float("nan")})


def test_a_cycle_is_refused_as_not_json_data() -> None:
    schema: dict[str, Any] = {"type": "object"}
    schema["properties"] = {"self": schema}
    assert schema_text(schema) is None
    with pytest.raises(SchemaError):
        generate(schema)


@pytest.mark.parametrize(
    "schema",
    [
        {"type": "integer", "maximum": 2**64},  # orjson would read it back as a float
        {"type": "integer", "minimum": -(2**63) - 1, "default": None},
        {"type": "number", "maximum": 18446744073709551615, "examples": [1.5, 2**53 + 1]},
        {"description": "naïve ☕ 😀", "enum": [None, 0.1, -0.0, 1e300]},
    ],
)
def test_a_text_parses_back_to_the_same_json_types(schema: dict[str, Any]) -> None:
    text = schema_text(schema)
    assert text is not None
    copy = parse(text)
    assert copy == schema
    assert repr(copy) == repr(schema)  # an integer stays an integer, -0.0 stays -0.0


def test_a_generator_keeps_integer_bounds_past_64_bits() -> None:
    schema = {"type": "integer", "minimum": 2**64, "maximum": 2**64 + 5}
    values = {generate(schema, seed) for seed in range(10)}
    assert all(isinstance(v, int) and 2**64 <= v <= 2**64 + 5 for v in values)


@pytest.mark.parametrize(
    "schema",
    [
        {"b": {"type": "string"}, "a": [1.5, "é", -0.0], "c": 1e-7},
        {"const": None, "enum": [None, 1]},
        {"const": float("nan")},
        {"const": float("inf")},
        {"maximum": 2**70},
        {1: {"type": "integer"}},
    ],
)
def test_a_sorted_text_reads_back_as_the_schema_with_its_keys_in_order(schema: dict[Any, Any]) -> None:
    text = sorted_text(schema)
    assert text == sorted_text(json.loads(json.dumps(schema)))  # equal schemas, equal keys
    back = json.loads(text)
    assert json.dumps(back, sort_keys=True) == json.dumps(schema, sort_keys=True)
    assert list(back) == sorted(back)


def test_sorted_texts_of_a_nan_and_of_a_null_differ() -> None:
    assert sorted_text({"const": float("nan")}) != sorted_text({"const": None})
    assert sorted_text({"const": 2**70}) != sorted_text({"const": float(2**70)})
