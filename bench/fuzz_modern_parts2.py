"""The rest of stop 50's ``modern`` parts (`fuzz_modern_parts` has the first): objects closed by
``unevaluatedProperties``/``unevaluatedItems`` over ``allOf``, ``oneOf``, ``if``/``then``/``else``
and ``$ref``; OpenAPI 3.1 ``discriminator`` unions; ``$anchor``; ``$defs`` in ``$defs``; generic
containers by ``$dynamicRef``/``$dynamicAnchor``."""

from __future__ import annotations

from typing import Any

from fuzz_modern_parts import PARTS, UUID, Build, Part, content_part, leaf


def _base(b: Build) -> tuple[str, dict[str, Any]]:
    """A ``Base`` resource (id, created, an optional label) and its witness."""
    base = {
        "type": "object",
        "required": ["id"],
        "properties": {
            "id": {"type": "string", "format": "uuid"},
            "created": {"type": "string", "format": "date-time"},
            "label": leaf(b)[0],
        },
    }
    return b.define("Base", base), {"id": UUID, "created": "2024-01-02T03:04:05Z"}


def evaluated_part(b: Build) -> Part:
    """``unevaluatedProperties`` (false or a schema) over a ``$ref``'d base extended by ``allOf``
    or by siblings, a ``oneOf`` of kinds, an ``if``/``then``/``else`` on a type field."""
    draw = b.rng.randint(0, 4)
    extra, extra_witness = leaf(b)
    if draw <= 1:
        pointer, witness = _base(b)
        more = {"properties": {"extra": extra}, "required": ["extra"]}
        schema: dict[str, Any] = (
            {"allOf": [{"$ref": pointer}, more]} if draw == 0 else {"$ref": pointer, **more}
        )
        out, witness = schema, {**witness, "extra": extra_witness}
    elif draw == 2:
        kinds = [
            {
                "properties": {"kind": {"const": "a"}, "size": {"type": "integer"}},
                "required": ["kind", "size"],
            },
            {"properties": {"kind": {"const": "b"}, "note": extra}, "required": ["kind", "note"]},
        ]
        out = {"type": "object", "oneOf": kinds}
        witness = b.rng.choice([{"kind": "a", "size": 3}, {"kind": "b", "note": extra_witness}])
    else:
        out = {
            "type": "object",
            "properties": {"type": {"enum": ["person", "org"]}},
            "required": ["type"],
            "if": {"properties": {"type": {"const": "person"}}},
            "then": {"properties": {"first": {"type": "string"}}, "required": ["first"]},
            "else": {"properties": {"legal": extra}, "required": ["legal"]},
        }
        witness = b.rng.choice([{"type": "person", "first": "Ann"}, {"type": "org", "legal": extra_witness}])
    if draw == 4:  # the rest of the names by schema
        out["unevaluatedProperties"] = {"type": "integer"}
        out["minProperties"] = len(witness) + 1
        return out, {**witness, "zz_more": 5}
    out["unevaluatedProperties"] = False
    return out, witness


def evaluated_items_part(b: Build) -> Part:
    """``unevaluatedItems`` over ``prefixItems`` split across ``allOf``, a ``$ref``'d head, an
    ``if``/``then``/``else`` on the first item, ``contains`` (whose matches count evaluated), or
    a version then tags and counts by two ``contains`` in an ``allOf``."""
    draw = b.rng.randint(0, 4)
    if draw == 0:
        schema: dict[str, Any] = {
            "type": "array",
            "prefixItems": [{"type": "string"}],
            "allOf": [{"prefixItems": [True, {"type": "integer"}]}],
            "minItems": 2,
        }
        witness: list[Any] = ["a", 1]
    elif draw == 1:
        head = b.define("Head", {"type": "array", "prefixItems": [{"const": "v1"}, {"type": "string"}]})
        schema = {"$ref": head, "prefixItems": [True, True, {"type": "boolean"}]}
        witness = ["v1", "x", True][: b.rng.randint(1, 3)]
    elif draw == 2:
        schema = {
            "type": "array",
            "minItems": 1,
            "if": {"prefixItems": [{"const": "point"}]},
            "then": {"prefixItems": [True, {"type": "number"}, {"type": "number"}], "minItems": 3},
            "else": {"prefixItems": [{"type": "string"}, {"type": "string"}]},
        }
        witness = b.rng.choice([["point", 1.5, 2], ["label", "x"]])
    elif draw == 3:
        schema = {"type": "array", "contains": {"type": "string"}, "minItems": 2}
        witness = ["tag", 3]
    else:
        schema = {
            "type": "array",
            "prefixItems": [{"const": "v2"}],
            "allOf": [
                {"contains": {"type": "string", "pattern": "^tag:"}},
                {"contains": {"type": "integer"}},
            ],
        }
        witness = ["v2", "tag:a", 1]
    if b.rng.random() < 0.5:
        schema["unevaluatedItems"] = False
        return schema, ["tag", "other"] if draw == 3 else witness
    schema["unevaluatedItems"] = {"type": "integer"}
    return schema, [*(["v1", "x", True] if draw == 1 else witness), 9]


