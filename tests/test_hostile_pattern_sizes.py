"""Patterns too big to read in seconds are refused when a tool is registered, with the limit.

Before: a 1 MB pattern took tens of seconds (Python's ``re`` parsed it about once a second, eight
times; jsonschema-rs's check of 100,000 unanchored ``a``s alone took 53 s); 5,000 capture groups
made jsonschema-rs take 2.3 GB for one check, 33,000 made it abort the process; a pattern whose
shortest match has 20,000 characters took jsonschema-rs 1.7 s a check. Nothing here measures
speed (``bench/bench_hostile.py`` does).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from synthworld import SchemaError, SyntheticWorld, ToolSpec, ToolSpecError, generate
from synthworld.schema._pattern_size import MAX_PATTERN_GROUPS, MAX_PATTERN_LENGTH, MAX_PATTERN_WIDTH

OBJECT: dict[str, Any] = {"type": "object"}


def register(parameters: Any = OBJECT, returns: Any = OBJECT) -> SyntheticWorld:
    world = SyntheticWorld(seed=1)
    world.register_tool(ToolSpec("t", "d", parameters, returns))
    return world


def test_a_pattern_past_the_length_limit_is_refused_naming_where_and_the_limit() -> None:
    returns = {
        "type": "object",
        "properties": {"x": {"type": "string", "pattern": "^" + "a" * 200_000 + "$"}},
    }
    with pytest.raises(ToolSpecError) as info:
        register(returns=returns)
    assert str(info.value) == (
        "invalid ToolSpec 't': returns $.properties.x.pattern: 200,002 characters, more than the "
        "100,000 synthworld reads in a pattern (regex engines take seconds a megabyte to read one); "
        "fix: shorten it, or list the values in an enum"
    )


def test_a_pattern_properties_key_past_the_limit_is_named_by_its_start() -> None:
    parameters = {"type": "object", "patternProperties": {"b" * (MAX_PATTERN_LENGTH + 1): {}}}
    with pytest.raises(
        ToolSpecError, match=re.escape("parameters $.patternProperties." + "b" * 37 + "...: ")
    ):
        register(parameters)


def test_generate_refuses_it_too_with_the_json_pointer() -> None:
    with pytest.raises(SchemaError) as info:
        generate({"$defs": {"p": {"type": "string", "pattern": "a" * 1_000_000}}, "$ref": "#/$defs/p"})
    assert str(info.value).startswith(
        "pattern at '/$defs/p/pattern': 1,000,000 characters, more than the 100,000 synthworld reads"
    )
    assert info.value.path == "/$defs/p/pattern"


def test_a_long_pattern_full_of_quotes_is_found_by_the_quick_text_scan_too() -> None:
    """The scan that spares real-world documents the walk reads an escaped quote as two
    characters: a pattern of quotes is as long to it as it is."""
    quoted = '"' * (MAX_PATTERN_LENGTH + 2)
    with pytest.raises(SchemaError, match=r"^pattern at '/pattern': 100,002 characters"):
        generate({"type": "string", "pattern": quoted})


def test_too_many_capture_groups_are_refused_with_the_fix() -> None:
    parameters = {"type": "object", "properties": {"x": {"type": "string", "pattern": "^" + "(a)" * 1_500}}}
    with pytest.raises(ToolSpecError) as info:
        register(parameters)
    assert str(info.value) == (
        "invalid ToolSpec 't': parameters $.properties.x.pattern: 1,500 capture groups, more than "
        "the 1,000 synthworld reads in a pattern (jsonschema-rs keeps room for every group at every "
        "step: gigabytes); fix: write (?:...) for groups nothing refers back to"
    )


def test_the_fix_works_and_the_limits_themselves_are_taken() -> None:
    """Groups written ``(?:...)``, named groups counted as groups, escaped and bracketed parentheses not."""
    register({"type": "object", "properties": {"x": {"type": "string", "pattern": "^" + "(?:a)" * 1_500}}})
    at_limit = "^" + "(?<n0>a)" + "(a)" * (MAX_PATTERN_GROUPS - 1) + r"\(" * 2_000 + "[(]" * 2_000
    register({"type": "object", "properties": {"x": {"type": "string", "pattern": at_limit}}})
    with pytest.raises(ToolSpecError, match="1,001 capture groups"):
        register({"type": "object", "properties": {"x": {"type": "string", "pattern": at_limit + "(b)"}}})


def test_a_pattern_whose_shortest_match_is_past_the_width_limit_is_refused_even_unused() -> None:
    """Under an optional property, which the values registration builds leave out."""
    returns = {"type": "object", "properties": {"x": {"type": "string", "pattern": "^(?:ab){10000}$"}}}
    with pytest.raises(ToolSpecError) as info:
        register(returns=returns)
    assert str(info.value) == (
        "invalid ToolSpec 't': returns $.properties.x.pattern: matches only strings of 20,000 "
        "characters or more, more than the 10,000 synthworld reads in a pattern (the validator's "
        "check of such a string grows with the square of its length); fix: lower its repeat counts"
    )
    assert generate({"type": "string", "pattern": f"^a{{{MAX_PATTERN_WIDTH}}}$"}) == "a" * MAX_PATTERN_WIDTH


def test_nested_small_counts_are_refused_by_the_generator_when_it_meets_them() -> None:
    with pytest.raises(SchemaError, match=re.escape("matches only strings of 27,000 characters or more")):
        generate({"type": "string", "pattern": "^(?:(?:a{30}){30}){30}$"})


def test_a_long_real_world_shaped_pattern_under_the_limit_still_gives_values() -> None:
    """SchemaStore's longest pattern: 46,277 characters, an anchored case-insensitive word list."""
    words = [f"Microsoft.Exchange.Setting{i}" for i in range(500)]
    pattern = (
        "^("
        + "|".join("".join(f"[{c.upper()}{c.lower()}]" if c.isalpha() else c for c in w) for w in words)
        + ")$"
    )
    assert 50_000 < len(pattern) < MAX_PATTERN_LENGTH
    world = register(
        returns={
            "type": "object",
            "properties": {"x": {"type": "string", "pattern": pattern}},
            "required": ["x"],
        }
    )
    value = world.call("t", {})["x"]
    assert re.fullmatch(pattern, value)


def test_pattern_words_in_data_and_property_names_are_not_patterns() -> None:
    long = "a" * (MAX_PATTERN_LENGTH + 1)
    parameters = {
        "type": "object",
        "properties": {"pattern": {"type": "string", "default": long}},
        "default": {"pattern": long},
        "examples": [{"pattern": long}],
    }
    assert register(parameters).call("t", {"pattern": "p"}) == {}


def test_a_chain_of_refs_too_deep_to_read_says_so() -> None:
    defs: dict[str, Any] = {f"d{i}": {"$ref": f"#/$defs/d{i + 1}"} for i in range(2_000)}
    defs["d2000"] = {"type": "string"}
    with pytest.raises(SchemaError, match=re.escape("(subschemas, or $refs to $refs, some hundreds deep)")):
        generate({"$defs": defs, "$ref": "#/$defs/d0"})
