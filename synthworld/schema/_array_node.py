"""Array nodes: items by position, ``contains`` items placed by construction, unique or
repeated items."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from synthworld.errors import SchemaError, UnsatisfiableSchemaError, show_count, show_pointer
from synthworld.schema._contains_plan import EXTRA_ITEMS, Contained, Items, PlannedArray, draw_item
from synthworld.schema._contains_proof import refuse_unmet
from synthworld.schema._draw import choice
from synthworld.schema._last_arrays import fitting_positions, with_repeat
from synthworld.schema._nodes import CREDIT_FLOOR, MAX_ITEMS, LazyNode, Node, Retry, State, TooBig

__all__ = ["ArrayNode", "ArraySpec", "array_node"]


@dataclass
class ArraySpec:
    """What an array node needs, merged over every conjunct."""

    positions: list[Node]
    """Nodes for the ``prefixItems`` positions."""
    rest: Node | None
    """Node for the positions after them (``None``: no further items allowed)."""
    min_items: int = 0
    max_items: int | None = None
    unique: bool = False
    contains: Callable[[int], Node] | None = None
    """Node for a ``contains`` item at a position."""
    contains_check: Callable[[Any], bool] | None = None
    min_contains: int = 1
    max_contains: int | None = None
    extra_contains: list[Callable[[int], Node]] = field(default_factory=list)
    """Nodes of further ``contains`` (from other conjuncts): one item of each is placed."""
    shared: Callable[[int], Node] | None = None
    """Node for an item every ``contains`` matches (`_placed`: where there is no room for an item of
    each)."""
    unsure: bool = False
    """A further ``contains`` has a ``maxContains``, which only a check of the value keeps."""
    contained_only: bool = False
    """No ``rest`` but items ``contains`` matches (it evaluates them for ``unevaluatedItems``): the
    positions after ``positions`` hold them alone (with one ``contains``, or `shared` items)."""
    repeat: bool = False
    """Two items must be equal (``not: {uniqueItems: true}``, in the last resort): `with_repeat`."""
    planned: list[Contained] = field(default_factory=list)
    """Every ``contains`` with its own counts, when there are several: `PlannedArray` builds the
    array where the usual construction fails (`array_node`)."""
    planned_items: Items | None = None
    """The node of an item matching each of a set of the ``planned`` (by index)."""
    last_resort: bool = False
    """Built by the last resort's compiler: further ``contains`` items go where they compile
    (`fitting_positions`)."""


def _placed(spec: ArraySpec) -> ArraySpec:
    """``spec`` with its ``contains`` items placed: an item of each on a position of its own where
    the items allow that many, else items each matching every ``contains`` (``shared``), counted as
    the first's (``[null]`` meets ``contains: {not: {type: string}}`` and ``contains: {format: ipv4}``
    beside ``prefixItems: [{type: null}]`` and ``unevaluatedItems: false``)."""
    if not spec.extra_contains:
        return spec
    own = spec.min_contains + len(spec.extra_contains)
    cap = len(spec.positions) if spec.rest is None else None
    room = min((n for n in (spec.max_items, cap) if n is not None), default=None)
    if spec.shared is None or room is None or own <= room or spec.max_contains == 0:
        return replace(spec, contained_only=False)
    return replace(
        spec, contains=spec.shared, extra_contains=[], shared=None, min_contains=max(spec.min_contains, 1)
    )


def _mixes(spec: ArraySpec) -> bool:
    """Whether the items after the prefix of ``spec``, which `_placed` gives to ``shared`` items,
    may hold an item of each ``contains`` instead: only ``contains`` items may follow the prefix
    and ``maxItems`` leaves room for one of each (``["a", 1]`` meets ``allOf: [{contains: {type:
    string}}, {contains: {type: integer}}]`` beside ``unevaluatedItems: false``, where no item is
    both)."""
    own = spec.min_contains + len(spec.extra_contains)
    return (
        spec.contained_only
        and bool(spec.extra_contains)
        and spec.shared is not None
        and (spec.max_items is None or own <= spec.max_items)
        and _placed(spec).contains is spec.shared
    )


def array_node(spec: ArraySpec, path: str) -> ArrayNode | PlannedArray:
    """The node of an array: an `ArrayNode`, which answers with its `PlannedArray` (several
    ``contains``, each with its own counts) where its own construction fails; the plan alone when
    the usual construction counts too few or too many items (a further ``contains`` with a
    ``minContains`` above 1 or a ``maxContains: 0``, or the only one that may fill a ``minItems``)."""
    plan = None
    if spec.planned_items is not None and not spec.repeat:
        bounds = (spec.min_items, spec.max_items)
        only = spec.contained_only
        plan = PlannedArray(
            spec.positions, spec.rest, spec.planned, spec.planned_items, bounds, spec.unique, only
        )
        refuse_unmet(plan, path)  # else refused only once every attempt's plans failed
        plan = plan if plan.ok else None
    if plan is not None and any(c.low > 1 or c.high == 0 for c in spec.planned[1:]):
        return plan  # the usual construction gives each further contains one item: never valid
    try:
        node = ArrayNode(spec, path)
    except UnsatisfiableSchemaError:
        if plan is None:
            raise
        return plan
    node.plan = plan
    return node


class ArrayNode:
    """Arrays of modest, varied length; ``contains`` items placed by construction."""

    def __init__(self, spec: ArraySpec, path: str, mixed: bool = False) -> None:
        self._mixed: ArrayNode | None = None
        """The same array with an item of each ``contains`` past the prefix (`_mixes`), built
        when its ``shared`` items cannot compile (`_shared_compiles`)."""
        if not mixed and _mixes(spec):
            with contextlib.suppress(SchemaError):
                self._mixed = ArrayNode(spec, path, mixed=True)
        self.s = spec = spec if mixed else _placed(spec)
        self.path = path
        self._shared_ok: bool | None = None
        self.plan: PlannedArray | None = None
        """Where the usual construction fails (`array_node`)."""
        cap = len(spec.positions) if spec.rest is None else None
        if spec.contained_only:  # past the prefix: the first's items, and one of each further one
            more = len(spec.extra_contains)
            cap = None if spec.max_contains is None else len(spec.positions) + spec.max_contains + more
        top = [n for n in (spec.max_items, cap) if n is not None]
        self.high = min(top) if top else None
        need = (spec.min_contains if spec.contains is not None else 0) + len(spec.extra_contains)
        self.low = max(spec.min_items, need)
        if self.high is not None and self.low > self.high:
            raise UnsatisfiableSchemaError(
                f"the array at {show_pointer(path)} needs {self.low} items but allows at most {self.high}; "
                "fix: relax minItems/maxItems/minContains/items",
                path=path,
            )
        if self.low > MAX_ITEMS:
            raise SchemaError(
                f"the array at {show_pointer(path)} must hold {show_count(self.low)} items, more than the "
                f"{MAX_ITEMS:,} synthworld builds in one value (megabytes of JSON, past any agent's "
                "context); fix: lower minItems/minContains",
                path=path,
            )
        no_contains = spec.contains is None and spec.max_contains is None and not spec.extra_contains
        self._plain = no_contains and not (spec.positions or spec.unique or spec.repeat)
        """Every item from ``rest``, nothing to place or compare: the short path."""

    def gen(self, st: State, hint: str) -> list[Any]:
        if self.plan is None:
            return self._gen(st, hint)
        items, unsure = st.items, st.unsure
        try:
            value = self._gen(st, hint)
        except SchemaError:  # the usual construction's items cannot compile: the plan answers
            value = None
        except TooBig:
            raise
        except Retry:  # in a lean attempt only (the seeded ones failed): their draws stay as they were
            if not st.lean:
                raise
            value = None
        if value is not None and self.plan.counts_ok(value):
            return value
        st.items, st.unsure = items, unsure  # too few or too many of a contains: the plan answers
        return self.plan.gen(st, hint)

    def _gen(self, st: State, hint: str) -> list[Any]:
        if self._mixed is not None and not self._shared_compiles():
            return self._mixed.gen(st, hint)
        if st.depth > st.hard:
            raise Retry
        if self.s.unsure:
            st.unsure = True
        if self.low > CREDIT_FLOOR:
            st.need(self.low)
        size = self._size(st)
        st.items -= size
        if st.items < 0:
            raise TooBig
        marked = self._contains_positions(st, size)
        extras = self._extra_positions(st, size, marked)
        st.enter()
        try:
            if self._plain and self.s.rest is not None:
                return self._plain_items(st, hint, size, self.s.rest)
            return self._items(st, hint, size, marked, extras)
        finally:
            st.depth -= 1

    def surely(self, sure: Callable[[Node], bool]) -> bool:
        """Whether a lean `gen` surely returns (see `_nodes.surely`): it has no items, or only
        its fewest from ``rest``, each of which surely builds."""
        if self._mixed is not None:
            return False
        if self.low == 0:
            return True
        rest = self.s.rest
        return self._plain and rest is not None and all(sure(rest) for _ in range(self.low))

    def _shared_compiles(self) -> bool:
        """Whether the ``shared`` items past the prefix compile (once: a compile's outcome is
        the same on every call, so which array answers is no matter of the RNG)."""
        if self._shared_ok is None:
            assert self.s.contains is not None
            node = self.s.contains(len(self.s.positions))
            try:
                if isinstance(node, LazyNode):
                    node.resolve()
                self._shared_ok = True
            except SchemaError:
                self._shared_ok = False
        return self._shared_ok

    def _size(self, st: State) -> int:
        if st.depth >= st.soft:
            return self.low
        high = self.low + choice(st.rng, EXTRA_ITEMS)
        return high if self.high is None else min(high, self.high)

    def _plain_items(self, st: State, hint: str, size: int, rest: Node) -> list[Any]:
        """What :meth:`_items` gives when every item comes from ``rest``, unchecked."""
        out: list[Any] = []
        for i in range(size):
            try:
                out.append(rest.gen(st, hint))
            except SchemaError:  # its items cannot be built: stop where allowed
                if i >= self.low:
                    return out
                raise
        return out

    def _contains_positions(self, st: State, size: int) -> set[int]:
        if self.s.contains is None:
            return set()
        spare = size - len(self.s.extra_contains)  # positions left once each extra has one
        top = spare if self.s.max_contains is None else min(spare, self.s.max_contains)
        count = st.rng.randint(min(self.s.min_contains, top), top)
        if self.s.contained_only:  # every position after the prefix holds a contains item
            width = min(len(self.s.positions), size)
            after = list(range(width, size))
            if self.s.extra_contains:  # some of them an item of each further contains (`_mixes`)
                held = st.rng.sample(after, min(len(self.s.extra_contains), len(after)))
                after = [i for i in after if i not in held]
            count = max(count, len(after))
            return {*after, *st.rng.sample(range(width), min(count - len(after), width))}
        return set(st.rng.sample(range(size), count))

    def _extra_positions(self, st: State, size: int, marked: set[int]) -> dict[int, Node]:
        """A distinct free position for an item of each further ``contains``."""
        free = [i for i in range(size) if i not in marked]
        past = [i for i in free if i >= len(self.s.positions)] if self.s.contained_only else []
        if past:  # the free positions past the prefix first: no rest holds them (`_mixes`)
            inside = [i for i in free if i < len(self.s.positions)]
            chosen = past + st.rng.sample(inside, len(self.s.extra_contains) - len(past))
        elif self.s.last_resort and self.s.extra_contains:
            return fitting_positions(st.rng, free, self.s.extra_contains)
        else:
            chosen = st.rng.sample(free, len(self.s.extra_contains)) if self.s.extra_contains else []
        return {i: at(i) for i, at in zip(chosen, self.s.extra_contains, strict=True)}

    def _items(self, st: State, hint: str, size: int, marked: set[int], extras: dict[int, Node]) -> list[Any]:
        out: list[Any] = []
        seen: set[str] = set()
        placed = max([*marked, *extras], default=-1)  # an item that must come: no stopping before it
        for i in range(size):
            node = extras.get(i) or self._node_at(i, marked)
            try:
                value = self._item(st, hint, node, i in marked, seen)  # an extra stays off maxContains
            except (SchemaError, Retry):  # no (fresh) item can be built: stop where allowed
                if i >= self.low and i > placed:
                    return out
                raise
            out.append(value)
        if self.s.repeat:
            rest = list(range(len(self.s.positions), len(out)))
            return with_repeat(out, st.rng, [rest] if self.s.rest is not None else [])
        return out

    def _node_at(self, i: int, marked: set[int]) -> Node:
        if i in marked:
            assert self.s.contains is not None
            return self.s.contains(i)
        if i < len(self.s.positions):
            return self.s.positions[i]
        assert self.s.rest is not None
        return self.s.rest

    def _item(self, st: State, hint: str, node: Node, marked: bool, seen: set[str]) -> Any:
        avoid = self.s.contains_check if self.s.max_contains is not None and not marked else None
        return draw_item(st, hint, node, avoid, unique=self.s.unique, seen=seen, where=self.path)
