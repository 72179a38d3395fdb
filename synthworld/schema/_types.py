"""The JSON types a set of conjuncts allows: those every ``type`` names, or, where none does,
those its keywords name (an object for ``required``), every type only in the compiler's last
resort (``any_type``)."""

from __future__ import annotations

from collections.abc import Sequence

from synthworld.errors import UnsatisfiableSchemaError, show_pointer
from synthworld.schema._parts import Part
from synthworld.schema.keywords import JSON_TYPES, TYPE_KEYWORDS

__all__ = ["expand_types", "objects_alone", "typed_objects", "types_of"]


def types_of(parts: Sequence[Part], not_types: set[str], *, any_type: bool) -> list[str]:
    """The types the conjuncts ``parts`` allow but ``not_types``, in the order they are tried
    (`UnsatisfiableSchemaError` for none)."""
    if len(parts) == 1 and not not_types:  # the usual case: one conjunct of one type
        mine = parts[0].node.get("type")
        if isinstance(mine, list) and len(mine) == 1 and mine[0] != "number":
            return list(mine)
    allowed: list[str] | None = None
    for part in parts:
        if "type" in part.node:
            mine = expand_types(part.node["type"])
            allowed = mine if allowed is None else [t for t in allowed if t in mine]
    typed = allowed is not None
    if allowed is None:
        words = {w for p in parts for w in p.node}
        allowed = [t for t in JSON_TYPES if words & TYPE_KEYWORDS.get(t, frozenset())]
        allowed = [*allowed, *(t for t in JSON_TYPES if t not in allowed)] if any_type else allowed
        allowed = allowed or list(JSON_TYPES)
        if "number" in allowed:
            allowed.insert(allowed.index("number"), "integer")
    out = [t for t in dict.fromkeys(allowed) if t not in not_types]
    if not out and not typed:  # keywords of types a `not` rules out hold for every other type
        out = [t for t in JSON_TYPES if t not in not_types]
    if not out:
        path = parts[0].loc.path if parts else ""
        raise UnsatisfiableSchemaError(
            f"no JSON type satisfies every 'type' at {show_pointer(path)}; fix: make the types overlap",
            path=path,
        )
    return out


def expand_types(types: list[str]) -> list[str]:
    """A ``type`` list with ``integer`` beside ``number`` (a number may be whole)."""
    return ["integer", *types] if "number" in types and "integer" not in types else list(types)


def typed_objects(parts: Sequence[Part]) -> bool:
    """Whether a conjunct of ``parts`` allows objects alone (``type: object``): then no value of
    another type satisfies them."""
    for part in parts:
        kind = part.node.get("type")
        if kind == "object" or (isinstance(kind, list) and kind and all(t == "object" for t in kind)):
            return True
    return False


def objects_alone(any_type: bool, parts: Sequence[Part]) -> bool:
    """Whether the values built for ``parts`` are objects alone: a conjunct types them so, or none
    types them and their keywords name objects alone. Only then do the facts about properties
    (`_discriminate.Facts`) speak of every value built."""
    if typed_objects(parts):
        return True
    if any_type or any("type" in p.node for p in parts):
        return False
    try:
        return types_of(parts, set(), any_type=False) == ["object"]
    except UnsatisfiableSchemaError:
        return False
