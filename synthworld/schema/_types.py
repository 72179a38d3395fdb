"""The JSON types a set of conjuncts allows: those every ``type`` names, or, where none does,
those its keywords name (an object for ``required``), every type only in the compiler's last
resort (``any_type``)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from synthworld.errors import UnsatisfiableSchemaError, show_pointer
from synthworld.schema._parts import Part
from synthworld.schema.keywords import JSON_TYPES, TYPE_KEYWORDS

__all__ = ["expand_types", "objects_alone", "objects_either_way", "ruled_out", "typed_objects", "types_of"]


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
        if typed and allowed:
            raise ruled_out(path, list(dict.fromkeys(allowed)))
        raise UnsatisfiableSchemaError(
            f"no JSON type satisfies every 'type' at {show_pointer(path)}; fix: make the types overlap",
            path=path,
        )
    return out


def ruled_out(path: str, types: list[str]) -> UnsatisfiableSchemaError:
    """The error of types that overlap but a ``not`` rules out, most often the negation of a
    ``oneOf``'s sibling branch that matches every value of them (ShipEngine's
    ``{"type": "object", "properties": {}}`` beside a branch that names a property): marked
    ``by_not``, so that a choice whose every branch fails says another branch's reason first."""
    shown = " or ".join(types)
    err = UnsatisfiableSchemaError(
        f"no value at {show_pointer(path)} can be the {shown} 'type' allows: a 'not' there rules "
        f"out every {shown} (in a oneOf, the other branches: each such value would also match a "
        "sibling branch that accepts it whole); fix: make the oneOf's branches exclusive (each "
        "one a 'required' name or a 'const' of its own), or write anyOf",
        path=path,
    )
    err.by_not = True  # type: ignore[attr-defined]
    return err


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
    if any(_adds_types(p.node, 0) for p in parts):  # a branch or condition in place of another type
        return False
    try:
        return types_of(parts, set(), any_type=False) == ["object"]
    except UnsatisfiableSchemaError:
        return False


def objects_either_way(
    any_type: bool, rest: Sequence[Part], sides: Sequence[Sequence[Part]], *, typed_if: bool = False
) -> bool:
    """`objects_alone` for ``rest`` beside either side of an ``if`` (``sides``: its ``then``'s and
    its ``else``'s conjuncts, flat, each maybe none). A side's own ``type`` speaks for that side
    alone: in ``{if: {type: object}, else: {type: object}}`` the ``then``'s values may be anything,
    so the ``if`` is not surely true. An ``if`` of a type (``typed_if``) is decided only by a
    ``type``: ``{properties: {c: {}}, if: {type: object}, then: false}`` holds for ``null``."""
    if typed_if and not typed_objects(rest) and not all(typed_objects(side) for side in sides):
        return False
    if any("type" in p.node for side in sides for p in side):
        return all(objects_alone(any_type, [*rest, *side]) for side in sides)
    return objects_alone(any_type, [*rest, *(p for side in sides for p in side)])


_IN_PLACE = ("if", "then", "else", "not", "allOf", "anyOf", "oneOf", "dependentSchemas", "dependencies")
_NEGATED = frozenset({"if", "not"})
"""Words whose subschema may hold negated (an ``if`` fails in the ``else``): any ``type`` there
lets other types in."""
_OTHER_WORDS = frozenset().union(*(own for kind, own in TYPE_KEYWORDS.items() if kind != "object"))
_DEEPEST = 8


def _adds_types(node: Any, depth: int) -> bool:
    """Whether a subschema ``node`` applies in place (a branch, a condition, a dependent schema,
    a ``not``) lets a value of another type than object in: ``{dependentSchemas: {a: {maximum:
    0}}}`` beside ``properties`` builds a number when ``a`` is "present" (a number has every
    name). Keywords and types are read as written; deeper than `_DEEPEST`, it may."""
    if not isinstance(node, dict):
        return False
    if depth > _DEEPEST:
        return True
    for word, sub in _in_place(node):
        if not isinstance(sub, dict):
            continue
        if _other_type(sub, negated=word in _NEGATED) or _adds_types(sub, depth + 1):
            return True
    return False


def _in_place(node: dict[str, Any]) -> Iterator[tuple[str, Any]]:
    """The subschemas ``node`` applies in place, each with its keyword."""
    for word in _IN_PLACE:
        found = node.get(word)
        if isinstance(found, list):
            yield from ((word, sub) for sub in found)
        elif isinstance(found, dict) and word.startswith("depend"):  # dependentSchemas, dependencies
            yield from ((word, sub) for sub in found.values())
        elif found is not None:
            yield word, found


def _other_type(sub: dict[str, Any], *, negated: bool) -> bool:
    """Whether ``sub`` names a type other than object (``negated``: or any type at all)."""
    kind = sub.get("type")
    if kind is not None and (negated or kind not in ("object", ["object"])):
        return True
    enum = sub.get("enum")
    values = [sub["const"]] if "const" in sub else enum if isinstance(enum, list) else []
    return any(not isinstance(v, dict) for v in values) or not _OTHER_WORDS.isdisjoint(sub)
