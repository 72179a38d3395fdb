"""Finding a ``$ref`` loop with no base case: references that lead back to where they started
without stepping into a property or an item first (``{"$defs": {"a": {"allOf": [{"$ref":
"#/$defs/a"}]}}}``, ``{"$ref": "#"}``). Every validator checks such a schema by checking it again,
forever: python-jsonschema dies with a RecursionError, a generator never reaches a value."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import unquote

__all__ = ["loop_problem", "ref_loop"]

_IN_PLACE_LISTS = ("allOf", "anyOf", "oneOf")
_IN_PLACE_ONES = ("not", "if", "then", "else")
_ID_KEYS = ("$id", "id")


def ref_loop(schema: Any) -> list[str] | None:
    """The JSON pointers of one loop of in-place references in `schema` (first repeated last),
    or None. Only references within the document (``#...``, a JSON pointer) are followed."""
    edges = dict(_in_place_edges(schema))
    done: set[str] = set()
    for start in edges:
        if start in done:
            continue
        loop = _loop_from(start, edges, done)
        if loop is not None:
            return loop
    return None


def _loop_from(start: str, edges: dict[str, list[str]], done: set[str]) -> list[str] | None:
    """A loop reached from `start` by a depth-first walk (an explicit stack: no recursion)."""
    path = [start]
    stack = [iter(edges.get(start, ()))]
    while stack:
        step = next(stack[-1], None)
        if step is None:
            stack.pop()
            done.add(path.pop())
        elif step in path:
            return [*path[path.index(step) :], step]
        elif step not in done:
            path.append(step)
            stack.append(iter(edges.get(step, ())))
    return None


def _in_place_edges(schema: Any) -> Iterator[tuple[str, list[str]]]:
    """``(pointer, [pointers checked against the same value])`` of every subschema object."""
    stack: list[tuple[Any, str, str]] = [(schema, "", "")]
    while stack:
        node, pointer, resource = stack.pop()
        if not isinstance(node, dict):
            continue
        if pointer and isinstance(node.get("$id", node.get("id")), str):
            resource = pointer  # a "#/..." inside this resource starts at it
        targets = []
        for key, value in node.items():
            child = f"{pointer}/{_escape(str(key))}"
            if key == "$ref" and isinstance(value, str) and value.startswith("#"):
                target = _pointer(value, resource)
                if target is not None:
                    targets.append(target)
            elif key in _IN_PLACE_LISTS and isinstance(value, list):
                targets += [f"{child}/{i}" for i in range(len(value))]
            elif key in _IN_PLACE_ONES or key == "dependentSchemas":
                targets += [child] if key != "dependentSchemas" else _members(value, child)
            stack += _children(key, value, child, resource)
        yield pointer, targets


def _members(value: Any, pointer: str) -> list[str]:
    return [f"{pointer}/{_escape(str(k))}" for k in value] if isinstance(value, dict) else []


def _children(key: Any, value: Any, pointer: str, resource: str) -> list[tuple[Any, str, str]]:
    """The containers under `key` to walk (every dict and list: a subschema may sit anywhere a
    reference can point, ``$defs`` or not)."""
    if key in ("enum", "const", "examples", "default"):
        return []
    if isinstance(value, dict):
        return [(value, pointer, resource)]
    if isinstance(value, list):
        return [(item, f"{pointer}/{i}", resource) for i, item in enumerate(value)]
    return []


def _pointer(ref: str, resource: str) -> str | None:
    """The pointer a ``#...`` reference names, from `resource`; None for an anchor (``#name``)."""
    fragment = unquote(ref[1:])
    if fragment and not fragment.startswith("/"):
        return None
    return resource + fragment


def _escape(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


def loop_problem(schema: Any) -> str | None:
    """Why `schema` cannot be checked when it holds a `ref_loop`, with the fix; None otherwise."""
    loop = ref_loop(schema)
    if loop is None:
        return None
    chain = " -> ".join(f"#{pointer}" for pointer in loop)
    return (
        f"the references {chain} check a value against themselves again without stepping into a "
        "property or an item, so checking it never ends (a $ref loop with no base case); fix: "
        "reach the schema again only under properties, items or the like, or drop the reference"
    )
