"""Schema keywords of one OpenAPI document that are not valid JSON Schema, told once.

Translation sets such a keyword aside (an unknown ``type`` becomes an ``x-openapi-type``
annotation) rather than refuse the tool, so the field it meant to limit takes any value; one
`SynthworldWarning` per document says where and how to fix it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from synthworld.errors import warn_user

__all__ = ["COUNTS", "NUMBERS", "NOT_JSON", "SHOWN", "TYPES", "Relaxed", "as_json"]

SHOWN = 3
"""How many places the warning names (it counts them all)."""
TYPES = ("string", "number", "integer", "boolean", "array", "object", "null")
"""The values of JSON Schema's ``type``."""
COUNTS = ("minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties")
"""Keywords whose value is a count (a whole number, 0 or more)."""
NUMBERS = ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf")
"""Keywords whose value is a number."""
_FIXES = {
    "type": f"type must be one of {', '.join(map(repr, TYPES))} (a date or the like is type: string "
    "with a format)",
    "pattern": "pattern must be a regular expression that compiles",
    "enum": "enum must be a non-empty list",
    "required": "required must be a list of property names (a required property is listed in its "
    "object's required)",
    **{key: f"{key} must be a whole number, 0 or more" for key in COUNTS},
    **{key: f"{key} must be a number" for key in NUMBERS},
    "multipleOf": "multipleOf must be a number above 0",
    "annotation": "examples and x- extensions must be JSON data (finite numbers, no .inf or .nan)",
    "examples": "a schema's examples must be a list of values (named examples go in the media type's "
    "examples)",
}
_FIXES["example"] = _FIXES["annotation"]
NOT_JSON: Any = object()
"""What `as_json` gives for a value JSON cannot write."""


def as_json(value: Any) -> Any:
    """A copy of annotation `value` (an ``example``, an ``x-`` extension) as JSON data: a key YAML
    read as a number or boolean (``{200: ok}``) becomes the text JSON writes for it (``"200"``);
    `NOT_JSON` when a value cannot be written (``.inf``, ``.nan``)."""
    if isinstance(value, Mapping):
        out = {}
        for key, item in value.items():
            item = as_json(item)
            if item is NOT_JSON or not (key is None or isinstance(key, (str, int, float))):
                return NOT_JSON
            out[key if isinstance(key, str) else _key_text(key)] = item
        return out
    if isinstance(value, list):
        items = [as_json(item) for item in value]
        return NOT_JSON if any(item is NOT_JSON for item in items) else items
    if isinstance(value, float) and not math.isfinite(value):
        return NOT_JSON
    return value if value is None or isinstance(value, (str, int, float)) else NOT_JSON


def _key_text(key: Any) -> str:
    return "null" if key is None else str(key).lower() if isinstance(key, bool) else str(key)


class Relaxed:
    """The keywords set aside in one document, by JSON pointer (to the keyword in the document)."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.places: dict[str, tuple[str, Any]] = {}

    def add(self, pointer: str, keyword: str, value: Any) -> None:
        """`keyword` (written as `value` at `pointer`) was set aside."""
        self.places.setdefault(pointer, (keyword, value))

    def warn(self) -> None:
        """Warn once about every keyword set aside (nothing when there is none)."""
        if self.places:
            warn_user(self.message())

    def message(self) -> str:
        """The warning's text: the count, the first `SHOWN` places, and one fix per keyword."""
        count = len(self.places)
        shown = [f"{pointer} ({_short(value)})" for pointer, (_, value) in list(self.places.items())[:SHOWN]]
        more = f" and {count - SHOWN} more" if count > SHOWN else ""
        fixes = dict.fromkeys(_FIXES[keyword] for keyword, _ in self.places.values())
        what = "keyword is" if count == 1 else "keywords are"
        them = "it aside and it limits" if count == 1 else "them aside and they limit"
        return (
            f"{self.source}: {count} schema {what} not valid JSON Schema, so synthworld set {them} "
            f"nothing: {', '.join(shown)}{more}; fix: {'; '.join(fixes)}"
        )


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
