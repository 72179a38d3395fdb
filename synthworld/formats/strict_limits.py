"""OpenAI strict mode's limits on the size of one schema.

OpenAI documents them with the supported schemas
(https://platform.openai.com/docs/guides/structured-outputs#supported-schemas): at most 10 levels
of nested objects, 5,000 object properties in all, 1,000 enum values in all, 120,000 characters
of property names, definition names, enum and const values, and 15,000 characters of values in
one string enum of more than 250. The schema and each of its definitions count their nesting on
their own (a ``$ref`` is not followed).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

__all__ = ["limit_problems"]

MAX_DEPTH = 10
MAX_PROPERTIES = 5000
MAX_ENUM_VALUES = 1000
MAX_CHARACTERS = 120_000
LONG_ENUM = 250
MAX_LONG_ENUM_CHARACTERS = 15_000
_DEFINITIONS = ("$defs", "definitions")
_ONE = ("items", "additionalProperties")
_LIST = ("anyOf", "prefixItems", "items")


def limit_problems(schema: Any) -> list[str]:
    """Each limit `schema` goes past, with the count and the limit (empty when within them all)."""
    if not isinstance(schema, dict):
        return []
    parts = [schema, *_definitions(schema)]
    depth = max(max((d for _, d in _objects(part, 0)), default=0) for part in parts)
    nodes = [node for part in parts for node, _ in _objects(part, 0, every=True)]
    properties = sum(len(n["properties"]) for n in nodes if isinstance(n.get("properties"), dict))
    enums = [n["enum"] for n in nodes if isinstance(n.get("enum"), list)]
    problems = []
    if depth > MAX_DEPTH:
        problems.append(
            f"$: objects nest {depth} levels deep; OpenAI's strict mode takes at most {MAX_DEPTH}"
        )
    if properties > MAX_PROPERTIES:
        problems.append(
            f"$: {properties} object properties; OpenAI's strict mode takes at most {MAX_PROPERTIES}"
        )
    if sum(map(len, enums)) > MAX_ENUM_VALUES:
        problems.append(
            f"$: {sum(map(len, enums))} enum values; OpenAI's strict mode takes at most {MAX_ENUM_VALUES}"
        )
    return problems + _character_problems(schema, nodes, enums)


def _character_problems(
    schema: dict[str, Any], nodes: list[dict[str, Any]], enums: list[list[Any]]
) -> list[str]:
    names = sum(len(str(k)) for n in nodes if isinstance(n.get("properties"), dict) for k in n["properties"])
    names += sum(
        len(str(k)) for key in _DEFINITIONS if isinstance(schema.get(key), dict) for k in schema[key]
    )
    values = sum(len(str(v)) for values in enums for v in values)
    values += sum(len(str(n["const"])) for n in nodes if "const" in n)
    problems = []
    if names + values > MAX_CHARACTERS:
        problems.append(
            f"$: {names + values} characters of names and enum values; OpenAI's strict mode takes at "
            f"most {MAX_CHARACTERS}"
        )
    for values_ in enums:
        length = sum(len(str(v)) for v in values_)
        if len(values_) > LONG_ENUM and length > MAX_LONG_ENUM_CHARACTERS:
            problems.append(
                f"$: an enum of {len(values_)} values has {length} characters; OpenAI's strict mode "
                f"takes at most {MAX_LONG_ENUM_CHARACTERS} in an enum of more than {LONG_ENUM}"
            )
    return problems


def _definitions(schema: dict[str, Any]) -> list[Any]:
    return [d for key in _DEFINITIONS if isinstance(schema.get(key), dict) for d in schema[key].values()]


def _objects(node: Any, depth: int, *, every: bool = False) -> Iterator[tuple[dict[str, Any], int]]:
    """The object schemas in `node` (every schema when `every`), each with how deep it nests."""
    if not isinstance(node, dict):
        return
    kind = node.get("type")
    if kind == "object" or (isinstance(kind, list) and "object" in kind) or "properties" in node:
        depth += 1
        yield node, depth
    elif every:
        yield node, depth
    children = list(node["properties"].values()) if isinstance(node.get("properties"), dict) else []
    children += [node[key] for key in _ONE if isinstance(node.get(key), dict)]
    children += [c for key in _LIST if isinstance(node.get(key), list) for c in node[key]]
    for child in children:
        yield from _objects(child, depth, every=every)
