"""Text from a URL or a header, as the JSON value its parameter's schema describes.

A query, path or header value is text; the tool takes typed JSON. A value is read as the first
type its schema allows that it spells (``"7"`` as 7 for an integer, ``"true"`` as true for a
boolean), an array split as its ``style`` says (``form`` by commas, ``pipeDelimited`` by
``|``...). Text that spells none of the types is passed on as it is, so the tool's input check
names the parameter and what it expected.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from synthworld.errors import SchemaError
from synthworld.schema import compile_validator

__all__ = ["Schemas", "coerce"]

_INTEGER = re.compile(r"-?\d+")
_NUMBER = re.compile(r"-?\d+(\.\d+)?([eE][-+]?\d+)?")
_DELIMITERS = {"form": ",", "simple": ",", "spaceDelimited": " ", "pipeDelimited": "|", "tabDelimited": "\t"}
_SCALARS = ("integer", "number", "boolean", "null", "string")


class Schemas:
    """Reads the subschemas of one tool's parameters, following its local ``$ref``s."""

    def __init__(self, root: Mapping[str, Any]) -> None:
        self.root = root

    def resolve(self, schema: Any, depth: int = 0) -> Any:
        """`schema` with a local ``$ref`` followed (to its target's target, a few deep)."""
        while isinstance(schema, Mapping) and isinstance(schema.get("$ref"), str) and depth < 16:
            node: Any = self.root
            for token in schema["$ref"].lstrip("#").split("/")[1:]:
                token = token.replace("~1", "/").replace("~0", "~")
                node = node.get(token) if isinstance(node, Mapping) else None
            schema, depth = node, depth + 1
        return schema

    def accepts(self, schema: Any, value: Any) -> bool:
        """Whether `schema` (a part of the root, its ``$ref``s into the root's ``$defs``) takes
        `value`."""
        defs = self.root.get("$defs")
        whole = {"$defs": defs, "allOf": [schema]} if isinstance(defs, Mapping) else schema
        try:
            return compile_validator(whole).is_valid(value)
        except SchemaError:
            return False

    def types(self, schema: Any) -> list[str]:
        """The JSON types `schema` allows, in the order to try them (empty: any)."""
        schema = self.resolve(schema)
        if not isinstance(schema, Mapping):
            return []
        declared = schema.get("type")
        if isinstance(declared, str):
            return [declared]
        if isinstance(declared, list):
            return [kind for kind in declared if isinstance(kind, str)]
        found: list[str] = []
        for key in ("anyOf", "oneOf", "allOf"):
            for branch in schema.get(key, []) if isinstance(schema.get(key), list) else []:
                found += [kind for kind in self.types(branch) if kind not in found]
        if not found and "items" in schema:
            return ["array"]
        if not found and "properties" in schema:
            return ["object"]
        return found

    def part(self, schema: Any, key: str, name: str | None = None) -> Any:
        """``items`` (`name` None) or the schema of property `name` of `schema` (any branch)."""
        schema = self.resolve(schema)
        if not isinstance(schema, Mapping):
            return {}
        found = schema.get(key) if name is None else (schema.get(key) or {}).get(name)
        if found is None and name is not None and isinstance(schema.get("additionalProperties"), Mapping):
            found = schema["additionalProperties"]  # a map's values (``metadata[color]``)
        if found is not None:
            return found
        for branch_key in ("anyOf", "oneOf", "allOf"):
            for branch in schema.get(branch_key, []) if isinstance(schema.get(branch_key), list) else []:
                sub = self.part(branch, key, name)
                if sub != {}:
                    return sub
        return {}


def coerce(schemas: Schemas, schema: Any, values: Sequence[str], place: Mapping[str, Any]) -> Any:
    """The JSON value of a parameter sent as `values` (every occurrence of it in the request),
    written in the way `place` says (``in``, and ``style``/``explode`` when documented)."""
    if str(place.get("content", "")).endswith("json") and values:
        try:
            return json.loads(values[-1])  # a parameter with `content: application/json`
        except ValueError:
            return values[-1]  # for the input check to refuse
    kinds = schemas.types(schema)
    if "array" in kinds:
        if len(values) == 1 and (one := _scalar_alternative(schemas, schema, kinds, values[0])) is not None:
            return one[0]
        return [scalar(schemas, schemas.part(schema, "items"), text) for text in _split(values, place)]
    return scalar(schemas, schema, values[-1] if values else "")


def _scalar_alternative(schemas: Schemas, schema: Any, kinds: list[str], text: str) -> tuple[Any] | None:
    """`text` as a scalar, when the schema also allows one and takes it (Stripe's
    ``anyOf: [array, enum: [""]]``: ``images=`` unsets the list), else None."""
    if not set(kinds) - {"array", "object"}:
        return None
    value = scalar(schemas, schema, text)
    return (value,) if schemas.accepts(schema, value) else None


def scalar(schemas: Schemas, schema: Any, text: str) -> Any:
    """`text` as the first scalar type `schema` allows that it spells, else as it is."""
    kinds = schemas.types(schema) or ["string"]
    for kind in sorted(kinds, key=lambda k: _SCALARS.index(k) if k in _SCALARS else len(_SCALARS)):
        if kind == "integer" and _INTEGER.fullmatch(text):
            return int(text)
        if kind == "number" and _NUMBER.fullmatch(text):
            return float(text) if any(mark in text for mark in ".eE") else int(text)
        if kind == "boolean" and text in ("true", "false"):
            return text == "true"
        if kind == "null" and text in ("", "null"):
            return None
        if kind == "string":
            return text
    return text


def _split(values: Sequence[str], place: Mapping[str, Any]) -> list[str]:
    """The items of an array parameter: one per occurrence when exploded (a query's default),
    else the one value split by the style's delimiter."""
    where = place.get("in")
    style = place.get("style", "form" if where == "query" else "simple")
    explode = place.get("explode", style == "form")
    if where == "query" and explode and style != "deepObject":
        return list(values)
    if not values or values[-1] == "":
        return []
    return values[-1].split(_DELIMITERS.get(str(style), ","))
