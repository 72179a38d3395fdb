"""OpenAI strict mode: does a parameters schema follow the structured-outputs rules?

OpenAI accepts ``"strict": true`` only when every object schema closes itself
(``additionalProperties: false``) and lists every property in ``required`` (optional values are
spelled as a union with ``null``). `strict_problems` names each object that breaks a rule, by
its JSON path, so ``strict=True`` can fail with the reason instead of a 400 from the API.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

__all__ = ["strict_problems"]

_ONE = ("items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames")
_LIST = ("anyOf", "oneOf", "allOf", "prefixItems", "items")
_MAP = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")


def strict_problems(schema: Any) -> list[str]:
    """Why `schema` cannot be sent with ``strict: true`` (empty when it can)."""
    problems = []
    for path, node in _subschemas(schema, "$"):
        if not _is_object(node):
            continue
        if node.get("additionalProperties") is not False:
            problems.append(f"{path}: an object needs additionalProperties: false")
        required = set(node.get("required", []))
        optional = [name for name in node.get("properties", {}) if name not in required]
        if optional:
            problems.append(f"{path}: every property must be required, but {optional} are optional")
    return problems


def _is_object(node: dict[str, Any]) -> bool:
    kind = node.get("type")
    return kind == "object" or (isinstance(kind, list) and "object" in kind) or "properties" in node


def _subschemas(node: Any, path: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every schema dict inside `node` (itself first), with its JSON path."""
    if not isinstance(node, dict):
        return
    yield path, node
    for key in _ONE:
        if isinstance(node.get(key), dict):
            yield from _subschemas(node[key], f"{path}.{key}")
    for key in _LIST:
        if isinstance(node.get(key), list):
            for index, child in enumerate(node[key]):
                yield from _subschemas(child, f"{path}.{key}[{index}]")
    for key in _MAP:
        if isinstance(node.get(key), dict):
            for name, child in node[key].items():
                yield from _subschemas(child, f"{path}.{key}.{name}")
