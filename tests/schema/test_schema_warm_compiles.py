"""A warm call's first-visit compiles do less for the same values: a property reads only the
conjuncts that speak of properties, a string field's name rules and path walk run once, a free
string and a conjunct without ``not`` skip what they do not have. The values of a schema that
meets each shortcut are pinned (hashes made on main before the change)."""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from synthworld.schema import _context, _merge, _merge_props, _place, compile_generator
from synthworld.schema._compile import Compiler


def _counting(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str) -> list[Any]:
    """Replace ``owner.name`` by a wrapper that records each call's first argument (or the call)."""
    seen: list[Any] = []
    real: Callable[..., Any] = getattr(owner, name)

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        seen.append(args[0] if args else None)
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, wrapper)
    return seen


def _values(schema: dict[str, Any]) -> list[Any]:
    generator = compile_generator(schema)
    return [generator.generate(random.Random(seed)) for seed in range(5)]


def _hash(values: list[Any]) -> str:
    return hashlib.sha256(json.dumps(values, sort_keys=True).encode()).hexdigest()[:16]


# an object of many conjuncts, one of which lists the properties (branch siblings, required lists)
MANY_CONJUNCTS = {
    "type": "object",
    "allOf": [
        {"required": ["wcAlpha"]},
        {"minProperties": 1},
        {"required": ["wcBeta"]},
        {"maxProperties": 9},
    ],
    "properties": {
        "wcAlpha": {"type": "string"},
        "wcBeta": {"type": "integer", "minimum": 3},
        "wcGamma": {"type": "string", "default": "gamma-1", "not": {"const": "x"}},
        "wcDelta": {"type": "string", "description": "A free text.", "enum": ["d1", "d2"]},
    },
}


def test_a_property_compile_reads_only_the_conjuncts_that_speak_of_properties(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen = _counting(monkeypatch, _merge_props, "_prop_parts")
    _values({**MANY_CONJUNCTS, "$comment": "conjuncts"})
    assert seen, "no property was compiled"
    assert all(len(parts) == 1 for parts in seen), [len(parts) for parts in seen]


def test_fields_told_apart_by_their_descriptions_run_the_name_rules_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen = _counting(monkeypatch, _context, "_by_context")

    def holder(description: str) -> dict[str, Any]:
        field = {"type": "string", "description": description}
        return {
            "type": "object",
            "properties": {"zqxHolder": {"type": "object", "properties": {"zqxField": field}}},
        }

    for description in ("The first kind of it.", "Another sentence altogether.", "A third one."):
        generator = compile_generator(holder(description))
        for seed in range(6):
            generator.generate(random.Random(seed))
    assert len(seen) == 1


def test_a_string_fields_path_is_walked_once(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _counting(monkeypatch, _place, "_walk")
    schema = {
        "type": "object",
        "properties": {"wkOwner": {"type": "object", "properties": {"wkLabel": {"type": "string"}}}},
    }
    generator = compile_generator(schema)
    for seed in range(6):
        generator.generate(random.Random(seed))
    walked = ["/".join(segs) for segs in seen]
    label = [w for w in walked if w.endswith("wkLabel")]
    assert len(label) == 1, walked


def test_a_free_string_reads_no_format_or_pattern(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _counting(monkeypatch, _merge, "checked_formats")
    patterns = _counting(monkeypatch, _context, "_patterns")
    _values({"type": "object", "properties": {"freeText": {"type": "string"}}, "required": ["freeText"]})
    assert seen == []
    assert patterns == []
    _values(
        {
            "type": "object",
            "properties": {"dated": {"type": "string", "format": "date"}},
            "required": ["dated"],
        }
    )
    assert len(seen) == 1
    assert patterns == []


def test_a_merge_without_a_not_asks_no_not(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _counting(monkeypatch, Compiler, "_nots")
    _values({"type": "string", "default": "nothing-negated", "examples": ["a-1"]})
    assert seen == []
    _values({"type": "string", "default": "negated-1", "not": {"const": "x"}})
    assert len(seen) == 1


PINNED = "41c2e17ef90d9914"
"""The hash of `MANY_CONJUNCTS`' values for seeds 0-4, made on main before these cuts."""


def test_the_values_stay_those_made_before() -> None:
    assert _hash(_values(MANY_CONJUNCTS)) == PINNED
