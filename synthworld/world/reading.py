"""What a returns schema says to the consistency plan, read once per distinct schema text.

Tools often share an answer schema (an OpenAPI document's get, list and update of one kind), so
the walks over it (property names, object shapes, where in-object rules apply) are cached by its
JSON text, and run over a private copy: no later change to a spec's dicts reaches a cached reading.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from synthworld.world.rules import RulePlan, rules_for
from synthworld.world.shapes import Shapes, property_names, read_shapes, root_properties

__all__ = ["names_of", "schema_text", "shapes_of"]

_SIZE = 2048


def schema_text(schema: Any) -> str | None:
    """The cache key of `schema` (its JSON text, key order kept: shapes read the first
    definition of a name); None when it is not JSON data (then nothing is cached)."""
    try:
        return json.dumps(schema, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        return None


def names_of(schema: Any, text: str | None) -> tuple[frozenset[str], list[str]]:
    """Every property name anywhere in `schema`, and its top-level ones (see `root_properties`)."""
    if text is None:
        return frozenset(property_names(schema)), root_properties(schema)
    names, declared = _names(text)
    return names, list(declared)


def shapes_of(schema: Any, text: str | None, kind: str) -> tuple[Shapes, RulePlan | None]:
    """The shapes of `schema` with top objects hinted `kind`, and where the rules apply."""
    if text is None:
        shapes = read_shapes(schema, kind)
        return shapes, rules_for(shapes) or None
    return _shapes(text, kind)


@lru_cache(maxsize=_SIZE)
def _names(text: str) -> tuple[frozenset[str], tuple[str, ...]]:
    schema = _private(text)
    return frozenset(property_names(schema)), tuple(root_properties(schema))


@lru_cache(maxsize=_SIZE)
def _shapes(text: str, kind: str) -> tuple[Shapes, RulePlan | None]:
    shapes = read_shapes(_private(text), kind)
    return shapes, rules_for(shapes) or None


@lru_cache(maxsize=64)
def _private(text: str) -> Any:
    """One private copy per text (read-only: the shapes keep pieces of it)."""
    return json.loads(text)
