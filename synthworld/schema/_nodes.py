"""Compiled generator nodes shared by every type: the per-call state and the combinators.

A node is ``gen(st, hint) -> value``: ``st`` carries the call's RNG and clock, ``hint`` the name of
the property being generated (for realistic values). Nodes only ever draw from ``st.rng``.
"""

from __future__ import annotations

import copy
import datetime as dt
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any, Protocol

from synthworld.errors import SchemaError
from synthworld.schema._draw import below, choice

__all__ = [
    "ChoiceNode",
    "ConstNode",
    "ExamplesNode",
    "LazyNode",
    "Node",
    "NotNode",
    "Retry",
    "State",
]

_COMPILING = threading.RLock()
"""Held while a lazy node compiles (compiling may reach other lazy nodes, hence re-entrant)."""

SOFT_DEPTH = 4
"""Below this depth objects and arrays stop adding optional content."""
HARD_DEPTH = 24
"""Below this depth an attempt is abandoned (a recursive schema that does not bottom out)."""
LEAN_DEPTH = 120
"""The same for the lean attempts, which add only required content: deep but finite schemas
(``required`` nesting 30 deep) are built there."""
WORK = 20_000
"""How many objects and arrays one attempt may build before it is abandoned (bounds the time of
recursive schemas whose every branch recurses)."""
GROWTH = 1_000
"""After this many objects and arrays, an attempt adds no more optional content (a big schema's
value stays a few hundred kilobytes at most, and is built in bounded time)."""


class Retry(Exception):
    """This attempt failed; the caller may try again with the RNG where it is now."""


@dataclass(slots=True)
class State:
    """Everything a node may use while generating one value."""

    rng: Random
    now: dt.datetime
    realistic: bool
    locale: str
    depth: int = 0
    budget: int = 0
    """Retries left in this attempt (nested retry loops would otherwise multiply)."""
    soft: int = SOFT_DEPTH
    """From this depth on, objects and arrays add no optional content (0: the leanest values)."""
    hard: int = HARD_DEPTH
    """Below this depth the attempt is abandoned."""
    work: int = WORK
    """Objects and arrays this attempt may still build."""

    def enter(self) -> None:
        """Go one object or array deeper; abandon the attempt when it has built too much."""
        self.work -= 1
        if self.work <= WORK - GROWTH:
            self.soft = 0
            if self.work < 0:
                raise Retry
        self.depth += 1

    def spend(self) -> None:
        """Count one retry; abandon the attempt when the budget is gone."""
        self.budget -= 1
        if self.budget < 0:
            raise Retry


class Node(Protocol):
    """A compiled subschema."""

    def gen(self, st: State, hint: str) -> Any:
        """One value; raise :class:`Retry` when this attempt cannot succeed."""


def _copy(value: Any) -> Any:
    return copy.deepcopy(value) if isinstance(value, (dict, list)) else value


class ConstNode:
    """Always the same value (a fresh copy of it)."""

    def __init__(self, value: Any) -> None:
        self.value = value

    def gen(self, st: State, hint: str) -> Any:
        return _copy(self.value)


class EnumNode:
    """One of a fixed list of values."""

    def __init__(self, values: Sequence[Any]) -> None:
        self.values = list(values)
        self._nested = any(isinstance(v, (dict, list)) for v in self.values)

    def gen(self, st: State, hint: str) -> Any:
        value = choice(st.rng, self.values)
        return _copy(value) if self._nested else value


class ChoiceNode:
    """One of several alternatives (types, ``anyOf`` branches...), uniformly; when the chosen one
    cannot be built, the next ones in turn.

    Lazy alternatives are compiled together at the first use (each only down to its own next
    branching), and those that cannot compile are dropped then: which ones are dropped depends
    only on the schema, never on what was generated before, so generation stays pure.
    """

    def __init__(self, options: Sequence[Node]) -> None:
        self.options = list(options)
        self._alive: list[Node] | None = None

    def gen(self, st: State, hint: str) -> Any:
        options = self._alive if self._alive is not None else self._settle()
        count = len(options)
        first = below(st.rng, count)
        for step in range(count):
            try:
                return options[(first + step) % count].gen(st, hint)
            except (SchemaError, Retry):
                if step == count - 1:
                    raise
                st.spend()
        raise AssertionError("unreachable")

    def _settle(self) -> list[Node]:
        with _COMPILING:
            if self._alive is None:
                alive, error = [], None
                for option in self.options:
                    try:
                        if isinstance(option, LazyNode):
                            option.resolve()
                        alive.append(option)
                    except SchemaError as err:
                        error = error or err
                if not alive:
                    assert error is not None
                    raise error
                self._alive = alive
        return self._alive


class LazyNode:
    """A node compiled the first time it is needed (recursive schemas, branches).

    A compile failure is remembered and raised again identically, so generation stays a pure
    function of the RNG whatever was compiled before.
    """

    def __init__(self, build: Callable[[], Node]) -> None:
        self._build: Callable[[], Node] | None = build
        self._node: Node | None = None
        self._error: SchemaError | None = None

    def resolve(self) -> Node:
        """The compiled node (raises :class:`SchemaError` when there is none)."""
        if self._node is None:
            with _COMPILING:  # two threads reaching a node first compile it once
                self._compile()
        assert self._node is not None
        return self._node

    def _compile(self) -> None:
        if self._node is not None:
            return
        if self._error is not None:
            raise self._error
        assert self._build is not None
        try:
            node = self._build()
        except SchemaError as err:
            self._error = err
            raise
        self._build = None
        self.gen = node.gen  # type: ignore[method-assign]  # later calls skip this hop
        self._node = node

    def gen(self, st: State, hint: str) -> Any:
        return self.resolve().gen(st, hint)


class NotNode:
    """Values of ``inner`` that none of ``excluded`` accepts (``not``, other ``oneOf`` branches)."""

    TRIES = 8

    def __init__(self, inner: Node, excluded: Sequence[Callable[[Any], bool]]) -> None:
        self.inner = inner
        self.excluded = list(excluded)

    def gen(self, st: State, hint: str) -> Any:
        for _ in range(self.TRIES):
            value = self.inner.gen(st, hint)
            if not any(check(value) for check in self.excluded):
                return value
            st.spend()
        raise Retry


class ExamplesNode:
    """The schema's own valid ``examples``/``default`` some of the time, else ``inner``."""

    RATE = 0.2

    def __init__(self, inner: Node, samples: Sequence[Any]) -> None:
        self.inner = inner
        self.samples = list(samples)

    def gen(self, st: State, hint: str) -> Any:
        if st.rng.random() < self.RATE:
            return _copy(st.rng.choice(self.samples))
        return self.inner.gen(st, hint)
