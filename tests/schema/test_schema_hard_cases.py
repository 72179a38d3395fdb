"""Hand-made hard schemas (issue 15): lengths with patterns and formats, deep nesting, huge sizes.

Each satisfiable one gives a valid value (python-jsonschema with format checks as the oracle) on
every seed tried, the same value for the same seed; the unsatisfiable ones fail at compile time.
"""

from __future__ import annotations

import json
import re
from random import Random
from typing import Any

import pytest

from synthworld import SyntheticWorld, ToolSpec
from synthworld.errors import SchemaError, ToolSpecError, UnsatisfiableSchemaError
from synthworld.schema import compile_generator, generate
from tests.schema.schema_corpus import oracle


def _nested(keyword: str, depth: int) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "string", "minLength": 1}
    for _ in range(depth):
        if keyword == "properties":
            schema = {"type": "object", "properties": {"a": schema}, "required": ["a"]}
        else:
            schema = {keyword: [schema]}
    return schema


_RECORDS = {"A": {"format": "ipv4"}, "AAAA": {"format": "ipv6"}, "CNAME": {"pattern": "^[a-z.]+$"},
            "MX": {"pattern": "^[0-9]{1,4} [a-z.]+$"}, "TXT": {"pattern": '^"[^"]{1,255}"$'},
            **{kind: {} for kind in ("DS", "NAPTR", "NS", "PTR", "SOA", "SPF", "SRV", "CAA")}}  # fmt: skip
IF_CHAIN = {
    "allOf": [
        {"if": {"properties": {"Type": {"const": kind}}},
         "then": {"properties": {"Records": {"items": {"$ref": f"#/definitions/{kind}"}}}}}
        for kind in _RECORDS
    ],
    "definitions": _RECORDS,
}  # fmt: skip
"""13 ``if``s on one property, none requiring it (cfn-lint's Route 53 record set pattern): two
``then``s taken leave the property no value, so it must be absent, and every later ``if`` holds."""

HARD: dict[str, tuple[dict[str, Any], int]] = {
    "nested repeat, minLength 30": ({"type": "string", "pattern": "^(a+)+$", "minLength": 30}, 200),
    "ipv6, minLength 39": ({"type": "string", "format": "ipv6", "minLength": 39}, 100),
    "ipv6, maxLength 10": ({"type": "string", "format": "ipv6", "maxLength": 10}, 100),
    "ipv4, maxLength 8": ({"type": "string", "format": "ipv4", "maxLength": 8}, 50),
    "email, maxLength 12": ({"type": "string", "format": "email", "maxLength": 12}, 100),
    "email, maxLength 4": ({"type": "string", "format": "email", "maxLength": 4}, 50),
    "hostname, maxLength 3": ({"type": "string", "format": "hostname", "maxLength": 3}, 50),
    "email, minLength 200": ({"type": "string", "format": "email", "minLength": 200}, 100),
    "hostname, minLength 100": ({"type": "string", "format": "hostname", "minLength": 100}, 50),
    "uri, minLength 300": ({"type": "string", "format": "uri", "minLength": 300}, 50),
    "alternation then c, minLength 50": ({"type": "string", "pattern": "^(a|aa)+c$", "minLength": 50}, 100),
    "words, minLength 40": ({"type": "string", "pattern": r"^(\w+\s?)*$", "minLength": 40}, 100),
    "date-time starting 2030": ({"type": "string", "format": "date-time", "pattern": "^2030"}, 100),
    "required 30 deep": (_nested("properties", 30), 50),
    "allOf 100 deep": (_nested("allOf", 100), 20),
    "anyOf 100 deep": (_nested("anyOf", 100), 20),
    "properties 100 deep": (_nested("properties", 100), 20),
    "13 ifs on one optional property": (IF_CHAIN, 60),
    "hex of exactly 64, unanchored (AWS IoT)": (
        {"type": "string", "pattern": "(0x)?[a-fA-F0-9]+", "minLength": 64, "maxLength": 64},
        100,
    ),
    "a prefix shorter than minLength (AWS GameSparks)": (
        {"type": "string", "pattern": "^arn:aws:gamesparks:", "minLength": 20, "maxLength": 2048},
        50,
    ),
    "two names exactly, one bringing two more": (
        {
            "type": "object",
            "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}, "c": {"type": "integer"}},
            "minProperties": 2,
            "maxProperties": 2,
            "dependentRequired": {"a": ["b", "c"]},
        },
        50,
    ),
}


