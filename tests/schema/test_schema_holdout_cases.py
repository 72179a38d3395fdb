"""Hard cases the fourth hold-out of real-world schemas found (stop 43): a format whose pattern
spells it out (har-schema), and chains of ``if``s (Camunda's element templates: on a nested
constant, on what a required array contains, of which at most one holds)."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

from synthworld.schema import compile_generator
from tests.schema.schema_corpus import oracle

HAR_DATE_TIME = (
    r"^(\d{4})(-)?(\d\d)(-)?(\d\d)(T)?(\d\d)(:)?(\d\d)(:)?(\d\d)(\.\d+)?"  # har-schema's page.json
    r"(Z|([+-])(\d\d)(:)?(\d\d))"
)


@pytest.mark.parametrize(
    ("schema", "values"),
    [
        (
            {
                "type": "object",
                "required": ["startedDateTime"],
                "properties": {
                    "startedDateTime": {"type": "string", "format": "date-time", "pattern": HAR_DATE_TIME}
                },
            },
            [
                {"startedDateTime": "2024-02-26T00:58:47Z"},
                {"startedDateTime": "2024-01-23T04:12:38Z"},
                {"startedDateTime": "2024-04-23T10:36:56Z"},
            ],
        ),
        (
            {"type": "string", "format": "date", "pattern": r"^\d{4}-\d\d"},
            ["2024-05-26", "2024-11-02", "2024-02-29"],
        ),
    ],
)
def test_a_format_whose_pattern_has_no_literal_prefix_is_answered_with_values_of_the_format(
    monkeypatch: pytest.MonkeyPatch, schema: dict[str, Any], values: list[Any]
) -> None:
    """har-schema's ``page.json``: a date-time whose pattern spells one out. Strings drawn from the
    pattern rarely have the format, and plain format values were tried only for a pattern with a
    literal prefix (``^2030``), so the value fell to hypothesis-jsonschema (an open object with junk
    keys) or, through a registry, to UnsatisfiableSchemaError."""
    from synthworld.schema._api import Generator

    monkeypatch.setattr(Generator, "_fallback", lambda self, rng: pytest.fail("fallback reached"))
    generator, check = compile_generator(schema), oracle(schema)
    got = [generator.generate(Random(seed)) for seed in range(3)]
    assert got == values
    assert all(check.is_valid(value) for value in got)


def _binding_chain(ifs: int) -> dict[str, Any]:
    """Camunda's element templates: each property's ``if``s test ``binding.type``, the conditions
    not typing ``binding`` (a sibling does), each ``then`` an enum sharing one value."""
    condition = lambda i: {  # noqa: E731
        "properties": {"binding": {"properties": {"type": {"const": f"k{i}"}}, "required": ["type"]}},
        "required": ["binding"],
    }
    then = lambda i: {"required": ["type"], "properties": {"type": {"enum": ["Hidden", f"T{i}"]}}}  # noqa: E731
    item = {
        "type": "object",
        "required": ["binding"],
        "properties": {"binding": {"type": "object", "properties": {"type": {"type": "string"}}}},
        "allOf": [{"if": condition(i), "then": then(i)} for i in range(ifs)],
    }
    return {"type": "array", "minItems": 3, "maxItems": 3, "items": item}


def test_an_if_chain_on_a_nested_constant_its_conditions_do_not_type_is_decided() -> None:
    """10 ``if``s on ``binding.type`` in each of 3 items: UnsatisfiableSchemaError (2,500
    alternatives). The conditions name ``binding``'s properties without ``type: object``, so once
    a ``then`` fixed ``binding.type`` the other ``if``s were still searched, each a dead end. Ten
    ``if``s are now a chain (`_ifs.IfChainNode`): the values, pinned here, changed with it."""
    schema = _binding_chain(10)
    generator, check = compile_generator(schema), oracle(schema)
    values = [generator.generate(Random(seed)) for seed in range(5)]
    assert all(check.is_valid(value) for value in values), values
    assert [[(item["binding"]["type"], item["type"]) for item in value] for value in values] == [
        [("k6", "T6"), ("k4", "Hidden"), ("k4", "T4")],
        [("k9", "T9"), ("k7", "T7"), ("k6", "Hidden")],
        [("k0", "T0"), ("k9", "T9"), ("k8", "Hidden")],
        [("k9", "Hidden"), ("k7", "T7"), ("k6", "Hidden")],
        [("k4", "Hidden"), ("k6", "Hidden"), ("k8", "T8")],
    ]


def test_an_untyped_nested_condition_is_false_only_where_a_sibling_makes_an_object() -> None:
    """``if b.t is "9"`` with ``b.t`` held to "1": surely false when a sibling types ``b`` as an
    object; when none does, ``b`` may be a string, which meets the condition, so both branches
    stay."""
    from synthworld.schema._nodes import ChoiceNode

    cond = {"properties": {"b": {"properties": {"t": {"const": "9"}}, "required": ["t"]}}}
    held = {"properties": {"t": {"const": "1"}}, "required": ["t"]}
    schema = {"required": ["b"], "if": cond, "then": {"required": ["never"]}, "else": {"required": ["b"]}}
    decided = compile_generator({**schema, "properties": {"b": {**held, "type": "object"}}})._root
    assert isinstance(decided, ChoiceNode)
    assert len(decided.options) == 1  # only the else branch
    undecided = compile_generator({**schema, "properties": {"b": held}})._root
    assert isinstance(undecided, ChoiceNode)
    assert len(undecided.options) == 2


def _contains_chain(ifs: int) -> dict[str, Any]:
    """Camunda's element templates at the top: each ``if`` asks whether the required array ``p``
    contains a value, so no sibling decides it, and its negation's ways to fail are "``p`` lacks
    it" and "``p`` is absent" (a dead end beside ``required: [p]``)."""
    condition = lambda i: {"properties": {"p": {"contains": {"const": i}}}, "required": ["p"]}  # noqa: E731
    return {
        "type": "object",
        "required": ["p"],
        "properties": {"p": {"type": "array", "items": {"type": "integer"}}},
        "allOf": [{"if": condition(i), "then": {"required": [f"t{i}"]}} for i in range(ifs)],
    }


