"""A conjunct of the compiler: a located schema, canonicalised, minus keywords already handled."""

from __future__ import annotations

from typing import Any

from synthworld.schema._bounded import forgets
from synthworld.schema._canonicalise import canonical_view
from synthworld.schema._resolve import Loc

__all__ = ["Part", "forbidden_by_not", "lone_empty_pattern"]


class Part:
    """One conjunct: a located schema, minus keywords already turned into alternatives."""

    __slots__ = ("_key", "loc", "node", "omit")

    def __init__(self, loc: Loc, omit: frozenset[str] = frozenset()) -> None:
        if omit:  # a few sets recur (``{"$ref"}``...): one of each lives on, not one per conjunct
            omit = _OMITS.setdefault(omit, omit) if len(_OMITS) < 1024 else omit
        self.loc, self.omit = loc, omit
        self._key: tuple[Any, ...] | None = None
        node = canonical_view(loc.schema, loc.dialect)  # shared: read only, copied to drop words
        if omit:
            node = dict(node)
            for word in omit:
                head, _, name = word.partition(":")
                if name:
                    node[head] = {k: v for k, v in node[head].items() if k != name}
                else:
                    node.pop(word, None)
            node = node or _EMPTY  # e.g. what is left of a lone $ref: one shared {} lives on
        self.node = node

    def key(self) -> tuple[Any, ...]:
        """Identity for memoisation; strings and ints only, so a memo of such keys costs the
        garbage collector nothing."""
        if self._key is None:
            self._key = (*self.loc.key(), tuple(sorted(self.omit)) if self.omit else ())
        return self._key

    def without(self, word: str) -> Part:
        return Part(self.loc, self.omit | {word})


_EMPTY: dict[str, Any] = {}
"""A conjunct with no words left (shared, never changed)."""
_OMITS: dict[frozenset[str], frozenset[str]] = {}
"""Each set of omitted words once (bounded: a schema's own ``dependentSchemas`` names are few)."""


def forbidden_by_not(neg: Any) -> tuple[str, ...] | None:
    """Names that ``not: neg`` forbids, when that is all it does.

    ``not: {required: [a]}`` and ``not: {anyOf: [{required: [a]}, {required: [b]}]}`` are built by
    leaving the properties out, not by generating and rejecting. Remembered per schema object: the
    same ``not`` comes back in every object it is a conjunct of.
    """
    if not isinstance(neg, dict) or len(neg) != 1:
        return None
    hit = _FORBIDDEN.get(id(neg))
    if hit is None or hit[0] is not neg:  # not this object, only one that reused its id
        if len(_FORBIDDEN) >= 4096:
            _FORBIDDEN.clear()
        hit = _FORBIDDEN[id(neg)] = (neg, _forbidden_by_not(neg))
    return hit[1]


_FORBIDDEN: dict[int, tuple[Any, tuple[str, ...] | None]] = {}
forgets(_FORBIDDEN.clear)


def _forbidden_by_not(neg: dict[str, Any]) -> tuple[str, ...] | None:
    required = neg.get("required")
    if isinstance(required, list) and len(required) == 1:
        return tuple(required)
    branches = neg.get("anyOf")
    if not isinstance(branches, list):
        return None
    names: list[str] = []
    for branch in branches:  # the first branch that forbids no names alone settles it
        found = forbidden_by_not(branch)
        if found is None:
            return None
        names += found
    return tuple(names)


def lone_empty_pattern(node: dict[str, Any]) -> bool:
    """Whether ``patternProperties`` has the one key ``""``: python-jsonschema joins the keys with
    ``|`` and, the result being empty, reads every unlisted name as additional too (jsonschema-rs,
    like the spec, as matched): a name valid for both meets both subschemas."""
    patterns = node.get("patternProperties")
    return isinstance(patterns, dict) and len(patterns) == 1 and "" in patterns
