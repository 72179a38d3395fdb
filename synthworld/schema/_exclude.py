"""The last resort of a ``oneOf`` whose depth-first search runs out: build one branch, then make
the value fail each other branch that accepts it, one way of failing at a time.

The usual compile of a ``oneOf`` branch conjoins the negation of every other branch, each an
``anyOf`` of ways to fail it, and searches their product depth first: a wrong way is found out
only at the leaves, so a few open objects alike (7 branches, 7 ways each) exhaust
`_nodes.BRANCHES`. Here a way is added only for a branch the value actually satisfies, and one
that cannot build (it contradicts the branch or an earlier way) is passed over at once. The
generator uses these nodes only where the usual search failed (see `Generator`), so no value made
today changes.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from synthworld.errors import SchemaError, UnsatisfiableSchemaError, show_pointer
from synthworld.schema._canonicalise import canonical_view
from synthworld.schema._draw import below
from synthworld.schema._formats import FORMATS
from synthworld.schema._nodes import ChoiceNode, LazyNode, Node, Retry, State
from synthworld.schema._object_ways import OBJECT_WORDS, object_ways
from synthworld.schema._parts import Part
from synthworld.schema._resolve import Loc
from synthworld.schema.keywords import ANNOTATIONS

if TYPE_CHECKING:
    from synthworld.schema._compile import Compiler

__all__ = ["ExcludeNode", "TwinsError", "excluding_node", "exclusion_choice", "negation_branches", "twins"]


class TwinsError(UnsatisfiableSchemaError):
    """A ``oneOf`` whose every branch that can hold has an identical twin: its message says
    more than the usual search's failure, so the generator raises it in place of that."""


Chosen = tuple[tuple[int, int], ...]
"""The ways added so far: (other branch, way) pairs, sorted."""


class ExcludeNode:
    """Values of ``base`` (one ``oneOf`` branch with its siblings) that no other branch accepts.

    ``others``: per other branch, a check (``value -> bool``, whether it accepts) and its ways of
    failing (conjuncts, e.g. one property of another type, one required property left out). While
    an other branch accepts the value, the first of its ways (in an order drawn from the RNG) that
    builds together with ``base`` and the ways chosen before is added, and the value built again:
    at most one way per branch, so a call builds at most ``1 + sum(len(ways))`` values.
    """

    def __init__(
        self,
        build: Callable[[Any], Node],
        base: Sequence[Part],
        others: Sequence[tuple[Callable[[Any], bool], Sequence[Part]]],
    ) -> None:
        self._build, self._base, self._others = build, tuple(base), tuple(others)
        self._nodes: dict[Chosen, LazyNode] = {}
        self._lock = threading.Lock()

    def gen(self, st: State, hint: str) -> Any:
        st.unsure = True  # the whole value is validated: a way is a conjunct, not a proof
        chosen: Chosen = ()
        value = self._node(chosen).gen(st, hint)
        for _ in range(len(self._others) + 1):
            k = self._accepting(value, chosen)
            if k is None:
                return value
            chosen, value = self._exclude(st, hint, chosen, k)
        raise Retry

    def _accepting(self, value: Any, chosen: Chosen) -> int | None:
        """The first other branch that accepts ``value`` and has no way chosen yet, if any."""
        done = {k for k, _ in chosen}
        for k, (accepts, _) in enumerate(self._others):
            if k not in done and accepts(value):
                return k
        return None

    def _exclude(self, st: State, hint: str, chosen: Chosen, k: int) -> tuple[Chosen, Any]:
        """A way of failing branch ``k`` that builds with the ways ``chosen``, and its value."""
        ways = list(range(len(self._others[k][1])))
        for left in range(len(ways), 0, -1):  # Fisher-Yates, one draw per way tried
            pick = below(st.rng, left)
            way = ways.pop(pick)
            key = tuple(sorted((*chosen, (k, way))))
            try:
                return key, self._node(key).gen(st, hint)
            except (SchemaError, Retry):
                st.spend()
        raise Retry

    def _node(self, chosen: Chosen) -> LazyNode:
        """The node of ``base`` and the ways ``chosen``, compiled on first use (a way that cannot
        hold with them is remembered as its compile error)."""
        found = self._nodes.get(chosen)
        if found is None:
            parts = [*self._base, *(self._others[k][1][way] for k, way in chosen)]
            with self._lock:
                found = self._nodes.setdefault(chosen, LazyNode(self._build, parts))
        return found


