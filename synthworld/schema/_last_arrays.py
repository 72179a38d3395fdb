"""What the last resort's array nodes do that the usual ones do not (so no value the usual search
makes changes):

- repeat an item: ``not: {uniqueItems: true}`` holds for an array with two equal items alone.
  Drawn and checked, such arrays rarely came (items drawn apart are apart), and ``{prefixItems:
  [{const: a}], maxItems: 2, not: {uniqueItems: true}}``, met by ``["a", "a"]`` alone, was refused;
- place the item of each further ``contains`` where the item at that position can be one
  (``prefixItems: [{const: a}, {}, {const: a}]`` beside ``contains: {type: array}``: the middle
  one); drawn among every free position, it mostly fell on a ``const`` and the attempt failed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from random import Random
from typing import Any

from synthworld.errors import SchemaError
from synthworld.schema._canonicalise import json_key
from synthworld.schema._nodes import Node, Retry
from synthworld.schema.keywords import ANNOTATIONS

__all__ = ["fitting_positions", "needs_repeat", "with_repeat"]

_CONTAINS_COUNTS = frozenset({"minContains", "maxContains"})


def needs_repeat(neg: Any) -> bool:
    """Whether ``not: neg`` asks for an array with a repeated item: ``neg`` is ``uniqueItems:
    true`` beside annotations and words that hold for every array (``items: true``, counts of a
    ``contains`` it lacks)."""
    if not isinstance(neg, dict) or neg.get("uniqueItems") is not True:
        return False
    for word, value in neg.items():
        if word == "uniqueItems" or word in ANNOTATIONS:
            continue
        if word in _CONTAINS_COUNTS and "contains" not in neg:
            continue
        if word in ("items", "additionalItems", "unevaluatedItems") and value in (True, {}):
            continue
        return False
    return True


def with_repeat(items: list[Any], rng: Random, same: list[list[int]]) -> list[Any]:
    """``items`` with one item copied over another when no two are equal: first over a position
    of the same node (``same``: groups of positions built by one node), else the first item over a
    drawn later one (the check of the whole value decides)."""
    if len(items) < 2 or len({json_key(v) for v in items}) < len(items):
        return items
    groups = [g for g in same if len(g) >= 2]
    if groups:
        i, j = sorted(rng.sample(rng.choice(groups), 2))
    else:
        i, j = 0, rng.randrange(1, len(items))
    out = list(items)
    out[j] = out[i]
    return out


def fitting_positions(
    rng: Random, free: Sequence[int], extras: Sequence[Callable[[int], Node]]
) -> dict[int, Node]:
    """A distinct position of ``free`` for an item of each of ``extras`` (the further ``contains``),
    drawn among those where its node compiles; `Retry` when one has none."""
    left = list(free)
    out: dict[int, Node] = {}
    for at in extras:
        fits = [i for i in left if _compiles(at(i))]
        if not fits:
            raise Retry
        i = fits[rng.randrange(len(fits))]
        left.remove(i)
        out[i] = at(i)
    return out


def _compiles(node: Node) -> bool:
    resolve = getattr(node, "resolve", None)
    if resolve is None:
        return True
    try:
        resolve()
    except SchemaError:
        return False
    return True
