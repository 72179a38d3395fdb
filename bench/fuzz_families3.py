"""The keyword families of stop 48's fuzz (`fuzz_schemas.py` runs them): ``strings``, ``maps``,
``combinators`` and ``recursion``, and ``schema_pool``, values built from a refused schema's own
strings (its enums, consts and property names) for ``--pool``."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from typing import Any

import fuzz_families
import fuzz_families2

PATTERNS = [
    "^[a-z]+$", "[0-9]", "^(foo|bar|baz)$", "^[A-Z][a-z]{2,4}$", "^\\d{3}-\\d{4}$", "\\w+@\\w+",
    "^a(bc)?d$", "^[a-f0-9]{8}$", "^\\s*$", "^x{2,3}y?$", "^(ab|cd)+$", "^[^0-9]*$", "caf\u00e9",
    "^[\u00e0-\u00ff]+$", "^\u65e5\u672c", "^.{3}$", "-", "^[A-Z]{2}\\d{0,2}$", "^(a|b|c)*z$", "q$",
    "^\\S+$", "^[a-z]+(-[a-z]+)*$", "^v\\d+\\.\\d+(\\.\\d+)?$", "^\\+?[0-9 ]{5,9}$",
]  # fmt: skip
"""Anchored and unanchored patterns: alternations, classes, repeats, optional groups, ``\\d``
``\\w`` ``\\s``, non-ASCII."""
STRING_FORMATS = ["email", "uri", "ipv4", "ipv6", "date", "date-time", "uuid", "hostname", "duration"]
WORDS: list[Any] = [
    "foo", "bar", "abcd", "x@y.co", "2024-01-01", "café", "123-4567", "xx", "", "a-b", "v1.2", 3, None,
]  # fmt: skip
"""Strings (and two non-strings) for ``enum`` and ``const``."""
LENGTHS = [0, 1, 2, 3, 4, 5, 8, 12, 40, 5000]


def string_part(rng: random.Random) -> dict[str, Any]:
    """One to four string keywords: pattern, lengths (tight, equal, huge), format, enum/const, a
    ``not`` of a pattern or format, a content encoding and media type."""
    makers: dict[str, Callable[[], Any]] = {
        "type": lambda: rng.choice(["string", "string", ["string", "null"], ["string", "integer"]]),
        "pattern": lambda: rng.choice(PATTERNS),
        "minLength": lambda: rng.choice(LENGTHS),
        "maxLength": lambda: rng.choice(LENGTHS),
        "format": lambda: rng.choice(STRING_FORMATS),
        "enum": lambda: rng.sample(WORDS, rng.randint(1, 4)),
        "const": lambda: rng.choice(WORDS),
        "not": lambda: rng.choice(
            [{"pattern": rng.choice(PATTERNS)}, {"format": rng.choice(STRING_FORMATS)}, {"const": "foo"}]
        ),
        "contentEncoding": lambda: rng.choice(["base64", "base16"]),
        "contentMediaType": lambda: rng.choice(["application/json", "text/plain", "image/png"]),
    }
    out = {word: makers[word]() for word in rng.sample(sorted(makers), rng.randint(1, 4))}
    if rng.random() < 0.15:  # equal lengths
        out["minLength"] = out["maxLength"] = rng.choice(LENGTHS)
    return out


def strings(rng: random.Random) -> Any:
    """A string conjunct, several under a combinator, or several patterns under ``allOf``."""
    draw = rng.random()
    if draw < 0.2:
        patterns = [{"pattern": p} for p in rng.sample(PATTERNS, rng.randint(2, 3))]
        return {"type": "string", "allOf": [*patterns, *([string_part(rng)] if rng.random() < 0.5 else [])]}
    parts = [string_part(rng) for _ in range(rng.randint(1, 3))]
    return parts[0] if len(parts) == 1 else {rng.choice(["allOf", "anyOf", "oneOf"]): parts}


KEY_PATTERNS = ["^a", "^[a-c]$", "b", "^x_", "^[a-z]{2}$", "^\\d+$", "_id$", "^[^a]"]
VALUES: list[Any] = [
    {"type": "integer"}, {"type": "string", "maxLength": 2}, {"const": 1}, False, True, {"enum": [1, "x"]},
    {"type": "integer", "minimum": 5}, {"type": "null"}, {"type": "array", "maxItems": 1},
]  # fmt: skip
KEYS = ["a", "b", "ab", "x_1", "c", "12", "user_id"]
NAME_RULES: list[Callable[[random.Random], Any]] = [
    lambda rng: {"pattern": rng.choice(KEY_PATTERNS)},
    lambda rng: {"enum": rng.sample(KEYS, rng.randint(1, 3))},
    lambda rng: {"maxLength": rng.randint(0, 2)},
    lambda rng: {"minLength": rng.randint(2, 4)},
    lambda rng: {"const": rng.choice(KEYS)},
    lambda rng: {"not": rng.choice([{"pattern": "^a"}, {"const": "b"}, {"maxLength": 1}])},
    lambda rng: {"format": "email"},
]


def map_part(rng: random.Random) -> dict[str, Any]:
    """One to five object keywords constraining names: ``patternProperties`` (overlapping),
    ``propertyNames``, counts, ``required``, dependencies, closed ``additionalProperties``."""
    makers: dict[str, Callable[[], Any]] = {
        "type": lambda: rng.choice(["object", "object", ["object", "null"]]),
        "patternProperties": lambda: {
            p: rng.choice(VALUES) for p in rng.sample(KEY_PATTERNS, rng.randint(1, 3))
        },
        "propertyNames": lambda: rng.choice(NAME_RULES)(rng),
        "minProperties": lambda: rng.randint(0, 4),
        "maxProperties": lambda: rng.randint(0, 3),
        "required": lambda: rng.sample(KEYS, rng.randint(1, 2)),
        "properties": lambda: {k: rng.choice(VALUES) for k in rng.sample(KEYS, rng.randint(1, 2))},
        "additionalProperties": lambda: rng.choice([False, False, {"type": "integer"}, True]),
        "dependentRequired": lambda: {rng.choice(KEYS): rng.sample(KEYS, 1)},
        "dependentSchemas": lambda: {
            rng.choice(KEYS): rng.choice(
                [{"required": [rng.choice(KEYS)]}, {"maxProperties": 1}, {"propertyNames": {"maxLength": 2}}]
            )
        },
        "unevaluatedProperties": lambda: rng.choice([False, {"type": "integer"}, {"const": 1}]),
    }
    return {word: makers[word]() for word in rng.sample(sorted(makers), rng.randint(1, 5))}


def maps(rng: random.Random) -> Any:
    """A map conjunct, two or three under ``allOf``/``oneOf``/``anyOf``, or one in a property."""
    draw = rng.random()
    if draw < 0.55:
        return map_part(rng)
    if draw < 0.9:
        word = rng.choice(["allOf", "allOf", "anyOf", "oneOf"])
        out: dict[str, Any] = {word: [map_part(rng) for _ in range(rng.randint(2, 3))]}
        if rng.random() < 0.3:
            out["unevaluatedProperties"] = False
        return out
    return {"type": "object", "properties": {"m": maps(rng)}, "required": ["m"]}


SHARED: dict[str, Any] = {
    "small": {"type": "integer", "minimum": 0, "maximum": 10},
    "word": {"type": "string", "pattern": "^[a-z]{1,5}$"},
    "pair": {"type": "array", "prefixItems": [{"type": "integer"}, {"type": "string"}], "minItems": 2},
    "rec": {"type": "object", "properties": {"id": {"$ref": "#/$defs/small"}}, "required": ["id"]},
    "color": {"enum": ["red", "green", "blue", 1, None]},
}
"""``$defs`` the combinators' branches share."""
COMBO_LEAVES: list[Any] = [
    *(f"#/$defs/{name}" for name in SHARED),
    {"type": "integer", "minimum": 5}, {"type": "integer", "maximum": 7}, {"type": "number", "multipleOf": 2},
    {"type": "string", "maxLength": 3}, {"type": "string", "minLength": 2}, {"const": 3}, {"const": "red"},
    {"enum": ["red", "blue", 3, 8]}, {"enum": ["green", 3, None]}, {"type": "null"}, {"type": "boolean"},
    {"type": "object", "required": ["id"]}, {"type": "object", "maxProperties": 1},
    {"type": "array", "items": {"type": "integer"}, "maxItems": 2}, {"type": "array", "minItems": 1},
    {"minimum": 0}, {"maxLength": 2}, {"required": ["id"]}, {"properties": {"id": {"const": 1}}},
]  # fmt: skip
"""Scalars, objects and arrays (typeless ones among them) that overlap partly; a string is a
``$ref`` to a shared definition."""