@pytest.mark.parametrize("name", HARD)
def test_hard_schema_is_valid_on_every_seed(name: str) -> None:
    schema, seeds = HARD[name]
    gen, check = compile_generator(schema), oracle(schema)
    for seed in range(seeds):
        value = gen.generate(Random(seed))
        assert check.is_valid(value), (seed, value)
        assert gen.generate(Random(seed)) == value


def test_the_if_chain_takes_every_branch_and_never_reaches_the_fallback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """hypothesis-jsonschema merges 13 ``if``s for minutes: schemas with that many combinators never
    go there, and this one has no need to."""
    from synthworld.schema._api import Generator

    monkeypatch.setattr(Generator, "_fallback", lambda self, rng: pytest.fail("fallback reached"))
    generator = compile_generator({**IF_CHAIN, "$comment": "not cached"})
    kinds = {generator.generate(Random(seed)).get("Type") for seed in range(200)}
    assert {"A", "AAAA", "CNAME", None} <= kinds


def test_a_schema_with_many_combinators_never_reaches_hypothesis_jsonschema() -> None:
    from synthworld.schema._api import Generator

    few = Generator({"anyOf": [{"type": "string"}] * 3})
    many = Generator({"allOf": [{"if": {"type": "string"}}] * 7})
    assert few._fallback(Random(0))[0]
    assert many._fallback(Random(0)) == (False, None)


def test_stretched_values_have_the_bounded_length() -> None:
    long_ip = HARD["ipv6, minLength 39"][0]
    assert {len(generate(long_ip, s)) for s in range(20)} == {39}
    short = [generate({"type": "string", "format": "email", "maxLength": 12}, s) for s in range(20)]
    assert all(len(v) <= 12 and "@" in v for v in short)
    future = [generate(HARD["date-time starting 2030"][0], s) for s in range(20)]
    assert all(v.startswith("2030-") for v in future)


def test_a_million_characters_are_built() -> None:
    """Linear time: this once took 37 s; the padding repeats a seeded chunk."""
    schema = {"type": "string", "minLength": 1_000_000}
    value = generate(schema, 3)
    assert len(value) == 1_000_000
    assert value.isalpha()
    assert generate(schema, 3) == value != generate(schema, 4)


@pytest.mark.parametrize(
    "schema",
    [
        {"type": "integer", "minimum": 10**400},
        {"type": "integer", "maximum": -(10**400)},
        {"type": "integer", "minimum": 10**400, "maximum": 10**400 + 5},
        {"type": "integer", "minimum": 10**400, "multipleOf": 7},
        {"type": "number", "exclusiveMinimum": 10**400},
    ],
)
def test_bounds_past_the_range_of_floats_are_drawn_in_integers(schema: dict[str, Any]) -> None:
    """These raised a bare OverflowError (a float drawn beside a 400-digit bound)."""
    generator = compile_generator(schema)
    values = [generator.generate(Random(seed)) for seed in range(5)]
    assert all(oracle(schema).is_valid(v) and abs(v) >= 10**400 for v in values)
    assert values == [compile_generator(schema).generate(Random(seed)) for seed in range(5)]


_THOUSAND_INTS = {"type": "array", "minItems": 1000, "items": {"type": "integer"}}


@pytest.mark.parametrize(
    ("schema", "message"),
    [
        ({"type": "array", "minItems": 10**9}, "must hold 1,000,000,000 items, more than the 100,000"),
        ({"type": "array", "contains": {}, "minContains": 200_000}, "must hold 200,000 items"),
        ({"type": "string", "minLength": 10**9}, "minLength 1,000,000,000 at the root is more than"),
        ({"type": "object", "minProperties": 10_001}, "must hold 10,001 properties, more than the 10,000"),
        (
            {
                "type": "array",
                "minItems": 1000,
                "items": {"type": "array", "minItems": 1000, "items": _THOUSAND_INTS},
            },
            "more than 200,000 array items in all",
        ),
    ],
)
def test_sizes_past_what_one_value_holds_are_refused_at_compile_time(
    schema: dict[str, Any], message: str
) -> None:
    """A billion items once took the process's memory, a billion characters 3 s and 1 GB, and
    1,000 arrays of 1,000 of 1,000 ran for minutes: each is now a `SchemaError` naming the size and
    the fix, from the compile (a tool's registration), before any call."""
    with pytest.raises(SchemaError, match="fix: lower") as info:
        compile_generator(schema)
    assert message in str(info.value)
    assert not isinstance(info.value, UnsatisfiableSchemaError)  # satisfiable, only too big


