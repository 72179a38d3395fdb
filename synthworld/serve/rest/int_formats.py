"""OpenAPI's integer formats as the ranges they name: ``int32`` and ``int64`` bound a value
(JSON Schema validators take them as annotations, so the world's input check lets
``limit=2147483648`` through where an API built from the document refuses it)."""

from __future__ import annotations

from typing import Any

from synthworld.serve.rest.coerce import Schemas

__all__ = ["RANGES", "format_problems"]

RANGES = {"int32": (-(2**31), 2**31 - 1), "int64": (-(2**63), 2**63 - 1)}
_DEPTH = 8


def format_problems(schemas: Schemas, schema: Any, value: Any, where: str = "$", depth: int = 0) -> list[str]:
    """Every integer of `value` outside the range its schema's ``format`` names, as
    ``"$.limit: 2147483648 is out of the int32 range [-2147483648, 2147483647]"``."""
    resolved = schemas.resolve(schema)
    if depth > _DEPTH or not isinstance(resolved, dict):
        return []
    if isinstance(value, int) and not isinstance(value, bool) and resolved.get("format") in RANGES:
        low, high = RANGES[resolved["format"]]
        if not low <= value <= high:
            return [f"{where}: {value} is out of the {resolved['format']} range [{low}, {high}]"]
    if isinstance(value, list):
        items = schemas.part(resolved, "items")
        return [
            p
            for i, item in enumerate(value)
            for p in format_problems(schemas, items, item, f"{where}[{i}]", depth + 1)
        ]
    if isinstance(value, dict):
        return [
            problem
            for key, item in value.items()
            for problem in format_problems(
                schemas, schemas.part(resolved, "properties", str(key)), item, f"{where}.{key}", depth + 1
            )
        ]
    return []
