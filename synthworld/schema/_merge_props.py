"""The property nodes of an object's conjuncts (`Properties`, compiled on demand) and which
names its conjuncts forbid (`forbidden`, `forbids`, `may_forbid`): the object half of
`synthworld.schema._merge`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from synthworld.errors import SchemaError
from synthworld.schema._bounded import forgets
from synthworld.schema._canonicalise import FALSE, canonical_view
from synthworld.schema._containers import ordered_union
from synthworld.schema._draw import below
from synthworld.schema._nodes import Node, Retry, State
from synthworld.schema._parts import Part, lone_empty_pattern
from synthworld.schema._pattern_size import readable_pattern
from synthworld.schema._quick import QuickCheck
from synthworld.schema._realistic_patterns import headed, led_text
from synthworld.schema._regex import Gen
from synthworld.schema._resolve import Loc

if TYPE_CHECKING:
    from synthworld.schema._compile import Compiler

__all__ = ["LIMITING", "Properties", "forbidden_names", "forbids", "may_forbid"]

_KEY_WORDS = ("name", "key", "id", "code", "label", "item", "value", "field", "tag", "slot")


def _matches(pattern: str, name: str, loc: Loc) -> bool:
    """Whether property ``name`` matches a ``patternProperties`` key of the schema at ``loc``."""
    return readable_pattern(pattern, f"{loc.path}/patternProperties")[1].search(name) is not None


LIMITING = frozenset({"properties", "patternProperties", "additionalProperties"})
PROPERTY_WORDS = frozenset({*LIMITING, "unevaluatedProperties"})
"""The words by which a conjunct may give a property the schema ``false`` (see `may_forbid`)."""


class Properties:
    """The property nodes of one object, compiled on demand: one object with the parts, not a
    closure per use (a big schema has thousands of objects)."""

    __slots__ = ("_cache", "_cx", "_gens", "_joints", "_leds", "_parts", "checks", "names_node")

    def __init__(self, cx: Compiler, parts: list[Part], found: dict[str, list[Any]]) -> None:
        self._cx = cx
        self._parts = [p for p in parts if not PROPERTY_WORDS.isdisjoint(p.node)]
        """The conjuncts that say anything of a property (`_prop_parts` reads no other: most of an
        object's conjuncts are its branches' siblings, ``required`` lists, negations)."""
        self.checks: tuple[QuickCheck, ...] = ()  # most have none: the empty tuple is shared
        """The ``propertyNames`` a name must satisfy."""
        self._gens: tuple[Gen, ...] = ()
        self._leds: tuple[str | None, ...] = ()
        """The fixed text each pattern of `_gens` builds, open at the start (`led_text`), or None."""
        self.names_node = None
        self._joints: tuple[Node, ...] = ()
        if "propertyNames" in found:
            self.checks = tuple(
                cx.check(p.loc.child(p.node["propertyNames"], "propertyNames"))
                for p in parts
                if "propertyNames" in p.node
            )
            self.names_node = names_node(cx, parts)
        if "patternProperties" in found:
            patterns = ordered_union([list(v) for v in found["patternProperties"]])
            path = f"{parts[-1].loc.path if parts else ''}/patternProperties"
            self._gens = tuple(readable_pattern(p, path)[0] for p in patterns)
            self._leds = tuple(led_text(p) for p in patterns)
            if "propertyNames" in found:  # names both take, for `joint_name`
                subs = [Part(p.loc.child(p.node["propertyNames"], "propertyNames")) for p in parts
                        if "propertyNames" in p.node]  # fmt: skip
                near = subs[0].loc
                self._joints = tuple(
                    cx.lazy([*subs, Part(cx.synthetic(near, {"type": "string", "pattern": p}))])
                    for p in patterns
                )
        self._cache: dict[str, Node | None] | None = None  # made with the first additional name

    def name_ok(self, name: str) -> bool:
        """Whether ``propertyNames`` allows ``name``."""
        return all(check(name) for check in self.checks)

    def make(self, name: str) -> Node:
        """The node of the known property ``name``."""
        return self._cx.node(_prop_parts(self._parts, name))

    def extra_name(self, st: State) -> str:
        """A name for an additional property."""
        gens, names_node = self._gens, self.names_node
        if gens and (names_node is None or st.rng.random() < 0.7):
            i = st.rng.randrange(len(gens))  # as `choice` draws
            led = self._leds[i]
            if st.realistic and led is not None:  # "@corp\.com$": "amy78@corp.com", not "@corp.com"
                return headed(st.rng, st.locale, led, None)
            return str(gens[i](st.rng, {}))
        if names_node is not None:
            return str(names_node.gen(st, "key"))
        return self.plain_name(st)

    def joint_name(self, st: State) -> str | None:
        """A name ``propertyNames`` and one of the patterns both take, or None: drawn apart they
        seldom meet (``format: date`` and ``^2020``, ``maxLength: 3`` and ``^ab``)."""
        if not self._joints:
            return None
        try:
            return str(self._joints[below(st.rng, len(self._joints))].gen(st, "key"))
        except (Retry, SchemaError):
            return None

    def plain_name(self, st: State) -> str:
        """A name no pattern made: ``key_12``."""
        return f"{st.rng.choice(_KEY_WORDS)}_{st.rng.randrange(1000)}"

    def extra_node(self, name: str) -> Node | None:
        """The node of the additional property ``name`` (``None``: that name is not allowed)."""
        cache = self._cache
        if cache is None:
            cache = self._cache = {}
        if name not in cache:
            prop = _prop_parts(self._parts, name)
            ok = self.name_ok(name) and not any(p.node == FALSE for p in prop)
            cache[name] = self._cx.lazy(prop) if ok else None
        return cache[name] if len(cache) < 4096 else cache.pop(name)


def forbidden_names(parts: list[Part], names: Sequence[str]) -> set[str]:
    """The ``names`` some conjunct gives the schema ``false`` (`forbids`), asked only about names
    some conjunct does not list with a schema that cannot be false (an object with
    ``additionalProperties: false`` mostly lists every name with a plain schema: nothing to ask)."""
    unsure: set[str] = set()
    for p in parts:
        properties = p.node.get("properties", _NONE)
        if not isinstance(properties, dict):
            properties = _NONE
        unsure.update(n for n in names if n not in properties or _maybe_false(properties[n]))
    return {name for name in unsure if forbids(parts, name)}


def _maybe_false(sub: Any) -> bool:
    """Whether `_is_false` may say yes of ``sub`` (only ``false`` and objects with a ``not``)."""
    return sub is False or (isinstance(sub, dict) and "not" in sub)


def forbids(parts: list[Part], name: str) -> bool:
    """Whether some conjunct gives property `name` the schema ``false`` (without building parts)."""
    for p in parts:
        node = p.node
        properties = node.get("properties", {})
        if name in properties:
            if _is_false(properties[name], p.loc.dialect):
                return True
            continue
        patterns = node.get("patternProperties", {})
        subs = [sub for pattern, sub in patterns.items() if _matches(pattern, name, p.loc)]
        if (not subs or lone_empty_pattern(node)) and "additionalProperties" in node:
            subs.append(node["additionalProperties"])
        if any(_is_false(sub, p.loc.dialect) for sub in subs):
            return True
    return False


def may_forbid(part: Part) -> bool:
    """Whether `part` can give some property the schema ``false`` (most conjuncts cannot)."""
    node = part.node
    if "patternProperties" in node or "additionalProperties" in node:
        return True
    properties = node.get("properties")
    return isinstance(properties, dict) and _is_false(properties, part.loc.dialect, among=True)


_FALSE_CACHE: dict[tuple[int, str, bool], tuple[Any, bool]] = {}
forgets(_FALSE_CACHE.clear)


def _is_false(sub: Any, dialect: str, *, among: bool = False) -> bool:
    """Whether `sub` accepts nothing (``among``: whether one of the values of the ``properties``
    object `sub` does), remembered per schema object: objects have many names and conjuncts."""
    if not among and (isinstance(sub, bool) or not isinstance(sub, dict) or "not" not in sub):
        return sub is False  # only `false` and `{"not": {}}` (give or take unknown words) are false
    key = (id(sub), dialect, among)
    hit = _FALSE_CACHE.get(key)
    if hit is None or hit[0] is not sub:
        if len(_FALSE_CACHE) >= 65_536:
            _FALSE_CACHE.clear()
        if among:
            found = any(_is_false(v, dialect) for v in sub.values())
        else:
            found = canonical_view(sub, dialect) == FALSE
        hit = _FALSE_CACHE[key] = (sub, found)
    return hit[1]


def _prop_parts(parts: list[Part], name: str) -> list[Part]:

    out: list[Part] = []
    evaluated = False
    for p in parts:
        node, loc = p.node, p.loc
        properties = node.get("properties", _NONE)
        named = name in properties
        if named:
            out.append(Part(loc.child(properties[name], "properties", name)))
        matched = lone = False
        patterns = node.get("patternProperties")
        if patterns:
            for pattern, sub in patterns.items():
                if _matches(pattern, name, loc):
                    out.append(Part(loc.child(sub, "patternProperties", pattern)))
                    matched = True
            lone = not named and lone_empty_pattern(node)
        matched = matched or named
        if (not matched or lone) and "additionalProperties" in node:
            out.append(Part(loc.child(node["additionalProperties"], "additionalProperties")))
            matched = True
        evaluated = evaluated or matched
    if not evaluated:
        out += [Part(p.loc.child(p.node["unevaluatedProperties"], "unevaluatedProperties"))
                for p in parts if "unevaluatedProperties" in p.node]  # fmt: skip
    return out


_NONE: dict[str, Any] = {}
"""No properties (shared, never changed)."""


def names_node(cx: Compiler, parts: list[Part]) -> Node | None:
    subs = [Part(p.loc.child(p.node["propertyNames"], "propertyNames")) for p in parts
            if "propertyNames" in p.node]  # fmt: skip
    if not subs:
        return None
    string = cx.synthetic(subs[0].loc, {"type": "string"})
    return cx.lazy([*subs, Part(string)])
