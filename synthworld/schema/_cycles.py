"""Why a schema with no finite value is unsatisfiable: a chain of required members that leads back
to where it started (an object that requires a property whose schema is the object again).

Asked only once the search found no value, to say what to change instead of the generic message.
The walk follows only what every value must hold: ``$ref`` and ``allOf`` (a legacy ``$ref`` alone,
as it overrides its siblings), the ``required`` properties of a schema whose ``type`` is only
``object``, and the first item of one whose ``type`` is only ``array`` with ``minItems`` of 1 or
more. A choice (``anyOf``, ``oneOf``, a type that also allows ``null`` or a string) ends the chain,
since a value may take the other way, so a chain found here really has no finite value.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from synthworld.errors import ROOT, SchemaError, UnsatisfiableSchemaError, show_pointer
from synthworld.schema._content_reading import CONTENT_NOTE, python_judges_content
from synthworld.schema._multiple_notes import negated_multiple_note
from synthworld.schema._multiples import both_judge_multiples
from synthworld.schema._resolve import Loc, resolve_ref

__all__ = ["multiple_note", "required_cycle", "unsatisfiable"]

_DEEPEST = 200  # a chain longer than this is not walked: the message stays the generic one
_VISITS = 10_000  # nor more schemas than this

Key = tuple[int, str, tuple[str, ...]]


def unsatisfiable(root: Loc) -> UnsatisfiableSchemaError:
    """The error for a schema at ``root`` that no search built a value of: the chain of required
    members that never ends, if one does, else what the search could not tell."""
    return required_cycle(root) or UnsatisfiableSchemaError(
        f"no valid value could be built for the schema at {ROOT}; it is unsatisfiable or uses "
        f"keywords in a combination synthworld cannot construct{multiple_note(root)}{_content_note(root)}; "
        "fix: simplify it",
        path="",
    )


def _content_note(root: Loc) -> str:
    """What draft 6 and 7's content words, read apart by the validators, add to the message."""
    try:
        text = json.dumps(root.schema)
    except (TypeError, ValueError):
        return ""
    return CONTENT_NOTE if python_judges_content(text, root.schema, root.dialect) else ""


def multiple_note(root: Loc) -> str:
    """What a fractional ``multipleOf`` both validators judge adds to the generic message: a
    negated one first (`negated_multiple_note`)."""
    try:
        text = json.dumps(root.schema)
    except (TypeError, ValueError):
        return ""
    if not both_judge_multiples(text, root.schema):
        return ""
    return negated_multiple_note(root.schema) or (
        " (a value must be a multiple of each fractional multipleOf to both python-jsonschema, which "
        "divides floats, so that 0.3 is no multiple of 0.1, and jsonschema-rs; use an integer "
        "multipleOf with scaled numbers, or one that floats hold exactly, such as 0.5 or 0.25)"
    )


def required_cycle(root: Loc) -> UnsatisfiableSchemaError | None:
    """The error naming a chain of required members from ``root`` back into itself, if any."""
    try:
        found = _Walk().down(root, [])
    except (RecursionError, ValueError, TypeError, LookupError):  # a schema it cannot walk: the
        found = None  # generic message stands, never a crash in place of it
    if found is None:
        return None
    start, at, chain = found
    return UnsatisfiableSchemaError(
        f"no value of the schema at {show_pointer(start)} is finite: it requires `{chain}`, whose "
        f"schema is that one again, so a value needs `${at}{chain}{chain}...` without end; fix: make "
        "one member of the chain optional (drop it from `required`, or lower `minItems` to 0), or "
        'allow a value that ends it (`anyOf: [{"$ref": ...}, {"type": "null"}]`)',
        path=start,
    )


class _Walk:
    """Depth first along required members. A value at one place must satisfy a set of conjuncts;
    meeting, below a place, a set that holds all of that place's conjuncts means each member
    it forced is forced there again (members only grow with the set): no finite value."""

    def __init__(self) -> None:
        self.stack: list[tuple[frozenset[Key], str, int]] = []
        self.done: set[frozenset[Key]] = set()
        self.visits = 0

    def down(self, loc: Loc, steps: list[str]) -> tuple[str, str, str] | None:
        """(place of the schema, the steps to it, the chain of steps back to it) of a cycle from
        ``loc``, which ``steps`` reached."""
        self.visits += 1
        if len(steps) > _DEEPEST or self.visits > _VISITS:
            return None
        conjuncts = list(_conjuncts(loc, set()))
        keys = frozenset(c.key() for c in conjuncts)
        if keys in self.done:
            return None
        for above, place, depth in self.stack:
            if above <= keys:
                return place, "".join(steps[:depth]), "".join(steps[depth:])
        first = conjuncts[0] if conjuncts else loc  # a reference's target before the reference
        self.stack.append((keys, first.pointer if first.pointer is not None else first.path, len(steps)))
        try:
            for step, child in _members(conjuncts):
                steps.append(step)
                found = self.down(child, steps)
                steps.pop()
                if found is not None:
                    return found
        finally:
            self.stack.pop()
        self.done.add(keys)
        return None


def _conjuncts(loc: Loc, seen: set[Key]) -> Iterator[Loc]:
    """``loc`` and every schema its ``$ref`` and ``allOf`` make apply to the same value."""
    schema = loc.schema
    if not isinstance(schema, dict) or loc.key() in seen:
        return
    seen.add(loc.key())
    if "$ref" in schema:
        try:
            target = resolve_ref(loc, "$ref")
        except SchemaError:
            target = None
        if target is not None:
            yield from _conjuncts(target, seen)
        if loc.legacy:
            return
    yield loc
    members = schema.get("allOf")
    if isinstance(members, list):
        for index, member in enumerate(members):
            yield from _conjuncts(loc.child(member, "allOf", index), seen)


def _members(conjuncts: list[Loc]) -> Iterator[tuple[str, Loc]]:
    """(path step, schema) of each member every value of these conjuncts must hold."""
    schemas = [c.schema for c in conjuncts]
    if _only(schemas, "object"):
        for name in sorted({r for s in schemas for r in _strings(s.get("required"))}):
            for loc in conjuncts:
                properties = loc.schema.get("properties")
                if isinstance(properties, dict) and name in properties:
                    yield _step(name), loc.child(properties[name], "properties", name)
    if _only(schemas, "array") and any(_at_least_one(s.get("minItems")) for s in schemas):
        for loc in conjuncts:
            first = _first_item(loc)
            if first is not None:
                yield "[0]", first


def _only(schemas: list[dict[str, Any]], kind: str) -> bool:
    """Whether some conjunct's ``type`` allows only ``kind``."""
    return any(s.get("type") in (kind, [kind]) for s in schemas)


def _strings(value: Any) -> list[str]:
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


def _at_least_one(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and value >= 1


def _first_item(loc: Loc) -> Loc | None:
    """The schema of an array's first item under ``loc`` (``prefixItems``, an ``items`` list or
    an ``items`` schema), or None when nothing constrains it there."""
    schema = loc.schema
    prefix = schema.get("prefixItems")
    if isinstance(prefix, list) and prefix:
        return loc.child(prefix[0], "prefixItems", 0)
    items = schema.get("items")
    if isinstance(items, list):
        return loc.child(items[0], "items", 0) if items else None
    if isinstance(items, dict):
        return loc.child(items, "items")
    return None


def _step(name: str) -> str:
    """A property's step in a value's path: ``.name``, or ``['odd name']``."""
    return f".{name}" if name.isidentifier() else f"[{name!r}]"
