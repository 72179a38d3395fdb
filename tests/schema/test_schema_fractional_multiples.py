"""Fractional ``multipleOf``: python-jsonschema divides floats (``0.29 / 0.01`` is not 29), and
jsonschema-rs allows for rounding. Values are multiples both take, within the bounds as both
compare floats, built valid by construction; a range holding none is refused at compile time."""

from __future__ import annotations

from fractions import Fraction
from random import Random
from typing import Any

import jsonschema
import jsonschema_rs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from synthworld.errors import UnsatisfiableSchemaError
from synthworld.schema import _intake, _rs, compile_generator
from synthworld.schema._nodes import surely

STEPS = [0.01, 0.05, 0.1, 0.25, 0.3, 0.7, 0.001, 1.5, 0.123456789, 2.5e-3]


def _both(schema: Any) -> Any:
    python = jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker())
    rs = jsonschema_rs.validator_for(schema)
    return lambda value: python.is_valid(value) and rs.is_valid(value)


def _fresh(schema: Any) -> Any:
    return {**schema, "$comment": f"fresh {id(object())}"}


def test_an_exclusive_bound_that_is_a_float_of_a_multiple_excludes_it() -> None:
    """The float 0.3 is just under 3 tenths, and the multiple 0.3 is that very float: above an
    exclusive 0.3 the first multiple is 0.31 (registration refused the schema before)."""
    for schema in (
        {"type": "number", "exclusiveMinimum": 0.3, "maximum": 0.31, "multipleOf": 0.01},
        {"type": "number", "exclusiveMinimum": 0.3, "exclusiveMaximum": 0.32, "multipleOf": 0.01},
        {"type": "number", "minimum": 0.3, "exclusiveMaximum": 0.31, "multipleOf": 0.01},
    ):
        generator = compile_generator(schema)
        values = {generator.generate(Random(seed)) for seed in range(20)}
        expected = {0.3} if "minimum" in schema else {0.31}
        assert values == expected, schema


def test_money_fields_are_built_valid_without_the_schemas_validator() -> None:
    schema = _fresh(
        {
            "type": "object",
            "required": ["total"],
            "properties": {"total": {"type": "number", "minimum": 0, "multipleOf": 0.01}},
        }
    )
    generator = compile_generator(schema)
    assert surely(generator._root)  # registration needs no trial value
    values = [generator.generate(Random(seed))["total"] for seed in range(300)]
    assert _intake.schema_key(schema) not in _rs._RS  # no value needed the whole check
    judge = _both({"type": "number", "minimum": 0, "multipleOf": 0.01})
    assert all(judge(v) for v in values)
    assert len(set(values)) > 100


@pytest.mark.parametrize(("low", "high"), [(0.29, 0.29), (0.28, 0.29), (0.07, 0.07)])
def test_a_range_whose_multiples_python_jsonschema_all_refuses_is_refused_saying_why(
    low: float, high: float
) -> None:
    schema = {"type": "number", "minimum": low, "maximum": high, "multipleOf": 0.01}
    assert not any(_both(schema)(k / 100) for k in range(int(low * 100) - 1, int(high * 100) + 2))
    with pytest.raises(
        UnsatisfiableSchemaError, match=r"python-jsonschema divides floats, and 0\.\d+ / 0\.01 is"
    ):
        compile_generator(schema)


def test_a_refusal_of_several_multiples_cites_the_division_that_fails() -> None:
    """0.6 / 0.3 is 2.0, which python-jsonschema takes; 0.6 / 0.2 is 2.9999999999999996."""
    parts = [{"multipleOf": 0.3}, {"multipleOf": 0.2}]
    schema = {"type": "number", "minimum": 0.5, "maximum": 0.7, "allOf": parts}
    with pytest.raises(UnsatisfiableSchemaError) as info:
        compile_generator(schema)
    said = str(info.value)
    assert "no common multiple of 0.3 and 0.2 within the bounds" in said
    assert "0.6 / 0.2 is 2.9999999999999996, not a whole number" in said
    assert "0.6 / 0.3" not in said


def _valid_multiples(schema: dict[str, Any], step: float, low: float, high: float) -> list[float]:
    """Every multiple of ``step`` both validators take between ``low`` and ``high``, by brute force."""
    first = int(Fraction(low) / Fraction(repr(step))) - 2
    last = int(Fraction(high) / Fraction(repr(step))) + 2
    judge = _both(schema)
    return [v for k in range(first, last + 1) if judge(v := float(k * Fraction(repr(step))))]


@settings(max_examples=150, deadline=None)
@given(
    step=st.sampled_from(STEPS),
    low=st.floats(-1e6, 1e6, allow_nan=False),
    width=st.integers(0, 40),
    open_low=st.booleans(),
    open_high=st.booleans(),
)
def test_values_are_multiples_both_validators_take_or_the_schema_is_refused(
    step: float, low: float, width: int, open_low: bool, open_high: bool
) -> None:
    high = low + width * step
    schema: dict[str, Any] = {"type": "number", "multipleOf": step}
    schema["exclusiveMinimum" if open_low else "minimum"] = low
    schema["exclusiveMaximum" if open_high else "maximum"] = high
    valid = _valid_multiples(schema, step, low, high)
    try:
        generator = compile_generator(schema)
    except UnsatisfiableSchemaError:
        assert not valid, (schema, valid[:3])
        return
    judge = _both(schema)
    for seed in range(5):
        value = generator.generate(Random(seed))
        assert judge(value), (schema, seed, value)
