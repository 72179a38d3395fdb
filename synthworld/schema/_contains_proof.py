"""A proof, at compile time, that no array meets every ``contains`` of a `PlannedArray`: its
counts (``minContains``/``maxContains``, and for ``uniqueItems`` the few values a ``contains``
lists) against the items each position allows and ``minItems``/``maxItems``.

Without it such a schema was refused only after every attempt's plan searched and drew in vain
(up to 0.9 s CPU, "no valid value could be built"). The proof reads which sets of ``contains``
an item at each position may match: a set whose item node (`PlannedArray.items`, the bounded
others negated) fails to compile as unsatisfiable matches no item there; any other set may. An
item matches some one set, so when no length and choice of sets per position gives counts in
bounds, no array does. Positions past the prefix share one node, and a shortest array removes
any of their items no count needs: lengths up to ``max(minItems, prefix + sum of
minContains)`` decide it, each tried by a walk over the reachable counts (capped per ``contains``
where its bounds stop telling counts apart).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from synthworld.errors import UnsatisfiableSchemaError, show_pointer
from synthworld.schema._contains_plan import compiles

if TYPE_CHECKING:
    from synthworld.schema._contains_plan import PlannedArray
    from synthworld.schema._nodes import Node

__all__ = ["refuse_unmet"]

_LONGEST = 64
"""Arrays longer than this are not proven (a count that large is no conflict of this kind)."""
_MOST_CONTAINS = 4
"""Nor arrays of more ``contains`` (2**n sets per position to compile)."""
_MOST_STATES = 20_000
"""Nor counts with more combinations than this to walk (four ``minContains: 60``)."""

Counts = tuple[int, ...]


def refuse_unmet(plan: PlannedArray, path: str) -> None:
    """Raise `UnsatisfiableSchemaError` when no array meets every ``contains`` of ``plan`` (see the
    module), naming the ``contains`` and the bounds that conflict."""
    count = len(plan.contained)
    if count > _MOST_CONTAINS:
        return
    highs = [_high(plan, k) for k in range(count)]
    if (
        math.prod((c.low if h is None else h + 1) + 1 for c, h in zip(plan.contained, highs, strict=True))
        > _MOST_STATES
    ):
        return
    width = len(plan.positions)
    longest = max(plan.low_items, width + sum(c.low for c in plan.contained))
    if plan.high is not None:
        longest = min(longest, plan.high)
    if longest > _LONGEST:
        return
    sets = [tuple(k for k in range(count) if m >> k & 1) for m in range(1 << count)]
    slots = width + (1 if plan.rest is not None or plan.contained_only else 0)
    allowed = [[s for s in sets if not _empty(_node(plan, s, slot))] for slot in range(slots)]
    if _greedy(plan, highs, allowed, longest) or _reachable(plan, highs, allowed, longest):
        return
    raise UnsatisfiableSchemaError(_reason(plan, highs, allowed, path), path=path)


def _high(plan: PlannedArray, k: int) -> int | None:
    """The most items ``contains`` ``k`` may match: its ``maxContains``, and for ``uniqueItems``
    how many distinct values can match it (`Contained.distinct`)."""
    c = plan.contained[k]
    if c.distinct is not None:
        return c.distinct if c.high is None else min(c.high, c.distinct)
    return c.high


def _node(plan: PlannedArray, chosen: tuple[int, ...], slot: int) -> Node | None:
    """The node of an item at ``slot`` matching each ``contains`` of ``chosen`` and none of the
    bounded others (``None``: no item may stand there)."""
    avoided = tuple(k for k, c in enumerate(plan.contained) if k not in chosen and c.high is not None)
    if chosen or avoided:
        return plan.items(chosen, avoided)(slot)
    return plan.positions[slot] if slot < len(plan.positions) else plan.rest


def _empty(node: Node | None) -> bool:
    """Whether ``node`` is proven to hold no value (none, or its compile failed as unsatisfiable)."""
    return node is None or compiles(node) is False


def _greedy(
    plan: PlannedArray, highs: list[int | None], allowed: list[list[tuple[int, ...]]], longest: int
) -> bool:
    """Whether one array found greedily has every count in bounds: at each position the allowed set
    that raises the most counts still short of their ``minContains`` and passes no maximum (the
    fewest ``contains`` on a tie). A witness, so the walk of every count (`_reachable`: 11**4 of
    them for four ``minContains: 10``, a second of CPU) runs only where it finds none."""
    lows = [c.low for c in plan.contained]
    counts = [0 for _ in lows]
    for n in range(longest + 1):
        if n >= plan.low_items and _fits(tuple(counts), lows, highs):
            return True
        slot = min(n, len(plan.positions))
        if slot >= len(allowed):
            return False
        fitting = [s for s in allowed[slot] if all((h := highs[k]) is None or counts[k] < h for k in s)]
        if not fitting:
            return False
        chosen = max(fitting, key=lambda s: (sum(counts[k] < lows[k] for k in s), -len(s)))
        for k in chosen:
            counts[k] += 1
    return False


def _reachable(
    plan: PlannedArray, highs: list[int | None], allowed: list[list[tuple[int, ...]]], longest: int
) -> bool:
    """Whether some array of at most ``longest`` items has every count in bounds."""
    lows = [c.low for c in plan.contained]
    caps = [low if high is None else high + 1 for low, high in zip(lows, highs, strict=True)]
    states: set[Counts] = {tuple(0 for _ in lows)}
    for n in range(longest + 1):
        if n >= plan.low_items and any(_fits(s, lows, highs) for s in states):
            return True
        slot = min(n, len(plan.positions))
        if slot >= len(allowed) or not states:
            return False
        states = {
            grown
            for s in states
            for chosen in allowed[slot]
            if (grown := _grow(s, chosen, caps, highs)) is not None
        }
    return False


def _grow(counts: Counts, chosen: tuple[int, ...], caps: list[int], highs: list[int | None]) -> Counts | None:
    out = list(counts)
    for k in chosen:
        out[k] = min(out[k] + 1, caps[k])
        high = highs[k]
        if high is not None and out[k] > high:
            return None
    return tuple(out)


def _fits(counts: Counts, lows: list[int], highs: list[int | None]) -> bool:
    return all(
        n >= low and (high is None or n <= high) for n, low, high in zip(counts, lows, highs, strict=True)
    )


def _reason(
    plan: PlannedArray, highs: list[int | None], allowed: list[list[tuple[int, ...]]], path: str
) -> str:
    """What the refusal says: a ``contains`` no allowed item matches, else every count at once."""
    where = show_pointer(path)
    for k, c in enumerate(plan.contained):
        if c.low > 0 and not any(k in s for sets in allowed for s in sets):
            return (
                f"no item the array at {where} allows (its prefixItems/items/unevaluatedItems, and "
                f"the others' maxContains) matches the contains at {show_pointer(c.path)}, which must "
                f"match at least {c.low}; fix: drop that contains or allow items it matches"
            )
    said = "; ".join(_counts(plan, k, highs[k]) for k in range(len(plan.contained)))
    if plan.high is not None and plan.low_items <= plan.high:
        size = f"between {plan.low_items} and {plan.high} items"
    elif plan.high is not None:
        size = f"at most {plan.high} items (and at least {plan.low_items})"
    else:
        size = f"at least {plan.low_items} items"
    return (
        f"no array at {where} meets the counts of all its contains at once: {said}, in an array of "
        f"{size} (minItems/maxItems, prefixItems/items) whose items each match only some of them"
        f"{', all distinct (uniqueItems)' if plan.unique else ''}; fix: loosen minContains/maxContains, "
        "or the items and bounds"
    )


def _counts(plan: PlannedArray, k: int, high: int | None) -> str:
    c = plan.contained[k]
    said = f"{show_pointer(c.path)} wants at least {c.low}"
    if c.high is not None:
        said += f" and at most {c.high}"
    if high is not None and high != c.high:
        said += f" (uniqueItems: at most {c.distinct} distinct items can match it)"
    return said
