"""Cheap reasoning about discriminator properties, so branches that cannot hold are never built.

Real schemas select variants by a property with a constant value (``kind: {const: "job"}``) in
``oneOf`` branches and in chains of ``if``/``then``/``else``. Choosing branches blindly makes most
combinations contradict each other (``kind`` cannot be both "job" and "step"), and every
contradiction costs a compile or a failed attempt. Here the constants and enums each conjunct puts
on a property are intersected up front: a branch whose constants conflict with its siblings' is
dropped, an ``if`` that its siblings already make true loses its ``else``, and one they make
false loses its ``then``. Only ``const``/``enum`` of direct properties are used (``false``: no
value, the property is absent; also as an ``anyOf``/``oneOf`` of constants, and what every branch
of a conjunct's ``anyOf``/``oneOf`` holds a property to), and by an ``if`` also those inside a
property typed ``object``; anything else is left to the compiler ("unknown").
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from synthworld.schema._canonicalise import FALSE, canonical_view, json_key
from synthworld.schema._parts import Part

__all__ = ["Facts", "clash", "facts_of", "join_objects", "says_nothing", "verdict"]

Allowed = dict[str, frozenset[str]]
"""For each property name, the JSON keys of the values it may take."""


class Facts:
    """What a set of conjuncts says about constant properties: allowed values and required names."""

    __slots__ = ("allowed", "conflict", "objects", "required")

    def __init__(self) -> None:
        self.allowed: Allowed = {}
        self.required: set[str] = set()
        self.conflict = False
        self.objects: dict[str, list[dict[str, Any]]] = {}
        """For each property a conjunct types ``object``, those subschemas (read by `verdict`
        alone: an ``if`` on a nested constant, ``{"properties": {"S": {"properties": {"v":
        {"const": 1}}}}}``)."""

    def add(self, node: dict[str, Any], dialect: str) -> None:
        """Take in one conjunct's node."""
        required = node.get("required")
        if isinstance(required, list):
            self.required.update(n for n in required if isinstance(n, str))
        properties = node.get("properties")
        if isinstance(properties, dict):
            for name, sub in properties.items():
                values = _constants(sub, dialect)
                if values is not None:
                    self._allow(name, values)
                elif (inner := _object(sub, dialect)) is not None:
                    # copied on write: `plus` and `join_objects` share these between facts
                    self.objects = {**self.objects, name: [*self.objects.get(name, ()), inner]}
        for word in ("anyOf", "oneOf"):
            if isinstance(node.get(word), list) and node[word]:
                self._branches(word, node[word], dialect)

    def _allow(self, name: str, values: frozenset[str]) -> None:
        mine = self.allowed.get(name)
        self.allowed[name] = values if mine is None else mine & values
        if not self.allowed[name] and name in self.required:
            self.conflict = True

    def _branches(self, word: str, branches: list[Any], dialect: str) -> None:
        """What every branch says: a property constant in each takes one of their values; a
        ``oneOf`` of branches that only hold a property to constants needs that property (were it
        absent, every branch would hold)."""
        each = [_branch_constants(b, dialect) for b in branches]
        if any(facts is None for facts in each):
            return
        maps = [facts for facts in each if facts is not None]
        for name in set.intersection(*(set(m) for m in maps)):
            self._allow(name, frozenset().union(*(m[name] for m in maps)))
        only = {name for m in maps for name in m}
        bare = len(only) == 1 and all(_bare(b, dialect, m) for b, m in zip(branches, maps, strict=True))
        if word == "oneOf" and len(maps) > 1 and bare:
            self.required.update(only)

    def plus(self, other: Facts) -> Facts:
        """The facts of both sets of conjuncts together."""
        both = Facts()
        both.required = self.required | other.required
        both.allowed = dict(self.allowed)
        for name, values in other.allowed.items():
            both.allowed[name] = values if name not in both.allowed else both.allowed[name] & values
        both.conflict = self.conflict or other.conflict
        both.objects = join_objects(self.objects, other.objects)
        return both.settle()

    def settle(self) -> Facts:
        """Mark a conflict: a required property with no value left."""
        if not self.conflict and self.required and self.allowed:
            self.conflict = any(not self.allowed[n] for n in self.required if n in self.allowed)
        return self


