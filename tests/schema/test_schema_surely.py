"""`surely`: a root whose lean value surely builds needs no compile-time attempt. Every yes is
true (the attempt it stands for succeeds, whatever the RNG), and registration still refuses what
it refused."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from synthworld.errors import SchemaError, UnsatisfiableSchemaError
from synthworld.schema import _api, _nodes, _probe_draws, compile_generator
from synthworld.schema._api import DEFAULT_NOW
from synthworld.schema._nodes import SURE_VISITS, surely
from tests.schema.schema_corpus import jsts

SURE = [
    {"type": "null"},
    {"enum": [1, "a"]},
    {"type": "integer", "minimum": 3, "exclusiveMaximum": 9},
    {"type": "number", "minimum": 0.5},
    {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1},  # the midpoint lies between
    {"type": "number", "exclusiveMinimum": 1.1},  # one step above it
    {"type": "integer", "multipleOf": 3},  # integers divide exactly
    {"multipleOf": 2, "maximum": 7},
    {"type": "number", "multipleOf": 0.1},  # a multiple both validators take is known
    {"type": "number", "minimum": 0, "multipleOf": 0.01},
    {"type": "string"},
    {"type": "string", "format": "date"},
    {"type": "string", "minLength": 2, "maxLength": 3},
    {"type": "object", "required": ["name"], "properties": {"name": {"type": "string", "examples": ["Ada"]}}},
    {"type": "array", "minItems": 2},
    {"type": "array", "minItems": 1, "items": {"type": "object", "required": ["a"]}},
    {"type": "array", "items": {"type": "string", "pattern": "^a+$"}},
    {"type": "string", "pattern": "^a+$"},  # every string the pattern builds matches it
    {"type": "array", "minItems": 1, "items": {"type": "string", "pattern": "^[A-Z]{3}-\\d{4}$"}},
    {"type": "object", "required": ["v"], "properties": {"v": {"pattern": "^\\d+(\\.\\d+)*$"}}},
    {"type": "object", "properties": {"a": {"type": "string", "pattern": "^a+$"}}},
    {"type": "object", "required": ["a"], "properties": {"a": {"type": "integer"}}},
    {"properties": {"a": {"type": "integer"}}},
    {"type": "object", "dependentRequired": {"a": ["b"]}},  # nothing required: {}, which no dependency fails
    {"type": "string", "not": {"minLength": 3}},  # a not of one bound is a bound: maxLength 2
    {},
]
UNSURE = [
    {"type": "number", "multipleOf": 2, "maximum": 2**60},  # bounds past exact floats
    {"type": "number", "multipleOf": 0.01, "minimum": 1e15},  # floats there are 0.125 apart
    {"type": "string", "pattern": "^(?!b)a+$"},  # a lookahead is left to the check
    {"type": "string", "pattern": "^a+$", "minLength": 3},  # fitted to a length
    {"type": "string", "allOf": [{"pattern": "^a+$"}, {"pattern": "a{2}"}]},  # built from the first
    {"type": "string", "format": "date", "maxLength": 20},
    {"type": "array", "minItems": 1, "items": {"type": "string", "pattern": "(a)\\1"}},
    {"type": "array", "minItems": 1, "uniqueItems": True},
    {"type": "array", "minItems": SURE_VISITS},
    {"type": "object", "minProperties": 1},
    {"type": "object", "required": ["a"], "dependentRequired": {"a": ["b"]}},  # b: any value, a choice
    {"type": "object", "required": ["a"], "properties": {"a": {"type": "string", "pattern": "a\\b"}}},
    {"type": "string", "not": {"pattern": "^a"}},  # a not is a check
    {"anyOf": [{"type": "string"}, {"type": "integer"}]},  # its branches compile when first taken
]


def _root(schema: Any) -> Any:
    return compile_generator(schema)._root


@pytest.mark.parametrize("schema", SURE)
def test_simple_roots_are_sure(schema: Any) -> None:
    assert surely(_root(schema))


@pytest.mark.parametrize("schema", UNSURE)
def test_roots_that_might_fail_or_need_a_branch_are_not(schema: Any) -> None:
    assert not surely(_root(schema))


def test_open_bounds_with_no_float_between_are_refused_at_registration() -> None:
    with pytest.raises(UnsatisfiableSchemaError):
        compile_generator({"type": "number", "exclusiveMinimum": 1.0, "exclusiveMaximum": 1.0000000000000002})


@settings(max_examples=300, deadline=None)
@given(
    low=st.one_of(st.none(), st.floats(-1e6, 1e6)),
    width=st.one_of(st.floats(0, 1e-9), st.floats(0, 10)),
    low_open=st.booleans(),
    high_open=st.booleans(),
    step=st.one_of(st.none(), st.integers(1, 7)),
)
def test_every_sure_number_builds_valid_lean_values(
    low: float | None, width: float, low_open: bool, high_open: bool, step: int | None
) -> None:
    schema: dict[str, Any] = {"type": "number"}
    if low is not None:
        schema["exclusiveMinimum" if low_open else "minimum"] = low
        schema["exclusiveMaximum" if high_open else "maximum"] = low + width
    if step is not None:
        schema["multipleOf"] = step
    try:
        generator = compile_generator(schema)
    except UnsatisfiableSchemaError:
        return
    if surely(generator._root):
        assert all(_lean_valid(generator, seed) for seed in range(8))


def _chain(objects: int) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "null"}
    for _ in range(objects):
        schema = {"type": "object", "required": ["a"], "properties": {"a": schema}}
    return schema


def test_a_chain_longer_than_the_walk_budget_is_left_to_an_attempt() -> None:
    assert surely(_root(_chain(SURE_VISITS - 1)))  # as many nodes as the budget
    assert not surely(_root(_chain(SURE_VISITS)))  # one more


def _lean_valid(generator: Any, seed: int) -> bool:
    ok, value = generator._attempt(Random(seed), DEFAULT_NOW, False, lean=True)
    return bool(ok) and generator.is_valid(value)


@pytest.mark.parametrize("case", jsts(), ids=lambda case: case[0])
def test_every_yes_of_the_suite_is_true(case: tuple[str, str, Any]) -> None:
    """A sure root builds a valid lean value for every seed; a skipped probe would have succeeded."""
    try:
        generator = compile_generator(case[2])
    except Exception:  # refused: nothing was vouched for
        return
    if generator._always_check:
        return
    if surely(generator._root):
        assert all(_lean_valid(generator, seed) for seed in range(5))
    if _probe_draws.surely_probed(generator._root):
        ok, value = generator._attempt(_probe_draws.seeded_zero(), DEFAULT_NOW, False, lean=True)
        assert ok
        assert generator.is_valid(value)


@pytest.mark.parametrize("schema", [*SURE, *UNSURE])
def test_a_skipped_probe_changes_no_value(schema: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    _api._CACHE.clear()
    skipped = [compile_generator(schema).generate(Random(seed)) for seed in range(6)]
    _api._CACHE.clear()
    monkeypatch.setattr(_api, "surely_probed", lambda root: False)  # every compile probes
    probed = [compile_generator(schema).generate(Random(seed)) for seed in range(6)]
    assert skipped == probed


@pytest.mark.parametrize(
    "schema",
    [
        {
            "type": "object",
            "required": ["a"],
            "properties": {"a": {"type": "integer", "minimum": 3, "maximum": 2}},
        },
        {"type": "object", "required": ["a"], "properties": {"a": False}},
        {"type": "array", "items": False, "minItems": 1},
        {"allOf": [{"type": "string"}, {"type": "integer"}]},
        {"type": "object", "required": ["a"], "properties": {"a": {"$ref": "#"}}},  # never bottoms out
    ],
)
def test_unsatisfiable_schemas_are_still_refused_at_compile_time(schema: Any) -> None:
    with pytest.raises(UnsatisfiableSchemaError):
        compile_generator(schema)


def test_another_locale_is_probed(monkeypatch: pytest.MonkeyPatch) -> None:
    probes: list[Any] = []
    monkeypatch.setattr(_api.Generator, "_probe", lambda self: probes.append(self))
    _api._CACHE.clear()
    compile_generator({"type": "string"})
    assert probes == []
    compile_generator({"type": "string"}, locale="de_DE")
    compile_generator({"type": "string"}, realistic=True, locale="fr_FR")
    compile_generator({"enum": [1]}, registry=None, locale="fr_FR")
    assert len(probes) == 3


@pytest.mark.parametrize(
    "schema",
    [
        {"type": "object", "required": ["a"], "properties": {"a": {"type": "string", "pattern": "(?<=.a*)"}}},
        {"type": "array", "minItems": 1, "items": {"type": "string", "pattern": "(?<=xa+)b"}},
        {"type": "object", "required": ["a"], "properties": {"a": {"$ref": "#/$defs/missing"}}},
    ],
)
def test_a_node_the_walk_compiles_fails_as_the_probe_fails(
    schema: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    errors = []
    for walk in (_probe_draws.surely_probed, lambda root: False):
        monkeypatch.setattr(_api, "surely_probed", walk)
        _api._CACHE.clear()
        with pytest.raises(SchemaError) as info:
            compile_generator(schema)
        errors.append((type(info.value), str(info.value), info.value.path))
    assert errors[0] == errors[1]


def test_a_root_choice_is_sure_when_the_alternative_the_probe_takes_first_is() -> None:
    first = Random(0).randrange(2)  # the probe's first draw picks the alternative
    unsure = {"type": "string", "pattern": "^(?!b)a+$"}
    branches: list[Any] = [unsure, unsure]
    branches[first] = {"type": "integer"}
    sure = compile_generator({"anyOf": branches})
    assert not surely(sure._root)
    assert _probe_draws.surely_probed(sure._root)
    branches.reverse()  # the other alternative, unsure, comes first: the probe must run
    assert not _probe_draws.surely_probed(compile_generator({"anyOf": branches})._root)


@pytest.mark.parametrize("cap", [0, 1, 2])
def test_a_walk_counts_the_alternatives_an_attempt_may_reach(
    cap: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_nodes, "BRANCHES", cap)
    one = {"type": ["string", "integer"]}  # a choice of types: one alternative reached
    two = {"type": "object", "required": ["a", "b"], "properties": {"a": one, "b": one}}
    assert surely(_root(one)) == (cap >= 1)
    assert surely(_root(two)) == (cap >= 2)
    assert _probe_draws.surely_probed(compile_generator({"anyOf": [one, one]})._root) == (cap >= 2)
