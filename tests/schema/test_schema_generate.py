"""Every generated value validates (python-jsonschema with format checking is the oracle)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from schema_corpus import KEYWORDS, USER, jsts, oracle, vendor

from synthworld.schema import compile_generator, generate


@pytest.mark.parametrize("name", sorted(KEYWORDS))
def test_every_keyword_yields_valid_values(name: str) -> None:
    schema = KEYWORDS[name]
    gen, check = compile_generator(schema), oracle(schema)
    rng = random.Random(0)
    for _ in range(60):
        value = gen.generate(rng)
        assert check.is_valid(value), (value, [e.message for e in check.iter_errors(value)])


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**64), name=st.sampled_from(sorted(KEYWORDS)))
def test_valid_for_any_seed(seed: int, name: str) -> None:
    schema = KEYWORDS[name]
    assert oracle(schema).is_valid(generate(schema, seed=seed))


@pytest.mark.parametrize(("ident", "dialect", "schema"), jsts(), ids=[r[0] for r in jsts()])
def test_test_suite_corpus_values_validate(ident: str, dialect: str, schema: Any) -> None:
    try:
        gen = compile_generator(schema)
    except ValueError:  # SchemaError: a few corpus schemas are not covered (bench/RESULTS.md)
        return
    check, rng = oracle(schema, dialect), random.Random(1)
    values = [gen.generate(rng) for _ in range(10)]
    assert all(check.is_valid(v) for v in values), values


def test_test_suite_corpus_coverage() -> None:
    covered = 0
    for _, _, schema in jsts():
        try:
            compile_generator(schema)
        except ValueError:
            continue
        covered += 1
    assert covered >= 0.99 * len(jsts())


@pytest.mark.parametrize(("ident", "dialect", "schema"), vendor(), ids=[r[0] for r in vendor()])
def test_real_world_values_validate(ident: str, dialect: None, schema: Any) -> None:
    try:
        gen = compile_generator(schema)
    except ValueError:  # SchemaError: listed in bench/RESULTS.md
        return
    check, rng = oracle(schema), random.Random(2)
    for _ in range(5):
        value = gen.generate(rng)
        assert check.is_valid(value)


def test_real_world_coverage() -> None:
    covered = sum(1 for _, _, schema in vendor() if _compiles(schema))
    assert covered >= 0.9 * len(vendor())


def _compiles(schema: Any) -> bool:
    try:
        compile_generator(schema)
    except ValueError:
        return False
    return True


def test_user_object_is_realistic() -> None:
    value = generate(USER, seed=3)
    assert set(value) >= {"id", "email", "name"}
    assert "@" in value["email"]
    assert " " in value["name"] or value["name"].isalpha()