def negation_branches(node: dict[str, Any], *, bounds: bool = False) -> list[Any] | None:
    """The ways a value fails the canonical schema ``node``, when it only constrains properties,
    required names, their count and type (one property of another kind, one required name left
    out, too few or too many names, another type), else None. ``bounds``: a bound of a number, a
    string's length or an array's size is a way too (a value of its type past it), for the last
    resort of a ``oneOf`` whose branches bound typeless values: ``[{"pattern": "^[a-z]+$"},
    {"minimum": 0}]`` holds for a negative number alone; so is a name ``propertyNames`` refuses
    (``[{propertyNames: P}, {propertyNames: P, minimum: 0}]`` holds for a negative number alone);
    a ``format`` no validator checks (``int32``) is no obstacle there, and a ``not`` fails where its
    subschema holds."""
    words = set(node) - {"$comment", "title", "description", "$id", "$schema"}
    if bounds and node.get("format") not in FORMATS:  # no validator checks it: nothing to fail
        words.discard("format")
    allowed = _NEGATED | _BOUNDS.keys() | OBJECT_WORDS | {"propertyNames", "not"} if bounds else _NEGATED
    if not words or not words <= allowed:
        return None
    branches: list[Any] = [  # properties and required hold for every value but an object
        {"type": "object", "required": [name], "properties": {name: {"not": sub}}}
        for name, sub in node.get("properties", {}).items()
    ]
    branches += [{"type": "object", "properties": {name: False}} for name in node.get("required", [])]
    fewest, most = _count(node.get("minProperties")), _count(node.get("maxProperties"))
    if fewest:  # mailscript's criteria: one of two sets of fields, at least one given
        branches.append({"type": "object", "maxProperties": fewest - 1})
    if most is not None:
        branches.append({"type": "object", "minProperties": most + 1})
    if "propertyNames" in words:  # an object of names it refuses (an empty one meets it)
        refused = {"not": node["propertyNames"]}
        branches.append({"type": "object", "minProperties": 1, "propertyNames": refused})
    for word in [w for w in _BOUNDS if w in words] if bounds else ():  # in `_BOUNDS`' order, not a set's
        kind, other, step = _BOUNDS[word]
        bound = node[word]
        if isinstance(bound, bool) or not isinstance(bound, (int, float)):
            return None
        if bound + step >= 0 or kind == "number":  # minLength 0, minItems 0: every value meets it
            branches.append({"type": kind, other: bound + step})
    if bounds and not OBJECT_WORDS.isdisjoint(words):
        branches += object_ways(node)
    if "type" in node:
        branches.append({"not": {"type": node["type"]}})
    if "not" in words:  # met by what its subschema holds for: {not: {const: 0}} fails for 0 alone
        branches.append(node["not"])
    return branches


def split_ways(node: Any, raw: Any) -> list[Any] | None:
    """`negation_branches` with ``bounds`` of a ``oneOf`` branch, canonical ``node`` (``raw``: as
    written); where it reads some words only, their ways and the ``not`` of the others (a value
    fails a conjunction when it fails one part; the last resort reads a ``not`` of a conditional
    or dependencies as its ways to fail): ``oneOf [{}, {dependentSchemas: {a: ...},
    maxProperties: 0}]`` holds for an object with a name, which the ``not`` of the whole branch,
    drawn and checked, seldom made."""
    if isinstance(node, dict) and isinstance(raw, dict) and _APPLIERS.isdisjoint(node):
        node = _unevaluated_as_additional(node)  # nothing else evaluates a name: the same words
        raw = _unevaluated_as_additional(raw)
    ways = negation_branches(node, bounds=True) if isinstance(node, dict) else None
    if ways is not None or not isinstance(node, dict) or not isinstance(raw, dict):
        return ways
    readable = _NEGATED | _BOUNDS.keys() | OBJECT_WORDS | {"propertyNames"}
    read = {w: v for w, v in node.items() if w in readable}
    rest = {w: v for w, v in node.items() if w not in readable and w not in ANNOTATIONS}
    rewritten = any(raw.get(w) != v for w, v in rest.items())
    if not read or not rest or not _TOGETHER.isdisjoint(rest) or rewritten:
        return None  # unevaluated* read what is beside them; a word canonicalised is its dialect's
    ways = negation_branches(read, bounds=True)
    return None if ways is None else [*ways, {"not": rest}]


def _unevaluated_as_additional(node: dict[str, Any]) -> dict[str, Any]:
    """``unevaluatedProperties`` read as ``additionalProperties`` (none beside it)."""
    if "unevaluatedProperties" not in node or "additionalProperties" in node:
        return node
    out = {w: v for w, v in node.items() if w != "unevaluatedProperties"}
    return {**out, "additionalProperties": node["unevaluatedProperties"]}