@pytest.mark.parametrize(
    "schema",
    [
        {"type": "array", "minItems": 100_000, "items": {"type": "object"}},  # once past the work budget
        {"type": "object", "minProperties": 10_000, "additionalProperties": {"type": "integer"}},
    ],
)
def test_the_largest_sizes_allowed_are_built(schema: dict[str, Any]) -> None:
    """100,000 objects in one array (each counted against the attempt's budget of 20,000 objects
    and arrays) once failed as unsatisfiable after 4 s; 10,000 properties are as many names as
    extra properties are drawn from (``name_0``..``slot_999``)."""
    value = generate(schema, 2)
    assert schema.get("minItems", schema.get("minProperties")) <= len(value) <= 100_004
    assert oracle(schema).is_valid(value)


def test_a_tool_whose_answer_is_too_big_is_refused_at_registration() -> None:
    world = SyntheticWorld(seed=0)
    spec = ToolSpec("dump", "d", {"type": "object", "properties": {}}, {"type": "array", "minItems": 10**9})
    with pytest.raises(
        SchemaError, match="tool 'dump': returns: the array at the root must hold 1,000,000,000"
    ):
        world.register_tool(spec)


def test_deep_nesting_in_a_world_answers_or_says_why() -> None:
    world = SyntheticWorld(seed=1)
    for i, keyword in enumerate(("allOf", "anyOf", "properties")):
        spec = ToolSpec(f"deep_{i}", "d", {"type": "object", "properties": {}}, _nested(keyword, 100))
        world.register_tool(spec)
        assert oracle(spec.returns).is_valid(world.call(f"deep_{i}", {}))
    too_deep = {"type": "object", "properties": {"x": _nested("allOf", 100)}}
    with pytest.raises(ToolSpecError, match="nested deeper than"):
        world.register_tool(ToolSpec("deep_in", "d", too_deep, {"type": "string"}))


def test_nesting_beyond_python_recursion_is_a_schema_error() -> None:
    with pytest.raises(SchemaError, match="fix:"):
        compile_generator(_nested("allOf", 2000))


@pytest.mark.parametrize(
    "schema",
    [
        {"type": "string", "format": "ipv6", "maxLength": 1},
        {"type": "string", "format": "ipv4", "minLength": 16},
        {"type": "string", "pattern": "^a$", "minLength": 5},
        {"type": "string", "pattern": "^[0-9]{3}$", "format": "email"},
    ],
)
def test_unsatisfiable_combinations_fail_at_compile_time(schema: dict[str, Any]) -> None:
    with pytest.raises(UnsatisfiableSchemaError, match="fix:"):
        compile_generator(schema)


def test_more_properties_than_allowed_is_refused_naming_both_counts() -> None:
    """A set of named fields at least one of which is given, and (from another conjunct) none:
    the named fields' top-up went past maxProperties, and every value broke it."""
    schema = {
        "allOf": [{"type": "object", "minProperties": 1, "properties": {"a": {}}}, {"maxProperties": 0}]
    }
    with pytest.raises(UnsatisfiableSchemaError, match=re.escape("minProperties 1 exceeds maxProperties 0")):
        compile_generator(schema)


@pytest.mark.parametrize(
    ("schema", "message"),
    [
        (
            {"format": "date", "maxLength": 8},
            "format 'date' with maxLength 8 at the root: its values have exactly 10",
        ),
        (
            {"format": "uuid", "minLength": 40},
            "format 'uuid' with minLength 40 at the root: its values have exactly 36",
        ),
        (
            {"format": "ipv4", "minLength": 16},
            "format 'ipv4' with minLength 16 at the root: its values have 7 to 15",
        ),
        (
            {"format": "email", "maxLength": 2},
            "format 'email' with maxLength 2 at the root: its values have at least 3",
        ),
        (
            {
                "properties": {
                    "at": {"type": "string", "format": "date-time", "minLength": 5, "maxLength": 19}
                },
                "required": ["at"],
            },
            "format 'date-time' with minLength 5 and maxLength 19 at '/properties/at'",
        ),
    ],
)
def test_lengths_no_value_of_the_format_has_are_named(schema: dict[str, Any], message: str) -> None:
    schema = {"type": "object", **schema} if "properties" in schema else {"type": "string", **schema}
    with pytest.raises(UnsatisfiableSchemaError, match=re.escape(message)):
        compile_generator(schema)


