"""Arrays of several ``contains``, built by a plan: for each position, which ``contains`` its item
matches (none, one, or several at once), so that each one's count lies within its
``minContains``/``maxContains`` and each item's node compiles where it stands.

The usual array node gives the first ``contains`` its counted items and each further one a
single item, or items that match every ``contains`` at once. It refused satisfiable schemas: a
further ``minContains: 2``, a first ``maxContains`` with a ``minItems`` only a further
``contains`` could fill under ``unevaluatedItems: false``, or ``contains`` items that fit the
``prefixItems`` alone (``["a", true, 3]``). `PlannedArray` answers where it fails.

The plan is a search, position by position, over the sets of ``contains`` an item may match
(the positions past the prefix, alike, in a non-decreasing order of sets, then shuffled), pruned
by the counts (`_short`: the items left must be able to close every count's gap at once; a
place, order and counts that failed once are not searched again) and stopped after `_VISITS`
steps. An item is drawn again while it matches a
``contains`` with a ``maxContains`` outside its set, so each bounded count is exact.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from random import Random
from typing import Any

from synthworld.errors import SchemaError, UnsatisfiableSchemaError, show_pointer
from synthworld.schema._canonicalise import json_key
from synthworld.schema._nodes import MAX_ITEMS, Node, Retry, State, retry

__all__ = ["EXTRA_ITEMS", "Contained", "PlannedArray", "compiles", "draw_item"]

_TRIES = 10
EXTRA_ITEMS = (0, 1, 1, 2, 2, 3, 4)
"""How many items beyond the least an array gets, drawn uniformly (here and in `_array_node`)."""
_PLANS = 3
"""Plans one call tries: a set's node may compile yet build no item that avoids the others
(``{not: {not: {type: string}}}`` beside ``{type: integer}``), which only a draw tells."""
_VISITS = 2000
"""Steps one plan's search may take (a schema no plan meets would otherwise search every one)."""


@dataclass(frozen=True)
class Contained:
    """One ``contains`` of an array: its counts and a check of a value against it."""

    low: int
    high: int | None
    check: Callable[[Any], bool]
    path: str = ""
    """Where the ``contains`` is (for messages)."""
    distinct: int | None = None
    """For ``uniqueItems``: the most items it can match, where values are listed (else None)."""


Items = Callable[[tuple[int, ...], tuple[int, ...]], Callable[[int], Node]]
"""The node, at a position, of an item that matches each of a set of ``contains`` and none of
another (by index)."""


