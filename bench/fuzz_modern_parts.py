"""The parts of stop 50's ``modern`` family (`fuzz_modern.py`): each builds a schema the way a
2020-12 or OpenAPI 3.1 author writes one, together with a witness, a value it was built to accept
(the proof that a refusal is wrong). A part may add definitions to the root's ``$defs``
(`Build.define`); a part that nests another keeps the inner one's witness."""

from __future__ import annotations

import base64
import json
import random
from collections.abc import Callable
from typing import Any

Part = tuple[Any, Any]
"""A schema and its witness."""


class Build:
    """One schema under construction: the random stream, the root's ``$defs`` and a counter for
    unique names."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.defs: dict[str, Any] = {}
        self.count = 0

    def name(self, stem: str) -> str:
        self.count += 1
        return f"{stem}{self.count}"

    def define(self, stem: str, schema: Any) -> str:
        """Adds ``schema`` to the root's ``$defs``; returns its pointer."""
        key = self.name(stem)
        self.defs[key] = schema
        return f"#/$defs/{key}"


UUID = "123e4567-e89b-12d3-a456-426614174000"
LEAVES: list[Part] = [
    ({"type": "string", "format": "uuid"}, UUID),
    ({"type": "string", "format": "date-time"}, "2024-05-01T12:00:00Z"),
    ({"type": "string", "format": "email"}, "ann@example.com"),
    ({"type": "string", "format": "uri"}, "https://example.com/a"),
    ({"type": "string", "format": "date"}, "2024-05-01"),
    ({"type": "string", "pattern": "^[A-Z]{3}$"}, "USD"),
    ({"type": "string", "minLength": 1, "maxLength": 40}, "Ann"),
    ({"type": "string", "pattern": "^[a-z0-9-]+$", "maxLength": 16}, "my-slug"),
    ({"type": "integer", "minimum": 1}, 7),
    ({"type": "integer", "minimum": 0, "maximum": 100}, 42),
    ({"type": "number", "exclusiveMinimum": 0, "multipleOf": 0.01}, 12.5),
    ({"type": "boolean"}, True),
    ({"enum": ["active", "suspended", "deleted"]}, "suspended"),
    ({"const": "v1"}, "v1"),
    ({"type": "array", "items": {"type": "string"}, "uniqueItems": True, "maxItems": 5}, ["a", "b"]),
]
"""Field schemas of real APIs: formats, codes, slugs, counts, money, flags, enums, tags."""


def leaf(b: Build) -> Part:
    return b.rng.choice(LEAVES)


def nullable(b: Build) -> Part:
    """OpenAPI 3.1's nullable: ``type: [X, "null"]`` (formats, enums with ``null``, objects), or
    ``anyOf``/``oneOf`` of a ``$ref`` and ``{"type": "null"}``."""
    draw = b.rng.random()
    if draw < 0.5:
        schema, witness = b.rng.choice([p for p in LEAVES if isinstance(p[0].get("type"), str)])
        schema = {**schema, "type": [schema["type"], "null"]}
        return schema, None if b.rng.random() < 0.3 else witness
    if draw < 0.65:
        return {"type": ["string", "null"], "enum": ["low", "high", None]}, b.rng.choice(["low", None])
    inner, witness = b.rng.choice(PARTS)(b)
    if draw < 0.8:
        pointer = b.define("Nullable", inner)
        value = None if b.rng.random() < 0.3 else witness
        word = b.rng.choice(["anyOf", "oneOf"]) if value is not None else "anyOf"  # inner may take null
        return {word: [{"$ref": pointer}, {"type": "null"}]}, value
    obj = {"type": ["object", "null"], "properties": {"v": inner}, "required": ["v"]}
    return obj, None if b.rng.random() < 0.3 else {"v": witness}


def tuple_part(b: Build) -> Part:
    """``prefixItems`` with ``items: false`` (a fixed tuple), some trailing places optional."""
    places = [leaf(b) for _ in range(b.rng.randint(1, 4))]
    least = b.rng.randint(0, len(places))
    schema = {"type": "array", "prefixItems": [s for s, _ in places], "items": False}
    if least:
        schema["minItems"] = least
    length = b.rng.randint(least, len(places))
    return schema, [w for _, w in places[:length]]


