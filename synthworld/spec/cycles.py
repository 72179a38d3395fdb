"""Where a typed argument (a dataclass, a pydantic model, or containers of them) holds itself: an
employee whose report's ``manager`` is that employee. JSON cannot hold a cycle, and pydantic says
only "Circular reference detected (id repeated)"; `cycle_of` names the two places."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

__all__ = ["cycle_of"]

_MAX_NODES = 100_000
"""Objects visited at most (an argument is walked once, on the error path only)."""


def cycle_of(value: Any) -> tuple[str, str] | None:
    """``(where, the ancestor it is)`` as paths from the value (``.reports[0].manager``, ``""``
    for the value itself), for the first place `value` holds one of its own ancestors; None when
    it holds none."""
    stack: list[tuple[Any, str, tuple[int, ...], tuple[str, ...]]] = [(value, "", (), ())]
    visited = 0
    while stack and visited < _MAX_NODES:
        node, path, ids, paths = stack.pop()
        visited += 1
        if id(node) in ids:
            return path, paths[ids.index(id(node))]
        if _is_leaf(node):
            continue
        ids, paths = (*ids, id(node)), (*paths, path)
        stack += [(child, path + step, ids, paths) for step, child in reversed(list(_children(node)))]
    return None


def _is_leaf(node: Any) -> bool:
    return node is None or isinstance(node, (str, bytes, bytearray, int, float, complex))


def _children(node: Any) -> Iterator[tuple[str, Any]]:
    if isinstance(node, dict):
        yield from ((f"[{key!r}]", item) for key, item in node.items())
    elif isinstance(node, (list, tuple)):
        yield from ((f"[{index}]", item) for index, item in enumerate(node))
    elif dataclasses.is_dataclass(node) and not isinstance(node, type):
        yield from ((f".{field.name}", getattr(node, field.name)) for field in dataclasses.fields(node))
    elif isinstance(getattr(type(node), "model_fields", None), dict):  # a pydantic model
        yield from ((f".{name}", getattr(node, name, None)) for name in type(node).model_fields)