class PlannedArray:
    """An array whose items each match a planned set of ``contains`` (see the module)."""

    def __init__(
        self,
        positions: list[Node],
        rest: Node | None,
        contained: list[Contained],
        items: Items,
        bounds: tuple[int, int | None],
        unique: bool,
        contained_only: bool,
    ) -> None:
        self.positions, self.rest, self.contained, self.items = positions, rest, contained, items
        self.unique, self.contained_only = unique, contained_only
        """``contained_only``: no ``rest``, but ``contains`` items may follow the prefix."""
        width = len(positions)
        cap = None if rest is not None or contained_only else width
        tops = [n for n in (bounds[1], cap) if n is not None]
        self.high = min(tops) if tops else None
        self.low_items = bounds[0]
        self.low = max(bounds[0], *(c.low for c in contained))
        self.ok = (self.high is None or self.low <= self.high) and self.low <= MAX_ITEMS
        """Whether some length fits every bound (else the plan never answers)."""
        count = len(contained)
        self._sets = [s for m in range(1 << count) if (s := tuple(k for k in range(count) if m >> k & 1))]
        self._nodes: dict[tuple[tuple[int, ...], int], Node | None] = {}
        self._widths: dict[int, list[int]] = {}
        """Per slot and ``contains``, the most ``contains`` an item there matching it may match."""

    def _node(self, chosen: tuple[int, ...], i: int) -> Node | None:
        """The node of an item at position ``i`` matching each ``contains`` of ``chosen`` and, where
        that compiles, none of the others with a ``maxContains`` (else it is drawn again while it
        does: see `_item`); ``None`` when none compiles, or when the one that avoids the others is
        proven empty (no item there matches just these: drawing would never find one). Once per
        set and slot."""
        slot = min(i, len(self.positions))
        if (chosen, slot) in self._nodes:
            return self._nodes[chosen, slot]
        avoided = tuple(k for k, c in enumerate(self.contained) if k not in chosen and c.high is not None)
        plain = self.positions[slot] if slot < len(self.positions) else self.rest
        exact = self.items(chosen, avoided)(slot) if avoided else None
        verdict = None if exact is None else compiles(exact)
        if verdict is None:  # no bounded other, or its negation will not compile: drawn again
            exact = self.items(chosen, ())(slot) if chosen else plain
            verdict = exact is not None and compiles(exact) is True
        found = exact if verdict else None  # proven empty: no item matches just these
        self._nodes[chosen, slot] = found
        return found

    def gen(self, st: State, hint: str) -> list[Any]:
        size = self.low
        if st.depth < st.soft:
            size += EXTRA_ITEMS[st.rng.randrange(len(EXTRA_ITEMS))]
            size = size if self.high is None else min(size, self.high)
        most = self.low + sum(c.low for c in self.contained) + len(self.contained)  # one item each
        longer = range(size + 1, most + 1 if self.high is None else min(most, self.high) + 1)
        for last in range(_PLANS - 1, -1, -1):  # a plan an item cannot meet: another one
            plan = None
            for n in [*range(size, self.low - 1, -1), *longer]:  # shorter first, then longer ones
                plan = self._plan(st.rng, n)
                if plan is not None:
                    break
            if plan is None:
                raise Retry
            st.items -= len(plan)
            if st.items < 0:
                raise Retry
            st.enter()
            try:
                return self._build(st, hint, plan)
            except Retry:
                if last == 0:
                    raise
            finally:
                st.depth -= 1
        raise Retry

    def _plan(self, rng: Random, size: int) -> list[tuple[int, ...]] | None:
        """The set of ``contains`` each of ``size`` positions matches, or ``None`` when the search
        finds none."""
        width = min(len(self.positions), size)
        options = [(), *self._sets]
        rng.shuffle(options)
        counts = [0] * len(self.contained)
        out: list[tuple[int, ...]] = []
        visits = [_VISITS]
        failed: set[tuple[int, int, tuple[int, ...]]] = set()

        def search(i: int, least: int) -> bool:
            visits[0] -= 1
            left = size - i
            if visits[0] < 0 or self._short(counts, i, left):
                return False
            if i == size:
                return True
            key = (i, least if i > width else 0, tuple(counts))
            if key in failed:  # the same place, counts and order: it failed before
                return False
            for at, chosen in enumerate(options):
                if i > width and at < least:  # past the prefix: sets in a non-decreasing order
                    continue
                if self._node(chosen, i) is None or any(
                    (h := self.contained[k].high) is not None and counts[k] >= h for k in chosen
                ):
                    continue
                for k in chosen:
                    counts[k] += 1
                out.append(chosen)
                if search(i + 1, at if i >= width else 0):
                    return True
                out.pop()
                for k in chosen:
                    counts[k] -= 1
            failed.add(key)
            return False

        if not search(0, 0):
            return None
        past = out[width:]
        rng.shuffle(past)
        return out[:width] + past

    def _short(self, counts: list[int], i: int, left: int) -> bool:
        """Whether the ``left`` items from position ``i`` on cannot raise every count to its
        ``minContains``. An item whose set holds ``contains`` ``k`` raises ``k``'s count by 1 and
        holds at most `_widest` ``[k]`` of them, so it closes at most 1 of the gaps, each
        ``contains``'s gap divided by its widest: the gaps' sum so divided must not pass ``left``
        (four ``contains`` of four types, each ``minContains: 5``, need 20 items; the search tried
        every shorter order of them in vain, 7.6 s CPU)."""
        short = [max(0, c.low - n) for n, c in zip(counts, self.contained, strict=True)]
        if any(d > left for d in short):
            return True
        if sum(short) <= left:
            return False
        widest = self._widest(i)
        if any(d and not w for d, w in zip(short, widest, strict=True)):
            return True
        return sum(d / w for d, w in zip(short, widest, strict=True) if d) > left + 1e-9

    def _widest(self, i: int) -> list[int]:
        """For each ``contains``, the most ``contains`` an item at position ``i`` or past it that
        matches it may match (0: none may; nodes compiled once per set and slot)."""
        last = (
            len(self.positions) if self.rest is not None or self.contained_only else len(self.positions) - 1
        )
        most = [0] * len(self.contained)
        for slot in range(min(i, len(self.positions)), last + 1):
            if slot not in self._widths:
                sets = [s for s in self._sets if self._node(s, slot) is not None]
                self._widths[slot] = [
                    max((len(s) for s in sets if k in s), default=0) for k in range(len(most))
                ]
            most = [max(a, b) for a, b in zip(most, self._widths[slot], strict=True)]
        return most

    def _build(self, st: State, hint: str, plan: list[tuple[int, ...]]) -> list[Any]:
        out: list[Any] = []
        seen: set[str] = set()
        for i, chosen in enumerate(plan):
            node = self._node(chosen, i)
            assert node is not None  # the plan chose it
            avoid = [c.check for k, c in enumerate(self.contained) if k not in chosen and c.high is not None]
            out.append(draw_item(st, hint, node, _any_of(avoid), unique=self.unique, seen=seen))
        return out

    def counts_ok(self, value: list[Any]) -> bool:
        """Whether each ``contains`` matches as many items of ``value`` as its counts allow."""
        for c in self.contained:
            n = sum(1 for item in value if c.check(item))
            if n < c.low or (c.high is not None and n > c.high):
                return False
        return True


