"""A satisfiable ``oneOf`` whose usual depth-first search runs out still gets a valid value for
every seed (`_exclude.ExcludeNode`), and a ``oneOf`` of twins is refused at compile time, saying so.

The shape comes from ReadMe's ``polymorphism.json`` (``post_one_of_complex``, hold-out audit stop
38): open objects ``{id, registration?, exemption?}`` differing in the required names of their
nested objects, two of them identical. Each negated branch is an ``anyOf`` of 7 ways to fail it,
searched depth first, and a wrong way is found out only at the leaves: 2,500 alternatives were
reached before a value at seed 0, and the schema was refused. (Since the branch facts read a
property held to ``false`` as absent, the ways that leave out the required ``id`` are dropped at
compile time and the usual search answers it; the exclusion's own bound is pinned by calling it.)
"""

from __future__ import annotations

from random import Random
from typing import Any

import jsonschema
import pytest

from synthworld import SyntheticWorld, ToolSpec, generate
from synthworld.errors import UnsatisfiableSchemaError
from synthworld.schema import _exclude
from synthworld.schema._api import DEFAULT_NOW, Generator


def _obj(*required: str) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {n: {"type": "string"} for n in "abcde"},
        "required": list(required),
    }


def _listing(registration: Any, exemption: Any, *, required: tuple[str, ...] = ("id",)) -> dict[str, Any]:
    properties = {"id": {"type": "integer"}, "registration": registration, "exemption": exemption}
    return {"type": "object", "properties": properties, "required": list(required)}


def _needs(name: str, *required: str) -> dict[str, Any]:
    """A branch that requires the nested object ``name`` (holding ``required``)."""
    properties = {"id": {"type": "integer"}, name: _obj(*(required or ("a",)))}
    return {"type": "object", "properties": properties, "required": ["id", name]}


REPRO = {
    "type": "object",
    "oneOf": [
        _listing(_obj("a", "b", "c"), _obj("a", "d")),
        _listing(_obj("a", "b", "c"), _obj("a", "d")),  # a twin: never the branch a value holds
        _listing(_obj("a", "b", "e"), _obj("b", "d")),
        _listing(_obj("a", "c", "e"), _obj("c", "e")),
        _listing(_obj("b", "c", "d"), _obj("d", "e")),
        _needs("registration"),
        _needs("affiliation"),
    ],
}
NONE_REQUIRED = {
    "oneOf": [
        *(_listing(_obj(*r), _obj(e), required=()) for r, e in [("ab", "c"), ("ab", "c"), ("ac", "d")]),
        *(_listing(_obj(*r), _obj(e), required=()) for r, e in [("bc", "e"), ("bd", "a"), ("cd", "b")]),
        _needs("registration", "e"),
    ]
}
TITLED = {  # titles do not make twins differ; one more branch requiring its own nested object
    "type": "object",
    "oneOf": [{**b, "title": f"region {i}"} for i, b in enumerate(REPRO["oneOf"])]
    + [_needs("categorization")],
}
AS_BODY = {"type": "object", "properties": {"body": REPRO}, "required": ["body"]}
AS_ITEMS = {"type": "array", "items": REPRO, "minItems": 1}
SHAPES = {
    "repro": REPRO,
    "none_required": NONE_REQUIRED,
    "titled": TITLED,
    "body": AS_BODY,
    "items": AS_ITEMS,
}


def _holding(schema: dict[str, Any], value: Any) -> list[int]:
    """The branches of ``schema``'s ``oneOf`` that ``value`` satisfies."""
    return [i for i, b in enumerate(schema["oneOf"]) if jsonschema.Draft202012Validator(b).is_valid(value)]


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_every_seed_gets_a_valid_value(name: str) -> None:
    schema = SHAPES[name]
    values = [generate(schema, seed) for seed in range(20)]
    check = jsonschema.Draft202012Validator(schema)
    assert [seed for seed, v in enumerate(values) if not check.is_valid(v)] == []


