"""Stop 50's ``modern`` family (`fuzz_schemas.py modern`): schemas written the way 2020-12 and
OpenAPI 3.1 authors write them, each built with a witness, a value it accepts.

A schema is one part of `fuzz_modern_parts`, `fuzz_modern_parts2` or `fuzz_modern_parts3` at the
root, an object of one to four values (parts, ``anyOf``s of two, parts by ``$ref``, lists of
parts, objects of them; some required, closed by ``additionalProperties`` or
``unevaluatedProperties`` sometimes), a base and its extension under ``unevaluatedProperties:
false``, or a response envelope (a list of one part under ``data`` beside paging metadata),
with every definition the parts made in the root's ``$defs``. ``schema_pool`` gives the last
schema's witness, so ``--pool`` counts a refusal of a schema proven satisfiable (a witness
python-jsonschema refuses would be a bug of this family: none of seeds 0-2's 6,000 is)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import fuzz_modern_parts2  # noqa: F401  (fills PARTS)
import fuzz_modern_parts3  # noqa: F401  (fills PARTS)
from fuzz_modern_parts import PARTS, Build

FIELDS = ["owner", "items", "status", "payment", "location", "result", "price", "tags", "links", "extra"]
DIALECT = "https://json-schema.org/draft/2020-12/schema"
_last: list[Any] = [None, None]
"""The last schema and its witness (`schema_pool`)."""


def _value(b: Build, depth: int) -> tuple[Any, Any]:
    """A part, an ``anyOf`` of two (the witness one of theirs), a part by ``$ref`` (by its
    ``$id`` when it has one), a list of a part, or (one level down) an object of parts."""
    draw = b.rng.random()
    if draw < 0.5:
        return b.rng.choice(PARTS)(b)
    if draw < 0.65:
        options = [b.rng.choice(PARTS)(b) for _ in range(2)]
        return {"anyOf": [s for s, _ in options]}, b.rng.choice(options)[1]
    if draw < 0.75:
        schema, witness = b.rng.choice(PARTS)(b)
        if "$id" in schema:
            b.defs[b.name("Res")] = schema
            return {"$ref": schema["$id"]}, witness
        return {"$ref": b.define("Model", schema)}, witness
    if draw < 0.85 or depth > 0:
        schema, witness = b.rng.choice(PARTS)(b)
        return {"type": "array", "items": schema, "minItems": 1}, [witness]
    return _object(b, depth + 1)


def _object(
    b: Build, depth: int = 0, names: list[str] | None = None, closing: bool = True
) -> tuple[dict[str, Any], dict[str, Any]]:
    """One to four values as properties (`_value`), each required or not (the witness has every
    required one and some others), closed sometimes."""
    names = names or b.rng.sample(FIELDS, b.rng.randint(1, 4))
    parts = {name: _value(b, depth) for name in names}
    required = [n for n in names if b.rng.random() < 0.6]
    shown = [n for n in names if n in required or b.rng.random() < 0.5]
    schema: dict[str, Any] = {"type": "object", "properties": {n: s for n, (s, _) in parts.items()}}
    if required:
        schema["required"] = required
    word = b.rng.choice([None, None, "additionalProperties", "unevaluatedProperties"]) if closing else None
    if word:
        schema[word] = False
    return schema, {n: parts[n][1] for n in shown}


def _extended(b: Build) -> tuple[dict[str, Any], dict[str, Any]]:
    """An ``allOf`` of a ``$ref``'d base object and an extension (names apart), closed at the
    root by ``unevaluatedProperties: false``: OpenAPI 3.1's inheritance."""
    names = b.rng.sample(FIELDS, b.rng.randint(2, 5))
    cut = b.rng.randint(1, len(names) - 1)
    base, base_witness = _object(b, 1, names[:cut], closing=False)
    more, more_witness = _object(b, 1, names[cut:], closing=False)
    schema = {"allOf": [{"$ref": b.define("Base", base)}, more], "unevaluatedProperties": False}
    return schema, {**base_witness, **more_witness}


def _envelope(b: Build) -> tuple[dict[str, Any], dict[str, Any]]:
    """``{data: [part, ...], meta: {...}}``: a list response with paging metadata, the metadata
    an ``allOf`` of a ``$ref``'d base and its own count under ``unevaluatedProperties: false``."""
    item, witness = b.rng.choice(PARTS)(b)
    cursor = b.define("Cursor", {"type": "object", "properties": {"next": {"type": ["string", "null"]}}})
    meta = {
        "allOf": [{"$ref": cursor}, {"properties": {"total": {"type": "integer", "minimum": 0}}}],
        "unevaluatedProperties": False,
    }
    schema = {
        "type": "object",
        "required": ["data"],
        "properties": {"data": {"type": "array", "items": item, "minItems": 1}, "meta": meta},
    }
    return schema, {"data": [witness], "meta": {"next": None, "total": 1}}


def modern(rng: random.Random) -> Any:
    """A schema of this family (its witness kept for `schema_pool`)."""
    b = Build(rng)
    draw = rng.random()
    if draw < 0.3:
        schema, witness = rng.choice(PARTS)(b)
    elif draw < 0.75:
        schema, witness = _object(b)
    elif draw < 0.88:
        schema, witness = _extended(b)
    else:
        schema, witness = _envelope(b)
    schema = dict(schema)
    if b.defs:
        schema["$defs"] = {**schema.get("$defs", {}), **b.defs}
    if rng.random() < 0.4:
        schema = {"$schema": DIALECT, **schema}
    _last[:] = [schema, witness]
    return schema


def witness(schema: Any) -> list[Any]:
    """The witness of ``schema`` when it is the last one built, else none."""
    return [_last[1]] if schema is _last[0] else []


def schema_pool(schema: Any) -> list[Any]:
    """For a refused schema: its witness (`fuzz_schemas.py --pool`)."""
    return witness(schema)


FAMILIES: dict[str, Callable[[random.Random], Any]] = {"modern": modern}
