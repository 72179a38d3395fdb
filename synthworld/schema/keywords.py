"""Which JSON Schema keywords constrain which instance type (the others apply to every value)."""

from __future__ import annotations

__all__ = ["ANNOTATIONS", "JSON_TYPES", "TYPE_KEYWORDS"]

ANNOTATIONS = frozenset(
    {"title", "description", "$comment", "examples", "default", "deprecated", "readOnly", "writeOnly"}
)
"""The meta-data vocabulary's words: they describe a value and assert nothing about it."""

JSON_TYPES = ("string", "integer", "boolean", "null", "number", "object", "array")
"""Every JSON Schema type, in the order a schema that names none tries them."""

TYPE_KEYWORDS: dict[str, frozenset[str]] = {
    "object": frozenset({
        "properties", "required", "additionalProperties", "patternProperties", "minProperties",
        "maxProperties", "propertyNames", "dependentRequired", "unevaluatedProperties",
    }),
    "array": frozenset({
        "items", "prefixItems", "contains", "minItems", "maxItems", "uniqueItems", "unevaluatedItems",
    }),
    "string": frozenset({"minLength", "maxLength", "pattern", "format"}),
    "number": frozenset({"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"}),
}  # fmt: skip
"""The keywords that constrain only values of each type (``number``'s constrain integers too)."""
