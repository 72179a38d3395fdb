"""The validator-free walk (`quick_verdict`) never disagrees with python-jsonschema: where it
answers, its answer is the validator's."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

from synthworld.errors import SchemaError
from synthworld.schema import compile_generator
from synthworld.schema._quick import Memo, QuickCheck, quick_verdict
from synthworld.schema._resolve import root_loc
from tests.schema.schema_corpus import KEYWORDS, jsts, oracle, vendor

POOL: list[Any] = [
    None, True, False, 0, 1, -7, 2.5, 10**6, "", "a", "abc", "2020-01-01", "x" * 40, [], [1], [1, 1],
    ["a", 2, None], {}, {"a": 1}, {"foo": "bar"}, {"foo": 1, "bar": "x", "baz": [1]},
    {"a": {"b": {"c": []}}}, [{"a": 1}, {"a": "1"}], {"": None}, [[], {}],
]  # fmt: skip


def _values(schema: Any) -> list[Any]:
    """The pool, and values the generator makes for ``schema`` (valid ones, near the boundary)."""
    try:
        generator = compile_generator(schema)
    except Exception:
        return POOL
    return [*POOL, *(generator.generate(Random(seed)) for seed in range(4))]


def _rows() -> list[tuple[str, str | None, Any]]:
    return [*jsts(), *vendor(), *((name, None, s) for name, s in KEYWORDS.items())]


def test_every_answer_of_the_walk_is_the_validators() -> None:
    answered = asked = 0
    for ident, dialect, schema in _rows():
        try:
            loc = root_loc(schema, None)
        except Exception:
            continue
        judge, memo = oracle(schema, dialect), Memo()
        for value in _values(schema):
            verdict = quick_verdict(loc, value, memo)
            asked += 1
            if verdict is not None:
                answered += 1
                assert verdict == judge.is_valid(value), (ident, value)
    assert answered > 0.6 * asked  # the walk answers most questions by itself


@pytest.mark.parametrize(
    ("schema", "value", "expected"),
    [
        ({"type": "integer"}, 1.0, None),  # draft 4 and later drafts type 1.0 differently
        ({"type": "string", "format": "email"}, "x@", True),  # jsonschema-rs reads formats as Python does
        ({"type": "string", "format": "email"}, "x", False),
        ({"type": "string", "format": "email"}, "a@example.com", True),  # both validators agree
        ({"type": "string", "format": "date"}, "2020-13-01", False),
        ({"format": "date"}, 20200101, True),  # a format asks nothing of a number
        ({"patternProperties": {"^x-": {"type": "integer"}}}, {"x-a": "1", "b": 2}, False),
        (
            {"patternProperties": {"^x-": {"type": "integer"}}, "additionalProperties": False},
            {"x-a": 1},
            True,
        ),
        ({"patternProperties": {"^x-": {}}, "additionalProperties": False}, {"x-a": 1, "b": 2}, False),
        ({"patternProperties": {"^\\d$": {}}, "additionalProperties": False}, {"٣": 1}, None),
        ({"propertyNames": {"maxLength": 2}}, {"ab": 1, "abc": 2}, False),
        ({"propertyNames": {"pattern": "^[a-z]+$"}}, {"ab": 1}, True),
        ({"multipleOf": 0.1}, 0.3, None),
        ({"$dynamicRef": "#x"}, 1, None),
        ({"pattern": "^\\d+$"}, "٣", None),  # Python's \d takes it, ECMA-262's does not
        ({"pattern": "^\\d+$", "type": "integer"}, "٣", False),  # a sure "no" still answers
        ({"anyOf": [{"format": "email"}, {"type": "string"}]}, "x", True),
        ({"oneOf": [{"type": "string"}, {"minLength": 1}]}, "x", False),
        ({"not": {"required": ["a"]}}, 3, False),
        ({"properties": {"a": {"$ref": "#/$defs/n"}}, "$defs": {"n": {"type": "null"}}}, {"a": None}, True),
        ({"if": {"type": "string"}, "then": {"minLength": 2}, "else": {"type": "null"}}, "x", False),
        ({"enum": list(range(100))}, 42, True),
        ({"enum": list(range(100))}, 42.5, False),
        ({"uniqueItems": True}, [1, 1.0], False),
    ],
)
def test_the_walk_answers_what_it_is_sure_of_and_nothing_else(schema: Any, value: Any, expected: Any) -> None:
    assert quick_verdict(root_loc(schema, None), value, Memo()) is expected


def test_a_recursive_schema_walk_is_bounded_and_falls_back_to_the_validator() -> None:
    tree = {"anyOf": [{"type": "null"}, {"items": {"$ref": "#/$defs/t"}, "type": "array"}]}
    schema = {"$defs": {"t": tree}, "$ref": "#/$defs/t"}
    deep: Any = None
    for _ in range(500):
        deep = [deep]
    loc = root_loc(schema, None)
    assert quick_verdict(loc, deep, Memo()) is None  # past the step budget: no answer
    check = QuickCheck(loc, Memo())
    assert check(deep) is True  # the validator answered
    assert check([deep, 1]) is False


def test_references_to_one_target_share_the_lookup_but_keep_their_own_paths() -> None:
    schema = {
        "$defs": {"x": {"type": "string"}},
        "properties": {"a": {"$ref": "#/$defs/x"}, "b": {"$ref": "#/$defs/x"}, "c": {"$ref": "#/$defs/no"}},
    }
    root, memo = root_loc(schema, None), Memo()
    a, b, c = (root.child(schema["properties"][n], "properties", n) for n in "abc")
    to_a, to_b = memo.resolve(a, "$ref"), memo.resolve(b, "$ref")
    assert to_a.schema is to_b.schema is schema["$defs"]["x"]
    assert (to_a.path, to_b.path) == ("/properties/a/$ref", "/properties/b/$ref")
    assert to_a.key() == to_b.key()
    assert to_a.pointer == to_b.pointer == "/$defs/x"
    with pytest.raises(SchemaError, match="/properties/c"):
        memo.resolve(c, "$ref")
    assert memo.target(c) is None


def test_examples_are_checked_against_every_conjunct_a_reference_brings() -> None:
    short = {"type": "string", "maxLength": 3}
    schema = {
        "$defs": {"short": short, "lower": {"$ref": "#/$defs/short", "pattern": "^[a-z]+$"}},
        "type": "object",
        "required": ["a"],
        "properties": {"a": {"$ref": "#/$defs/lower", "examples": ["toolong", "OK", "ok"]}},
    }
    seen = {compile_generator(schema, realistic=False).generate(Random(seed))["a"] for seed in range(40)}
    assert "ok" in seen
    assert not seen & {"toolong", "OK"}