def combo_leaf(rng: random.Random) -> Any:
    leaf = rng.choice(COMBO_LEAVES)
    return {"$ref": leaf} if isinstance(leaf, str) else leaf


def combo(rng: random.Random, depth: int, deepest: int) -> Any:
    """A combinator nested to ``deepest``: ``oneOf``/``anyOf``/``allOf`` of two to three, or a
    ``not`` (of a ``oneOf`` among them)."""
    if depth >= deepest or (depth > 1 and rng.random() < 0.3):
        return combo_leaf(rng)
    word = rng.choice(["oneOf", "oneOf", "anyOf", "allOf", "not"])
    if word == "not":
        return {"not": combo(rng, depth + 1, deepest)}
    return {word: [combo(rng, depth + 1, deepest) for _ in range(rng.randint(2, 3))]}


def combinators(rng: random.Random) -> Any:
    """Combinators 2-5 deep over shared ``$defs``, a ``oneOf`` of partly overlapping branches, a
    ``not`` of a ``oneOf``, or ``enum``s intersected across an ``allOf``."""
    draw = rng.random()
    if draw < 0.15:
        pool: list[Any] = ["red", "green", "blue", 1, 2, 3, None, True]
        enums = [{"enum": rng.sample(pool, rng.randint(2, 5))} for _ in range(rng.randint(2, 3))]
        body: Any = {"allOf": enums}
        if rng.random() < 0.5:
            body["allOf"].append(combo(rng, 2, 3))
    elif draw < 0.3:
        body = {"not": {"oneOf": [combo_leaf(rng) for _ in range(rng.randint(2, 3))]}}
        if rng.random() < 0.6:
            body["type"] = rng.choice(["integer", "string", "object", "array"])
    else:
        body = combo(rng, 0, rng.randint(2, 5))
        if not isinstance(body, dict) or "$ref" in body:
            body = {"allOf": [body]}
    return {**body, "$defs": SHARED}


