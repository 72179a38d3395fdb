"""Schema keywords for the constraints an ``Annotated`` type carries: `annotated_types` (``Ge``,
``Len``, ``Interval``...), pydantic's ``Field(ge=0, pattern=..., examples=...)`` and
``StringConstraints``; and the JSON number a constrained ``Decimal`` is."""

from __future__ import annotations

import decimal
from collections.abc import Iterable, Mapping
from typing import Any

__all__ = [
    "DECIMAL_CONSTRAINTS",
    "NUMBER_KEYWORDS",
    "constraint_keywords",
    "decimal_constraints",
    "decimal_number_schema",
    "plain_number",
]

JSON = dict[str, Any]

NUMBER_KEYWORDS = {
    "gt": "exclusiveMinimum",
    "ge": "minimum",
    "lt": "exclusiveMaximum",
    "le": "maximum",
    "multiple_of": "multipleOf",
}
"""A numeric constraint's attribute -> its JSON Schema keyword."""

DECIMAL_CONSTRAINTS = (*NUMBER_KEYWORDS, "max_digits", "decimal_places")
"""What pydantic checks of a ``Decimal`` (``condecimal``, ``Field``): bounds and digits."""


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


def decimal_constraints(metadata: Iterable[Any]) -> dict[str, Any]:
    """The `DECIMAL_CONSTRAINTS` an ``Annotated[Decimal, ...]``'s `metadata` states, by name."""
    found = {}
    for part in (part for meta in metadata for part in _constraint_parts(meta)):
        found.update({k: getattr(part, k) for k in DECIMAL_CONSTRAINTS if getattr(part, k, None) is not None})
    return found


def decimal_number_schema(constraints: Mapping[str, Any]) -> JSON:
    """A ``Decimal`` with `constraints` (pydantic's names) as the JSON number they bound: a
    decimal's text could not carry them (``minimum`` holds for numbers only). Digits are bounds
    too: at most ``d`` decimal places is a multiple of ``10**-d``, and ``max_digits=m`` is below
    ``10**(m - d)`` (one branch per number of places when ``d`` is not given)."""
    schema: JSON = {"type": "number"}
    for attr, keyword in NUMBER_KEYWORDS.items():
        if constraints.get(attr) is not None:
            schema[keyword] = plain_number(constraints[attr])
    digits, places = constraints.get("max_digits"), constraints.get("decimal_places")
    if places is not None:
        schema = _digits(schema, digits, places)
    elif digits is not None:  # in allOf, so renderings still read "number"
        schema["allOf"] = [{"anyOf": [_digits({}, digits, k) for k in range(digits + 1)]}]
    return schema


def _digits(schema: JSON, digits: int | None, places: int) -> JSON:
    """`schema` holding numbers of at most `places` decimal places and `digits` digits in all."""
    step = 1 if places <= 0 else float(f"1e-{places}")
    if "multipleOf" in schema:  # a multiple_of too: both hold
        schema = {**schema, "allOf": [{"multipleOf": step}]}
    else:
        schema = {**schema, "multipleOf": step}
    if digits is not None:
        limit = 10 ** (digits - places)
        schema["exclusiveMaximum"] = min(schema.get("exclusiveMaximum", limit), limit)
        schema["exclusiveMinimum"] = max(schema.get("exclusiveMinimum", -limit), -limit)
    return schema


def plain_number(value: Any) -> Any:
    """`value` as JSON: a ``Decimal`` as the int or float it is (``Decimal("9.50")`` is 9.5)."""
    if not isinstance(value, decimal.Decimal):
        return value
    return int(value) if value.is_finite() and value == value.to_integral_value() else float(value)
