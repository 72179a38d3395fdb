"""Object nodes (arrays: `_array_node`)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import Any, Protocol

from synthworld.errors import SchemaError, UnsatisfiableSchemaError, show_count, show_pointer
from synthworld.schema._draw import skip
from synthworld.schema._nodes import (
    CREDIT_FLOOR,
    MAX_PROPERTIES,
    Node,
    Retry,
    State,
    compile_into,
    dead,
    retry,
)

__all__ = ["NO_NAMES", "ObjectNode", "ObjectSpec", "Properties"]

_TRIES = 10
NO_NAMES: frozenset[str] = frozenset()
"""No names (shared by every object node and spec that has none to require or forbid)."""


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

    def joint_name(self, st: State) -> str | None:
        """Draws a name ``propertyNames`` and a pattern both take (None: none drawn, or no such pair)."""


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
        self.path = path
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
                raise self._too_many(chosen)
        if len(chosen) < self.s.min_props:
            chosen = self._top_up(st, chosen)
            if self.s.max_props is not None and len(chosen) > self.s.max_props:
                raise self._too_many(chosen)  # a dependency the top-up brought in went past maxProperties
        return chosen

    def _too_many(self, chosen: list[str]) -> Retry:
        return retry(
            lambda: (
                f"the object at {show_pointer(self.path)} needs properties {chosen} (its required "
                f"ones and those dependentRequired adds), more than maxProperties {self.s.max_props}"
            )
        )

    def _close(self, chosen: list[str], required: AbstractSet[str]) -> list[str]:
        """Add what ``dependentRequired`` asks for; drop optional triggers that cannot have it."""
        out = list(chosen)
        for name in out:
            for dep in self.s.dependent.get(name, ()):
                if dep in self.s.forbidden:
                    if name in required:
                        raise self._forbidden_dependency(name, dep)
                    out.remove(name)
                    return self._close(out, required)
                if dep not in out:
                    out.append(dep)
        return out

    def _forbidden_dependency(self, name: str, dep: str) -> Retry:
        return retry(
            lambda: (
                f"the object at {show_pointer(self.path)} requires {name!r}, whose dependentRequired "
                f"asks for {dep!r}, which its other keywords forbid"
            )
        )

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
            self._joint(st, out, self.s.min_props - have, build=False)
        if have + len(out) < self.s.min_props:
            raise self._too_few(have + len(out))
        return list(out.items())

    def _too_few(self, found: int) -> Retry:
        return retry(
            lambda: (
                f"the object at {show_pointer(self.path)} needs {self.s.min_props} properties "
                f"(minProperties), but only {found} names were found that its properties, "
                "patternProperties, additionalProperties and propertyNames allow and that could be built"
            )
        )

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

    def _joint(self, st: State, out: dict[str, Any], least: int, build: bool) -> None:
        """``out`` topped up to ``least`` names that ``propertyNames`` and a pattern both take
        (`joint_name`), where every draw before fell short: ``propertyNames: {format: date}``
        with ``patternProperties: {"^2020": ...}`` and ``additionalProperties: false`` was refused,
        the patterns' names being no dates and the dates matching no pattern."""
        props = self.s.props
        for _ in range(least * _TRIES):
            if len(out) >= least:
                return
            name = props.joint_name(st)
            if name is None or name in out or name in self._known or name in self.s.forbidden:
                continue
            node = props.extra_node(name)
            if node is not None:
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
            self._joint(st, out, self.s.min_props, build=True)
        if len(out) < self.s.min_props:
            raise self._too_few(len(out))
        return out


def ordered_union(lists: Sequence[Sequence[str]]) -> list[str]:
    """Every name once, in first-seen order."""
    if len(lists) == 1:
        return list(dict.fromkeys(lists[0]))
    union: dict[str, None] = {}
    for names in lists:
        union.update(dict.fromkeys(names))  # a name seen before keeps its place
    return list(union)
