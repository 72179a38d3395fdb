"""First-visit compiles do less: each shortcut gives what the long way gives."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

from synthworld.schema import compile_generator
from synthworld.schema._compile import Compiler
from synthworld.schema._discriminate import clash, facts_of
from synthworld.schema._merge_props import forbidden_names, forbids
from synthworld.schema._parts import Part, forbidden_by_not
from synthworld.schema._resolve import DRAFT7, root_loc


def _conjunct(rng: Random) -> dict[str, Any]:
    """A conjunct saying a little about a few constant properties (or nothing)."""
    out: dict[str, Any] = {}
    names = ["a", "b", "c"]
    if rng.random() < 0.6:
        out["properties"] = {
            name: rng.choice([{"const": rng.randrange(2)}, {"enum": [0, 1][: rng.randrange(3)]}, {}])
            for name in rng.sample(names, rng.randrange(1, 3))
        }
    if rng.random() < 0.5:
        out["required"] = rng.sample(names, rng.randrange(1, 3))
    if rng.random() < 0.3:
        out["oneOf"] = [{"properties": {"a": {"const": v}}} for v in rng.sample([0, 1, 2], 2)]
    return out


def _parts(schemas: list[dict[str, Any]]) -> list[Part]:
    root = root_loc({"allOf": schemas})
    return [Part(root.child(s, "allOf", i)) for i, s in enumerate(schemas)]


def _same(a: Any, b: Any) -> bool:
    return (a.allowed, a.required, a.conflict) == (b.allowed, b.required, b.conflict)


@pytest.mark.parametrize("seed", range(200))
def test_facts_joined_per_conjunct_are_the_facts_of_all_of_them(seed: int) -> None:
    rng = Random(seed)
    parts = _parts([_conjunct(rng) for _ in range(rng.randrange(1, 5))])
    cx = Compiler()
    assert _same(cx.conjunct_facts(parts), facts_of(parts))
    assert _same(cx.conjunct_facts(list(reversed(parts))), facts_of(parts))  # remembered per conjunct


@pytest.mark.parametrize("seed", range(300))
def test_a_clash_is_a_conflict_of_the_joined_facts(seed: int) -> None:
    rng = Random(seed)
    mine = facts_of(_parts([_conjunct(rng) for _ in range(rng.randrange(1, 3))]))
    other = facts_of(_parts([_conjunct(rng)]))
    assert clash(mine, other) == mine.plus(other).conflict


def _object_conjunct(rng: Random) -> dict[str, Any]:
    subs: list[Any] = [{}, False, True, {"not": {}}, {"not": {"type": "string"}}, {"type": "integer"}]
    out: dict[str, Any] = {
        "properties": {name: rng.choice(subs) for name in rng.sample(["a", "b", "c", "d"], rng.randrange(4))}
    }
    if rng.random() < 0.5:
        out["additionalProperties"] = rng.choice(subs)
    if rng.random() < 0.3:
        out["patternProperties"] = {"^[ab]": rng.choice(subs)}
    return out


@pytest.mark.parametrize("seed", range(300))
def test_forbidden_names_are_those_some_conjunct_gives_false(seed: int) -> None:
    rng = Random(seed)
    parts = _parts([_object_conjunct(rng) for _ in range(rng.randrange(1, 4))])
    names = ["a", "b", "c", "d", "e"]
    assert forbidden_names(parts, names) == {name for name in names if forbids(parts, name)}


def test_a_not_forbids_names_only_when_all_it_does_is_require_them() -> None:
    neg = {"anyOf": [{"required": ["a"]}, {"anyOf": [{"required": ["b"]}, {"required": ["c"]}]}]}
    assert forbidden_by_not(neg) == ("a", "b", "c")
    assert forbidden_by_not(neg) == ("a", "b", "c")  # remembered, the same answer
    assert forbidden_by_not({"anyOf": [{"required": ["a"]}, {"required": ["a", "b"]}]}) is None
    assert forbidden_by_not({"anyOf": [{"required": ["a"]}, {"type": "object"}]}) is None
    assert forbidden_by_not({"required": ["a"], "type": "object"}) is None
    assert forbidden_by_not({"anyOf": [{"required": ["z"]}]}) == ("z",)  # another object, its own answer


def test_each_branch_of_a_one_of_is_negated_once() -> None:
    branches = [{"type": "object", "required": [name]} for name in "abcd"]
    cx = Compiler()
    node = cx.node([Part(root_loc({"oneOf": branches}))])
    for option in node.options:  # type: ignore[attr-defined]
        option.resolve()
    assert len(cx._keep) == len(branches)  # one synthetic negation per branch, not one per pair


@pytest.mark.parametrize(
    "schema",
    [
        {"oneOf": [{"properties": {"k": {"const": v}, "x": {"type": "integer"}}, "required": ["k"]}
                   for v in "abc"]},
        {"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": False,
         "not": {"anyOf": [{"required": ["b"]}]}, "required": ["a"]},
        {"$schema": DRAFT7, "definitions": {"d": {"type": "string", "default": "x"}},
         "properties": {"p": {"$ref": "#/definitions/d"}, "q": {"not": {"type": "null"}}}},
    ],
)  # fmt: skip
def test_shortcut_compiles_keep_values_valid_and_deterministic(schema: dict[str, Any]) -> None:
    first = compile_generator(schema)
    again = compile_generator({**schema, "$comment": "a second compile"})
    for seed in range(20):
        value = first.generate(Random(seed))
        assert first.is_valid(value)
        assert again.generate(Random(seed)) == value