def facts_of(parts: Iterable[Part]) -> Facts:
    """The facts of flattened conjuncts."""
    facts = Facts()
    for part in parts:
        facts.add(part.node, part.loc.dialect)
    return facts.settle()


def join_objects(
    mine: dict[str, list[dict[str, Any]]], other: dict[str, list[dict[str, Any]]]
) -> dict[str, list[dict[str, Any]]]:
    """The object subschemas of both sets of conjuncts, by property."""
    if not other:
        return mine  # shared, not copied: `Facts.add` copies on write
    joined = dict(mine)
    for name, nodes in other.items():
        joined[name] = [*joined.get(name, ()), *nodes]
    return joined


def verdict(facts: Facts, cond: Part, *, objects: bool) -> str:
    """Whether an ``if`` condition is ``"true"``, ``"false"`` or ``"unknown"`` given the facts of
    its siblings (only for a condition made of constant properties and ``required``, also inside
    a property both it and a sibling type ``object``: a version number held in a nested object
    picks one of a chain of ``if``s, as Stream Deck's manifest schema does). Facts are about
    objects: a value that is none meets such a condition, so it is false only where the siblings
    take objects alone (``objects``), and a condition's ``type`` is told only then."""
    return _verdict(facts, cond.node, cond.loc.dialect, 0, objects)


_COND_WORDS = frozenset({"properties", "required", "type", "$comment", "title", "description"})
_DEPTH = 8


def _verdict(facts: Facts, node: dict[str, Any], dialect: str, depth: int, objects: bool) -> str:
    if set(node) - _COND_WORDS:
        return "unknown"
    if "type" in node and not (objects and _allows_object(node["type"])):
        return "unknown"  # a value of another type may meet it, or the siblings' values may not
    own = Facts()
    own.add(node, dialect)
    properties = node.get("properties", {})
    nested = [name for name in properties if name not in own.allowed]
    if any(len(own.objects.get(name, ())) != 1 for name in nested) or depth > _DEPTH:
        return "unknown"  # some property of the condition is neither a constant nor an object of them
    flat = _flat_verdict(facts, own)
    if not nested:
        return flat if objects or flat != "false" else "unknown"
    inner = [_nested_verdict(facts, name, own.objects[name][0], dialect, depth) for name in nested]
    if (flat == "false" and objects) or "false" in inner:
        return "false" if objects else "unknown"
    return "true" if flat == "true" and all(v == "true" for v in inner) else "unknown"


def _allows_object(kind: Any) -> bool:
    return kind == "object" or (isinstance(kind, list) and "object" in kind)


def _nested_verdict(facts: Facts, name: str, cond: dict[str, Any], dialect: str, depth: int) -> str:
    """The verdict of the condition ``cond`` on object property ``name``: true when whatever object
    the siblings allow there meets it (an absent one meets it too, and so does a value that is no
    object), false when they require the property, type it ``object`` and no object they allow
    there meets it."""
    nodes = facts.objects.get(name)
    if not nodes:
        return "unknown"  # the siblings say nothing of its properties
    inner = Facts()
    for node in nodes:
        inner.add(node, dialect)
    surely_object = name in facts.required and any(_typed_object(node) for node in nodes)
    found = _verdict(inner.settle(), cond, dialect, depth + 1, surely_object)
    return "unknown" if found == "false" and not surely_object else found


def _flat_verdict(facts: Facts, own: Facts) -> str:
    """`verdict` of a condition's constant properties and ``required`` (``own``: its facts)."""
    if any(_absent(facts, name) for name in own.required):
        return "false"  # the condition requires a property the value cannot have
    if any(name not in facts.required for name in own.required):
        return "unknown"  # the value may lack a property the condition requires
    if _contradicts(facts, own):
        return "false"
    if all(_forced(facts, name, values) or _absent(facts, name) for name, values in own.allowed.items()):
        return "true"  # each of its properties surely has one of its values, or is surely absent
    return "unknown"


