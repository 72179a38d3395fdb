"""The keyword families of stop 47's fuzz (`fuzz_schemas.py` runs them): ``arrays``,
``conditionals`` and ``numbers``, and ``schema_pool``, values built from a refused schema's own
constants (its enums, bounds and multiples) for ``--pool``."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Iterator
from typing import Any

import fuzz_families

SCALARS = fuzz_families.COMBO_SCALARS
TIGHT: list[Any] = [
    {"enum": [1, 2]}, {"const": "a"}, {"type": "boolean"}, {"enum": [None, True]}, {"const": 0},
    {"type": "integer", "minimum": 0, "maximum": 2}, {"enum": ["a", "b", 1]}, {"type": "null"},
]  # fmt: skip
"""Item schemas with few values, so that ``uniqueItems`` and the counts are tight."""


def item(rng: random.Random, depth: int) -> Any:
    """An item schema: a tight or a corpus leaf, or (rarely) a nested array."""
    draw = rng.random()
    if depth < 2 and draw < 0.15:
        return array_node(rng, depth + 1)
    return rng.choice(TIGHT) if draw < 0.65 else rng.choice(SCALARS)


def array_node(rng: random.Random, depth: int = 0) -> dict[str, Any]:
    """One to five array keywords: prefixes, items (false among them), contains with its counts,
    uniqueness, item counts and sometimes ``unevaluatedItems``."""
    makers: dict[str, Callable[[], Any]] = {
        "type": lambda: rng.choice(["array", "array", ["array", "null"]]),
        "items": lambda: rng.choice([False, True, item(rng, depth), item(rng, depth)]),
        "prefixItems": lambda: [item(rng, depth) for _ in range(rng.randint(1, 3))],
        "contains": lambda: item(rng, depth),
        "minContains": lambda: rng.randint(0, 3),
        "maxContains": lambda: rng.randint(0, 3),
        "uniqueItems": lambda: rng.random() < 0.8,
        "minItems": lambda: rng.randint(0, 4),
        "maxItems": lambda: rng.randint(0, 4),
    }
    words = rng.sample(sorted(makers), rng.randint(1, 5))
    out = {word: makers[word]() for word in words}
    if rng.random() < 0.15:
        out["unevaluatedItems"] = rng.choice([False, {"type": "integer"}, {"const": "a"}])
    return out


def arrays(rng: random.Random) -> Any:
    """Array keywords alone, in a combinator of two or three, under ``not`` or in a property."""
    draw = rng.random()
    if draw < 0.4:
        return array_node(rng)
    if draw < 0.75:
        word = rng.choice(["allOf", "anyOf", "oneOf"])
        return {word: [array_node(rng) for _ in range(rng.randint(2, 3))]}
    if draw < 0.9:
        return {"type": "array", **array_node(rng), "not": array_node(rng)}
    return {"type": "object", "properties": {"a": arrays(rng)}, "required": ["a"]}


NAMES = ["a", "b", "c"]
PROPS: list[Any] = [
    {"type": "integer"}, {"enum": [1, 2, "x"]}, {"type": "string", "maxLength": 2}, {"const": 1},
]  # fmt: skip


def test_part(rng: random.Random) -> dict[str, Any]:
    """An ``if``: a property's ``const``/``enum``/``minimum``, a ``required``, or a scalar's bound."""
    name = rng.choice(NAMES)
    return rng.choice(
        [
            {"properties": {name: {"const": rng.choice([1, "x"])}}, "required": [name]},
            {"properties": {name: {"enum": [1, 2]}}},
            {"required": [name]},
            {"properties": {name: {"minimum": rng.choice([0, 2, 5])}}},
            {"minimum": rng.choice([0, 5])},
            {"const": rng.choice([1, "x", None])},
            {"type": rng.choice(["integer", "object", "string"])},
        ]
    )


def outcome(rng: random.Random, depth: int) -> Any:
    """A ``then`` or ``else``: a requirement, a property's rule, a bound, false, or a conditional."""
    name = rng.choice(NAMES)
    if depth < 2 and rng.random() < 0.25:
        return conditional(rng, depth + 1)
    return rng.choice(
        [
            {"required": [name]},
            {"properties": {name: rng.choice(PROPS)}},
            {"properties": {name: False}},
            {"maximum": rng.choice([0, 3])},
            {"multipleOf": 2},
            {"type": rng.choice(["integer", "string", "object"])},
            {"maxProperties": rng.randint(0, 2)},
            False,
            True,
        ]
    )


def conditional(rng: random.Random, depth: int = 0) -> dict[str, Any]:
    """``if`` with ``then`` and/or ``else`` (chains through ``else``), ``dependentRequired``,
    ``dependentSchemas``, a ``not`` of one, or a conditional inside a property or the items."""
    draw = rng.random()
    if draw < 0.55 or depth > 1:
        out: dict[str, Any] = {"if": test_part(rng)}
        for word in rng.choice([["then"], ["else"], ["then", "else"], ["then", "else"]]):
            out[word] = outcome(rng, depth)
        return out
    if draw < 0.65:
        return {"dependentRequired": {rng.choice(NAMES): rng.sample(NAMES, rng.randint(1, 2))}}
    if draw < 0.75:
        return {"dependentSchemas": {rng.choice(NAMES): outcome(rng, depth)}}
    if draw < 0.85:
        return {"not": conditional(rng, depth + 1)}
    if draw < 0.93:
        return {"properties": {rng.choice(NAMES): conditional(rng, depth + 1)}}
    return {"type": "array", "items": conditional(rng, depth + 1), "minItems": rng.randint(0, 2)}


