"""Which schemas of a document refer back to themselves (directly or through others)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

__all__ = ["NAME_MAPS", "NOT_SCHEMAS", "cyclic_pointers", "refs_in"]

NOT_SCHEMAS = frozenset({"$ref", "example", "examples", "enum", "const"})
NAME_MAPS = frozenset(
    {
        "properties",
        "patternProperties",
        "definitions",
        "$defs",
        "dependentSchemas",
        "schemas",
        "parameters",
        "responses",
        "headers",
        "requestBodies",
        "pathItems",
        "paths",
        "content",
        "callbacks",
        "webhooks",
    }
)
"""Objects whose keys are names chosen by the author (a property may be called ``enum``)."""


def refs_in(node: Any) -> list[str]:
    """Every ``$ref`` string written inside `node` (not following them, nor looking inside
    example values and ``x-`` extensions, whose references are not schemas of the tool)."""
    found: list[str] = []
    stack: list[tuple[Any, bool]] = [(node, False)]
    while stack:
        item, names = stack.pop()
        if isinstance(item, Mapping):
            ref = item.get("$ref")
            if isinstance(ref, str) and not names:
                found.append(ref)
            for key, value in item.items():
                if names or (key not in NOT_SCHEMAS and not str(key).startswith("x-")):
                    stack.append((value, not names and key in NAME_MAPS))
        elif isinstance(item, list):
            stack.extend((value, False) for value in item)
    return found


def cyclic_pointers(starts: Iterable[str], edges: Callable[[str], list[str]]) -> set[str]:
    """The nodes reachable from `starts` that lie on a cycle of `edges` (Tarjan's algorithm,
    iterative so a deep chain of references cannot overflow the stack)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    cyclic: set[str] = set()
    counter = 0
    for start in starts:
        if start in index:
            continue
        work: list[tuple[str, Iterable[str]]] = []
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        work.append((start, iter(edges(start))))
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(edges(child))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1 or node in edges(node):
                    cyclic.update(component)
    return cyclic
