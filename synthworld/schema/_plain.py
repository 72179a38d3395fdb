"""Plain checks: a schema of nested properties, required names, scalar constants and types, as one
closure (the conditions of a chain of ``if``s, asked of every value: 25 us each by the generic
walk of `_quick.QuickCheck`, which resolves a location for every keyword it reads)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from synthworld.schema._canonicalise import canonical_view
from synthworld.schema._quick import same_json
from synthworld.schema._resolve import DRAFT4

__all__ = ["plain_check"]

Check = Callable[[Any], bool]

_WORDS = frozenset({"properties", "required", "enum", "type", "not"})
_NOTES = frozenset({"title", "description", "default", "examples", "$comment", "readOnly", "writeOnly"})
_DEPTH = 8


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


_KINDS: dict[str, Check] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
    "number": _number,
    "integer": lambda v: _number(v) and (isinstance(v, int) or float(v).is_integer()),
}


def plain_check(schema: Any, dialect: str, depth: int = 0) -> Check | None:
    """Whether a JSON value satisfies ``schema``, as a closure, when the schema only has
    properties, required names, enums or constants of scalars, types and ``not`` of the same
    (annotations aside), nested; else None (the caller walks it with `QuickCheck`)."""
    if depth > _DEPTH or not isinstance(schema, (dict, bool)):
        return None
    node = canonical_view(schema, dialect)
    if not set(node) - _NOTES:
        return _always
    if not set(node) - _NOTES <= _WORDS:
        return None
    checks: list[Check] = []
    if "type" in node:
        if dialect == DRAFT4 and "integer" in node["type"]:
            return None  # draft 4 reads 1.0 as no integer
        kinds = [_KINDS[t] for t in node["type"]]
        checks.append(lambda v: any(kind(v) for kind in kinds))
    if "enum" in node:
        values = node["enum"]
        if any(isinstance(e, (dict, list)) for e in values):
            return None
        checks.append(lambda v: any(same_json(v, e) for e in values))
    if "required" in node:
        names = tuple(node["required"])
        checks.append(lambda v: not isinstance(v, dict) or all(n in v for n in names))
    if "properties" in node:
        subs = []
        for name, sub in node["properties"].items():
            found = plain_check(sub, dialect, depth + 1)
            if found is None:
                return None
            subs.append((name, found))
        checks.append(lambda v: not isinstance(v, dict) or all(c(v[n]) for n, c in subs if n in v))
    if "not" in node:
        negated = plain_check(node["not"], dialect, depth + 1)
        if negated is None:
            return None
        checks.append(lambda v: not negated(v))
    return checks[0] if len(checks) == 1 else lambda v: all(check(v) for check in checks)


def _always(value: Any) -> bool:
    return True