def discriminated_part(b: Build) -> Part:
    """OpenAPI 3.1's ``discriminator`` beside a ``oneOf`` of ``$ref``s: each variant an ``allOf``
    of a ``$ref``'d base and its own fields, the tag a ``const`` or only a string (the mapping
    alone telling them apart), ``unevaluatedProperties: false`` on the variants sometimes."""
    tagged = b.rng.random() < 0.6
    pet = b.define(
        "Pet",
        {
            "type": "object",
            "required": ["petType", "name"],
            "properties": {"petType": {"type": "string"}, "name": {"type": "string"}},
        },
    )
    variants = {
        "cat": ("indoor", {"type": "boolean"}, True),
        "dog": ("bark", {"enum": ["loud", "soft"]}, "soft"),
        "fish": ("water", {"enum": ["salt", "fresh"]}, "fresh"),
    }
    chosen = b.rng.sample(sorted(variants), b.rng.randint(2, 3))
    refs, mapping = [], {}
    for tag in chosen:
        field, field_schema, _ = variants[tag]
        own: dict[str, Any] = {"properties": {field: field_schema}, "required": [field]}
        if tagged:
            own["properties"]["petType"] = {"const": tag}
        variant: dict[str, Any] = {"allOf": [{"$ref": pet}, own]}
        if b.rng.random() < 0.4:
            variant["unevaluatedProperties"] = False
        mapping[tag] = b.define(tag.title(), variant)
        refs.append({"$ref": mapping[tag]})
    schema: dict[str, Any] = {"oneOf": refs, "discriminator": {"propertyName": "petType"}}
    if b.rng.random() < 0.6:
        schema["discriminator"]["mapping"] = mapping
    tag = b.rng.choice(chosen)
    field, _, value = variants[tag]
    return schema, {"petType": tag, "name": "Rex", field: value}


def anchor_part(b: Build) -> Part:
    """``$ref`` to a ``$anchor``: a plain-name anchor of the root, or one inside an embedded
    resource addressed by its ``$id``."""
    money = {
        "type": "object",
        "additionalProperties": False,
        "required": ["amount", "currency"],
        "properties": {
            "amount": {"type": "string", "pattern": "^-?[0-9]+(\\.[0-9]{2})?$"},
            "currency": {"type": "string", "pattern": "^[A-Z]{3}$"},
        },
    }
    witness = {"amount": "10.50", "currency": "EUR"}
    name = b.name("money")
    if b.rng.random() < 0.5:
        b.define("Money", {"$anchor": name, **money})
        return {"$ref": f"#{name}"}, witness
    uri = f"https://ex.test/{b.name('units')}"
    b.define("Units", {"$id": uri, "$defs": {"m": {"$anchor": name, **money}}})
    return {"$ref": f"{uri}#{name}"}, witness


def nested_defs_part(b: Build) -> Part:
    """``$defs`` nested in ``$defs`` (a geo module's point of lat and lon), reached by a long
    pointer from the root or, when the module has an ``$id``, by a pointer inside the module."""
    lat = {"type": "number", "minimum": -90, "maximum": 90}
    lon = {"type": "number", "minimum": -180, "maximum": 180}
    key = b.name("Geo")
    if b.rng.random() < 0.5:
        inner = "#/$defs/" + key + "/$defs/"
        module: dict[str, Any] = {"$defs": {"lat": lat, "lon": lon}}
        target = f"{inner}point"
    else:
        inner, uri = "#/$defs/", f"https://ex.test/{key.lower()}"
        module = {"$id": uri, "$defs": {"lat": lat, "lon": lon}}
        target = f"{uri}#/$defs/point"
    module["$defs"]["point"] = {
        "type": "object",
        "required": ["lat", "lon"],
        "properties": {"lat": {"$ref": inner + "lat"}, "lon": {"$ref": inner + "lon"}},
    }
    b.defs[key] = module
    return {"$ref": target}, {"lat": 48.85, "lon": 2.35}


