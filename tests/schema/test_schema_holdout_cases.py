"""Hard cases the fourth hold-out of real-world schemas found (stop 43): a format whose pattern
spells it out (har-schema), and chains of ``if``s on a nested constant (Camunda's element
templates)."""

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
    a ``then`` fixed ``binding.type`` the other ``if``s were still searched, each a dead end."""
    schema = _binding_chain(10)
    generator, check = compile_generator(schema), oracle(schema)
    values = [generator.generate(Random(seed)) for seed in range(5)]
    assert all(check.is_valid(value) for value in values), values
    assert [[(item["binding"]["type"], item["type"]) for item in value] for value in values] == [
        [("k2", "T2"), ("k0", "Hidden"), ("k1", "T1")],
        [("k0", "T0"), ("k1", "Hidden"), ("k1", "Hidden")],
        [("k0", "T0"), ("k1", "Hidden"), ("k6", "T6")],
        [("k0", "Hidden"), ("k0", "T0"), ("k1", "Hidden")],
        [("k1", "Hidden"), ("k1", "Hidden"), ("k0", "T0")],
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