def test_an_if_chain_whose_negations_leave_out_a_required_property_is_answered() -> None:
    """24 ``if``s on what a required array contains: UnsatisfiableSchemaError (2,500 alternatives).
    Each ``else`` offered the way "``p`` is absent", found dead only at the leaf of every path below
    it; a property held to ``false`` now allows no value, so beside ``required`` that way is never
    taken. 24 ``if``s are now a chain (`_ifs.IfChainNode`): ``p`` as drawn, a ``then`` where it
    meets a condition (the values, pinned here, changed with it)."""
    schema = _contains_chain(24)
    generator, check = compile_generator(schema), oracle(schema)
    values = [generator.generate(Random(seed)) for seed in range(5)]
    assert all(check.is_valid(value) for value in values), values
    assert [sorted(int(name[1:]) for name in value if name != "p") for value in values] == [
        [12], [4], [1], [7], [2, 7]
    ]  # fmt: skip
    assert sorted(values[4]["p"]) == [2, 7, 80]


def test_a_property_held_to_false_is_absent_for_the_branch_facts() -> None:
    """``p: false`` allows no value: a branch holding a required ``p`` to it can never hold and is
    not built; an ``if`` on ``p``'s constant is surely true where ``p`` is held to it (an absent
    property meets ``properties``), so only its ``then`` is built."""
    from synthworld.schema._nodes import ChoiceNode

    integer = {"properties": {"p": {"type": "integer"}}}
    root = compile_generator({"required": ["p"], "anyOf": [{"properties": {"p": False}}, integer]})._root
    assert isinstance(root, ChoiceNode)
    assert len(root.options) == 1  # the branch where p is an integer
    cond = {"properties": {"p": {"const": 1}}}
    absent = {"type": "object", "properties": {"p": False}, "if": cond, "then": {"required": ["q"]}}
    root = compile_generator(absent)._root
    assert isinstance(root, ChoiceNode)
    assert len(root.options) == 1  # then alone
    assert all("q" in compile_generator(absent).generate(Random(seed)) for seed in range(3))


def _exclusive_chain(ifs: int) -> dict[str, Any]:
    """Camunda's element templates again: each ``if`` on what the array ``p`` contains sets
    ``e.v`` to its own constant, so at most one condition may hold, a clash found only by
    merging ``e`` (not by the branch facts)."""
    condition = lambda i: {"properties": {"p": {"contains": {"const": i}}}, "required": ["p"]}  # noqa: E731
    v = lambda i: {"required": ["v"], "properties": {"v": {"const": i}}}  # noqa: E731
    then = lambda i: {"required": ["e"], "properties": {"e": v(i)}}  # noqa: E731
    return {
        "type": "object",
        "required": ["p"],
        "properties": {"p": {"type": "array", "items": {"type": "integer"}}, "e": {"type": "object"}},
        "allOf": [{"if": condition(i), "then": then(i)} for i in range(ifs)],
    }


def test_a_lean_attempt_takes_an_ifs_else_first() -> None:
    """20 ``if``s of which at most one may hold: UnsatisfiableSchemaError after ~11 s (the lean
    probe drew each ``if``'s branch at random too, and 2,500 alternatives went to clashing
    ``then``s). A lean value lacks what conditions test for, so a lean attempt tries each
    ``else`` first (here the chain's value built without its ``if``s, which breaks none), and
    every seed is answered by the chain itself (each ``then`` taken where the value meets its
    condition), no longer by the lean value after ~1.5 s of search."""
    from synthworld.schema._api import DEFAULT_NOW, Generator

    schema = _exclusive_chain(20)
    generator, check = compile_generator(schema), oracle(schema)
    assert generator._attempt(Random(0), DEFAULT_NOW, False, lean=True) == (True, {"p": []})
    generator = Generator({**schema, "$comment": "not cached"})
    generator._witness = lambda: pytest.fail("a seed fell back to the registered value")  # type: ignore[method-assign]
    values = [generator.generate(Random(seed)) for seed in range(5)]
    assert all(check.is_valid(value) for value in values), values
    assert values == [
        {"p": [12, 12], "e": {"v": 12}},
        {"p": [4], "e": {"v": 4}},
        {"p": [1, 1], "e": {"v": 1}},
        {"p": [7, 91, 7], "e": {"v": 7}},
        {"p": [7, 7, 7, 25], "e": {"v": 7}},
    ]