def conditionals(rng: random.Random) -> Any:
    """One to three conditionals in a conjunction or a ``oneOf``, with properties and a type."""
    parts = [conditional(rng) for _ in range(rng.randint(1, 3))]
    base: dict[str, Any] = {}
    if rng.random() < 0.5:
        base["properties"] = {n: rng.choice(PROPS) for n in rng.sample(NAMES, rng.randint(1, 3))}
    if rng.random() < 0.4:
        base["type"] = rng.choice(["object", ["object", "integer"], "integer"])
    if rng.random() < 0.2:
        return {**base, "oneOf": parts if len(parts) > 1 else [*parts, conditional(rng)]}
    if len(parts) == 1:
        return {**base, **parts[0]} if not set(base) & set(parts[0]) else {**base, "allOf": parts}
    return {**base, "allOf": parts}


NUMBER_BOUNDS: list[Any] = [0, 1, -1, 3, 0.5, -2.5, 0.15, 7.3, 100, -1e15, 1e15, 1e15 + 0.5, 1e-5, 2**53]
MULTIPLES: list[Any] = [2, 3, 5, 0.1, 0.01, 1.5, 1e-5, 1e15, 0.3, 7, 0.25]


def number_part(rng: random.Random) -> dict[str, Any]:
    """One to four number keywords: a type, ``multipleOf``, bounds, ``enum``/``const``, a ``not``
    of a multiple or a bound, a format (which numbers ignore)."""
    makers: dict[str, Callable[[], Any]] = {
        "type": lambda: rng.choice(["integer", "number", "number", ["integer", "null"]]),
        "multipleOf": lambda: rng.choice(MULTIPLES),
        "minimum": lambda: rng.choice(NUMBER_BOUNDS),
        "maximum": lambda: rng.choice(NUMBER_BOUNDS),
        "exclusiveMinimum": lambda: rng.choice(NUMBER_BOUNDS),
        "exclusiveMaximum": lambda: rng.choice(NUMBER_BOUNDS),
        "enum": lambda: rng.sample([0, 1, 2, 3, 0.5, 1.5, 0.3, 10, -4, 1e15, "a"], rng.randint(1, 4)),
        "const": lambda: rng.choice([0, 3, 1.5, 0.3, 1e15, -6]),
        "not": lambda: rng.choice(
            [{"multipleOf": rng.choice(MULTIPLES)}, {"minimum": rng.choice(NUMBER_BOUNDS)}, {"const": 0}]
        ),
        "format": lambda: rng.choice(["int32", "int64", "float", "double", "date"]),
    }
    out = {word: makers[word]() for word in rng.sample(sorted(makers), rng.randint(1, 4))}
    if rng.random() < 0.1:  # equal bounds
        out["minimum"] = out["maximum"] = rng.choice(NUMBER_BOUNDS)
    return out


def numbers(rng: random.Random) -> Any:
    """One number conjunct, several under a combinator, or several ``multipleOf`` in an ``allOf``."""
    draw = rng.random()
    if draw < 0.15:
        parts: list[Any] = [{"multipleOf": m} for m in rng.sample(MULTIPLES, rng.randint(2, 3))]
        return {"type": rng.choice(["integer", "number"]), "allOf": [*parts, number_part(rng)]}
    parts = [number_part(rng) for _ in range(rng.randint(1, 3))]
    return parts[0] if len(parts) == 1 else {rng.choice(["allOf", "anyOf", "oneOf"]): parts}


def _walk(node: Any) -> Iterator[tuple[str, Any]]:
    """Every (keyword, value) pair under ``node``."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield key, value
            yield from _walk(value)
    elif isinstance(node, list):
        for value in node:
            yield from _walk(value)


def _numbers(schema: Any) -> list[Any]:
    """Numbers near the schema's bounds and constants, and multiples of its ``multipleOf``s."""
    words = ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "const")
    found = {v for k, v in _walk(schema) if k in words and isinstance(v, (int, float)) and v is not True}
    found |= {v for k, vs in _walk(schema) if k == "enum" for v in vs if isinstance(v, (int, float))}
    steps = {v for k, v in _walk(schema) if k == "multipleOf" and isinstance(v, (int, float))}
    out = {x + d for x in found for d in (0, 1, -1, 0.5, -0.5, 0.1, -0.1)}
    for step, anchor in itertools.product(steps, [0, *found]):
        base = math.floor(anchor / step) if abs(anchor / step) < 1e300 else 0
        out |= {(base + j) * step for j in range(-3, 4)}
    if len(steps) > 1:
        out |= {math.prod(steps), 2 * math.prod(steps)}
    return sorted(out, key=abs)[:400]


def schema_pool(schema: Any) -> list[Any]:
    """Values built from the schema's constants: numbers near its bounds and multiples, and arrays
    (length 0 to 3) of its enum and const values."""
    atoms = [*_numbers(schema)][:60]
    consts = [v for k, v in _walk(schema) if k == "const"]
    consts += [v for k, vs in _walk(schema) if k == "enum" for v in vs]
    seen: list[Any] = []
    for value in [*consts, None, True, False, 0, 1, "a", "x"]:
        if value not in seen or not any(type(v) is type(value) for v in seen if v == value):
            seen.append(value)
    lists = [list(t) for n in range(4) for t in itertools.product(seen[:9], repeat=n)]
    return [*atoms, *lists, *([x] for x in lists[:60]), *_objects()]


def _objects() -> list[dict[str, Any]]:
    """Objects over the names ``a``, ``b``, ``c`` with small values (each name may be absent)."""
    values: list[Any] = [None, 1, 2, 5, "x", 0]
    rows = itertools.product(values, repeat=len(NAMES))
    return [{n: v for n, v in zip(NAMES, row, strict=True) if v is not None} for row in rows]


FAMILIES: dict[str, Callable[[random.Random], Any]] = {
    "arrays": arrays, "conditionals": conditionals, "numbers": numbers,
}  # fmt: skip
