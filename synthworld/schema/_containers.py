"""Array and object nodes."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from synthworld.errors import SchemaError, UnsatisfiableSchemaError, show_count, show_pointer
from synthworld.schema._canonicalise import json_key
from synthworld.schema._draw import choice, skip
from synthworld.schema._last_arrays import fitting_positions, with_repeat
from synthworld.schema._nodes import (
    CREDIT_FLOOR,
    MAX_ITEMS,
    MAX_PROPERTIES,
    Node,
    Retry,
    State,
    TooBig,
    compile_into,
    dead,
)

__all__ = ["NO_NAMES", "ArrayNode", "ArraySpec", "ObjectNode", "ObjectSpec", "Properties"]

_TRIES = 10
NO_NAMES: frozenset[str] = frozenset()
"""No names (shared by every object node and spec that has none to require or forbid)."""
_EXTRA_ITEMS = (0, 1, 1, 2, 2, 3, 4)
"""How many items beyond the least an array gets, drawn uniformly."""


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


class ArrayNode:
    """Arrays of modest, varied length; ``contains`` items placed by construction."""

    def __init__(self, spec: ArraySpec, path: str) -> None:
        self.s = spec = _placed(spec)
        cap = len(spec.positions) if spec.rest is None else None
        if spec.contained_only:
            cap = None if spec.max_contains is None else len(spec.positions) + spec.max_contains
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
        if self.low == 0:
            return True
        rest = self.s.rest
        return self._plain and rest is not None and all(sure(rest) for _ in range(self.low))

    def _size(self, st: State) -> int:
        if st.depth >= st.soft:
            return self.low
        high = self.low + choice(st.rng, _EXTRA_ITEMS)
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
            after = range(width, size)
            count = max(count, len(after))
            return {*after, *st.rng.sample(range(width), min(count - len(after), width))}
        return set(st.rng.sample(range(size), count))

    def _extra_positions(self, st: State, size: int, marked: set[int]) -> dict[int, Node]:
        """A distinct free position for an item of each further ``contains``."""
        free = [i for i in range(size) if i not in marked]
        if self.s.last_resort and self.s.extra_contains:
            return fitting_positions(st.rng, free, self.s.extra_contains)
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
        for _ in range(_TRIES):
            value = node.gen(st, hint)
            if avoid is not None and avoid(value):
                st.spend()
                continue
            if self.s.unique:
                key = json_key(value)
                if key in seen:
                    st.spend()
                    continue
                seen.add(key)
            return value
        raise Retry


class Properties(Protocol):
    """Where an object node gets its property nodes and additional property names."""

    def make(self, name: str) -> Node:
        """The node of the known property ``name``."""

    def extra_name(self, st: State) -> str:
        """Draws a name for an additional property."""

    def extra_node(self, name: str) -> Node | None:
        """The node of the additional property ``name`` (``None``: that name is not allowed)."""

    def plain_name(self, st: State) -> str:
        """Draws a name no ``patternProperties`` made (``key_12``)."""


@dataclass(slots=True)
class ObjectSpec:
    """What an object node needs, merged over every conjunct."""

    names: tuple[str, ...]
    """Known property names, in schema order."""
    props: Properties
    """Compiles the nodes of known properties (when first generated: a schema's objects may have
    hundreds of properties, and most calls touch a few) and of additional ones."""
    required: tuple[str, ...]
    forbidden: AbstractSet[str]
    nodes: dict[str, Node] = field(default_factory=dict)
    """The nodes of the known properties compiled so far."""
    min_props: int = 0
    max_props: int | None = None
    dependent: Mapping[str, list[str]] = field(default_factory=dict)
    map_like: bool = False
    """No named properties, only pattern/additional ones: add a few entries."""


class ObjectNode:
    """Objects with all required and some optional properties, dependencies honoured."""

    OPTIONAL_RATE = 0.5
    OPTIONAL_MEAN = 6.0
    """Objects with many properties get about this many optional ones, not half of them."""

    def __init__(self, spec: ObjectSpec, path: str) -> None:
        self.s = spec
        bad = [n for n in spec.required if n in spec.forbidden]
        if bad or (spec.max_props is not None and len(spec.required) > spec.max_props):
            raise UnsatisfiableSchemaError(
                f"the object at {show_pointer(path)} requires {bad or list(spec.required)} which its other "
                "keywords forbid; fix: drop them from required or allow them",
                path=path,
            )
        if spec.max_props is not None and spec.min_props > spec.max_props:
            raise UnsatisfiableSchemaError(
                f"minProperties {spec.min_props} exceeds maxProperties {spec.max_props} at "
                f"{show_pointer(path)}; fix: make them overlap",
                path=path,
            )
        if spec.min_props > MAX_PROPERTIES:
            raise SchemaError(
                f"the object at {show_pointer(path)} must hold {show_count(spec.min_props)} properties, "
                f"more than the {MAX_PROPERTIES:,} synthworld builds in one value (megabytes of JSON, past "
                "any agent's context); fix: lower minProperties",
                path=path,
            )
        # worked out once here rather than at every call
        # what lives on with the node is shared where empty: fewer objects for the collector to walk
        self._required: AbstractSet[str] = frozenset(spec.required) if spec.required else NO_NAMES
        known = set(spec.names)
        self._unlisted = tuple(n for n in spec.required if n not in known)  # mostly empty: shared
        self._listed: Sequence[str] = [n for n in spec.names if n in self._required] if spec.required else ()
        """The known required names, in schema order: what `_choose` keeps at a rate of 0."""
        self._want_extras = spec.map_like or spec.min_props > 0
        """Whether `_extras` can add anything (else it draws nothing and is not called)."""
        self._known: AbstractSet[str] = known if self._want_extras else NO_NAMES
        count = len(spec.names)
        self._rate = min(self.OPTIONAL_RATE, self.OPTIONAL_MEAN / count) if count else 0.0
        self._unsure = bool(spec.dependent)
        """An optional property that cannot be built is left out, though another may depend on it."""

    def gen(self, st: State, hint: str) -> dict[str, Any]:
        if st.depth > st.hard:
            raise Retry
        if self._unsure:
            st.unsure = True
        if self.s.min_props > CREDIT_FLOOR:
            st.need(self.s.min_props)
        names = self._choose(st)
        extras = self._extras(st, len(names)) if self._want_extras else []
        st.enter()
        try:
            return self._fill(st, names, extras)
        finally:
            st.depth -= 1

    def surely(self, sure: Callable[[Node], bool]) -> bool:
        """Whether a lean `gen` (the required properties only) surely returns (see
        `_nodes.surely`): each of their nodes does, compiled here as `_fill` compiles them. With
        nothing required it is ``{}``, which no ``dependentRequired`` can fail (none of its names is
        there), so an object with dependencies is sure then too (its values are checked all the same)."""
        if self.s.min_props:
            return False
        if not self._required:
            return True
        if self._unsure:
            return False
        nodes = self.s.nodes
        for name in (*self._listed, *self._unlisted):
            node = nodes.get(name)
            if node is None:
                node = compile_into(nodes, name, self.s.props.make)
            if not sure(node):
                return False
        return True

    def _choose(self, st: State) -> list[str]:
        rate = self._rate if st.depth < st.soft else 0.0
        required = self._required
        # one draw per name, first in each test, so the draws are the same whatever is allowed
        if rate:
            draw, forbidden = st.rng.random, self.s.forbidden
            chosen = [n for n in self.s.names if (draw() < rate and n not in forbidden) or n in required]
            chosen += self._unlisted
        else:  # no draw is below 0: the same draws, made at once, and the required names
            skip(st.rng, len(self.s.names))
            chosen = [*self._listed, *self._unlisted]
        if self.s.dependent:
            chosen = self._close(chosen, required)
        if self.s.max_props is not None and len(chosen) > self.s.max_props:
            optional = [n for n in chosen if n not in required]
            drop = set(st.rng.sample(optional, len(chosen) - self.s.max_props))
            chosen = self._close([n for n in chosen if n not in drop], required)
            if len(chosen) > self.s.max_props:
                raise Retry
        if len(chosen) < self.s.min_props:
            chosen = self._top_up(st, chosen)
            if self.s.max_props is not None and len(chosen) > self.s.max_props:
                raise Retry  # a dependency the top-up brought in went past maxProperties
        return chosen

    def _close(self, chosen: list[str], required: AbstractSet[str]) -> list[str]:
        """Add what ``dependentRequired`` asks for; drop optional triggers that cannot have it."""
        out = list(chosen)
        for name in out:
            for dep in self.s.dependent.get(name, ()):
                if dep in self.s.forbidden:
                    if name in required:
                        raise Retry
                    out.remove(name)
                    return self._close(out, required)
                if dep not in out:
                    out.append(dep)
        return out

    def _top_up(self, st: State, chosen: list[str]) -> list[str]:
        """``chosen`` with known names drawn until ``minProperties`` is met; a name whose schema
        cannot compile (``{type: string}`` and ``{enum: [2]}``) is passed over, and additional
        names (`_extras`) make up the rest."""
        spare = [n for n in self.s.names if n not in chosen and n not in self.s.forbidden]
        while len(chosen) < self.s.min_props and spare:
            name = spare.pop(st.rng.randrange(len(spare)))
            if not dead(compile_into(self.s.nodes, name, self.s.props.make)):
                chosen = self._close([*chosen, name], set())
        return chosen

    def _extras(self, st: State, have: int) -> list[tuple[str, Node]]:
        if have >= self.s.min_props and not self.s.map_like:  # nothing wanted: no draws either
            return []
        want = max(self.s.min_props - have, 0)
        if self.s.map_like and st.depth < st.soft:
            want = max(want, st.rng.randint(0, 3))
        cap = None if self.s.max_props is None else self.s.max_props - have
        want = want if cap is None else min(want, cap)
        out: dict[str, Node] = {}
        for _ in range(want * _TRIES):
            if len(out) >= want:
                break
            name = self.s.props.extra_name(st)
            taken = name in self._known or name in out or name in self.s.forbidden  # ``not: required``
            node = None if taken else self.s.props.extra_node(name)
            if node is not None:
                out[name] = node
        if have + len(out) < self.s.min_props:
            self._numbered(st, out, self.s.min_props - have, build=False)
        if have + len(out) < self.s.min_props:
            raise Retry
        return list(out.items())

    def _numbered(self, st: State, out: dict[str, Any], least: int, build: bool) -> None:
        """``out`` topped up to ``least`` names with numbered ones after drawn names, where the
        draws alone fell short: a pattern open at its end (OpenAPI's ``^x-``) draws its one
        shortest name each time, so two of its names were never found. ``build``: ``out`` holds
        values (else nodes)."""
        props = self.s.props
        for _ in range(least * _TRIES):
            if len(out) >= least:
                return
            drawn = props.extra_name(st)
            name = f"{drawn}{'' if drawn[-1:] in ('-', '_', '.') else '_'}{st.rng.randrange(100)}"
            node = None if name in out or name in self._known else props.extra_node(name)
            if node is not None and name not in self.s.forbidden:
                with contextlib.suppress(SchemaError):
                    out[name] = node.gen(st, name) if build else node

    def _fill(self, st: State, names: list[str], extras: list[tuple[str, Node]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        nodes, required = self.s.nodes, self._required
        for name in names:
            node = nodes.get(name)
            if node is None:
                node = compile_into(nodes, name, self.s.props.make)
            try:
                out[name] = node.gen(st, name)
            except SchemaError:  # an optional property that cannot be built is left out
                if name in required:
                    raise
        if len(out) < self.s.min_props - len(extras):
            return self._refill(st, out, extras)
        for name, node in extras:
            try:
                out[name] = node.gen(st, name)
            except SchemaError:
                return self._refill(st, out, extras)
        return out

    def _refill(self, st: State, out: dict[str, Any], extras: list[tuple[str, Node]]) -> dict[str, Any]:
        """``out`` short of ``minProperties`` (a property that cannot be built left out: ``x_1``,
        null by its name and ``"x"`` by ``^x_``), topped up with additional ones: more of the
        patterns' names and plain ones, each that cannot be built passed over (``^[a-z]{2}$``
        both integer and null: ``key_12`` is none of them)."""
        for name, node in extras:
            if name not in out:
                with contextlib.suppress(SchemaError):
                    out[name] = node.gen(st, name)
        props = self.s.props
        for turn in range(self.s.min_props * _TRIES):
            if len(out) >= self.s.min_props:
                return out
            name = props.extra_name(st) if turn % 2 else props.plain_name(st)
            extra = None if name in out or name in self._known else props.extra_node(name)
            if extra is not None and name not in self.s.forbidden:
                with contextlib.suppress(SchemaError):
                    out[name] = extra.gen(st, name)
        self._numbered(st, out, self.s.min_props, build=True)
        if len(out) < self.s.min_props:
            raise Retry
        return out


def ordered_union(lists: Sequence[Sequence[str]]) -> list[str]:
    """Every name once, in first-seen order."""
    if len(lists) == 1:
        return list(dict.fromkeys(lists[0]))
    union: dict[str, None] = {}
    for names in lists:
        union.update(dict.fromkeys(names))  # a name seen before keeps its place
    return list(union)
