"""Long chains of ``if``/``then``/``else``: build a value without them, then make each ``if`` hold
that the value breaks, from the value's own side of its condition.

The usual compile splits on one ``if`` at a time (its ``then`` with the condition, or its ``else``
with the condition's negation) and searches the product depth first. A wrong early choice is found
out only at the leaves, so a few dozen ``if``s on one object (Camunda's element templates test a
property's ``binding.type``, ``type``, ``feel``... in 37 of them) exhaust `_nodes.BRANCHES`, and a
satisfiable schema was refused. Here the ``if``s are left out, a value is built, and only those
it breaks are decided: all of them at once, each on the side of its condition the value is on (a
condition it meets gets the ``then``; one it fails, the way it fails it and the ``else``); when
that set cannot build together, one ``if`` at a time, its ways in an order drawn from the RNG. An
``if`` is decided at most once, so a call builds at most ``2 + sum(ways)`` values.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, cast

from synthworld.errors import SchemaError
from synthworld.schema._canonicalise import canonical_view
from synthworld.schema._draw import below
from synthworld.schema._exclude import negation_branches
from synthworld.schema._nodes import LazyNode, Retry, State
from synthworld.schema._parts import Part
from synthworld.schema._place import route_of
from synthworld.schema._plain import plain_check
from synthworld.schema._resolve import Loc
from synthworld.schema.keywords import JSON_TYPES, TYPE_KEYWORDS

if TYPE_CHECKING:
    from synthworld.schema._compile import Compiler

__all__ = ["IF_CHAIN", "IfChainNode", "IfRule", "if_chain", "ifs_in"]

IF_CHAIN = 6
"""How many ``if``s among one set of conjuncts make them an `IfChainNode`, rather than a choice
per ``if`` whose sides are searched depth first (fewer keep the values they always had)."""

Check = Callable[[Any], bool]
Chosen = tuple[tuple[int, int], ...]
"""The ways decided so far: (if, way) pairs, sorted; way 0 is the ``then`` side."""


class IfRule:
    """One ``if``: its condition's check, the checks of its ``then`` and ``else`` (None: absent,
    anything holds), and its ways to hold: ``ways[0]`` the condition and the ``then``, the others
    each a way to fail the condition with the ``else`` (``fails[i - 1]`` says whether a value
    already fails it that way)."""

    __slots__ = ("cond", "fails", "otherwise", "then", "ways")

    def __init__(
        self,
        cond: Check,
        then: Check | None,
        otherwise: Check | None,
        ways: Sequence[Sequence[Part]],
        fails: Sequence[Check | None],
    ) -> None:
        self.cond, self.then, self.otherwise = cond, then, otherwise
        self.ways, self.fails = tuple(tuple(w) for w in ways), tuple(fails)

    def side(self, value: Any) -> tuple[bool, int | None]:
        """Whether ``value`` holds this ``if``, and else the way nearest to it: the ``then`` when
        it meets the condition, else the first way of failing it that it takes (None: unknown)."""
        if self.cond(value):
            return (self.then is None or self.then(value)), 0
        if self.otherwise is None or self.otherwise(value):
            return True, None
        for i, fails in enumerate(self.fails, 1):
            if fails is not None and fails(value):
                return False, i
        return False, None


class IfChainNode:
    """Values of ``base`` (the conjuncts with their ``if``s left out) that hold every ``rule``.

    The base and each single way are compiled once, by ``compiler``; a combination of several
    ways (there are as many as the values that draw them) by a scratch compiler of the attempt
    (`Compiler.scratch`), which reads what ``compiler`` compiled and keeps what it adds until the
    attempt ends: a schema whose calls draw ever new combinations does not grow without end.
    """

    def __init__(self, compiler: Compiler, base: Sequence[Part], rules: Sequence[IfRule]) -> None:
        self._compiler, self._base, self._rules = compiler, tuple(base), tuple(rules)
        self._nodes: dict[Chosen, LazyNode] = {}
        self._lock = threading.Lock()

    def gen(self, st: State, hint: str) -> Any:
        st.unsure = True  # the whole value is validated: a way is a conjunct, not a proof
        chosen, value = self._start(st, hint)
        for _ in range(len(self._rules) + 1):
            broken = self._broken(value, chosen)
            if not broken:
                return value
            together = tuple(sorted((*chosen, *((k, way) for k, way in broken if way is not None))))
            if len(together) > len(chosen) + 1:  # several at once, each on the value's side
                try:
                    value, chosen = self._node(st, together).gen(st, hint), together
                    continue
                except (SchemaError, Retry):
                    st.spend()
            k, way = broken[0]
            chosen, value = self._decide(st, hint, chosen, k, way)
        raise Retry

    def _start(self, st: State, hint: str) -> tuple[Chosen, Any]:
        """The first value: one ``if`` drawn to take its ``then`` (what its condition names may be
        nowhere else in the schema: a value built without it would meet no condition, or all
        of them), or, one draw in ``len(rules) + 1``, none; none either when that one cannot build,
        and in a lean attempt (a lean value lacks what conditions usually test for)."""
        head = below(st.rng, len(self._rules) + 1)
        if head < len(self._rules) and not st.lean:
            chosen: Chosen = ((head, 0),)
            try:
                return chosen, self._node(st, chosen).gen(st, hint)
            except (SchemaError, Retry):
                st.spend()
        return (), self._node(st, ()).gen(st, hint)

    def _broken(self, value: Any, chosen: Chosen) -> list[tuple[int, int | None]]:
        """The undecided ``if``s ``value`` breaks, each with the way nearest to the value."""
        done = {k for k, _ in chosen}
        out = []
        for k, rule in enumerate(self._rules):
            if k not in done:
                holds, way = rule.side(value)
                if not holds:
                    out.append((k, way))
        return out

    def _decide(self, st: State, hint: str, chosen: Chosen, k: int, near: int | None) -> tuple[Chosen, Any]:
        """A way of holding ``if`` ``k`` that builds with the ways ``chosen``, and its value: the
        one nearest to the value first, then the others in an order drawn from the RNG."""
        ways = [w for w in range(len(self._rules[k].ways)) if w != near]
        order = [near] if near is not None else []
        for left in range(len(ways), 0, -1):  # Fisher-Yates, one draw per way
            order.append(ways.pop(below(st.rng, left)))
        for way in order:
            key = tuple(sorted((*chosen, (k, way))))
            try:
                return key, self._node(st, key).gen(st, hint)
            except (SchemaError, Retry):
                st.spend()
        raise Retry

    def _node(self, st: State, chosen: Chosen) -> LazyNode:
        """The node of ``base`` and the ways ``chosen``, compiled on first use (a set of ways that
        cannot hold together is remembered as its compile error): the base and a single way by
        the chain's compiler, once; several ways by the attempt's scratch compiler, for it."""
        if len(chosen) < 2:
            found = self._nodes.get(chosen)
            if found is None:
                with self._lock:
                    found = self._nodes.setdefault(chosen, LazyNode(self._compiler.node, self._parts(chosen)))
            return found
        if st.scratch is None:
            st.scratch = {}
        found = st.scratch.get((self, chosen))
        if found is None:
            compiler = st.scratch.get(self._compiler)  # one per compiler and attempt
            if compiler is None:
                compiler = st.scratch[self._compiler] = self._compiler.scratch()
            found = st.scratch[(self, chosen)] = LazyNode(compiler.node, self._parts(chosen))
        return cast(LazyNode, found)

    def _parts(self, chosen: Chosen) -> list[Part]:
        return [*self._base, *(p for k, way in chosen for p in self._rules[k].ways[way])]


def ifs_in(parts: Sequence[Part]) -> int:
    """How many of ``parts`` have an ``if`` (``if: {}`` too: its ``then`` always applies)."""
    return sum(1 for part in parts if _has_if(part))


def _has_if(part: Part) -> bool:
    return "if" in part.node


def if_chain(compiler: Compiler, parts: Sequence[Part]) -> IfChainNode:
    """The `IfChainNode` of ``parts``: their ``if``s left out of the value built first. Where no
    conjunct names a type, the value takes the types the keywords of the conjuncts and of their
    ``if``s, ``then``s and ``else``s name, as each side of a choice per ``if`` would."""
    base: list[Part] = []
    rules: list[IfRule] = []
    words: set[str] = set()
    for part in parts:
        words.update(part.node)
        if not _has_if(part):
            base.append(part)
            continue
        base.append(part.without("if"))
        rules.append(_rule(compiler, part))
        for word in ("if", "then", "else"):
            if word in part.node:
                words.update(canonical_view(part.node[word], part.loc.dialect))
    if "type" not in words and not compiler.any_type:
        named = [t for t in JSON_TYPES if words & TYPE_KEYWORDS.get(t, frozenset())]
        if named:
            named = ["integer", *named] if "number" in named else named
            base.append(Part(compiler.synthetic(parts[0].loc, {"type": named})))
    return IfChainNode(compiler, base, rules)


def _rule(compiler: Compiler, part: Part) -> IfRule:
    """The `IfRule` of ``part``'s ``if``, made once per document by its first compiler (a chain
    compiled anew in each attempt's scratch compiler has the same ``if``s)."""
    root, key = compiler.root, (*part.key(), route_of(part.loc.path))  # per place, as nodes are
    found = root.rules.get(key)
    if found is None:
        found = root.rules.setdefault(key, _new_rule(root, part))
    return cast(IfRule, found)


def _new_rule(compiler: Compiler, part: Part) -> IfRule:
    """The ways to fail its condition are those of `negation_branches` when it only constrains
    properties, required names and type, each checked on the value; else its one
    generated-and-rejected negation."""
    loc, node = part.loc, part.node
    cond = loc.child(node["if"], "if")
    then = loc.child(node["then"], "then") if "then" in node else None
    other = loc.child(node["else"], "else") if "else" in node else None
    found = negation_branches(canonical_view(cond.schema, cond.dialect))
    failing = [Part(compiler.synthetic(cond, way)) for way in found] if found else [compiler.negate(cond)]
    ways = [
        [Part(cond), *([Part(then)] if then is not None else [])],
        *([way, *([Part(other)] if other is not None else [])] for way in failing),
    ]
    return IfRule(
        _check(compiler, cond),
        None if then is None else _check(compiler, then),
        None if other is None else _check(compiler, other),
        ways,
        [_check(compiler, way.loc) for way in failing] if found else [None],
    )


def _check(compiler: Compiler, loc: Loc) -> Check:
    """``loc``'s `plain_check` when it has one (an ``if``'s condition usually does), else its
    `QuickCheck`."""
    return plain_check(loc.schema, loc.dialect) or compiler.check(loc)
