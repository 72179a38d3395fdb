"""The conjuncts of an array's items: those of the item at each position, and those of an item
that a ``contains`` matches (each ``contains`` of the conjuncts, with its bounds)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from synthworld.errors import UnsatisfiableSchemaError, show_pointer
from synthworld.schema._array_node import ArraySpec
from synthworld.schema._canonicalise import FALSE
from synthworld.schema._contains_plan import Contained
from synthworld.schema._nodes import Node
from synthworld.schema._parts import Part
from synthworld.schema._resolve import Loc
from synthworld.schema._too_few import listed_values

if TYPE_CHECKING:
    from synthworld.schema._compile import Compiler

__all__ = ["add_contains", "item_parts"]


def item_parts(parts: list[Part], i: int, contained: bool = False) -> list[Part]:
    """The conjuncts of the item at position ``i``; ``contained``: of one a ``contains`` matches,
    which that ``contains`` evaluates for the ``unevaluatedItems`` of its conjunct and above it."""
    out: list[Part] = []
    owners = [p.loc.path for p in parts if "contains" in p.node] if contained else []
    evaluated = False
    for p in parts:
        prefix = p.node.get("prefixItems", [])
        if i < len(prefix):
            out.append(Part(p.loc.child(prefix[i], "prefixItems", i)))
            evaluated = True
        elif "items" in p.node:
            out.append(Part(p.loc.child(p.node["items"], "items")))
            evaluated = True
    if not evaluated:
        out += [Part(p.loc.child(p.node["unevaluatedItems"], "unevaluatedItems"))
                for p in parts if "unevaluatedItems" in p.node
                and not any(path.startswith(p.loc.path) for path in owners)]  # fmt: skip
    return out


def add_contains(cx: Compiler, parts: list[Part], spec: ArraySpec) -> None:
    """The ``contains`` of the first conjunct that has one, those with bounds first (with its
    bounds), and the nodes of the others' (`_contains_at`)."""
    owners = sorted((p for p in parts if "contains" in p.node), key=lambda p: _COUNTS.isdisjoint(p.node))
    if not owners:
        return
    owner = owners[0]
    spec.extra_contains = [_contains_at(cx, parts, spec, _contains_loc(p)) for p in owners[1:]]
    spec.unsure = any(not _COUNTS.isdisjoint(p.node) for p in owners[1:])  # one item each: checked
    loc = _contains_loc(owner)
    spec.min_contains = int(owner.node.get("minContains", 1))
    if Part(loc).node == FALSE and spec.min_contains > 0:
        raise UnsatisfiableSchemaError(
            f"no array satisfies contains: false at {show_pointer(loc.path)}; fix: drop it", path=loc.path
        )
    distinct = _distinct(cx, parts, spec, loc)
    if distinct is not None and spec.min_contains > distinct:
        raise UnsatisfiableSchemaError(
            f"minContains {spec.min_contains} at {show_pointer(owner.loc.path)} asks for more distinct "
            f"items (uniqueItems) than the {distinct} that can match the contains at "
            f"{show_pointer(loc.path)} (the values it or the items list, where the items allow them); "
            "fix: lower minContains, allow more values or drop uniqueItems",
            path=owner.loc.path,
        )
    if "maxContains" in owner.node:
        spec.max_contains = int(owner.node["maxContains"])
        spec.contains_check = cx.check(loc)
        if spec.max_contains < spec.min_contains:  # minContains is 1 unless given
            raise UnsatisfiableSchemaError(
                f"minContains {spec.min_contains} exceeds maxContains {spec.max_contains} at "
                f"{show_pointer(owner.loc.path)}; fix: make them overlap",
                path=owner.loc.path,
            )
    spec.contains = _contains_at(cx, parts, spec, loc)
    if owners[1:]:
        _planned(cx, parts, spec, owners)
    spec.shared = _contains_at(cx, parts, spec, *map(_contains_loc, owners)) if owners[1:] else None


_COUNTS = frozenset({"minContains", "maxContains"})


def _planned(cx: Compiler, parts: list[Part], spec: ArraySpec, owners: list[Part]) -> None:
    """Each ``contains`` of ``owners`` with its own counts, and the nodes of items matching a set
    of them, for `PlannedArray`."""
    locs = [_contains_loc(p) for p in owners]
    spec.planned = [
        Contained(
            low=int(p.node.get("minContains", 1)),
            high=None if "maxContains" not in p.node else int(p.node["maxContains"]),
            check=cx.check(loc),
            path=loc.path,
            distinct=_distinct(cx, parts, spec, loc),
        )
        for p, loc in zip(owners, locs, strict=True)
    ]
    nots = [_negated(cx, loc) for loc in locs]

    def items(chosen: tuple[int, ...], avoided: tuple[int, ...]) -> Callable[[int], Node]:
        wanted = [locs[k] for k in chosen] + [nots[k] for k in avoided]
        return _contains_at(cx, parts, spec, *wanted, contained=bool(chosen))

    spec.planned_items = items


def _distinct(cx: Compiler, parts: list[Part], spec: ArraySpec, loc: Loc) -> int | None:
    """For ``uniqueItems``: the most items the ``contains`` at ``loc`` can match, where values are
    listed (`listed_values`): those it lists that the item at some position accepts, or one per
    ``prefixItems`` position and those the items past them list that it accepts (None: neither
    lists values, or no ``uniqueItems``)."""
    if not spec.unique:
        return None
    width = len(spec.positions)
    caps = []
    own = listed_values(loc.schema)
    if own is not None:
        fits = [v for v in map(json.loads, own) if any(_accepts(cx, parts, i, v) for i in range(width + 1))]
        caps.append(len(fits))
    rest = next((v for p in item_parts(parts, width, True) if (v := listed_values(p.node)) is not None), None)
    if rest is not None:
        check = cx.check(loc)
        caps.append(width + sum(1 for v in map(json.loads, rest) if check(v)))
    return min(caps, default=None)


def _accepts(cx: Compiler, parts: list[Part], i: int, value: Any) -> bool:
    """Whether an item at position ``i`` (one a ``contains`` matches) may be ``value``."""
    return all(cx.check(p.loc)(value) for p in item_parts(parts, i, True))


def _negated(cx: Compiler, loc: Loc) -> Loc:
    """``not`` of the ``contains`` at ``loc``: the schema a lone ``not`` there negates, as is (an
    item that must not match ``contains: {not: {type: string}}`` is a string, which the compiler
    reads; ``not: {not: ...}`` it builds by drawing), else a ``not`` of it."""
    schema = loc.schema
    if isinstance(schema, dict) and len(schema) == 1 and "not" in schema:
        return loc.child(schema["not"], "not")
    return cx.synthetic(loc, {"not": schema})


def _contains_loc(owner: Part) -> Loc:
    return owner.loc.child(owner.node["contains"], "contains")


def _contains_at(
    cx: Compiler, parts: list[Part], spec: ArraySpec, *locs: Loc, contained: bool = True
) -> Callable[[int], Node]:
    """The node for an item at each position that also satisfies the ``contains`` at each of `locs`
    (compiled on first use, one per position the array's own items tell apart; ``contained``:
    a ``contains`` matches it, see `item_parts`)."""
    cache: dict[int, Node] = {}

    def at(i: int) -> Node:
        slot = min(i, len(spec.positions))
        if slot not in cache:
            cache[slot] = cx.lazy([*item_parts(parts, slot, contained), *map(Part, locs)])
        return cache[slot]

    return at