def _absent(facts: Facts, name: str) -> bool:
    """The value surely lacks property `name`: no value is left for it (and it is not required,
    which would be a conflict)."""
    return name in facts.allowed and not facts.allowed[name] and name not in facts.required


def _contradicts(facts: Facts, own: Facts) -> bool:
    """Some property the value surely has takes none of the condition's values."""
    return any(
        name in facts.required and name in facts.allowed and not (facts.allowed[name] & values)
        for name, values in own.allowed.items()
    )


def _forced(facts: Facts, name: str, values: frozenset[str]) -> bool:
    """The value surely has property `name`, with one of `values`."""
    return name in facts.required and name in facts.allowed and facts.allowed[name] <= values


_NOTES = frozenset({"title", "description", "$comment", "examples", "default"})


def _branch_constants(branch: Any, dialect: str) -> dict[str, frozenset[str]] | None:
    """The properties a branch holds to constants (None: it holds none)."""
    properties = canonical_view(branch, dialect).get("properties")
    if not isinstance(properties, dict):
        return None
    found = {name: _constants(sub, dialect) for name, sub in properties.items()}
    out = {name: values for name, values in found.items() if values is not None}
    return out or None


def _bare(branch: Any, dialect: str, held: dict[str, frozenset[str]]) -> bool:
    """Whether a branch is nothing but properties held to constants (``held``: those it holds)."""
    node = canonical_view(branch, dialect)
    return set(node) - _NOTES == {"properties"} and len(held) == len(node["properties"])


def _object(sub: Any, dialect: str) -> dict[str, Any] | None:
    """A property schema's canonical view when it names properties and types the value
    ``object`` or not at all (Camunda's conditions ``{"binding": {"properties": {"type": {"const":
    ...}}}}``: they bind only an object, which `_nested_verdict` asks a sibling to make it), else
    None."""
    node = canonical_view(sub, dialect)
    typed = node.get("type", "object") in ("object", ["object"])
    return node if typed and isinstance(node.get("properties"), dict) else None


def _typed_object(node: dict[str, Any]) -> bool:
    return node.get("type") in ("object", ["object"])


def _constants(sub: Any, dialect: str, *, nested: bool = False) -> frozenset[str] | None:
    """The values a property schema allows when it is a ``const`` or an ``enum`` (or an ``anyOf``/
    ``oneOf`` of them, the documented-enum idiom: the union), none for ``false``, else None."""
    node = canonical_view(sub, dialect)
    if node == FALSE:  # absent: a negated `required`'s way to fail, beside which `required` is a conflict
        return frozenset()
    if "const" in node:
        return frozenset([json_key(node["const"])])
    if isinstance(node.get("enum"), list):
        return frozenset(json_key(v) for v in node["enum"])
    for word in ("anyOf", "oneOf"):
        branches = node.get(word)
        if not nested and isinstance(branches, list) and branches:
            each = [_constants(b, dialect, nested=True) for b in branches]
            if all(values is not None for values in each):
                return frozenset().union(*(v for v in each if v is not None))
    return None


def says_nothing(facts: Facts) -> bool:
    """Whether ``facts`` (settled) add nothing to any other facts they join."""
    return not facts.allowed and not facts.required and not facts.conflict and not facts.objects


def clash(mine: Facts, other: Facts) -> bool:
    """``mine.plus(other).conflict``, without building the joined facts (both settled: a required
    property whose values only one of them restricts is a conflict already counted)."""
    if mine.conflict or other.conflict:
        return True
    required = mine.required | other.required
    for name, values in other.allowed.items():
        held = mine.allowed.get(name)
        if name in required and not (values if held is None else held & values):
            return True
    held_only = (n for n in other.required if n not in other.allowed and n in mine.allowed)
    return any(not mine.allowed[name] for name in held_only)
