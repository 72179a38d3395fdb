"""Long chains of ``if``s (`synthworld.schema._ifs`): a value built without them, then made to hold
each one it breaks, from the value's own side of the condition."""

from __future__ import annotations

import json
from collections import Counter
from random import Random
from typing import Any

import pytest

from synthworld.schema import compile_generator
from synthworld.schema._api import Generator
from synthworld.schema._ifs import IF_CHAIN, IfChainNode
from synthworld.schema._nodes import ChoiceNode
from tests.schema.schema_corpus import KEYWORDS, oracle

BINDINGS = [f"zeebe:k{i}" for i in range(30)]


def _element_property(ifs: int) -> dict[str, Any]:
    """Camunda's zeebe element templates, a property of one: ``if``s on ``binding.type`` (each
    ``then`` narrowing ``type`` or requiring ``binding.property``), on ``optional`` (narrowing
    ``binding.type``) and on ``type`` (an ``else`` too), none typing ``binding``."""
    rules: list[dict[str, Any]] = []
    for i in range(ifs):
        binding = {"properties": {"type": {"const": BINDINGS[i % 30]}}, "required": ["type"]}
        on = {"properties": {"binding": binding}, "required": ["binding"]}
        if i % 3 == 0:
            then = {"required": ["type"], "properties": {"type": {"enum": ["Hidden", f"T{i}"]}}}
        elif i % 3 == 1:
            then = {"properties": {"binding": {"required": ["property"]}}}
        else:
            then = {"not": {"required": ["feel"]}}
        rules.append({"if": on, "then": then})
    narrowed = {"properties": {"binding": {"properties": {"type": {"enum": BINDINGS[:4]}}}}}
    optional = {"properties": {"optional": {"const": True}}, "required": ["optional"]}
    rules.append({"if": optional, "then": narrowed})
    rules.append({"if": {"properties": {"type": {"const": "Hidden"}}, "required": ["type"]},
                  "then": {"required": ["value"]}, "else": {"not": {"required": ["value"]}}})  # fmt: skip
    return {
        "type": "object",
        "required": ["binding"],
        "properties": {
            "binding": {"type": "object", "required": ["type"],
                        "properties": {"type": {"enum": BINDINGS}, "property": {"type": "string"}}},
            "type": {"type": "string"}, "optional": {"type": "boolean"},
            "feel": {"enum": ["optional", "required"]}, "value": {"type": "string"},
        },
        "allOf": rules,
    }  # fmt: skip


def test_an_element_templates_37_ifs_answer_every_seed_with_its_own_value() -> None:
    """37 ``if``s on one object: the choice per ``if`` ran out of its 2,500 alternatives, refusing
    the schema from 22 ``if``s on (and Camunda's own schema answered every seed with the value
    registration found, after 0.5 s of search)."""
    schema = _element_property(35)
    generator, check = compile_generator(schema), oracle(schema)
    assert isinstance(generator._root, IfChainNode)
    values = [generator.generate(Random(seed)) for seed in range(40)]
    assert all(check.is_valid(value) for value in values), values
    assert len({repr(value) for value in values}) == 40
    bindings = Counter(value["binding"]["type"] for value in values)
    assert len(bindings) >= 15, bindings
    assert [value["binding"]["type"] for value in values[:4]] == [
        "zeebe:k24", "zeebe:k8", "zeebe:k3", "zeebe:k15"
    ]  # fmt: skip
    held = [v for v in values if v["binding"]["type"] in ("zeebe:k0", "zeebe:k3", "zeebe:k6") and "type" in v]
    assert held
    assert all(v["type"] in ("Hidden", f"T{int(v['binding']['type'][7:])}") for v in held)