def test_a_trigger_whose_dependent_schema_contradicts_its_siblings_is_never_tried() -> None:
    """``x`` would make ``kind`` "b", but ``kind`` is required to be "a": the object is built
    without ``x`` straight away, no alternative compiled and dropped."""
    from synthworld.schema._nodes import ChoiceNode

    schema = {
        "type": "object",
        "properties": {"kind": {"const": "a"}, "x": {"type": "integer"}},
        "required": ["kind"],
        "dependentSchemas": {"x": {"properties": {"kind": {"const": "b"}}}},
    }
    generator = compile_generator(schema)
    assert isinstance(generator._root, ChoiceNode)
    assert len(generator._root.options) == 1  # only "x absent"
    values = [generator.generate(Random(seed)) for seed in range(20)]
    assert all(v == {"kind": "a"} for v in values)


def test_a_documented_enum_written_as_one_of_consts_decides_an_if() -> None:
    """``kind`` is "a" or "b" (each const with its own description): ``if kind is "c"`` is surely
    false, so only ``else`` is built."""
    from synthworld.schema._nodes import ChoiceNode

    documented = {"oneOf": [{"const": "a", "description": "first"}, {"const": "b", "description": "second"}]}
    schema = {
        "type": "object",
        "properties": {"kind": documented},
        "required": ["kind"],
        "if": {"properties": {"kind": {"const": "c"}}},
        "then": {"required": ["never"]},
        "else": {"properties": {"size": {"type": "integer"}}, "required": ["size"]},
    }
    generator = compile_generator(schema)
    assert isinstance(generator._root, ChoiceNode)
    assert len(generator._root.options) == 1  # only the else branch
    assert all("size" in generator.generate(Random(seed)) for seed in range(10))


def test_a_one_of_on_an_absent_discriminator_is_seen_to_fail_before_it_is_built() -> None:
    """``minimum`` makes ``type`` integer or number through a ``oneOf`` of bare constants, which
    needs ``type`` present (absent, both branches would hold); ``minLength`` makes it "string":
    the two triggers never come together (SchemaStore's strict draft-07 metaschema, reduced)."""
    numeric = {"oneOf": [{"properties": {"type": {"const": "integer"}}},
                         {"properties": {"type": {"const": "number"}}}]}  # fmt: skip
    text = {"properties": {"type": {"const": "string"}}}
    schema = {
        "type": "object",
        "properties": {"type": {"enum": ["string", "integer", "number"]}, "minimum": {}, "minLength": {}},
        "dependencies": {"minimum": numeric, "maximum": numeric, "minLength": text, "maxLength": text},
    }
    check = oracle(schema)
    generator = compile_generator(schema)
    for seed in range(100):
        value = generator.generate(Random(seed))
        assert check.is_valid(value), value
        assert not ("minimum" in value and "minLength" in value)


def test_schemastores_strict_metaschema_answers_on_every_seed() -> None:
    from tests.schema.schema_corpus import SHARED

    rows = (SHARED / "schemastore" / "corpus_dev.jsonl").read_text("utf-8").splitlines()
    schema = next(
        r["schema"] for r in map(json.loads, rows) if r["id"] == "metaschema-draft-07-unofficial-strict.json"
    )
    generator, check = compile_generator(schema), oracle(schema)
    assert all(check.is_valid(generator.generate(Random(seed))) for seed in range(20))


def _nested_version_chain(versions: int) -> dict[str, Any]:
    """Stream Deck's plugin manifest (@elgato/schemas), cut down: an ``allOf`` of ``if``s, one per
    version held in a nested object (``Software.MinimumVersion``), each ``then`` closed."""
    software = lambda version: {  # noqa: E731
        "type": "object",
        "properties": {"MinimumVersion": version},
        "required": ["MinimumVersion"],
    }
    then = {
        "type": "object",
        "additionalProperties": False,
        "properties": {"Software": {"type": "object"}, "Name": {"type": "string", "maxLength": 3}},
        "required": ["Software", "Name"],
    }
    return {
        "type": "object",
        "properties": {"Software": software({"enum": [str(v) for v in range(versions)]})},
        "required": ["Software"],
        "allOf": [
            {"if": {"type": "object", "properties": {"Software": software({"const": str(v)})},
                    "required": ["Software"]},
             "then": then}
            for v in range(versions)
        ],
    }  # fmt: skip


def test_an_if_chain_on_a_nested_constant_is_decided_not_searched() -> None:
    """13 ``if``s on a constant inside an object property: the branch search ran out of its 2,500
    alternatives (UnsatisfiableSchemaError) from 8 ``if``s on; once the chosen version is known,
    every other ``if`` is surely false and only its ``else`` is built. 13 ``if``s are now a chain
    (`_ifs.IfChainNode`), whose versions, pinned here, are spread more evenly."""
    schema = _nested_version_chain(13)
    generator, check = compile_generator(schema), oracle(schema)
    values = [generator.generate(Random(seed)) for seed in range(5)]
    assert all(check.is_valid(value) for value in values), values
    assert [value["Software"]["MinimumVersion"] for value in values] == ["0", "2", "1", "3", "3"]


