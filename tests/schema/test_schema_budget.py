"""Big branching schemas (issue 15): a call compiles only the alternatives it reaches, at most
`BRANCHES` of them, and still answers every seed with a valid value, the same whatever ran before.

The schema is shaped like the slow SchemaStore ones (vega): recursive groups of marks and scales,
each a ``oneOf`` of kinds told apart by a constant, whose properties are ``oneOf`` a value or a
signal reference. Before, each kind was compiled with the negation of every other kind, and a
call compiled about 2,500 nodes.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from random import Random
from typing import Any

import pytest

from synthworld.errors import SchemaError, UnsatisfiableSchemaError
from synthworld.schema import _nodes, compile_generator
from synthworld.schema._api import DEFAULT_NOW, Generator
from synthworld.schema._compile import Compiler
from tests.schema.schema_corpus import oracle

SIGNAL = {"type": "object", "properties": {"signal": {"type": "string"}}, "required": ["signal"]}
KINDS = ["linear", "log", "pow", "band", "point", "ordinal", "quantile", "threshold"]
MARKS = ["rect", "line", "area", "text", "symbol", "arc"]


def _kind(name: str, words: list[str]) -> dict[str, Any]:
    """One branch of a ``oneOf`` of kinds: its own constant, its own properties, nothing else."""
    props: dict[str, Any] = {"type": {"enum": [name]}}
    for word in words:
        props[word] = {"$ref": "#/$defs/numberOrSignal" if len(word) % 2 else "#/$defs/stringOrSignal"}
    return {"properties": props, "required": ["type"]}


SCHEMA: dict[str, Any] = {
    "$defs": {
        "signal": SIGNAL,
        "numberOrSignal": {"oneOf": [{"type": "number"}, {"$ref": "#/$defs/signal"}]},
        "stringOrSignal": {"oneOf": [{"type": "string", "maxLength": 8}, {"$ref": "#/$defs/signal"}]},
        "scale": {
            "type": "object",
            "allOf": [
                {
                    "properties": {"name": {"type": "string"}, "type": {"type": "string"}},
                    "required": ["name"],
                },
                {"oneOf": [_kind(k, [f"{k}Domain", f"{k}Range", f"{k}Pad"]) for k in KINDS]},
            ],
        },
        "mark": {
            "type": "object",
            "oneOf": [_kind(m, [f"{m}X", f"{m}Fill", f"{m}Size"]) for m in MARKS],
        },
        "group": {
            "type": "object",
            "properties": {
                "scales": {"type": "array", "items": {"$ref": "#/$defs/scale"}, "maxItems": 4},
                "marks": {
                    "type": "array",
                    "items": {"anyOf": [{"$ref": "#/$defs/mark"}, {"$ref": "#/$defs/group"}]},
                    "maxItems": 4,
                },
            },
            "required": ["scales", "marks"],
        },
    },
    "$ref": "#/$defs/group",
}
SEEDS = range(40)


def _values(generator: Generator, seeds: Any) -> dict[int, Any]:
    return {seed: generator.generate(Random(seed)) for seed in seeds}


def _tight(monkeypatch: pytest.MonkeyPatch) -> None:
    """A cap so low that most calls reach it."""
    monkeypatch.setattr(_nodes, "BRANCHES", 12)


def test_every_seed_gives_a_valid_value() -> None:
    check = oracle(SCHEMA)
    values = _values(Generator(SCHEMA), SEEDS)
    assert [s for s, v in values.items() if not check.is_valid(v)] == []
    assert len({json.dumps(v, sort_keys=True) for v in values.values()}) > len(SEEDS) // 2


def _choice(built: list[int], dead: set[int]) -> _nodes.ChoiceNode:
    """A choice of 6 lazy constants; building one records it, the `dead` ones cannot compile."""

    def build(i: int) -> _nodes.Node:
        built.append(i)
        if i in dead:
            raise SchemaError(f"branch {i} cannot hold")
        return _nodes.ConstNode(i)

    return _nodes.ChoiceNode([_nodes.LazyNode(build, i) for i in range(6)])


def _state(seed: int) -> _nodes.State:
    return _nodes.State(Random(seed), DEFAULT_NOW, True, "en_US", budget=5)


def test_a_choice_compiles_only_the_alternative_it_takes() -> None:
    built: list[int] = []
    choice = _choice(built, set())
    value = choice.gen(_state(1), "")
    assert built == [value]
    assert [choice.gen(_state(1), "") for _ in range(3)] == [value] * 3
    assert built == [value]  # compiled once


def test_a_dead_alternative_is_passed_over_without_spending_the_budget() -> None:
    built: list[int] = []
    first = _choice([], set()).gen(_state(2), "")
    dead = {first, (first + 1) % 6}
    st = _state(2)
    value = _choice(built, dead).gen(st, "")
    assert value == (first + 2) % 6
    assert built == [first, (first + 1) % 6, value]
    assert st.budget == 5


def test_a_choice_reaches_at_most_the_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_nodes, "BRANCHES", 2)
    built: list[int] = []
    choices = [_choice(built, set()) for _ in range(3)]
    st = _state(3)
    values = [c.gen(st, "") for c in choices[:2]]
    with pytest.raises(_nodes.Retry):
        choices[2].gen(st, "")  # a third alternative would pass the cap
    assert len(st.reached) == 2
    assert built == values
    assert [c.gen(st, "") for c in choices[:2]] == values  # those reached stay usable


def test_kinds_told_apart_by_a_constant_compile_few_nodes(monkeypatch: pytest.MonkeyPatch) -> None:
    builds: list[int] = []
    build = Compiler._build

    def counted(self: Compiler, parts: list[Any]) -> _nodes.Node:
        builds.append(1)
        return build(self, parts)

    monkeypatch.setattr(Compiler, "_build", counted)
    generator = Generator(SCHEMA)
    values = _values(generator, range(10))
    assert sum(len(json.dumps(v)) for v in values.values()) > 1_000  # real values, not the leanest
    assert len(builds) < 400


def test_values_do_not_depend_on_what_ran_before() -> None:
    forward = _values(Generator(SCHEMA), SEEDS)
    backward = _values(Generator(SCHEMA), reversed(SEEDS))
    alone = {seed: Generator(SCHEMA).generate(Random(seed)) for seed in (0, 17, 39)}
    assert forward == backward
    assert all(forward[seed] == value for seed, value in alone.items())


def test_a_tight_cap_still_answers_every_seed_the_same_way(monkeypatch: pytest.MonkeyPatch) -> None:
    normal = _values(Generator(SCHEMA), SEEDS)
    _tight(monkeypatch)
    check = oracle(SCHEMA)
    forward = _values(Generator(SCHEMA), SEEDS)
    backward = _values(Generator(SCHEMA), reversed(SEEDS))
    assert forward == backward
    assert [s for s, v in forward.items() if not check.is_valid(v)] == []
    assert forward != normal  # the cap did bite


def test_the_last_resort_is_the_value_registration_found(monkeypatch: pytest.MonkeyPatch) -> None:
    generator = Generator(SCHEMA)
    found = generator._witness()
    assert found[0]
    monkeypatch.setattr(_nodes, "BRANCHES", 0)  # no alternative can be reached any more
    values = _values(generator, range(5))
    assert all(value == found[1] for value in values.values())
    assert oracle(SCHEMA).is_valid(values[0])
    values[0]["marks"].append("changed")  # each call gets its own copy
    assert generator.generate(Random(0)) == found[1]


_SCRIPT = textwrap.dedent(
    """
    import json, sys
    from random import Random
    sys.path.insert(0, {root!r})
    from tests.schema.test_schema_budget import SCHEMA
    from synthworld.schema._api import Generator
    generator = Generator(SCHEMA)
    seeds = [int(s) for s in sys.argv[1:]]
    print(json.dumps({{s: generator.generate(Random(s)) for s in seeds}}, sort_keys=True))
    """
)


def test_same_values_in_another_process_and_order() -> None:
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    outputs = []
    for hashseed, seeds in (("1", ["5", "11", "23"]), ("2", ["23", "11", "5"])):
        done = subprocess.run(
            [sys.executable, "-c", _SCRIPT.format(root=root), *seeds],
            env={**os.environ, "PYTHONHASHSEED": hashseed},
            capture_output=True,
            text=True,
            check=True,
            timeout=120,
        )
        outputs.append(json.loads(done.stdout))
    here = {str(s): v for s, v in _values(Generator(SCHEMA), (23, 5, 11)).items()}
    assert outputs[0] == outputs[1] == here


def test_a_schema_refused_for_the_cap_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_nodes, "BRANCHES", 0)
    big = "x" * 30_000  # past the size hypothesis-jsonschema is asked to draw for
    schema = {"description": big, "anyOf": [{"type": "string"}, {"type": "integer"}]}
    with pytest.raises(UnsatisfiableSchemaError, match=r"within 0 anyOf/oneOf/if alternatives per value"):
        compile_generator(schema)
