"""More of stop 50's ``modern`` parts: the shapes real 2020-12 and OpenAPI 3.1 documents combine
(a parent that closes a ``oneOf`` of ``$ref``s, objects and arrays as ``const``/``enum`` in a
choice, conditional dependencies, a tuple head before ``contains`` items, names by pattern under
``unevaluatedProperties``, annotations and an OpenAPI 3.0 ``nullable`` left in a 3.1 document,
``if``/``then`` per country, ``$anchor`` inside nested ``$defs``, dependency chains, a type union
with each type's keywords)."""

from __future__ import annotations

from typing import Any

from fuzz_modern_parts import LEAVES, PARTS, UUID, Build, Part


def closed_union_part(b: Build) -> Part:
    """A parent with its own ``id`` that closes a discriminated ``oneOf`` of ``$ref``s by
    ``unevaluatedProperties: false`` (the variants' fields count as evaluated)."""
    card = b.define(
        "CardPay",
        {
            "type": "object",
            "required": ["method", "last4"],
            "properties": {"method": {"const": "card"}, "last4": {"pattern": "^[0-9]{4}$"}},
        },
    )
    bank = b.define(
        "BankPay",
        {
            "type": "object",
            "required": ["method", "iban"],
            "properties": {
                "method": {"const": "bank"},
                "iban": {"pattern": "^[A-Z]{2}[0-9]{2}[A-Z0-9]{4,30}$"},
            },
        },
    )
    schema = {
        "type": "object",
        "required": ["id"],
        "properties": {"id": {"type": "string", "format": "uuid"}},
        "oneOf": [{"$ref": card}, {"$ref": bank}],
        "unevaluatedProperties": False,
        "discriminator": {"propertyName": "method", "mapping": {"card": card, "bank": bank}},
    }
    one = b.rng.choice(
        [{"method": "card", "last4": "4242"}, {"method": "bank", "iban": "NL91ABNA0417164300"}]
    )
    return schema, {"id": UUID, **one}


def structured_consts_part(b: Build) -> Part:
    """``const`` and ``enum`` of objects and arrays inside ``anyOf``/``oneOf``: preset units
    beside a custom one, a corner as a pair."""
    if b.rng.random() < 0.5:
        custom = {
            "type": "object",
            "required": ["unit", "factor"],
            "additionalProperties": False,
            "properties": {"unit": {"const": "custom"}, "factor": {"type": "number", "exclusiveMinimum": 0}},
        }
        schema = {
            b.rng.choice(["anyOf", "oneOf"]): [
                {"const": {"unit": "kg", "factor": 1}},
                {"enum": [{"unit": "g", "factor": 0.001}, {"unit": "t", "factor": 1000}]},
                custom,
            ]
        }
        return schema, b.rng.choice([{"unit": "g", "factor": 0.001}, {"unit": "custom", "factor": 2.5}])
    schema = {
        "oneOf": [
            {"enum": [[0, 0], [1, 1]]},
            {
                "type": "array",
                "prefixItems": [{"type": "integer", "minimum": 2}],
                "items": {"type": "integer"},
                "minItems": 2,
                "maxItems": 2,
            },
        ]
    }
    return schema, b.rng.choice([[1, 1], [3, -4]])


def conditional_dependent_part(b: Build) -> Part:
    """A ``dependentSchemas`` holding an ``if``/``then`` (express shipping needs a phone), the
    object closed by ``unevaluatedProperties: false``."""
    schema = {
        "type": "object",
        "required": ["shipping"],
        "properties": {"shipping": {"enum": ["standard", "express"]}, "address": {"type": "string"}},
        "dependentSchemas": {
            "shipping": {
                "if": {"properties": {"shipping": {"const": "express"}}},
                "then": {
                    "properties": {"phone": {"type": "string", "pattern": "^\\+[0-9]{8,14}$"}},
                    "required": ["phone"],
                },
            }
        },
        "unevaluatedProperties": False,
    }
    return schema, b.rng.choice([{"shipping": "express", "phone": "+3161234567"}, {"shipping": "standard"}])


def headed_contains_part(b: Build) -> Part:
    """A tuple head (``prefixItems``) then items only ``contains`` evaluates, under
    ``unevaluatedItems: false``, or typed by ``items`` with ``maxContains``."""
    if b.rng.random() < 0.5:
        schema = {
            "type": "array",
            "prefixItems": [{"const": "header"}],
            "contains": {"type": "integer"},
            "minContains": 2,
            "unevaluatedItems": False,
        }
        return schema, ["header", 1, 2]
    schema = {
        "type": "array",
        "prefixItems": [{"type": "string", "format": "date"}],
        "items": {"type": "number"},
        "contains": {"type": "number", "minimum": 100},
        "maxContains": 1,
        "minItems": 3,
    }
    return schema, ["2024-01-01", 5, 150]


