"""The keyword families of stop 46's fuzz (`fuzz_schemas.py` runs them): ``refs``,
``unevaluated``, ``drafts`` and ``formats``, and what they share with the first three kinds (the
corpus's leaf schemas, the bounds)."""

from __future__ import annotations

import importlib.util
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any


def _corpus() -> Any:
    """This repository's tests/schema/schema_corpus.py, read by path (``PYTHONPATH`` may name
    another tree to fuzz, whose tests may not have the lists)."""
    path = Path(__file__).resolve().parents[1] / "tests" / "schema" / "schema_corpus.py"
    spec = importlib.util.spec_from_file_location("fuzz_corpus", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CORPUS = _corpus()
COMBO_SCALARS = CORPUS.COMBO_SCALARS
BOUNDS = [-3, 0, 0.5, 2, 7.25, 100, 1e10]


LEAVES: list[Any] = [*COMBO_SCALARS, {"type": "object", "maxProperties": 1}, {"type": "array", "maxItems": 2}]
"""The leaves the kinds below nest: every type, typeless ones among them."""


REF_TARGETS = [
    *(f"#/$defs/{name}" for name in ["leaf", "pos", "node", "tree", "list", "loop", "even", "ided"]),
    "#/$defs/node/properties/v", "https://ex.test/ided", "https://ex.test/ided#/$defs/inner",
]  # fmt: skip
"""Definitions by pointer, a pointer into one, an embedded resource by its ``$id`` (and a pointer
into it)."""


def ref_target(rng: random.Random) -> Any:
    """A schema a ``$ref`` may point at, or a place to put one: a leaf or a ``$ref`` with siblings."""
    draw = rng.random()
    if draw < 0.5:
        return rng.choice(LEAVES)
    ref = {"$ref": rng.choice(REF_TARGETS)}
    if draw < 0.75:
        return ref
    return {
        **ref,
        **rng.choice([{"type": "object"}, {"maxProperties": 2}, {"minimum": 0}, {"not": {"type": "null"}}]),
    }


def refs(rng: random.Random) -> Any:
    """``$defs`` and ``$ref``: recursive definitions (a ``node`` with a base case, a ``tree`` whose
    recursion is optional, a ``list`` that must recurse unless null, a ``loop`` with no base case,
    ``even`` and ``odd`` through each other), an embedded resource, refs with sibling keywords,
    refs inside every combinator, ``$anchor`` and ``$dynamicRef``."""
    defs: dict[str, Any] = {
        "leaf": rng.choice(LEAVES),
        "pos": {"type": "integer", "minimum": 1, "$anchor": "pos"},
        "node": {
            "type": "object",
            "properties": {"v": rng.choice(LEAVES), "next": {"$ref": "#/$defs/node"}},
            "required": rng.choice([["v"], [], ["v", "next"]]),
        },
        "tree": {
            "type": ["object", "null"],
            "properties": {
                "kids": {"type": "array", "items": {"$ref": "#/$defs/tree"}, "maxItems": rng.randint(0, 3)}
            },
        },
        "list": {
            "anyOf": [
                {"type": "null"},
                {
                    "type": "array",
                    "prefixItems": [rng.choice(LEAVES), {"$ref": "#/$defs/list"}],
                    "minItems": 2,
                },
            ]
        },
        "loop": {"type": "object", "properties": {"x": {"$ref": "#/$defs/loop"}}, "required": ["x"]},
        "even": {"anyOf": [{"const": 0}, {"type": "array", "items": {"$ref": "#/$defs/odd"}, "minItems": 1}]},
        "odd": {"type": "array", "items": {"$ref": "#/$defs/even"}, "minItems": 1, "maxItems": 2},
        "ided": {
            "$id": "https://ex.test/ided",
            "$defs": {"inner": rng.choice(LEAVES)},
            "$ref": "#/$defs/inner",
        },
    }
    if rng.random() < 0.1:  # an extensible tree made strict by $dynamicRef (JSON Schema's own example)
        return {
            "$id": "https://ex.test/strict",
            "$dynamicAnchor": "node",
            "$ref": "tree",
            "unevaluatedProperties": False,
            "$defs": {
                "tree": {
                    "$id": "tree",
                    "$dynamicAnchor": "node",
                    "type": "object",
                    "properties": {
                        "data": rng.choice(LEAVES),
                        "children": {"type": "array", "items": {"$dynamicRef": "#node"}, "maxItems": 2},
                    },
                    "required": rng.choice([[], ["data"], ["children"]]),
                }
            },
        }
    makers: list[Callable[[], Any]] = [
        lambda: ref_target(rng),
        lambda: {"allOf": [ref_target(rng) for _ in range(rng.randint(1, 3))]},
        lambda: {"anyOf": [ref_target(rng) for _ in range(rng.randint(1, 3))]},
        lambda: {"oneOf": [ref_target(rng) for _ in range(rng.randint(2, 3))]},
        lambda: {"not": ref_target(rng)},
        lambda: {"type": "array", "items": ref_target(rng), "minItems": rng.randint(0, 2)},
        lambda: {
            "properties": {n: ref_target(rng) for n in "ab"},
            "required": rng.sample("ab", rng.randint(0, 2)),
        },
        lambda: {"$ref": "#pos", **rng.choice([{}, {"maximum": 3}, {"multipleOf": 2}])},
        lambda: {
            "properties": {"up": {"$ref": "#"}, "a": ref_target(rng)},
            "required": rng.choice([[], ["a"]]),
        },
        lambda: {"if": ref_target(rng), "then": ref_target(rng), "else": ref_target(rng)},
    ]
    body = rng.choice(makers)()
    if rng.random() < 0.15:  # a list of lists whose leaves are one leaf schema, by $dynamicRef
        return {
            "$id": "https://ex.test/dyn",
            "$dynamicAnchor": "item",
            "anyOf": [
                rng.choice(LEAVES),
                {"type": "array", "items": {"$dynamicRef": "#item"}, "maxItems": 2},
            ],
            "$defs": defs,
        }
    return {**body, "$defs": defs} if isinstance(body, dict) else body


EVALUATORS: list[Callable[[random.Random], Any]] = [
    lambda rng: {"properties": {rng.choice("ab"): rng.choice(LEAVES)}},
    lambda rng: {"patternProperties": {rng.choice(["^a", "^[bc]$", "x"]): rng.choice(LEAVES)}},
    lambda rng: {"additionalProperties": rng.choice([True, {"type": "integer"}])},
    lambda rng: {"required": [rng.choice("abc")]},
    lambda rng: {"prefixItems": [rng.choice(LEAVES) for _ in range(rng.randint(1, 2))]},
    lambda rng: {"items": rng.choice([*LEAVES, True])},
    lambda rng: {"contains": rng.choice(LEAVES), **rng.choice([{}, {"minContains": 2}, {"maxContains": 1}])},
    lambda rng: {"minItems": rng.randint(1, 3)},
    lambda rng: {"minProperties": rng.randint(1, 3)},
    lambda rng: {"type": rng.choice(["object", "array", ["object", "array"]])},
]


def evaluator(rng: random.Random, depth: int = 0) -> Any:
    """A subschema that evaluates names or items: a keyword above or a combinator of them."""
    draw = rng.random()
    if depth > 1 or draw < 0.45:
        return rng.choice(EVALUATORS)(rng)
    if draw < 0.7:
        word = rng.choice(["allOf", "anyOf", "oneOf"])
        return {word: [evaluator(rng, depth + 1) for _ in range(rng.randint(1, 3))]}
    if draw < 0.8:
        return {
            "if": evaluator(rng, depth + 1),
            "then": evaluator(rng, depth + 1),
            "else": evaluator(rng, depth + 1),
        }
    if draw < 0.9:
        return {"dependentSchemas": {rng.choice("abc"): evaluator(rng, depth + 1)}}
    return {"$ref": "#/$defs/part"}


def unevaluated(rng: random.Random) -> Any:
    """``unevaluatedProperties``/``unevaluatedItems`` (false or a schema) beside, under or over
    evaluating keywords, combinators, conditionals, ``dependentSchemas`` and ``$ref``."""
    out: dict[str, Any] = {}
    for _ in range(rng.randint(1, 3)):
        out.update(evaluator(rng))
    word = rng.choice(["unevaluatedProperties", "unevaluatedItems"])
    out[word] = rng.choice(
        [False, False, {"type": "integer"}, {"type": "string", "maxLength": 1}, {"const": 1}]
    )
    if rng.random() < 0.3:
        other = "unevaluatedItems" if word == "unevaluatedProperties" else "unevaluatedProperties"
        out[other] = rng.choice([False, {"type": "boolean"}])
    out["$defs"] = {"part": rng.choice(EVALUATORS)(rng)}
    if rng.random() < 0.2:  # nested: the inner one sees only its own evaluations
        out = {"properties": {"a": out}, "required": ["a"], "unevaluatedProperties": False}
        out["$defs"] = out["properties"]["a"].pop("$defs")
    return out


DRAFT_NUMBERS: list[Callable[[random.Random], Any]] = [
    lambda rng: {"minimum": rng.choice(BOUNDS), "exclusiveMinimum": rng.random() < 0.7},
    lambda rng: {"maximum": rng.choice(BOUNDS), "exclusiveMaximum": rng.random() < 0.7},
    lambda rng: {"type": rng.choice(["integer", "number", ["integer", "string"]])},
    lambda rng: {"multipleOf": rng.choice([0.5, 2, 3])},
    lambda rng: {"minimum": 0, "maximum": 0, "exclusiveMaximum": rng.random() < 0.5},
]


def draft_part(rng: random.Random, dialect: str) -> dict[str, Any]:
    """One conjunct of keywords of an older dialect."""
    parts: list[Callable[[], Any]] = [
        lambda: {
            "items": [rng.choice(LEAVES) for _ in range(rng.randint(1, 3))],
            "additionalItems": rng.choice([False, True, *LEAVES]),
        },
        lambda: {"items": rng.choice(LEAVES), "minItems": rng.randint(0, 3), "maxItems": rng.randint(0, 3)},
        lambda: {"additionalItems": rng.choice([False, *LEAVES]), "minItems": rng.randint(0, 2)},
        lambda: {
            "dependencies": {
                rng.choice("ab"): rng.choice(
                    [
                        [rng.choice("bcd")],
                        [],
                        {"required": [rng.choice("cd")]},
                        {"properties": {"c": rng.choice(LEAVES)}},
                        False,
                    ]
                )
            }
        },
        lambda: {
            "properties": {n: rng.choice(LEAVES) for n in rng.sample("abcd", 2)},
            "required": rng.sample("abcd", rng.randint(0, 2)),
        },
        lambda: {"type": rng.choice(["object", "array", "number"])},
        lambda: {"additionalProperties": rng.choice([False, {"type": "integer"}])},
    ]
    if dialect == D4:
        parts += [lambda: rng.choice(DRAFT_NUMBERS)(rng) for _ in range(3)]
    else:
        parts += [
            lambda: {"exclusiveMinimum": rng.choice(BOUNDS)},
            lambda: {"exclusiveMaximum": rng.choice(BOUNDS), "type": rng.choice(["integer", "number"])},
            lambda: {"contains": rng.choice(LEAVES)},
            lambda: {"const": rng.choice([1, "a", None])},
            lambda: {"propertyNames": {"maxLength": 1}},
        ]
    if dialect == D7:
        parts.append(
            lambda: {"if": rng.choice(LEAVES), "then": rng.choice(LEAVES), "else": rng.choice(LEAVES)}
        )
    if dialect == D2019:
        parts += [
            lambda: {"dependentRequired": {rng.choice("ab"): [rng.choice("cd")]}},
            lambda: {"unevaluatedItems": False, "items": [rng.choice(LEAVES)]},
        ]
    out: dict[str, Any] = {}
    for _ in range(rng.randint(1, 3)):
        out.update(rng.choice(parts)())
    return out


D4, D6, D7 = CORPUS.D4, CORPUS.D6, CORPUS.D7
D2019 = CORPUS.D2019


def drafts(rng: random.Random) -> Any:
    """Keywords of draft 4, 6, 7 and 2019-09, each by its ``$schema``: boolean exclusive bounds,
    ``items`` arrays with ``additionalItems``, ``dependencies`` and ``$recursiveRef``."""
    dialect = rng.choice([D4, D6, D7, D2019])
    if dialect == D2019 and rng.random() < 0.3:
        return {
            "$schema": D2019,
            "$recursiveAnchor": True,
            **rng.choice(LEAVES),
            "anyOf": [rng.choice(LEAVES), {"type": "array", "items": {"$recursiveRef": "#"}, "maxItems": 2}],
        }
    parts = [draft_part(rng, dialect) for _ in range(rng.randint(1, 2))]
    body = parts[0] if len(parts) == 1 else {rng.choice(["allOf", "anyOf", "oneOf"]): parts}
    if rng.random() < 0.2:
        key = "definitions"
        body = {key: {"x": body}, "type": "array", "items": {"$ref": "#/definitions/x"}, "minItems": 1}
    return {"$schema": dialect, **body}


ALL_FORMATS = [
    "date", "time", "date-time", "duration", "email", "idn-email", "hostname", "idn-hostname", "ipv4",
    "ipv6", "uri", "uri-reference", "iri", "iri-reference", "uuid", "uri-template", "json-pointer",
    "relative-json-pointer", "regex",
]  # fmt: skip
FORMAT_PATTERNS = ["^[a-z]", "\\d", "[A-Z]", "^[0-9a-f:.-]+$", "1", "/", "^.{0,8}$", "\\.", "@", ":"]
FORMAT_VALUES: list[Any] = [
    "2024-01-01", "12:00:00Z", "2024-01-01T00:00:00Z", "P1D", "a@b.co", "example.com", "1.2.3.4", "::1",
    "http://a.b/c", "/a/b", "0/a", "123e4567-e89b-12d3-a456-426614174000", "{x}", "^a$", "", "a", 3,
]  # fmt: skip


def format_part(rng: random.Random) -> dict[str, Any]:
    makers: dict[str, Callable[[], Any]] = {
        "format": lambda: rng.choice(ALL_FORMATS),
        "minLength": lambda: rng.randint(0, 30),
        "maxLength": lambda: rng.randint(0, 30),
        "pattern": lambda: rng.choice(FORMAT_PATTERNS),
        "enum": lambda: rng.sample(FORMAT_VALUES, rng.randint(1, 4)),
        "const": lambda: rng.choice(FORMAT_VALUES),
        "not": lambda: rng.choice(
            [
                {"format": rng.choice(ALL_FORMATS)},
                {"pattern": rng.choice(FORMAT_PATTERNS)},
                {"maxLength": rng.randint(1, 10)},
                {"enum": rng.sample(FORMAT_VALUES, 2)},
            ]
        ),
        "type": lambda: rng.choice(["string", ["string", "null"], ["string", "integer"]]),
    }
    words = ["format", *rng.sample(sorted(makers), rng.randint(0, 3))]
    return {word: makers[word]() for word in words}


def formats(rng: random.Random) -> Any:
    """Every format python-jsonschema checks, with lengths, patterns, ``enum``, ``const`` and
    ``not`` in one to three conjuncts."""
    parts = [format_part(rng) for _ in range(rng.randint(1, 3))]
    return parts[0] if len(parts) == 1 else {rng.choice(["allOf", "anyOf", "oneOf"]): parts}


FAMILIES: dict[str, Callable[[random.Random], Any]] = {
    "refs": refs, "unevaluated": unevaluated, "drafts": drafts, "formats": formats,
}  # fmt: skip
