"""Misspelt fields of a scripted answer: a key one or two edits from a property it does not match.

Schemas that allow other keys take such a key silently: the answer carries it as written and the
property meant is generated, so the agent under test fails for another reason.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from synthworld.spec.checks import nearest
from synthworld.world.shapes import resolve_ref

__all__ = ["field_typos"]

_MAX_DEPTH = 32


def field_typos(value: Any, schema: Any, where: str = "output") -> list[str]:
    """Keys of ``value`` (and of the objects in it) that its object ``schema`` does not declare
    but nearly does (``staus`` beside ``status``), each with the property meant. Local ``$ref``s
    are followed; keys ``patternProperties`` match are fine."""
    found: list[str] = []
    _typos(value, schema, schema, where, found, depth=0)
    return found


def _typos(value: Any, schema: Any, root: Any, where: str, found: list[str], *, depth: int) -> None:
    ref = schema.get("$ref") if isinstance(schema, Mapping) else None
    if isinstance(ref, str):
        schema = resolve_ref(root, ref)
    if not isinstance(value, Mapping) or not isinstance(schema, Mapping) or depth > _MAX_DEPTH:
        return
    properties = schema.get("properties")
    if not isinstance(properties, Mapping):
        return
    patterns = schema.get("patternProperties")
    for key, sub in value.items():
        if key in properties:
            _typos(sub, properties[key], root, f"{where}.{key}", found, depth=depth + 1)
        elif isinstance(key, str) and not (isinstance(patterns, Mapping) and _matches_any(patterns, key)):
            meant = nearest(key, (n for n in properties if isinstance(n, str)))
            if meant is not None:
                found.append(f"{where}: {key!r} is not a property of the answer; did you mean {meant!r}?")


def _matches_any(patterns: Mapping[str, Any], key: str) -> bool:
    try:
        return any(re.search(pattern, key) for pattern in patterns)
    except re.error:  # a pattern Python cannot read: take the key as matched
        return True
