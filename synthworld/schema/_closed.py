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
        written = [n for n in bad if any(n in _required(p) for p in parts if p.loc.pointer is not None)]
        bad = written or bad  # not the names only a sibling branch's negation requires
        declaring = [p for p in parts if p is not part and not set(bad).isdisjoint(_listed(p))]
        if written and not declaring:
            return _undeclared(parts, part, written)
        if bad and declaring:
            at, where = show_pointer(part.loc.path), _where(parts, declaring, bad)
            return UnsatisfiableSchemaError(
                f"the object at {show_pointer(where)} requires {bad} which its other keywords forbid: "
                f"additionalProperties: false at {at} takes only the properties listed beside it, not "
                f"those of its allOf/anyOf/oneOf branches; fix: list {bad} in the properties at {at}, "
                "or close the object with unevaluatedProperties: false instead (draft 2019-09 and "
                "later), which sees what the branches declare",
                path=where,
            )
    return None


def _undeclared(parts: list[Part], closed: Part, bad: list[str]) -> UnsatisfiableSchemaError:
    """The error for required names no schema of the object declares and a closed one forbids:
    OCSF's classes (ocsf-json-schema) require ``device.os.sp_ver``, a path written as a name, in
    an ``anyOf`` beside ``additionalProperties: false``. Named at the schema that requires them as
    written, not at a path the compiler made (``/oneOf/0/anyOf/0``), with the keyword at fault."""
    requiring = [p for p in parts if p.loc.pointer is not None and not set(bad).isdisjoint(_required(p))]
    where, at = requiring[-1].loc.path, show_pointer(closed.loc.path)
    return UnsatisfiableSchemaError(
        f"the object at {show_pointer(where)} requires {bad} which its other keywords forbid: "
        f"additionalProperties: false at {at} takes only the properties listed beside it, and no "
        f"schema of the object declares {bad}; fix: declare them in the properties at {at}, or "
        "drop them from required",
        path=where,
    )


def _where(parts: list[Part], declaring: list[Part], bad: list[str]) -> str:
    """The path of the object that requires ``bad``: the last schema of the document declaring
    them, else (only the compiler's own conjuncts do: the negation of a ``oneOf``'s sibling
    branch, whose path names no schema) the one requiring them."""
    written = [p for p in declaring if p.loc.pointer is not None]
    if written:
        return written[-1].loc.path
    requiring = [p for p in parts if p.loc.pointer is not None and not set(bad).isdisjoint(_required(p))]
    return (requiring or declaring)[-1].loc.path


def _required(part: Part) -> set[str]:
    required = part.node.get("required")
    return {n for n in required if isinstance(n, str)} if isinstance(required, list) else set()


def _listed(part: Part) -> set[str]:
    properties = part.node.get("properties")
    return set(properties) if isinstance(properties, dict) else set()
