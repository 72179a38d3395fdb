"""The values conjuncts name: the ``enum`` values every conjunct takes, and the ``examples`` and
``default``s that hold for all of them (a compiler's, memoised in its caches)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from synthworld.errors import UnsatisfiableSchemaError, show_pointer
from synthworld.schema._canonicalise import json_key
from synthworld.schema._multiple_notes import disputed_value_note, steps_in
from synthworld.schema._parts import Part
from synthworld.schema._quick import filter_enum, own_verdict

if TYPE_CHECKING:
    from synthworld.schema._compile import Compiler

__all__ = ["enum_values", "held_samples", "holds"]


def enum_values(cx: Compiler, parts: list[Part], enums: list[list[Any]]) -> list[Any]:
    """The values of the first of ``enums`` in every other one that every conjunct of ``parts``
    accepts; `UnsatisfiableSchemaError` when none is."""
    keys = [{json_key(v) for v in e} for e in enums[1:]]
    values = common = [v for v in enums[0] if all(json_key(v) in k for k in keys)] if keys else list(enums[0])
    for p in parts:  # the values are in every enum: most conjuncts only check their type
        values = filter_enum(p.node, p.loc, values, lambda loc, v: cx.accepts(loc, v, in_enum=True))
    if not values:
        path = parts[0].loc.path
        note = disputed_value_note(common, (_steps(cx, p.node) for p in parts))
        raise UnsatisfiableSchemaError(
            f"no value of enum/const at {show_pointer(path)} satisfies the rest of the schema{note}; fix: "
            "add a value that does",
            path=path,
        )
    return values


def _steps(cx: Compiler, node: Any) -> tuple[float, ...]:
    """``node``'s ``multipleOf`` steps (`steps_in`), memoised by identity (the node kept with them):
    a refused enum under many combinations walked the same subschemas thousands of times."""
    found = cx.steps.get(id(node))
    if found is None:
        found = cx.steps[id(node)] = (node, tuple(m for m, _ in steps_in(node)))
    return found[1]


def held_samples(cx: Compiler, parts: list[Part]) -> list[Any]:
    """The ``examples`` and ``default``s of ``parts`` that every conjunct accepts, in order."""
    raw: list[Any] = []
    for part in parts:
        examples = part.node.get("examples")
        raw.extend(examples if isinstance(examples, list) else [])
        if "default" in part.node:
            raw.append(part.node["default"])
    if not raw:
        return []
    out = []
    for value in raw:  # loops, not `all` of a generator: each conjunct asked until one says no
        for part in parts:
            if not holds(cx, part, value):
                break
        else:
            out.append(value)
    return out


def holds(cx: Compiler, part: Part, value: Any) -> bool:
    """Whether ``value`` satisfies the conjunct ``part``: its own keywords walked first (its
    references and ``allOf`` are conjuncts of their own, checked beside it), else `accepts`."""
    key = (*part.key(), id(value))  # a value of the schema, which outlives this compiler
    found = cx.holding.get(key)
    if found is None:
        quick = own_verdict(part.loc, part.node, value, cx.quick)
        found = cx.holding[key] = cx.accepts(part.loc, value) if quick is None else quick
    return found
