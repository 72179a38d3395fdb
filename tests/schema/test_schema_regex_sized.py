"""Patterns built to a length drawn within ``minLength``/``maxLength`` (`_regex_sized`): the
pattern's language intersected with the length bounds, where free draws rarely hit them."""

from __future__ import annotations

import re
from random import Random
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from synthworld.errors import UnsatisfiableSchemaError
from synthworld.schema import compile_generator, generate
from synthworld.schema._regex_sized import sized_pattern

PATTERNS = [
    "(0x)?[a-fA-F0-9]+",
    "^arn:aws:gamesparks:",
    "^(ab)+$",
    "^[a-z]{2,4}-[0-9]{3}$",
    "^(TSTALIASID|[0-9a-zA-Z]+)$",
    "^(a|bb|ccc)*$",
    "abc",
    "[^,]+,[^,]+",
    "^\\d{3}(-\\d{2})?$",
    "^(?:[A-Z][a-z]+ ?){1,3}$",
    "x*y{2,}z?",
]


@given(st.sampled_from(PATTERNS), st.integers(0, 80), st.integers(0, 2**32))
@settings(max_examples=400, deadline=None)
def test_a_string_built_to_a_length_has_that_length_and_a_match(pattern: str, length: int, seed: int) -> None:
    built = sized_pattern(pattern)
    assert built is not None
    text = built(Random(seed), length)
    if text is not None:
        assert len(text) == length
        assert re.search(pattern, text), text


@pytest.mark.parametrize(
    ("pattern", "length", "distinct"),
    [
        ("(0x)?[a-fA-F0-9]+", 64, 50),
        ("^arn:aws:gamesparks:", 40, 50),
        ("^(ab)+$", 30, 1),  # the one string of 30 characters
        ("^[a-z]{2,4}-[0-9]{3}$", 8, 50),
    ],
)
def test_a_length_in_the_language_is_reached_on_every_draw(pattern: str, length: int, distinct: int) -> None:
    built = sized_pattern(pattern)
    assert built is not None
    texts = [built(Random(seed), length) for seed in range(50)]
    assert all(t is not None and len(t) == length and re.search(pattern, t) for t in texts)
    assert len(set(texts)) == distinct


def test_a_back_reference_is_left_to_the_free_draws() -> None:
    assert sized_pattern("(a+)-\\1") is None


AWS_IOT_CERTIFICATE = {"type": "string", "pattern": "(0x)?[a-fA-F0-9]+", "minLength": 64, "maxLength": 64}
AWS_GAMESPARKS_ARN = {"type": "string", "pattern": "^arn:aws:gamesparks:", "minLength": 20, "maxLength": 2048}


@pytest.mark.parametrize("schema", [AWS_IOT_CERTIFICATE, AWS_GAMESPARKS_ARN])
def test_real_world_patterns_with_lengths_answer_every_seed_with_its_own_value(
    schema: dict[str, Any],
) -> None:
    generator = compile_generator(schema)
    values = [generator.generate(Random(seed)) for seed in range(40)]
    check = jsonschema.Draft202012Validator(schema)
    assert all(check.is_valid(v) for v in values)
    assert len(set(values)) == 40


def test_a_prefix_pattern_shorter_than_min_length_is_padded_after_its_prefix() -> None:
    values = [generate(AWS_GAMESPARKS_ARN, seed) for seed in range(5)]
    assert all(v.startswith("arn:aws:gamesparks:") and len(v) >= 20 for v in values)


def test_a_fixed_pattern_that_cannot_reach_the_length_is_still_refused() -> None:
    with pytest.raises(UnsatisfiableSchemaError):
        compile_generator({"type": "string", "pattern": "^abc$", "minLength": 4})
