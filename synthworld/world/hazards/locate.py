"""Where an answer can change: its nodes with their paths, and the schema keywords at each path.

The schemas found at a path are hints (bounds, lengths, nullability), never trusted alone: every
edit a hazard makes is checked against the whole returns schema before it is kept.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from synthworld._json import local_ref_target

__all__ = ["Path", "delete_at", "get_at", "hint", "id_like", "nodes", "schemas_at", "set_at", "words"]

Path = tuple[str | int, ...]
_MAX_NODES = 2_000
_MAX_DEPTH = 24


def nodes(value: Any) -> Iterator[tuple[Path, Any]]:
    """Every node of `value` with its path, parents before children, object members by key (so the
    order of keys never changes a draw), at most 2,000."""
    stack: list[tuple[Path, Any]] = [((), value)]
    seen = 0
    while stack and seen < _MAX_NODES:
        path, node = stack.pop()
        seen += 1
        yield path, node
        if isinstance(node, dict):
            stack.extend(((*path, k), node[k]) for k in sorted(node, reverse=True))
        elif isinstance(node, list):
            stack.extend(((*path, i), v) for i, v in reversed(list(enumerate(node))))


def get_at(value: Any, path: Path) -> Any:
    """The node of `value` at `path`."""
    for step in path:
        value = value[step]
    return value


def set_at(root: Any, path: Path, new: Any) -> Any:
    """Put `new` at `path` in `root` (in place) and return the root (`new` itself at the top)."""
    if not path:
        return new
    get_at(root, path[:-1])[path[-1]] = new
    return root


def delete_at(root: Any, path: Path) -> None:
    """Remove the key at `path` (an object member) from `root`, in place."""
    del get_at(root, path[:-1])[path[-1]]


def schemas_at(schema: Any, path: Path) -> list[dict[str, Any]]:
    """The subschemas that may describe the node at `path`: local ``$ref``s followed, ``allOf``,
    ``anyOf`` and ``oneOf`` branches all included."""
    current = _expand(schema, schema, 0)
    for step in path:
        found: list[Any] = []
        for sub in current:
            found.extend(_children(sub, step))
        current = [s for f in found for s in _expand(f, schema, 0)]
    return current


def _children(sub: dict[str, Any], step: str | int) -> list[Any]:
    if isinstance(step, str):
        properties = sub.get("properties")
        if isinstance(properties, dict) and step in properties:
            return [properties[step]]
        patterns = sub.get("patternProperties")
        matched = [s for p, s in patterns.items() if _search(p, step)] if isinstance(patterns, dict) else []
        extra = sub.get("additionalProperties")
        return matched + ([extra] if isinstance(extra, dict) else [])
    prefix = sub.get("prefixItems")
    if isinstance(prefix, list) and step < len(prefix):
        return [prefix[step]]
    items = sub.get("items")
    if isinstance(items, list):  # draft 4-7 tuple form
        return [items[step]] if step < len(items) else []
    return [items] if isinstance(items, dict) else []


def _search(pattern: str, text: str) -> bool:
    try:
        return re.search(pattern, text) is not None
    except re.error:
        return False


def _expand(sub: Any, root: Any, depth: int) -> list[dict[str, Any]]:
    if not isinstance(sub, dict) or depth > _MAX_DEPTH:
        return []
    found = [sub]
    ref = sub.get("$ref")
    if isinstance(ref, str) and ref.startswith("#"):
        found += _expand(local_ref_target(root, ref), root, depth + 1)
    for key in ("allOf", "anyOf", "oneOf"):
        branches = sub.get(key)
        if isinstance(branches, list):
            for branch in branches:
                found += _expand(branch, root, depth + 1)
    return found


def hint(schemas: list[dict[str, Any]], keyword: str) -> Any:
    """The first value any of `schemas` gives `keyword` (None when none does)."""
    for sub in schemas:
        if keyword in sub:
            return sub[keyword]
    return None


def words(key: Any) -> list[str]:
    """The lower-case words of a key: ``ticketBody`` and ``ticket_body`` -> ``["ticket", "body"]``."""
    if not isinstance(key, str):
        return []
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", key)
    return [w for w in re.split(r"[^a-zA-Z0-9]+", spaced.lower()) if w]


def id_like(key: Any) -> bool:
    """True for keys that name an identity (``id``, ``user_id``, ``ids``, ``uuid``, ``sku``...):
    hazards leave them alone, so a workflow can still follow its entities."""
    parts = words(key)
    return bool(parts) and parts[-1] in {"id", "ids", "uuid", "guid", "key", "sku", "slug", "cursor", "token"}
