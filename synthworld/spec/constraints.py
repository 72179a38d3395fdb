"""Schema keywords for the constraints an ``Annotated`` type carries: `annotated_types` (``Ge``,
``Len``, ``Interval``...), pydantic's ``Field(ge=0, pattern=..., examples=...)`` and
``StringConstraints``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["NUMBER_KEYWORDS", "constraint_keywords"]

JSON = dict[str, Any]

NUMBER_KEYWORDS = {
    "gt": "exclusiveMinimum",
    "ge": "minimum",
    "lt": "exclusiveMaximum",
    "le": "maximum",
    "multiple_of": "multipleOf",
}
"""A numeric constraint's attribute -> its JSON Schema keyword."""


def constraint_keywords(meta: Any, schema: JSON) -> JSON:
    """The keywords `meta` adds to `schema` (lengths count items for an array, keys for an object)."""
    return _constraint(meta, _kind(schema))


def _constraint(meta: Any, kind: Any) -> JSON:
    """Schema keywords for a constraint object: `annotated_types` (Ge, Len, Interval...), pydantic's
    ``Field(ge=0, pattern=..., examples=...)`` and ``StringConstraints``; lengths count items for
    an array, keys for an object (`kind` is the constrained schema's ``type``)."""
    out: JSON = {}
    for part in _constraint_parts(meta):
        for attr, keyword in NUMBER_KEYWORDS.items():
            if getattr(part, attr, None) is not None:
                out[keyword] = getattr(part, attr)
        for attr, keyword in _length_keys(kind).items():
            if getattr(part, attr, None) is not None:
                out[keyword] = getattr(part, attr)
        if isinstance(getattr(part, "pattern", None), str):
            out["pattern"] = part.pattern
        if getattr(part, "description", None):
            out["description"] = part.description
        out.update(_annotations(part))
    return out


def _annotations(part: Any) -> JSON:
    """What pydantic's ``Field(title=..., examples=[...], json_schema_extra={...})`` adds to
    a schema (the random backend shapes values like a field's examples)."""
    out: JSON = {}
    if isinstance(getattr(part, "title", None), str):
        out["title"] = part.title
    if isinstance(getattr(part, "examples", None), list):
        out["examples"] = part.examples
    extra = getattr(part, "json_schema_extra", None)
    return {**out, **extra} if isinstance(extra, dict) else out


def _constraint_parts(meta: Any) -> list[Any]:
    """`meta` and what it groups: a pydantic ``FieldInfo``'s ``metadata``, an iterable group."""
    inner = getattr(meta, "metadata", None)
    if isinstance(inner, list):  # pydantic's FieldInfo: Ge, MinLen, pattern... in `metadata`
        return [meta, *inner]
    if hasattr(meta, "__iter__") and not isinstance(meta, (str, bytes, Mapping)):
        return [meta, *meta]  # annotated_types.GroupedMetadata: Interval, Len, StringConstraints
    return [meta]


def _kind(schema: JSON) -> Any:
    """The one non-null ``type`` of `schema`, also of an ``Optional[...]`` (else None)."""
    kinds = schema.get("type")
    kinds = kinds if isinstance(kinds, list) else [kinds]
    kinds += [branch.get("type") for branch in schema.get("anyOf", []) if isinstance(branch, dict)]
    found = {k for k in kinds if isinstance(k, str) and k != "null"}
    return found.pop() if len(found) == 1 else None


def _length_keys(kind: Any) -> dict[str, str]:
    if kind == "array":
        return {"min_length": "minItems", "max_length": "maxItems"}
    if kind == "object":
        return {"min_length": "minProperties", "max_length": "maxProperties"}
    return {"min_length": "minLength", "max_length": "maxLength"}