_TOGETHER = frozenset({"unevaluatedProperties", "unevaluatedItems"})
_APPLIERS = frozenset({
    "allOf", "anyOf", "oneOf", "if", "then", "else", "dependentSchemas", "dependencies", "$ref",
    "$dynamicRef", "$recursiveRef",
})  # fmt: skip
"""Words whose subschemas evaluate names for an ``unevaluatedProperties`` beside them."""
_NEGATED = frozenset({"properties", "required", "type", "minProperties", "maxProperties"})
_BOUNDS: dict[str, tuple[str, str, int]] = {
    "minimum": ("number", "exclusiveMaximum", 0),
    "maximum": ("number", "exclusiveMinimum", 0),
    "exclusiveMinimum": ("number", "maximum", 0),
    "exclusiveMaximum": ("number", "minimum", 0),
    "minLength": ("string", "maxLength", -1),
    "maxLength": ("string", "minLength", 1),
    "minItems": ("array", "maxItems", -1),
    "maxItems": ("array", "minItems", 1),
}
"""Each bound's way to fail it: a value of its type past it (``minLength: 3``: a string of at
most 2 characters)."""


def _count(value: Any) -> int | None:
    """`value` as a count of properties (an integer, or a float without a fraction), else None."""
    whole = isinstance(value, (int, float)) and not isinstance(value, bool) and float(value).is_integer()
    return int(value) if whole else None


def exclusion_choice(options: list[Node], subs: list[Loc], path: str) -> Node | None:
    """The choice of a ``oneOf``'s `ExcludeNode`s (``subs``: its branches); with none, the error
    of a ``oneOf`` whose every branch that can hold has a twin, else None (no branch can hold)."""
    if len(options) == 1:
        return options[0]
    if options:
        return ChoiceNode(options)
    doubled = [j for j, sub in enumerate(subs) if any(twins(sub, o) for o in subs if o is not sub)]
    if not doubled:
        return None
    raise TwinsError(
        f"oneOf at {show_pointer(path)} can never hold: a value of one branch must fail the others, and "
        f"every branch that can hold has an identical twin (branches {doubled}: the same but for "
        "annotations, such as descriptions and formats no validator checks); fix: remove the duplicate "
        "branches (or use anyOf)",
        path=path,
    )


_SCHEMA_MAPS = frozenset({"properties", "patternProperties", "$defs", "definitions", "dependentSchemas"})
_SCHEMA_LISTS = frozenset({"allOf", "anyOf", "oneOf", "prefixItems", "items"})
_SCHEMA_ONE = frozenset({
    "items", "additionalProperties", "additionalItems", "not", "if", "then", "else", "contains",
    "propertyNames", "unevaluatedItems", "unevaluatedProperties",
})  # fmt: skip


def twins(one: Loc, other: Loc) -> bool:
    """Whether two branches of one ``oneOf`` are the same schema, but for annotations at any depth
    (titles, descriptions, examples, a ``format`` no validator checks, such as OpenAPI's
    ``byte``): a value satisfies both or neither."""
    mine, theirs = canonical_view(one.schema, one.dialect), canonical_view(other.schema, other.dialect)
    if not (isinstance(mine, dict) and isinstance(theirs, dict)):
        return bool(mine == theirs)
    return bool(_asserted(mine) == _asserted(theirs))


def _asserted(schema: Any) -> Any:
    """``schema`` without its annotations, in it and in every subschema (a structure to compare)."""
    if not isinstance(schema, dict):
        return schema
    out: dict[str, Any] = {}
    for word, value in schema.items():
        if word in ANNOTATIONS or (word == "format" and value not in FORMATS):
            continue
        if word in _SCHEMA_MAPS and isinstance(value, dict):
            value = {name: _asserted(sub) for name, sub in value.items()}
        elif word in _SCHEMA_LISTS and isinstance(value, list):
            value = [_asserted(sub) for sub in value]
        elif word in _SCHEMA_ONE:
            value = _asserted(value)
        out[word] = value
    return out


def excluding_node(cx: Compiler, rest: list[Part], subs: list[Loc], j: int, others: list[int]) -> Node:
    """`ExcludeNode` for branch ``j`` of a ``oneOf`` (``others``: the branches to fail)."""
    ways = []
    for k in others:
        target = _through_refs(cx, subs[k])
        found = split_ways(canonical_view(target.schema, target.dialect), target.schema)
        mine = [Part(cx.synthetic(target, w)) for w in found] if found else [cx.negate(subs[k])]
        ways.append((cx.check(subs[k]), mine))
    return ExcludeNode(cx.node, [*rest, Part(subs[j])], ways)


_REF_HOPS = 8
"""References followed from a ``oneOf`` branch to the subschema whose failures exclude it."""


def _through_refs(cx: Compiler, loc: Loc) -> Loc:
    """The subschema a branch that is only a ``$ref`` (OpenAPI's and pydantic's unions) names,
    so the ways to fail it are read from its target, not left to a check of whole values."""
    for _ in range(_REF_HOPS):
        view = canonical_view(loc.schema, loc.dialect)
        if not isinstance(view, dict) or set(view) != {"$ref"}:
            break
        loc = cx.quick.resolve(loc, "$ref")
    return loc