def test_every_seed_is_answered_by_the_chain_not_the_registered_value(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(Generator, "_witness", lambda self: pytest.fail("fell back to the registered value"))
    monkeypatch.setattr(Generator, "_fallback", lambda self, rng: pytest.fail("fell back to hypothesis"))
    schema = {**_element_property(20), "$comment": "not cached"}
    generator, check = compile_generator(schema), oracle(schema)
    assert all(check.is_valid(generator.generate(Random(seed))) for seed in range(30))


def test_an_if_whose_then_cannot_hold_is_held_by_failing_its_condition() -> None:
    """``then: false`` for ``n`` in 0-6: a value meeting a condition takes the way of failing it
    (``n`` another constant, or absent), never the ``then``."""
    schema = {
        "type": "object",
        "properties": {"n": {"enum": list(range(8))}},
        "allOf": [
            {"if": {"properties": {"n": {"const": i}}, "required": ["n"]}, "then": False} for i in range(7)
        ],
    }
    generator, check = compile_generator(schema), oracle(schema)
    values = [generator.generate(Random(seed)) for seed in range(30)]
    assert all(check.is_valid(value) for value in values), values
    assert {value.get("n") for value in values} == {7, None}


def test_each_side_of_an_if_with_an_else_is_taken() -> None:
    schema = {
        "type": "object",
        "properties": {f"a{i}": {"type": "boolean"} for i in range(IF_CHAIN)},
        "allOf": [
            {"if": {"properties": {f"a{i}": {"const": True}}, "required": [f"a{i}"]},
             "then": {"required": [f"t{i}"], "properties": {f"t{i}": {"type": "integer"}}},
             "else": {"required": [f"e{i}"], "properties": {f"e{i}": {"type": "string"}}}}
            for i in range(IF_CHAIN)
        ],
    }  # fmt: skip
    generator, check = compile_generator(schema), oracle(schema)
    values = [generator.generate(Random(seed)) for seed in range(30)]
    assert all(check.is_valid(value) for value in values), values
    sides = Counter(("t0" in value, "e0" in value) for value in values)
    assert set(sides) == {(True, False), (False, True)}, sides


def test_fewer_ifs_than_a_chain_keep_a_choice_per_if() -> None:
    """Below `IF_CHAIN` the ``if``s are a choice each, as they always were (the values of the
    schemas that used them stay the same)."""

    def chain(count: int) -> dict[str, Any]:
        return {"type": "object", "allOf": [{"if": {"required": [f"a{i}"]}, "then": {"required": [f"b{i}"]}}
                                            for i in range(count)]}  # fmt: skip

    assert isinstance(compile_generator(chain(IF_CHAIN - 1))._root, ChoiceNode)
    assert isinstance(compile_generator(chain(IF_CHAIN))._root, IfChainNode)


def test_a_chain_without_a_type_gives_the_types_its_keywords_name() -> None:
    """No ``type`` anywhere: each side of a choice per ``if`` gave objects (its ``properties``
    name them); built without its ``if``s the value would be any JSON value."""
    rule = lambda i: {"if": {"properties": {"k": {"const": i}}}, "then": {"properties": {"v": {"const": i}}}}  # noqa: E731
    schema = {"allOf": [rule(i) for i in range(IF_CHAIN)]}
    generator = compile_generator(schema)
    assert all(isinstance(generator.generate(Random(seed)), dict) for seed in range(20))


def test_the_keyword_corpus_chain_takes_each_branch() -> None:
    schema = KEYWORDS["if-chain"]
    generator, check = compile_generator(schema), oracle(schema)
    values = [generator.generate(Random(seed)) for seed in range(60)]
    assert all(check.is_valid(value) for value in values)
    assert {value["binding"]["type"] for value in values} == {"a", "b", "c"}  # "d": its then is false
    assert all(value.get("kind") == "Hidden" for value in values if value["binding"]["type"] == "a")
    assert all("name" in value["binding"] for value in values if value["binding"]["type"] == "b")
    assert {type(value["value"]) for value in values if "value" in value} == {str, bool}


def test_values_do_not_depend_on_the_seeds_generated_before() -> None:
    """Combinations of ways are compiled for the attempt that draws them, over what the chain's
    compiler holds, which depends on the calls before: the values must not."""
    schema = _element_property(35)

    def values(order: list[int], tag: str) -> dict[int, str]:
        generator = compile_generator({**schema, "$comment": tag})  # a fresh compile each time
        return {seed: json.dumps(generator.generate(Random(seed)), sort_keys=True) for seed in order}

    assert values(list(range(30))[::-1], "reversed") == values(list(range(30)), "in order")


def test_a_chain_keeps_only_its_base_and_single_ways_compiled() -> None:
    """Each call may draw a new combination of ways: kept, they grew a process by ~1 MB a call
    (Camunda's schema, 916 MB after 1,000 calls); they now go with the attempt."""
    generator = compile_generator({**_element_property(35), "$comment": "fresh"})
    for seed in range(60):
        generator.generate(Random(seed))
    chain = generator._root
    assert isinstance(chain, IfChainNode)
    assert {len(chosen) for chosen in chain._nodes} == {0, 1}


def test_a_chain_in_a_shared_definition_reads_the_place_it_is_met_in() -> None:
    """One definition under two names: the chain's rules are made per place (as nodes are), so
    which place a first call compiled does not change the other's values."""
    item = _element_property(8)
    schema = {
        "type": "object",
        "properties": {"author": {"$ref": "#/$defs/item"}, "editor": {"$ref": "#/$defs/item"}},
        "$defs": {"item": item},
    }

    def values(order: list[int], tag: str) -> dict[int, str]:
        generator = compile_generator({**schema, "$comment": tag})
        return {seed: json.dumps(generator.generate(Random(seed)), sort_keys=True) for seed in order}

    forward = values(list(range(30)), "forward")
    assert forward == values(list(range(30))[::-1], "backward")
    assert any('"author"' not in v and '"editor"' in v for v in forward.values())