CONTAINS: list[tuple[Any, Any, Callable[[int], Any], Callable[[int], Any], bool]] = [
    ({"type": "string"}, {"const": "admin"}, lambda i: "admin", lambda i: f"user{i}", False),
    ({"type": "integer"}, {"minimum": 10}, lambda i: 10 + i, lambda i: i % 10, True),
    (
        {
            "type": "object",
            "properties": {"role": {"enum": ["admin", "user"]}, "id": {"type": "integer"}},
            "required": ["role", "id"],
        },
        {"properties": {"role": {"const": "admin"}}},
        lambda i: {"role": "admin", "id": i},
        lambda i: {"role": "user", "id": 100 + i},
        True,
    ),
    (
        {"type": "string", "format": "email"},
        {"pattern": "@example\\.com$"},
        lambda i: f"u{i}@example.com",
        lambda i: f"u{i}@other.org",
        True,
    ),
    ({"type": ["string", "integer"]}, {"type": "integer"}, lambda i: i, lambda i: f"s{i}", True),
]
"""An ``items`` schema, a ``contains``, the i-th value it matches, the i-th that it does not, and
whether its matches can be told apart (``uniqueItems``)."""


def contains_part(b: Build) -> Part:
    """``contains`` with ``minContains``/``maxContains`` over typed items, ``uniqueItems`` and
    ``maxItems`` sometimes."""
    items, contains, match, miss, distinct = b.rng.choice(CONTAINS)
    unique = b.rng.random() < 0.4
    least = b.rng.randint(0, 1 if unique and not distinct else 3)
    most = least + b.rng.randint(0, 2)
    schema: dict[str, Any] = {"type": "array", "items": items, "contains": contains}
    if least != 1 or b.rng.random() < 0.5:
        schema["minContains"] = least
    if b.rng.random() < 0.6:
        schema["maxContains"] = most
    if unique:
        schema["uniqueItems"] = True
    others = b.rng.randint(0, 2)
    if least == 0 and b.rng.random() < 0.5:
        schema["minItems"] = 1
        others = max(others, 1)
    if b.rng.random() < 0.4:
        schema["maxItems"] = least + others + b.rng.randint(0, 2)
    return schema, [*(match(i) for i in range(least)), *(miss(i) for i in range(others))]


NAME_RULES: list[tuple[Any, list[str]]] = [
    ({"pattern": "^[a-z][a-z0-9_]*$"}, ["alpha", "beta_2", "c"]),
    ({"format": "email"}, ["a@example.com", "b@example.org"]),
    ({"format": "uuid"}, [UUID, "00000000-0000-0000-0000-000000000001"]),
    ({"pattern": "^x-"}, ["x-trace", "x-id"]),
    ({"pattern": "^[A-Z]{2,3}$", "maxLength": 3}, ["US", "GBR", "DE"]),
    ({"enum": ["en", "fr", "de"]}, ["en", "de"]),
    ({"format": "date"}, ["2024-01-01", "2024-12-31"]),
    ({"minLength": 2, "maxLength": 8, "pattern": "^[a-z]+$"}, ["ab", "seven"]),
]
"""A ``propertyNames`` rule and names it allows."""


def names_part(b: Build) -> Part:
    """A map keyed by rule: ``propertyNames`` with a pattern, a format, an enum or a ``$ref`` to
    a key definition; values by ``additionalProperties``, sometimes ``patternProperties``."""
    rule, names = b.rng.choice(NAME_RULES)
    value, value_witness = leaf(b)
    if b.rng.random() < 0.3:
        rule = {"$ref": b.define("Key", {"type": "string", **rule})}
    schema: dict[str, Any] = {"type": "object", "propertyNames": rule, "additionalProperties": value}
    least = b.rng.randint(0, len(names))
    if least:
        schema["minProperties"] = least
    if b.rng.random() < 0.3:
        schema["maxProperties"] = len(names)
    return schema, dict.fromkeys(names[: max(least, b.rng.randint(0, len(names)))], value_witness)