def test_the_twins_are_never_the_branch_held_and_other_branches_are() -> None:
    held = [_holding(REPRO, generate(REPRO, seed)) for seed in range(20)]
    assert all(len(branches) == 1 for branches in held)
    chosen = {branches[0] for branches in held}
    assert not chosen & {0, 1}
    assert len(chosen) >= 3  # the seed chooses the branch, not a fixed one


def test_same_seed_same_value_whatever_ran_before() -> None:
    forward = [Generator(REPRO).generate(Random(seed)) for seed in range(6)]
    generator = Generator(REPRO)
    backward = {seed: generator.generate(Random(seed)) for seed in reversed(range(6))}
    assert forward == [backward[seed] for seed in range(6)]
    assert len({repr(v) for v in forward}) > 1  # values move with the seed


def test_a_world_answers_a_tool_returning_the_shape() -> None:
    world = SyntheticWorld(seed=3)
    world.register_tool(ToolSpec("get_listing", "Fetch a listing.", {"type": "object"}, REPRO))
    answers = [world.call("get_listing", {}) for _ in range(3)]
    assert all(len(_holding(REPRO, answer)) == 1 for answer in answers)


def test_each_exclusion_builds_at_most_one_value_per_way(monkeypatch: pytest.MonkeyPatch) -> None:
    """An `ExcludeNode` builds its branch's value, then at most one value per way of failing each
    other branch (6 others, 5 ways each here: 3 typed properties or 2 and 2 required names left out,
    another type): bounded by the schema, not by a search. Called directly: the usual search
    answers REPRO now that a way leaving out a required name is known dead (`_discriminate`)."""
    generator = Generator(REPRO)
    built: list[int] = []
    node, gen = _exclude.ExcludeNode._node, _exclude.ExcludeNode.gen
    per_gen: list[int] = []

    def counted_node(self: _exclude.ExcludeNode, chosen: Any) -> Any:
        built.append(1)
        return node(self, chosen)

    def counted_gen(self: _exclude.ExcludeNode, st: Any, hint: str) -> Any:
        built.clear()
        try:
            return gen(self, st, hint)
        finally:
            per_gen.append(len(built))

    monkeypatch.setattr(_exclude.ExcludeNode, "_node", counted_node)
    monkeypatch.setattr(_exclude.ExcludeNode, "gen", counted_gen)
    values = [generator._excluded(Random(seed), DEFAULT_NOW, False) for seed in range(20)]
    assert all(generator.is_valid(value) for value in values)
    assert len(per_gen) >= 20
    assert max(per_gen) <= 1 + 6 * 5


def _map(values: dict[str, Any]) -> dict[str, Any]:
    """MotaWord's ``InstantTranslationResult`` (its OpenAPI document): a map of texts, or of files
    as OpenAPI's ``byte``, a format no validator checks (any text passes both branches)."""
    return {"type": "object", "properties": {"results": {"type": "object", "additionalProperties": values}}}


@pytest.mark.parametrize(
    "schema",
    [
        {"oneOf": [_listing(_obj("a"), _obj("b")), _listing(_obj("a"), _obj("b"))]},
        {"oneOf": [{"type": "integer"}, {"type": "integer", "title": "again"}]},
        {"type": "object", "properties": {"x": {"oneOf": [{"type": "string"}] * 2}}, "required": ["x"]},
        {
            "oneOf": [
                _map({"type": "string"}),
                _map({"type": "string", "format": "byte", "description": "b64"}),
            ]
        },
    ],
)
def test_a_oneof_of_twins_is_refused_at_compile_time_saying_why(schema: dict[str, Any]) -> None:
    with pytest.raises(UnsatisfiableSchemaError, match=r"identical twin \(branches \[0, 1\]: the same but"):
        Generator(schema)


def test_branches_that_differ_in_a_checked_format_deep_down_are_no_twins() -> None:
    schema = {"oneOf": [_map({"type": "string"}), _map({"type": "string", "format": "date"})]}
    values = [generate(schema, seed) for seed in range(6)]
    check = jsonschema.Draft202012Validator(
        schema, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER
    )
    assert all(check.is_valid(value) for value in values)