def compiles(node: Node) -> bool | None:
    """Whether ``node`` compiles: False when its compile proves it empty (unsatisfiable), None
    when it fails otherwise (a limit of the compiler, not a proof)."""
    resolve = getattr(node, "resolve", None)
    try:
        if resolve is not None:
            resolve()
    except UnsatisfiableSchemaError:
        return False
    except SchemaError:
        return None
    return True


def draw_item(
    st: State,
    hint: str,
    node: Node,
    avoid: Callable[[Any], bool] | None,
    *,
    unique: bool,
    seen: set[str],
    where: str | None = None,
) -> Any:
    """An item of ``node`` that ``avoid`` (a bounded ``contains`` it must not match) does not
    match and, for ``unique``, whose JSON is not in ``seen`` (then added): `_TRIES` draws, each
    refused one spending a credit, then `Retry` (saying which, for the array at ``where``)."""
    repeats = 0
    for _ in range(_TRIES):
        value = node.gen(st, hint)
        if avoid is not None and avoid(value):
            st.spend()
            continue
        if unique:
            key = json_key(value)
            if key in seen:
                repeats += 1
                st.spend()
                continue
            seen.add(key)
        return value
    raise retry(lambda: _unfound(where, repeats, len(seen)))


def _unfound(where: str | None, repeats: int, held: int) -> str:
    """Why `draw_item` found no item (its `Retry`'s reason)."""
    place = "an array" if where is None else f"the array at {show_pointer(where)}"
    if repeats == _TRIES:
        return (
            f"each of the {_TRIES} items drawn for {place} repeated one of the {held} before it "
            "(uniqueItems): its items may allow too few distinct values"
        )
    if repeats == 0:
        return (
            f"each of the {_TRIES} items drawn for {place} matched a contains whose maxContains it had "
            "reached"
        )
    return (
        f"each of the {_TRIES} items drawn for {place} repeated one before it (uniqueItems) or matched a "
        "contains whose maxContains it had reached"
    )


def _any_of(checks: list[Callable[[Any], bool]]) -> Callable[[Any], bool] | None:
    """One check matching what any of ``checks`` matches (None for none)."""
    if not checks:
        return None
    return checks[0] if len(checks) == 1 else lambda value: any(check(value) for check in checks)
