"""Compiled generator nodes shared by every type: the per-call state and the combinators.

A node is ``gen(st, hint) -> value``: ``st`` carries the call's RNG and clock, ``hint`` the name of
the property being generated (for realistic values). Nodes only ever draw from ``st.rng``.
"""

from __future__ import annotations

import datetime as dt
import itertools
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any, Protocol

from synthworld._gc import paused
from synthworld._json import owned_copy
from synthworld.errors import SchemaError
from synthworld.schema._choice_errors import bare, explained, joined
from synthworld.schema._draw import below, choice

__all__ = [
    "ChoiceNode",
    "ConstNode",
    "ExamplesNode",
    "LazyNode",
    "Node",
    "NumberChoice",
    "PlainLazy",
    "Retry",
    "State",
    "bare",
    "compile_into",
    "retry",
    "spent",
    "surely",
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
BRANCHES = 2_500
"""How many distinct alternatives (of all ``anyOf``/``oneOf``/``if``/type choices) one call may
reach; the others then count as failed. Each alternative reached may compile, so this bounds the
compile work of a call, and it counts the same whether or not the alternative was compiled before
(the largest real-world values reach about 2,100)."""
MAX_ITEMS = 100_000
"""The most items an array may be made to hold (``minItems``, ``minContains``): a schema that
needs more is refused at compile time, naming the keyword. Such a value is megabytes of JSON, past
any agent's context, and takes seconds to build."""
MAX_PROPERTIES = 10_000
"""The most properties an object may be made to hold (``minProperties``), refused past it likewise
(as many names as an object's extra properties are drawn from, ``name_0`` to ``slot_999``)."""
MAX_LENGTH = 10_000_000
"""The longest string a schema may require (``minLength``), refused past it likewise."""
ITEMS = 2 * MAX_ITEMS
"""The most array items one attempt builds in all (`TooBig` past it): a schema whose nested arrays
must hold more (1,000 arrays of 1,000 arrays of 1,000) is refused at compile time once every probe
attempt met it, not built for minutes."""
CREDIT_FLOOR = 1_000
"""Containers that must hold more than this many items or properties widen the attempt's `work`
(see `State.credit`); smaller ones leave every value as it was."""
GROWTH = 1_000
"""After this many objects and arrays, an attempt adds no more optional content (a big schema's
value stays a few hundred kilobytes at most, and is built in bounded time)."""


_IDS = itertools.count()


class Retry(Exception):
    """This attempt failed; the caller may try again with the RNG where it is now. ``reason``
    (made only when read: a refusal's message) says what a node kept failing on."""

    reason: Callable[[], str] | None = None


def spent() -> str:
    """Why an attempt whose budget of redraws ran out gave up (`State.spend`'s `Retry`)."""
    return "the attempt's budget of redraws ran out (the values drawn kept failing the schema there)"


def retry(reason: Callable[[], str]) -> Retry:
    """A `Retry` whose ``reason`` says what failed (made only when a refusal reads it)."""
    err = Retry()
    err.reason = reason
    return err


class ChoiceRetry(Retry):
    """A choice whose every alternative failed, the last by `Retry`: each one's error or `Retry`
    by branch index, and the branches' places, for `_choice_errors.explained` (a refusal)."""

    def __init__(self, failures: dict[int, SchemaError | Retry], places: Sequence[str] | None) -> None:
        super().__init__()
        self.failures, self.places = failures, places


class TooBig(Retry):
    """This attempt's arrays held more than `ITEMS` items in all (arrays of arrays of arrays...)."""


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
    reached: set[int] = field(default_factory=set)
    """The alternatives reached so far in this call (see `BRANCHES`)."""
    credit: int = 0
    """Objects and arrays past `work` this attempt may still build: the most items (or
    properties) one array (or object) of the value must have, once past `CREDIT_FLOOR`, so that a
    value that must hold 100,000 of them is not abandoned as too big (set once, never added up:
    the work of an attempt stays bounded)."""
    items: int = ITEMS
    """Array items this attempt may still build (see `ITEMS`)."""
    lean: bool = False
    """Whether this is a lean attempt (required content only): an ``if`` takes its ``else`` first."""
    unsure: bool = False
    """Whether a node of this attempt built its part of the value without making sure it is
    valid (then the whole value is checked; otherwise every node built it valid by construction)."""
    scratch: dict[Any, Any] | None = None
    """What this attempt alone compiled (`_ifs`: combinations of ways), dropped with it."""

    def enter(self) -> None:
        """Go one object or array deeper; abandon the attempt when it has built too much."""
        self.work -= 1
        if self.work <= WORK - GROWTH:
            self.soft = 0
            if self.work + self.credit < 0:
                raise Retry
        self.depth += 1

    def need(self, count: int) -> None:
        """A container must hold ``count`` items or properties, past `CREDIT_FLOOR` (its caller
        checked): the attempt may build that many more objects and arrays (see `credit`)."""
        if count > self.credit:
            self.credit = count

    def spend(self) -> None:
        """Count one retry; abandon the attempt when the budget is gone."""
        self.budget -= 1
        if self.budget < 0:
            raise retry(spent)


SURE_VISITS = 100
"""How many nodes `surely` looks at before it leaves the answer to an attempt (fewer than
`LEAN_DEPTH` and than `WORK` - `GROWTH`: a lean value it vouches for is never too deep or too big)."""


class Sure:
    """One walk of `surely`: its budget of nodes left to look at, and how many alternatives the
    attempt may have reached so far (at most one per choice: see `BRANCHES`)."""

    __slots__ = ("choices", "left")

    def __init__(self, choices: int = 0) -> None:
        self.left = SURE_VISITS
        self.choices = choices

    def __call__(self, node: Any) -> bool:
        """Whether a lean `gen` of ``node`` surely returns (a node without a ``surely`` method is
        not known to)."""
        self.left -= 1
        check = getattr(node, "surely", None)
        return self.left >= 0 and check is not None and bool(check(self))


def surely(node: Any, choices: int = 0) -> bool:
    """Whether a lean attempt (required content only) of ``node`` builds a value, valid by
    construction, whatever the RNG draws: then satisfiability is known without an attempt
    (``choices``: the alternatives that attempt has reached before it gets to ``node``).

    Each node class that can tell has ``surely(sure) -> bool`` (``sure``: this walk, to ask about
    its children); a node that might fail, or mark its value unsure, says no, and so does any
    walk that meets too many nodes. A no only means an attempt must tell. Nodes a lean value
    needs are compiled as the attempt would compile them (the same nodes, the same errors).
    """
    try:
        return Sure(choices)(node)
    except RecursionError:  # a compile nesting too deeply: an attempt meets it as before
        return False


class Node(Protocol):
    """A compiled subschema."""

    def gen(self, st: State, hint: str) -> Any:
        """One value; raise :class:`Retry` when this attempt cannot succeed."""


def _copy(value: Any) -> Any:
    """A fresh copy of a value read from the schema (plain JSON data): `owned_copy`, in C."""
    return owned_copy(value) if isinstance(value, (dict, list)) else value


class ConstNode:
    """Always the same value (a fresh copy of it)."""

    def __init__(self, value: Any) -> None:
        self.value = value

    def gen(self, st: State, hint: str) -> Any:
        return _copy(self.value)

    def surely(self, sure: Sure) -> bool:
        return True


class EnumNode:
    """One of a fixed list of values."""

    def __init__(self, values: Sequence[Any]) -> None:
        self.values = tuple(values)
        self._nested = any(isinstance(v, (dict, list)) for v in self.values)

    def gen(self, st: State, hint: str) -> Any:
        value = choice(st.rng, self.values)
        return _copy(value) if self._nested else value

    def surely(self, sure: Sure) -> bool:
        return bool(self.values)


class ChoiceNode:
    """One of several alternatives (types, ``anyOf`` branches...), uniformly; when the chosen one
    cannot be built, the next ones in turn.

    A lazy alternative compiles only when it is reached (each only down to its own next
    branching), so a call pays for the branches it takes, not for their siblings. One that cannot
    compile is passed over at no cost to the attempt's budget: whether it compiles depends only on
    the schema, never on what was generated before, so generation stays pure.
    """

    def __init__(self, options: Sequence[Node], places: Sequence[str] | None = None) -> None:
        self.options = list(options)
        self.places = places
        """Where each alternative stands (its JSON path), when known: a refusal names it."""
        self._base = next(_IDS) << 32  # an identity for each alternative (see `BRANCHES`)
        self.lean_first: int | None = None
        """The alternative a lean attempt tries first (an ``if``'s ``else``: a lean value lacks
        what conditions usually test for), the draw made all the same; None: the draw's."""

    def gen(self, st: State, hint: str) -> Any:
        options = self.options
        count = len(options)
        first = below(st.rng, count)
        if st.lean and self.lean_first is not None:
            first = self.lean_first
        failed: Exception | None = None
        reasons: dict[int, SchemaError | Retry] | None = None  # each failed alternative's, by index
        reached = st.reached
        for step in range(count):
            index = (first + step) % count
            ident = self._base + index
            if ident not in reached:
                if len(reached) >= BRANCHES:
                    failed = failed or Retry()
                    continue
                reached.add(ident)
            option = options[index]
            if isinstance(option, (LazyNode, _Dead)):
                if isinstance(option, LazyNode):
                    if failed is not None and st.budget <= 0:
                        raise retry(spent)  # what `spend` would raise once it compiled: not compiled
                    try:
                        option = option.resolve()
                    except SchemaError as err:
                        option = _Dead(err)
                    options[index] = option
                if isinstance(option, _Dead):
                    reasons = reasons or {}
                    reasons[index] = option.error
                    continue
            if failed is not None:
                st.spend()
            try:
                return option.gen(st, hint)
            except (SchemaError, Retry) as err:
                failed = err.with_traceback(None)  # kept with its frames, it would be a cycle
                reasons = reasons or {}
                reasons[index] = failed
        if failed is not None and not isinstance(failed, SchemaError):
            if reasons is None or type(failed) is TooBig:
                raise failed
            raise ChoiceRetry(reasons, self.places)  # a refusal reads every alternative's reason
        assert reasons
        raise joined(explained(reasons, self.places))  # every alternative's, whichever came first

    def surely(self, sure: Sure) -> bool:
        """Every alternative is compiled and surely returns (none is compiled here: a branch
        compiles when a call first takes it), and the attempt may still reach one."""
        if sure.choices >= BRANCHES:
            return False
        sure.choices += 1
        return all(not isinstance(o, (LazyNode, _Dead)) and sure(o) for o in self.options)


class NumberChoice(ChoiceNode):
    """``type: number``, whose values may be whole (``[integer, number]`` once canonicalised):
    uniformly either alternative, as any choice, unless values are to look real. Then the number
    alternative draws, which keeps a whole value for some draws itself: a ``price: float`` is
    ``12.49`` more often than ``12``, and an ``allele_frequency`` of ``0.04`` is no ``0``."""

    def gen(self, st: State, hint: str) -> Any:
        if st.realistic:
            try:
                return self.options[1].gen(st, hint)
            except (SchemaError, Retry):  # the integers may still fit (a multipleOf the number misses)
                pass
        return super().gen(st, hint)


class _Dead:
    """An alternative that cannot compile, in place of its lazy node: passed over at once."""

    __slots__ = ("error",)

    def __init__(self, error: SchemaError) -> None:
        self.error = bare(error)

    def gen(self, st: State, hint: str) -> Any:
        raise bare(self.error)


def dead(node: Node) -> bool:
    """Whether ``node`` is one `compile_into` made of a compile error (it never builds a value)."""
    return type(node) is _Dead


class LazyNode:
    """A node compiled the first time it is needed (recursive schemas, branches): ``build(arg)``.

    ``build`` is shared (e.g. a compiler's bound ``node``) and ``arg`` plain data, so a lazy node
    is one small object, not a closure. A compile failure is remembered (bare) and raised again
    identically, so generation stays a pure function of the RNG whatever was compiled before.
    """

    def __init__(self, build: Callable[[Any], Node], arg: Any) -> None:
        self._build: Callable[[Any], Node] | None = build
        self._arg: Any = arg
        self._node: Node | None = None
        self._error: SchemaError | None = None

    def resolve(self) -> Node:
        """The compiled node (raises :class:`SchemaError` when there is none)."""
        if self._error is not None:
            raise bare(self._error)
        if self._node is None:
            with _COMPILING:  # two threads reaching a node first compile it once
                paused(self._compile)
        assert self._node is not None
        return self._node

    def _compile(self) -> None:
        if self._node is not None:
            return
        if self._error is not None:
            raise bare(self._error)
        assert self._build is not None
        try:
            node = self._build(self._arg)
        except SchemaError as err:
            self._error = bare(err)
            raise
        self._build = self._arg = None
        self.gen = node.gen  # type: ignore[method-assign]  # later calls skip this hop
        self._node = node

    def gen(self, st: State, hint: str) -> Any:
        return self.resolve().gen(st, hint)

    def surely(self, sure: Sure) -> bool:
        """Its node surely returns (compiled here, as the lean attempt that asks would compile
        it: a branch's lazy alternatives are never asked)."""
        try:
            node = self.resolve()
        except SchemaError:  # remembered: the attempt meets it as before
            return False
        return sure(node)


class PlainLazy:
    """The node of a type no conjunct constrains (see `_merge.merge_typed`): ``build(*args)``,
    called when a call first takes it.

    Such a node always compiles (its builder reads none of the conjuncts' words) and a lean value
    of it is surely built (an empty object or array, a free string or number), so `surely` need
    not compile it, and the choice that holds it draws as if it were built."""

    def __init__(self, build: Callable[..., Node], *args: Any) -> None:
        self._build, self._args = build, args
        self._node: Node | None = None

    def resolve(self) -> Node:
        """The built node (built once, under the compile lock)."""
        node = self._node
        if node is None:
            with _COMPILING:
                node = self._node
                if node is None:
                    node = self._node = paused(self._build, *self._args)
                    self._args = ()
                    self.gen = node.gen  # type: ignore[method-assign]  # later calls skip this hop
        return node

    def gen(self, st: State, hint: str) -> Any:
        return self.resolve().gen(st, hint)

    def surely(self, sure: Sure) -> bool:
        return True


def compile_into(table: dict[str, Node], name: str, build: Callable[[str], Node]) -> Node:
    """``table[name]``, compiled by ``build(name)`` first if missing; one that cannot compile
    becomes a node that raises its error, so every later call meets the same error."""
    with _COMPILING:
        node = table.get(name)
        if node is None:
            try:
                node = paused(build, name)
            except SchemaError as err:
                node = _Dead(err)
            table[name] = node
    return node


class ExamplesNode:
    """The schema's own valid ``examples``/``default`` some of the time, else ``inner``."""

    RATE = 0.2

    def __init__(self, inner: Node, samples: Sequence[Any]) -> None:
        self.inner = inner
        self.samples = tuple(samples)

    def gen(self, st: State, hint: str) -> Any:
        if st.rng.random() < self.RATE:
            return _copy(st.rng.choice(self.samples))
        return self.inner.gen(st, hint)

    def surely(self, sure: Sure) -> bool:
        return sure(self.inner)  # the samples hold already