def test_a_nested_constant_decides_an_if_only_where_its_object_is_sure() -> None:
    """``if Software.MinimumVersion is "9"``: surely false when ``Software`` is required and its
    version cannot be "9"; when ``Software`` may be absent the condition may hold, so both branches
    stay."""
    from synthworld.schema._nodes import ChoiceNode

    version = {"type": "object", "properties": {"v": {"enum": ["1", "2"]}}, "required": ["v"]}
    cond = {"properties": {"Software": {"type": "object", "properties": {"v": {"const": "9"}}}}}
    required = {"type": "object", "properties": {"Software": version}, "required": ["Software"],
                "if": cond, "then": {"required": ["never"]}, "else": {"required": ["Software"]}}  # fmt: skip
    decided = compile_generator(required)._root
    assert isinstance(decided, ChoiceNode)
    assert len(decided.options) == 1  # only the else branch
    optional = {key: value for key, value in required.items() if key != "required"}
    undecided = compile_generator(optional)._root
    assert isinstance(undecided, ChoiceNode)
    assert len(undecided.options) == 2


@pytest.mark.parametrize(
    ("schema", "values"),
    [
        ({"allOf": [{"type": "string", "pattern": "a"}, {"type": "string", "pattern": "b"}]}, ["ab"] * 5),
        ({"type": "string", "allOf": [{"pattern": "\\."}, {"pattern": "x"}]}, [".x"] * 5),
        ({"type": "string", "allOf": [{"pattern": "^a"}, {"pattern": "b$"}, {"pattern": "c"}]}, ["acb"] * 5),
        (
            {"type": "string", "allOf": [{"pattern": "[0-9]"}, {"pattern": "[a-z]"}]},
            ["8e", "0m", "2n", "4r", "0h"],
        ),
    ],
)
def test_an_allof_of_patterns_is_built_as_a_match_of_each_in_turn(schema: Any, values: list[str]) -> None:
    """datamodel-code-generator's ``allof_literal_patterns``: only the first pattern was drawn and
    the others checked, so ``a`` and ``b`` were never met together (UnsatisfiableSchemaError);
    two character classes fell to the last-resort search (``'ãp\\x92ത...'``)."""
    generator, check = compile_generator(schema), oracle(schema)
    got = [generator.generate(Random(seed)) for seed in range(5)]
    assert got == values
    assert all(check.is_valid(value) for value in got)


def test_patterns_no_string_meets_together_are_still_refused() -> None:
    schema = {"type": "string", "allOf": [{"pattern": "^[0-9]+$"}, {"pattern": "[a-z]"}]}
    with pytest.raises(UnsatisfiableSchemaError):
        compile_generator(schema).generate(Random(0))


def _cycle(word: str) -> dict[str, Any]:
    """Each branch returns to the root at the same value: validators loop on it (RecursionError)."""
    back = lambda name: {"allOf": [{"$ref": "#"}, {"required": [name]}]}  # noqa: E731
    return {word: [{"$ref": "#/$defs/A"}, {"$ref": "#/$defs/B"}], "$defs": {"A": back("a"), "B": back("b")}}


@pytest.mark.parametrize(
    ("word", "values"),
    [
        (
            "anyOf",
            [{"b": None}, {"a": ["reduce", "popular", [None, {}], None]}, {"a": True}, {"a": 37}, {"a": {}}],
        ),
        (
            "oneOf",
            [{"b": None}, {"a": ["reduce", "popular", [None, {}], None]}, {"a": True}, {"a": 37}, {"a": {}}],
        ),
    ],
)
def test_a_branch_that_returns_to_its_own_schema_is_not_branched_again(word: str, values: list[Any]) -> None:
    """datamodel-code-generator's ``jsonschema_discriminated_oneof_allof_cycle``: a branch's
    ``allOf`` holds the root again, whose branches were chosen anew at every return (2 ** depth
    lazy choices: over 60 s, then UnsatisfiableSchemaError). The root's own words are decided by
    the branch already taken; its return adds nothing."""
    got = [generate(_cycle(word), seed) for seed in range(5)]
    assert got == values
    assert all(len({"a", "b"} & value.keys()) == 1 for value in got)  # one branch's name: oneOf holds