def recursion(rng: random.Random) -> Any:
    """Recursive ``$ref``s: trees, linked lists, mutual recursion A -> B -> A, ``$dynamicRef``,
    with ``required``/``minItems``/``minProperties`` forcing depth and base cases behind one branch."""
    return rng.choice(RECURSIVE)(rng)


def _tree(rng: random.Random) -> Any:
    kids: dict[str, Any] = {"type": "array", "items": {"$ref": "#/$defs/tree"}, "maxItems": rng.randint(0, 3)}
    if rng.random() < 0.3:
        kids["minItems"] = rng.randint(1, 2)  # forced depth: only a leaf kind ends it
    node: dict[str, Any] = {
        "type": "object",
        "properties": {"v": rng.choice(fuzz_families.LEAVES), "kids": kids},
        "required": rng.choice([["v"], ["kids"], ["v", "kids"], []]),
    }
    if rng.random() < 0.4:  # the base case is one branch of a oneOf
        node = {"oneOf": [{"type": "integer", "minimum": 0}, node]}
    return {"$ref": "#/$defs/tree", "$defs": {"tree": node}}


def _linked(rng: random.Random) -> Any:
    nxt = rng.choice([{"$ref": "#/$defs/list"}, {"anyOf": [{"type": "null"}, {"$ref": "#/$defs/list"}]}])
    node = {
        "type": "object",
        "properties": {"head": {"type": "integer"}, "next": nxt},
        "required": rng.choice([["head"], ["head", "next"], ["next"]]),
        **rng.choice([{}, {"minProperties": 2}, {"additionalProperties": False}]),
    }
    if rng.random() < 0.5:  # the end of the list is a branch: {"end": true}
        node = {"anyOf": [{"type": "object", "properties": {"end": {"const": True}}, "required": ["end"],
                           "additionalProperties": False}, node]}  # fmt: skip
    return {"type": "object", "properties": {"first": {"$ref": "#/$defs/list"}}, "required": ["first"],
            "$defs": {"list": node}}  # fmt: skip


def _mutual(rng: random.Random) -> Any:
    """A -> B -> A: an object whose ``b`` is a B, a B an array of As (or an A's base case)."""
    base = rng.choice([{"type": "string"}, {"const": 0}, {"type": "null"}])
    a_node: dict[str, Any] = {
        "type": "object",
        "properties": {"b": {"$ref": "#/$defs/B"}, "n": {"type": "integer"}},
        "required": rng.choice([["b"], ["n"], ["b", "n"]]),
    }
    b_node: dict[str, Any] = {"type": "array", "items": {"$ref": "#/$defs/A"}, "minItems": rng.randint(0, 2)}
    b_node["maxItems"] = b_node["minItems"] + rng.randint(0, 2)
    if rng.random() < 0.6:
        b_node = {"anyOf": [base, b_node]} if rng.random() < 0.5 else {"oneOf": [base, b_node]}
    top = rng.choice(["A", "B"])
    return {"$ref": f"#/$defs/{top}", "$defs": {"A": a_node, "B": b_node}}