ITEMS: list[Part] = [
    (
        {
            "type": "object",
            "properties": {"id": {"type": "integer", "minimum": 1}, "email": {"format": "email"}},
            "required": ["id", "email"],
            "additionalProperties": False,
        },
        {"id": 3, "email": "a@example.com"},
    ),
    ({"type": "string", "pattern": "^SKU-[0-9]{4}$"}, "SKU-0042"),
    ({"type": "integer", "minimum": 100, "maximum": 200}, 150),
    ({"enum": ["x", "y"]}, "y"),
]
"""What a generic container is made of: each refuses what a container of anything would hold."""


def _generics(b: Build, same: bool) -> dict[str, str]:
    """The generic ``Page``, ``List`` and ``Result`` resources, each with a default anchor (any
    value); ``same`` names every anchor ``T`` (then a nested instance sees the outermost ``T``)."""
    anchors = (
        dict.fromkeys(["page", "list", "result"], "T") if same else {"page": "P", "list": "L", "result": "R"}
    )
    key = b.name("g")
    uris = {k: f"https://ex.test/{key}/{k}" for k in anchors}
    page = {
        "type": "object",
        "required": ["items", "next"],
        "properties": {
            "items": {"type": "array", "items": {"$dynamicRef": f"#{anchors['page']}"}, "minItems": 1},
            "next": {"type": ["string", "null"], "format": "uri"},
        },
    }
    lst = {"type": "array", "items": {"$dynamicRef": f"#{anchors['list']}"}, "maxItems": 4}
    result = {
        "oneOf": [
            {
                "type": "object",
                "properties": {"ok": {"const": True}, "value": {"$dynamicRef": f"#{anchors['result']}"}},
                "required": ["ok", "value"],
            },
            {
                "type": "object",
                "properties": {"ok": {"const": False}, "error": {"type": "string"}},
                "required": ["ok", "error"],
            },
        ]
    }
    for kind, body in [("page", page), ("list", lst), ("result", result)]:
        b.defs[f"{key}_{kind}"] = {
            "$id": uris[kind],
            **body,
            "$defs": {"T": {"$dynamicAnchor": anchors[kind]}},
        }
    return {kind: f"{uris[kind]}|{anchors[kind]}" for kind in anchors}


def generic_part(b: Build) -> Part:
    """A generic container bound by ``$dynamicAnchor``: a page, list or result of an item type,
    the instance an embedded resource that ``$ref``s the generic and anchors its own item; or a
    page of results of an item (nested instances)."""
    same = b.rng.random() < 0.3
    generics = _generics(b, same)
    item, item_witness = b.rng.choice(ITEMS)
    kind = b.rng.choice(["page", "list", "result", "nested"])

    def instance(of: str, bound: Any) -> Any:
        uri, anchor = generics[of].split("|")
        return {
            "$id": f"{uri}-of-{b.name('x')}",
            "$ref": uri,
            "$defs": {"T": {"$dynamicAnchor": anchor, **bound}},
        }

    if kind == "nested":
        results = instance("result", item)
        schema = instance("page", {"$ref": results["$id"]})
        b.defs[b.name("Inst")] = results
        # the outermost anchor wins: with one name, a result's value is a result again
        return schema, {"items": [{"ok": False, "error": "gone"}], "next": None}
    witness: Any = {
        "page": {"items": [item_witness], "next": "https://example.com/p2"},
        "list": [item_witness, item_witness],
        "result": {"ok": True, "value": item_witness},
    }[kind]
    schema = instance(kind, item)
    if b.rng.random() < 0.4:
        b.defs[b.name("Inst")] = schema
        return {"$ref": schema["$id"]}, witness
    return schema, witness


PARTS.extend([evaluated_part, evaluated_items_part, discriminated_part, anchor_part, nested_defs_part])
PARTS.extend([generic_part, content_part])