def choice_part(b: Build) -> Part:
    """``const`` and ``enum`` inside combinators: a ``oneOf`` of titled consts, an open enum
    (known values or a pattern), an enum less a ``not``, a referenced enum narrowed by ``allOf``."""
    draw = b.rng.randint(0, 5)
    if draw == 0:
        words = b.rng.sample(["draft", "open", "closed", "merged"], b.rng.randint(2, 4))
        branches = [{"const": w, "title": w.title()} for w in words]
        return {"oneOf": branches}, b.rng.choice(words)
    if draw == 1:
        return {
            "anyOf": [{"enum": ["red", "green"]}, {"type": "string", "pattern": "^custom:"}]
        }, b.rng.choice(["red", "custom:teal"])
    if draw == 2:
        return {"allOf": [{"enum": [1, 2, 3, 4]}, {"not": {"enum": [1, 2]}}]}, 3
    if draw == 3:
        pointer = b.define("Status", {"type": "string", "enum": ["active", "paused", "deleted"]})
        return {"allOf": [{"$ref": pointer}, {"not": {"const": "deleted"}}]}, "paused"
    if draw == 4:
        return {"type": "string", "anyOf": [{"const": "auto"}, {"pattern": "^[0-9]+px$"}]}, "12px"
    return {"oneOf": [{"const": 0}, {"type": "integer", "minimum": 10}, {"const": "none"}]}, 10


def dependent_part(b: Build) -> Part:
    """A payment: ``dependentRequired`` (card needs a billing address) and ``dependentSchemas``
    (a card brings a ``cvv``), the card required or not, closed by ``additionalProperties`` or
    ``unevaluatedProperties`` (the latter sees the dependent schema's property)."""
    card, cvv = {"type": "string", "pattern": "^[0-9]{12,19}$"}, {"type": "string", "pattern": "^[0-9]{3,4}$"}
    props: dict[str, Any] = {"card": card, "billing": {"type": "string", "minLength": 1}, "name": leaf(b)[0]}
    schema: dict[str, Any] = {"type": "object", "properties": props}
    if b.rng.random() < 0.7:
        schema["dependentRequired"] = {"card": ["billing"]}
    outer_cvv = b.rng.random() < 0.5
    if outer_cvv:
        props["cvv"] = cvv
    schema["dependentSchemas"] = {"card": {"properties": {"cvv": cvv}, "required": ["cvv"]}}
    closing = b.rng.choice([None, "additionalProperties", "unevaluatedProperties"])
    if closing == "unevaluatedProperties" or (closing and outer_cvv):
        schema[closing] = False
    with_card = b.rng.random() < 0.6
    if with_card and b.rng.random() < 0.5:
        schema["required"] = ["card"]
    witness = {"card": "4111111111111111", "billing": "1 Main St", "cvv": "123"} if with_card else {}
    return schema, witness


PARTS: list[Callable[[Build], Part]] = [nullable, tuple_part, contains_part, names_part, choice_part]
PARTS += [dependent_part]
"""Filled in by `fuzz_modern_parts2` with the rest (the parts nest each other)."""


def content_part(b: Build) -> Part:
    """``contentEncoding``/``contentMediaType``/``contentSchema`` on a string (annotations in
    2020-12: any string is valid; the witness is the encoded document all the same)."""
    doc = {"id": 1, "ok": True}
    text = json.dumps(doc)
    draw = b.rng.randint(0, 3)
    if draw == 0:
        schema = {
            "type": "string",
            "contentMediaType": "application/json",
            "contentSchema": {"type": "object", "required": ["id"]},
        }
        return schema, text
    if draw == 1:
        schema = {
            "type": "string",
            "contentEncoding": "base64",
            "contentMediaType": "application/json",
            "contentSchema": {"type": "object", "properties": {"id": {"type": "integer"}}},
        }
        return schema, base64.b64encode(text.encode()).decode()
    if draw == 2:
        return {"type": ["string", "null"], "contentEncoding": "base64", "maxLength": 64}, "aGVsbG8="
    return {"type": "string", "contentMediaType": "image/png", "contentEncoding": "base64"}, "iVBORw0KGgo="