def _dynamic(rng: random.Random) -> Any:
    """JSON Schema's strict-tree example, with a forced depth sometimes."""
    children: dict[str, Any] = {"type": "array", "items": {"$dynamicRef": "#node"}, "maxItems": 2}
    if rng.random() < 0.3:
        children["minItems"] = 1
    return {
        "$id": "https://ex.test/strict",
        "$dynamicAnchor": "node",
        "$ref": "tree",
        "unevaluatedProperties": rng.choice([False, {"type": "integer"}]),
        "$defs": {
            "tree": {
                "$id": "tree",
                "$dynamicAnchor": "node",
                "type": "object",
                "properties": {"data": rng.choice(fuzz_families.LEAVES), "children": children},
                "required": rng.choice([[], ["data"], ["children"], ["data", "children"]]),
            }
        },
    }


def _chain(rng: random.Random) -> Any:
    """A nested object that must be ``depth`` deep (``minProperties``/``required``) before the one
    branch that ends it."""
    end = rng.choice([{"type": "integer"}, {"const": "end"}, {"type": "object", "maxProperties": 0}])
    node = {
        "oneOf": [
            end,
            {"type": "object", "properties": {"in": {"$ref": "#/$defs/n"}}, "required": ["in"],
             **rng.choice([{}, {"minProperties": 1}, {"additionalProperties": False}])},
        ]
    }  # fmt: skip
    return {"$ref": "#/$defs/n", "$defs": {"n": node}, **rng.choice([{}, {"type": "object"}])}


RECURSIVE: list[Callable[[random.Random], Any]] = [_tree, _linked, _mutual, _dynamic, _chain]

POOL_KEYS = [*KEYS, "aa", "x_", "bb", "zz", "1"]
MATCHES = [
    "abc", "foo", "bar", "baz", "Abc", "Abcde", "123-4567", "a@b", "1a@b2", "ad", "abcd", "deadbeef", " ",
    "xx", "xxx", "xxy", "ab", "cdab", "hello", "1", "café", "éàü", "日本語", "AB", "AB12", "A1", "az", "abcz",
    "z", "q", "aq", "a-b-c", "v1.2", "v1.2.3", "+12345", "12345", "5 6 7 8", "a1-", "P1D", "PT1,5S",
    "x@y.co", "1.2.3.4", "::1", "example.com", "https://ex.test/a", "2024-01-01T00:00:00Z",
]  # fmt: skip
"""Strings that match the patterns above (some two or three of them), and one of each format."""


def _strings() -> list[str]:
    """``MATCHES`` and strings of every length to 12 (and 40, 5000) over a few alphabets."""
    runs = [c * n for c in "a1AxZ -" for n in [*range(13), 40, 5000]]
    runs += ["A" + "a" * (n - 1) for n in range(2, 13)] + ["1" * (n - 1) + "a" for n in range(2, 13)]
    return [*MATCHES, *runs]


def schema_pool(schema: Any) -> list[Any]:
    """The schema's strings, numbers near its bounds (`fuzz_families2`), strings matching the
    patterns above, and objects over the keys above (one or two names, integer or string values)
    and over ``a``, ``b``, ``c``: no arrays of its constants (thousands, each checked on every
    refused schema)."""
    words = [v for k, vs in fuzz_families2._walk(schema) if k == "enum" for v in vs if isinstance(v, str)]
    words += [v for k, v in fuzz_families2._walk(schema) if k == "const" and isinstance(v, str)]
    objects = [{k: v} for k in POOL_KEYS for v in (1, 5, "x", None)]
    objects += [{a: 1, b: 1} for a, b in itertools.combinations(POOL_KEYS, 2)]
    objects += [{a: 1, b: "x"} for a, b in itertools.combinations(POOL_KEYS, 2)]
    return [*words, *fuzz_families2._numbers(schema)[:60], *_strings(), *objects, *fuzz_families2._objects()]


FAMILIES: dict[str, Callable[[random.Random], Any]] = {
    "strings": strings, "maps": maps, "combinators": combinators, "recursion": recursion,
}  # fmt: skip
