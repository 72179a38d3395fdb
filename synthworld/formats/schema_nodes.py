"""Every schema inside a JSON Schema with its JSON path: the walk the strict-form rewrites share."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

__all__ = ["schema_nodes"]

_ONE = ("items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames")
_LIST = ("anyOf", "oneOf", "allOf", "prefixItems", "items")
_MAP = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")


def schema_nodes(node: Any, path: str = "$") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every schema dict in ``node`` (itself first), with its JSON path. A node the caller changes
    when it is yielded is walked as changed."""
    if not isinstance(node, dict):
        return
    yield path, node
    for key in _ONE:
        if isinstance(node.get(key), dict):
            yield from schema_nodes(node[key], f"{path}.{key}")
    for key in _LIST:
        if isinstance(node.get(key), list):
            for index, child in enumerate(node[key]):
                yield from schema_nodes(child, f"{path}.{key}[{index}]")
    for key in _MAP:
        if isinstance(node.get(key), dict):
            for name, child in node[key].items():
                yield from schema_nodes(child, f"{path}.{key}.{name}")
