"""JSON merge patch (RFC 7386): an update whose request body is an untyped object (Kubernetes'
``patch*`` operations, ``application/merge-patch+json``) merges it into the entity it answers, so
a later read shows the change.

An object in the patch merges into the object it names, key by key; ``null`` removes a key; any
other value replaces it. Written here, not taken from a library: each change goes through `Edits`
(pinned, so no rule moves it; undone as one when the result breaks the answer's schema), which a
library applying a whole patch at once cannot do.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from synthworld.world.edits import Edits

__all__ = ["is_merge_patch", "merge_patch"]

_SHAPED = (
    "properties",
    "patternProperties",
    "items",
    "prefixItems",
    "$ref",
    "allOf",
    "oneOf",
    "anyOf",
    "enum",
)


def is_merge_patch(schema: Any) -> bool:
    """Whether a body parameter's `schema` is an untyped object (what a merge patch declares)."""
    if not isinstance(schema, Mapping) or any(key in schema for key in _SHAPED):
        return False
    kind = schema.get("type", "object")
    return kind == "object" or (isinstance(kind, list) and "object" in kind)


def merge_patch(node: dict[str, Any], patch: Mapping[str, Any], edits: Edits, depth: int = 0) -> None:
    """Merge `patch` into `node` through `edits` (RFC 7386), every key it sets pinned."""
    for key, value in patch.items():
        here = node.get(key)
        if value is None:
            edits.remove(node, key)
        elif type(value) is dict and type(here) is dict and depth < 32:
            merge_patch(here, value, edits, depth + 1)
        else:
            edits.set(node, key, _pruned(value), pin=True)


def _pruned(value: Any) -> Any:
    """A patch value set where nothing was to merge into: its ``null`` members removed (RFC 7386)."""
    if type(value) is not dict:
        return value
    return {key: _pruned(inner) for key, inner in value.items() if inner is not None}
