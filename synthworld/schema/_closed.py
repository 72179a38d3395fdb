"""Why an object cannot hold the names it requires, when a schema beside its branch closes it."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from synthworld.errors import UnsatisfiableSchemaError, show_pointer
from synthworld.schema._parts import Part

__all__ = ["closed_beside"]


def closed_beside(
    parts: list[Part], names: Sequence[str], forbids: Callable[[list[Part], str], bool]
) -> UnsatisfiableSchemaError | None:
    """The error naming the conjunct whose ``additionalProperties: false`` refuses the required
    ``names`` it does not list, when that conjunct is not the object's own branch but a schema
    beside it; None otherwise. ``additionalProperties`` sees only the ``properties`` and
    ``patternProperties`` beside it, never those of its ``allOf``/``anyOf``/``oneOf`` branches: a
    mistake real documents make (GitHub's webhook schemas close a ``oneOf`` object that way)."""
    for part in parts:
        listed = part.node.get("properties", {})
        if part.node.get("additionalProperties") is not False or not isinstance(listed, dict):
            continue
        bad = [n for n in names if n not in listed and forbids([part], n)]
        declaring = [p for p in parts if p is not part and not set(bad).isdisjoint(_listed(p))]
        if bad and declaring:
            at, where = show_pointer(part.loc.path), declaring[-1].loc.path
            return UnsatisfiableSchemaError(
                f"the object at {show_pointer(where)} requires {bad} which its other keywords forbid: "
                f"additionalProperties: false at {at} takes only the properties listed beside it, not "
                f"those of its allOf/anyOf/oneOf branches; fix: list {bad} in the properties at {at}, "
                "or close the object with unevaluatedProperties: false instead (draft 2019-09 and "
                "later), which sees what the branches declare",
                path=where,
            )
    return None


def _listed(part: Part) -> set[str]:
    properties = part.node.get("properties")
    return set(properties) if isinstance(properties, dict) else set()