def test_a_oneof_of_refs_to_open_objects_fails_the_other_branch_through_its_target() -> None:
    """datamodel-code-generator's ``discriminator_mapping_*`` (Cat, Dog: ``pet_type`` and one
    optional integer each, as ``$ref``s): UnsatisfiableSchemaError, where the same branches written
    inline answered. The ways to fail a ``$ref`` branch are now read from its target."""
    cat = {
        "type": "object",
        "properties": {"t": {"type": "string"}, "n": {"type": "integer"}},
        "required": ["t"],
    }
    dog = {
        "type": "object",
        "properties": {"t": {"type": "string"}, "w": {"type": "integer"}},
        "required": ["t"],
    }
    schema = {"oneOf": [{"$ref": "#/$defs/cat"}, {"$ref": "#/$defs/dog"}], "$defs": {"cat": cat, "dog": dog}}
    values = [generate(schema, seed) for seed in range(5)]
    assert values == [
        {"t": "give", "n": 89.17},
        {"t": "commercial", "n": 61, "w": []},
        {"t": "drive", "w": None},
        {"t": "sit", "w": None},
        {"t": "ability", "n": 80, "w": []},
    ]
    check = jsonschema.Draft202012Validator(schema)
    assert all(check.is_valid(value) for value in values)


def test_a_oneof_of_field_sets_each_with_min_properties_answers_both() -> None:
    """Mailscript's trigger ``criteria``: one of two sets of optional fields, each at least one
    (``minProperties: 1``); a value of one set passed the other's vacuously, and the input was
    refused as unsatisfiable. A branch now fails another by one of its fields of another kind."""
    mail = {"from": {"type": "string"}, "subject": {"type": "string"}, "hasAttachments": {"type": "boolean"}}
    logic = {"and": {"type": "array", "items": {"type": "string"}}, "or": {"type": "array", "items": {}}}
    schema = {"oneOf": [{"minProperties": 1, "properties": mail}, {"minProperties": 1, "properties": logic}]}
    values = [generate(schema, seed) for seed in range(20)]
    check = jsonschema.Draft202012Validator(schema)
    assert all(check.is_valid(value) for value in values)
    held = [[check.evolve(schema=branch).is_valid(value) for branch in schema["oneOf"]] for value in values]
    assert {tuple(h) for h in held} == {(True, False), (False, True)}


D6 = "http://json-schema.org/draft-06/schema#"
SHORT: dict[str, Any] = {"propertyNames": {"maxLength": 1}}


@pytest.mark.parametrize(
    "schema",
    [
        {"oneOf": [SHORT, {**SHORT, "minimum": 0}]},
        {"$schema": D6, "oneOf": [SHORT, {**SHORT, "exclusiveMinimum": -3}]},
    ],
)
def test_last_resort_fails_a_branch_by_a_name_property_names_refuses(schema: Any) -> None:
    """A negative number meets the first branch and fails the second (found by a fuzz of older
    drafts); the last resort read no ``propertyNames`` and refused the schema."""
    cls = jsonschema.validators.validator_for(schema)
    check = cls(schema, format_checker=cls.FORMAT_CHECKER)
    values = [generate(schema, seed) for seed in range(4)]
    assert all(check.is_valid(v) for v in values), values


def test_property_names_is_failed_by_an_object_of_names_it_refuses() -> None:
    ways = _exclude.negation_branches({"propertyNames": {"maxLength": 1}, "minimum": 0}, bounds=True)
    assert ways == [
        {"type": "object", "minProperties": 1, "propertyNames": {"not": {"maxLength": 1}}},
        {"type": "number", "exclusiveMaximum": 0},
    ]
    assert (
        _exclude.negation_branches({"propertyNames": {"maxLength": 1}}) is None
    )  # the usual search's: unchanged