def names_closed_part(b: Build) -> Part:
    """Vendor extensions: ``x-`` names by ``patternProperties``, every name by ``propertyNames``,
    the rest closed by ``unevaluatedProperties: false``."""
    schema = {
        "type": "object",
        "properties": {"name": {"type": "string", "minLength": 1}},
        "patternProperties": {"^x-": {"type": "string"}},
        "propertyNames": {"pattern": "^(x-[a-z-]+|[a-z]+)$"},
        "unevaluatedProperties": False,
        "minProperties": 2,
    }
    return schema, {"name": "a", "x-trace-id": "t1"}


def annotated_part(b: Build) -> Part:
    """A field with OpenAPI 3.1's annotations (``readOnly``, ``writeOnly``, ``deprecated``,
    ``examples``, ``$comment``, ``default``), or an OpenAPI 3.0 ``nullable: true`` left beside
    a 3.1 ``$ref`` (an unknown keyword in 2020-12: it allows no null)."""
    schema, witness = b.rng.choice([p for p in LEAVES if "type" in p[0]])
    notes = {
        "title": "Field",
        "description": "A field.",
        "$comment": "kept for v1 clients",
        b.rng.choice(["readOnly", "writeOnly", "deprecated"]): True,
        "examples": [witness],
    }
    if b.rng.random() < 0.5:
        return {**schema, **notes, "default": witness}, witness
    return {"$ref": b.define("Old", schema), "nullable": True, "description": "3.0 style"}, witness


POSTAL = {
    "US": ("^[0-9]{5}(-[0-9]{4})?$", "94105"),
    "CA": ("^[A-Z][0-9][A-Z] [0-9][A-Z][0-9]$", "K1A 0B1"),
    "NL": ("^[0-9]{4} ?[A-Z]{2}$", "1012 AB"),
}


def postal_part(b: Build) -> Part:
    """JSON Schema's own example: a postal code's pattern by country, one ``if``/``then`` per
    country in an ``allOf``, the country an ``enum``, a default country by ``else`` sometimes."""
    countries = b.rng.sample(sorted(POSTAL), b.rng.randint(2, 3))
    rules: list[Any] = [
        {
            "if": {"properties": {"country": {"const": c}}, "required": ["country"]},
            "then": {"properties": {"postal": {"pattern": POSTAL[c][0]}}},
        }
        for c in countries
    ]
    schema = {
        "type": "object",
        "required": ["postal"],
        "allOf": rules,
        "properties": {"country": {"enum": countries}, "postal": {"type": "string"}},
    }
    country = b.rng.choice(countries)
    return schema, {"country": country, "postal": POSTAL[country][1]}


def anchored_module_part(b: Build) -> Part:
    """``$anchor``s inside ``$defs`` nested in ``$defs``, one definition reaching its sibling by
    anchor."""
    key, sku, qty = b.name("Shop"), b.name("sku"), b.name("qty")
    line = {
        "type": "object",
        "required": ["sku", "qty"],
        "additionalProperties": False,
        "properties": {"sku": {"$ref": f"#{sku}"}, "qty": {"$ref": f"#{qty}"}},
    }
    b.defs[key] = {
        "$defs": {
            "sku": {"$anchor": sku, "type": "string", "pattern": "^[A-Z]{3}-[0-9]{3}$"},
            "qty": {"$anchor": qty, "type": "integer", "minimum": 1, "maximum": 99},
            "line": line,
        }
    }
    schema = {"type": "array", "items": {"$ref": f"#/$defs/{key}/$defs/line"}, "minItems": 1}
    return schema, [{"sku": "ABC-123", "qty": 2}]


def chain_part(b: Build) -> Part:
    """``dependentRequired`` chains (a card needs an expiry, an expiry a holder) under
    ``additionalProperties: false`` and a ``maxProperties`` that fits the chain."""
    schema = {
        "type": "object",
        "required": ["card"],
        "additionalProperties": False,
        "maxProperties": 3,
        "properties": {
            "card": {"pattern": "^[0-9]{16}$"},
            "expiry": {"pattern": "^[0-9]{2}/[0-9]{2}$"},
            "holder": {"type": "string", "minLength": 2},
        },
        "dependentRequired": {"card": ["expiry"], "expiry": ["holder"]},
    }
    return schema, {"card": "4111111111111111", "expiry": "12/29", "holder": "Ann Lee"}


def union_part(b: Build) -> Part:
    """A ``type`` union with each type's keywords beside each other (the others ignore them)."""
    schema = {
        "type": ["string", "integer", "null"],
        "minLength": 2,
        "maxLength": 8,
        "pattern": "^[a-z]+$",
        "minimum": 0,
        "multipleOf": 5,
    }
    return schema, b.rng.choice(["ab", 15, None])


PARTS.extend([closed_union_part, structured_consts_part, conditional_dependent_part, headed_contains_part])
PARTS.extend([names_closed_part, annotated_part, postal_part, anchored_module_part, chain_part, union_part])
