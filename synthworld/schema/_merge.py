"""Stage 3b: merge the conjuncts of one branch-free schema into a typed node."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from synthworld.errors import UnsatisfiableSchemaError, show_pointer
from synthworld.schema._array_items import add_contains, item_parts
from synthworld.schema._array_node import ArraySpec, array_node
from synthworld.schema._canonicalise import FALSE
from synthworld.schema._closed import closed_beside
from synthworld.schema._containers import NO_NAMES, ObjectNode, ObjectSpec, ordered_union
from synthworld.schema._context import in_context
from synthworld.schema._formats import ENCODED, FORMATS, FormatSearch
from synthworld.schema._last_arrays import needs_repeat
from synthworld.schema._merge_props import (
    LIMITING,
    Properties,
    forbidden_names,
    forbids,
    may_forbid,
)
from synthworld.schema._no_string import no_string
from synthworld.schema._nodes import (
    ChoiceNode,
    ConstNode,
    EnumNode,
    Node,
    NumberChoice,
    PlainLazy,
)
from synthworld.schema._numbers import NumberNode
from synthworld.schema._off_multiples import avoided_multiples
from synthworld.schema._parts import Part, forbidden_by_not
from synthworld.schema._pattern_size import buildable_pattern, readable_pattern
from synthworld.schema._place import name_and_nouns
from synthworld.schema._quick import QuickCheck
from synthworld.schema._realistic import number_in_place
from synthworld.schema._regex import Search, compile_pattern, exact, readings
from synthworld.schema._resolve import DRAFT2020
from synthworld.schema._rs_formats import checked_formats
from synthworld.schema._scalars import StringNode
from synthworld.schema._too_few import closed_too_few, unique_too_few

if TYPE_CHECKING:
    from synthworld.schema._compile import Compiler

__all__ = ["merge_typed"]


def merge_typed(cx: Compiler, parts: list[Part], types: list[str]) -> Node:
    """A node choosing among ``types``, each merged over ``parts``; unsatisfiable types dropped.

    A type no conjunct says anything about (``{}``'s seven, ``["string", "null"]``'s string when
    the schema has no string keyword) builds a plain node that always compiles: it compiles when a
    call first takes it (`PlainLazy`), the same node with the same draws, only later."""
    if len(types) == 1:  # the usual case: its node, or its error
        return _BUILDERS[types[0]](cx, parts)
    words = {w for p in parts for w in p.node}
    nodes: list[Node] = []
    error: UnsatisfiableSchemaError | None = None
    for name in types:
        read = _READ_BY.get(name)
        if read is not None and read.isdisjoint(words):
            nodes.append(PlainLazy(_BUILDERS[name], cx, parts))
            continue
        try:
            nodes.append(_BUILDERS[name](cx, parts))
        except UnsatisfiableSchemaError as err:  # the first, but number's over integer's: it says more
            error = err if error is None or name == "number" else error
    if not nodes:
        assert error is not None
        raise error
    if len(nodes) == 1:
        only = nodes[0]
        return only.resolve() if isinstance(only, PlainLazy) else only
    places = [_path(parts)] * len(nodes)  # a type each: where the schema stands
    if types == ["integer", "number"] and len(nodes) == 2:
        return NumberChoice(nodes, places)
    return ChoiceNode(nodes, places)


def _path(parts: list[Part]) -> str:
    return parts[-1].loc.path if parts else ""


def _null(cx: Compiler, parts: list[Part]) -> Node:
    return _NULL


def _boolean(cx: Compiler, parts: list[Part]) -> Node:
    return _BOOLEAN


_NULL = ConstNode(None)
_BOOLEAN = EnumNode([True, False])
"""The nodes of ``null`` and ``boolean`` (no keyword narrows them): stateless, one of each."""


def _number(cx: Compiler, parts: list[Part], *, integer: bool = False) -> Node:
    found = _gather(parts, _NUMBER_WORDS)
    low = low_x = high = high_x = None
    if found:  # each bound the tightest of its words' numbers (most numbers have one or none)
        low, low_x = _tightest(found, "minimum", max), _tightest(found, "exclusiveMinimum", max)
        high, high_x = _tightest(found, "maximum", min), _tightest(found, "exclusiveMaximum", min)
    low_open = low_x is not None and (low is None or low_x >= low)
    high_open = high_x is not None and (high is None or high_x <= high)
    name, nouns = name_and_nouns(parts)
    return NumberNode(
        integer=integer,
        in_place=number_in_place(name, nouns) if nouns else None,
        low=low_x if low_open else low,
        high=high_x if high_open else high,
        low_open=low_open,
        high_open=high_open,
        multiples=[m for m in found.get("multipleOf", ()) if isinstance(m, (int, float))],
        path=_path(parts),
        avoid=avoided_multiples(p.node["not"] for p in parts if "not" in p.node) if cx.excluding else (),
    )


def _tightest(found: dict[str, list[Any]], word: str, pick: Callable[..., Any]) -> Any:
    numbers = [v for v in found.get(word, ()) if isinstance(v, (int, float))]
    return pick(numbers) if numbers else None


def _integer(cx: Compiler, parts: list[Part]) -> Node:
    return _number(cx, parts, integer=True)


def _string(cx: Compiler, parts: list[Part]) -> Node:
    path = _path(parts)
    found = _gather(parts, _STRING_WORDS)
    if not found:  # a free string (most fields): no pattern, format or length to read or prove
        return StringNode(min_length=0, max_length=None, pattern=None, checks=(), fmt=None, path=path,
                          refusals=_refusals(cx, parts), content=_json_content(cx, parts))  # fmt: skip
    patterns = list(dict.fromkeys(p for p in found.get("pattern", ()) if isinstance(p, str)))
    checks: list[Search] = []
    for pattern in patterns:
        readable_pattern(pattern, path)  # a SchemaError naming a pattern not even its rewrite can read
        buildable_pattern(pattern, path)
        checks.extend(readings(pattern))
    checked = checked_formats(parts[0].loc.dialect if parts else DRAFT2020)
    formats = sorted((f for f in found.get("format", ()) if f in FORMATS), key=lambda f: f not in checked)
    checks.extend(FormatSearch(f) for f in dict.fromkeys(formats[1:]) if f != formats[0] and f in checked)
    encoded = [f for f in (*found.get("format", ()), *found.get("contentEncoding", ())) if f in ENCODED]
    # a word absent (the usual case) costs no call: `found` holds only the words present
    min_length = max(_int_values(v), default=0) if (v := found.get("minLength")) else 0
    max_length = min(_int_values(v), default=None) if (v := found.get("maxLength")) else None
    provable = len(patterns) > 1 or (patterns and (min_length or max_length is not None))
    if provable and (why := no_string(patterns, min_length, max_length)) is not None:
        raise UnsatisfiableSchemaError(
            f"no string at {show_pointer(path)} meets its patterns and lengths: {why}; fix: drop or "
            "widen a pattern, or loosen the lengths",
            path=path,
        )
    return StringNode(
        min_length=min_length,
        max_length=max_length,
        pattern=compile_pattern(patterns[0])[0] if patterns else None,
        checks=checks,
        fmt=formats[0] if formats else None,
        asserted=not formats or formats[0] in checked,
        encoded=encoded[0] if encoded else None,
        path=path,
        source=patterns[0] if patterns else None,
        exact=len(patterns) == 1 and exact(patterns[0]),
        joined=[compile_pattern(p)[0] for p in patterns] if len(patterns) > 1 else (),
        sources=patterns if len(patterns) > 1 else (),
        refusals=_refusals(cx, parts),
        content=_json_content(cx, parts),
    )


def _refusals(cx: Compiler, parts: list[Part]) -> list[QuickCheck]:
    """The checks of the ``not``s of ``parts`` that no string may meet (a loop: most have none)."""
    out: list[QuickCheck] = []
    for p in parts:
        if "not" in p.node and (check := cx.not_of(p)[0]) is not None:
            out.append(check)
    return out


def _json_content(cx: Compiler, parts: list[Part]) -> Node | None:
    """The node of the JSON a string holds, when a part says its ``contentMediaType`` is JSON
    (``application/json``, ``...+json``) with no ``contentEncoding``: its ``contentSchema``, or any
    value. pydantic writes ``Json[T]`` so (S3 notifications' ``body`` in Lambda Powertools) and
    reads the text back as JSON; the words are annotations (the canonical form drops them), so the
    raw schema is read."""
    for p in parts:
        raw = p.loc.schema
        media = raw.get("contentMediaType") if isinstance(raw, dict) else None
        if not isinstance(media, str) or "contentEncoding" in raw:
            continue
        kind = media.split(";")[0].strip().lower()
        if kind == "application/json" or kind.endswith("+json"):
            inner = raw.get("contentSchema", {})
            inner = inner if isinstance(inner, (dict, bool)) else {}
            return cx.lazy([Part(p.loc.child(inner, "contentSchema"))])
    return None


_NUMBER_WORDS = frozenset({"minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum", "multipleOf"})
_STRING_WORDS = frozenset({"pattern", "format", "minLength", "maxLength", "contentEncoding"})


def _gather(parts: list[Part], words: frozenset[str]) -> dict[str, list[Any]]:
    """The values of each of ``words`` over ``parts`` (in their order), in one pass."""
    found: dict[str, list[Any]] = {}
    for p in parts:
        node = p.node
        if not words.isdisjoint(node):
            for word in words.intersection(node):
                found.setdefault(word, []).append(node[word])
    return found


def _array(cx: Compiler, parts: list[Part]) -> Node:
    found = _gather(parts, _ARRAY_WORDS)
    width = max((len(p) for p in found.get("prefixItems", ())), default=0)
    positions = [cx.lazy(item_parts(parts, i)) for i in range(width)]
    rest_parts = item_parts(parts, width)
    rest = None if any(p.node == FALSE for p in rest_parts) else cx.lazy(rest_parts)
    repeat = cx.excluding and any(needs_repeat(p.node.get("not")) for p in parts)  # two of one item
    least = 2 if repeat else 0
    spec = ArraySpec(
        positions=positions,
        rest=rest,
        min_items=max((*_int_values(v), least)) if (v := found.get("minItems")) else least,
        max_items=min(_int_values(v), default=None) if (v := found.get("maxItems")) else None,
        unique=any(v is True for v in found.get("uniqueItems", ())),
        repeat=repeat,
        last_resort=cx.excluding,
    )
    if spec.unique and spec.min_items > width:
        unique_too_few(rest_parts, spec.min_items - width, _path(parts))
    if "contains" in found:
        add_contains(cx, parts, spec)
        contained = [p.node for p in item_parts(parts, width, True)]
        spec.contained_only = rest is None and FALSE not in contained
    return array_node(spec, _path(parts))


_ARRAY_WORDS = frozenset({"prefixItems", "minItems", "maxItems", "uniqueItems", "contains"})


def _int_values(values: Iterable[Any]) -> list[int]:
    return [int(v) for v in values if isinstance(v, (int, float))]


def _object(cx: Compiler, parts: list[Part]) -> Node:
    found = _gather(parts, _OBJECT_WORDS)
    dependent: dict[str, list[str]] = {}
    for deps in found.get("dependentRequired", ()):
        for name, needed in deps.items():
            dependent.setdefault(name, []).extend(needed)
    required = ordered_union([r for r in found.get("required", ()) if isinstance(r, list)])
    union: dict[str, None] = {}  # every name once, in first-seen order (no copies of the lists)
    for named in (
        *[v for v in found.get("properties", ()) if isinstance(v, dict)],
        required,
        *dependent.values(),
    ):
        union.update(dict.fromkeys(named))
    names = tuple(union)
    source = Properties(cx, parts, found)
    map_like = not names and (
        "patternProperties" in found
        or any(isinstance(v, dict) for v in found.get("additionalProperties", ()))
    )
    forbidden: set[str] = set()
    for neg in found.get("not", ()):
        forbidden.update(forbidden_by_not(neg) or ())
    limiting = [p for p in parts if may_forbid(p)] if not LIMITING.isdisjoint(found) else []
    if limiting:
        forbidden.update(forbidden_names(limiting, names))
    if source.checks:
        forbidden.update(name for name in names if not source.name_ok(name))
    closed = closed_beside(parts, [n for n in required if n in forbidden], forbids) if forbidden else None
    if closed is not None:
        raise closed
    spec = ObjectSpec(
        names=names,  # tuples of strings cost the collector nothing, lists do
        props=source,
        required=tuple(required),
        forbidden=forbidden or NO_NAMES,  # most have none: one shared empty set lives on
        min_props=max(_int_values(v), default=0) if (v := found.get("minProperties")) else 0,
        max_props=min(_int_values(v), default=None) if (v := found.get("maxProperties")) else None,
        dependent=dependent or _NO_DEPENDENTS,
        map_like=map_like,
    )
    if spec.min_props:
        closed_too_few(parts, spec.min_props, forbidden, _path(parts))
    return ObjectNode(spec, _path(parts))


_OBJECT_WORDS = frozenset({
    "dependentRequired", "required", "properties", "patternProperties", "additionalProperties",
    "not", "minProperties", "maxProperties", "propertyNames",
})  # fmt: skip
_NO_DEPENDENTS: Mapping[str, list[str]] = MappingProxyType({})
"""No ``dependentRequired`` (shared, read only)."""
_READ_BY: dict[str, frozenset[str]] = {
    "string": _STRING_WORDS,
    "number": _NUMBER_WORDS,
    "integer": _NUMBER_WORDS,
    "object": frozenset({*_OBJECT_WORDS, "unevaluatedProperties", "dependentSchemas"}),
    "array": frozenset({*_ARRAY_WORDS, "items", "minContains", "maxContains", "unevaluatedItems"}),
}
"""The words each type's builder reads (`null` and `boolean` read none and cost nothing: not
here). A type none of whose words any conjunct has builds a plain node: lazily (`PlainLazy`)."""


_BUILDERS: dict[str, Callable[[Compiler, list[Part]], Node]] = {
    "array": _array,
    "boolean": _boolean,
    "integer": _integer,
    "null": _null,
    "number": _number,
    "object": _object,
    "string": lambda cx, parts: in_context(_string(cx, parts), parts, cx.kind),
}
