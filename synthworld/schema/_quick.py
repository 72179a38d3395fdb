"""Whether a value satisfies a subschema, decided without compiling a validator where that is easy.

Compiling checks the schema's own ``enum`` values, ``examples`` and ``default``s against the
subschemas they must satisfy. Most are small values under plain keywords (``type``, ``enum``,
lengths, bounds, ``required``, ``properties``, ``items``, ``$ref``, ``not``, ``anyOf``...), which
this decides in microseconds by walking the schema. Where it cannot be sure (formats,
``multipleOf``, dynamic references, ``unevaluated*``, pattern properties, a pattern the Python and
ECMA-262 readings disagree on, a format the two validators judge differently...) it says None,
and the caller asks a validator.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Callable
from functools import lru_cache
from typing import Any

import jsonschema_rs

from synthworld.errors import SchemaError
from synthworld.schema._bounded import Layered
from synthworld.schema._canonicalise import canonical_view, json_key
from synthworld.schema._check import SubCheck, sub_check
from synthworld.schema._ecma import translate
from synthworld.schema._foreign import foreign_problem
from synthworld.schema._multiples import EXACT_INTS
from synthworld.schema._nodes import bare
from synthworld.schema._parts import lone_empty_pattern
from synthworld.schema._patterns import rs_pattern
from synthworld.schema._place import route_of
from synthworld.schema._resolve import Loc, Resolver, resolve_ref
from synthworld.schema._rs_formats import rs_formats
from synthworld.schema._validate import PYTHON_CLASSES, RS_CLASSES

__all__ = ["Memo", "QuickCheck", "filter_enum", "own_verdict", "quick_verdict", "same_json", "walked_verdict"]

Verdict = bool | None

_STEPS = 200
"""How many subschemas one walk may visit before it leaves the answer to a validator (a value
under a recursive schema, or ``anyOf`` below ``anyOf``, would otherwise take exponential time)."""
_LONG_WALK = 32
"""A walk of more steps than this costs more than a compiled validator's check (see `QuickCheck`)."""
_SKIPPED = {"title", "description", "default", "examples", "$comment", "readOnly", "writeOnly",
            "then", "else"}  # fmt: skip
"""Annotations, and ``then``/``else`` (read with their ``if``)."""
_OBJECT_WORDS = {
    "properties", "required", "additionalProperties", "patternProperties", "minProperties",
    "maxProperties", "propertyNames", "dependentRequired", "dependentSchemas", "unevaluatedProperties",
}  # fmt: skip
_ARRAY_WORDS = {"items", "prefixItems", "contains", "minContains", "maxContains", "minItems",
                "maxItems", "uniqueItems", "unevaluatedItems"}  # fmt: skip
_STRING_WORDS = {"minLength", "maxLength", "pattern", "format"}
_NUMBER_WORDS = {"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"}


class Memo:
    """What the walks of one compile share: the value keys of long enums, resolved references."""

    __slots__ = ("enums", "refs", "targets")

    def __init__(self, under: Memo | None = None) -> None:
        """``under``: a scratch compile's memo over that one (`Layered`)."""
        self.enums: dict[int, tuple[Any, frozenset[str]]] = {} if under is None else Layered(under.enums)
        self.refs: dict[tuple[Any, ...], Loc | SchemaError] = {} if under is None else Layered(under.refs)
        self.targets: dict[tuple[Any, ...], tuple[Any, Resolver, str, str | None]] = (
            {} if under is None else Layered(under.targets)
        )

    def in_enum(self, value: Any, enum: list[Any]) -> bool:
        if len(enum) <= 16:
            return any(same_json(value, e) for e in enum)
        found = self.enums.get(id(enum))
        if found is None or found[0] is not enum:
            found = self.enums[id(enum)] = (enum, frozenset(json_key(e) for e in enum))
        if isinstance(value, (dict, list)) and not any(isinstance(e, (dict, list)) for e in enum):
            return False  # not serialised: an object or array is none of its scalars
        return json_key(value) in found[1]

    def resolve(self, loc: Loc, keyword: str) -> Loc:
        """`resolve_ref`, once per subschema, scope, keyword and route (the `Loc` found carries the
        referrer's path; raises its `SchemaError`)."""
        key = (*loc.key(), keyword, route_of(loc.path))
        found = self.refs.get(key)
        if found is None:
            found = self.refs[key] = self._lookup(loc, keyword)
        if isinstance(found, SchemaError):
            raise bare(found)
        return found

    def _lookup(self, loc: Loc, keyword: str) -> Loc | SchemaError:
        """`resolve_ref`; where it leads is looked up once per reference and scope (many
        subschemas say ``$ref: "#/$defs/x"``), the path is each referrer's own."""
        ref = loc.schema[keyword]
        _, base, scope = loc.key()
        shared = (base, scope, loc.dialect, keyword, ref) if isinstance(ref, str) else None
        hit = None if shared is None else self.targets.get(shared)
        if hit is not None:
            target, resolver, dialect, pointer = hit
            return Loc(target, resolver, dialect, f"{loc.path}/{keyword}", loc.doc, pointer)
        try:
            found = resolve_ref(loc, keyword)
        except SchemaError as err:
            return err.with_traceback(None)
        problem = foreign_problem(loc, found, keyword)
        if problem is not None:
            return problem
        if shared is not None:
            self.targets[shared] = (found.schema, found.resolver, found.dialect, found.pointer)
        return found

    def target(self, loc: Loc) -> Loc | None:
        """Where ``loc``'s ``$ref`` leads (None: unresolvable)."""
        try:
            return self.resolve(loc, "$ref")
        except SchemaError:
            return None


class _Walk:
    """One walk: its step budget and the compile's memo."""

    __slots__ = ("memo", "steps")

    def __init__(self, memo: Memo) -> None:
        self.steps, self.memo = _STEPS, memo


def quick_verdict(loc: Loc, value: Any, memo: Memo, *, in_enum: bool = False) -> Verdict:
    """Whether ``value`` satisfies the subschema at ``loc`` (None: ask a validator). ``memo`` is
    shared by the walks of one compile; ``in_enum``: ``value`` is known to be in the subschema's
    own ``enum``."""
    return _verdict(loc, value, _Walk(memo), in_enum=in_enum)


def walked_verdict(loc: Loc, value: Any, memo: Memo, *, in_enum: bool = False) -> tuple[Verdict, bool]:
    """`quick_verdict`, and whether its walk took more than `_REMEMBERED` steps: worth a cache
    key, which costs more than a walk of one or two."""
    walk = _Walk(memo)
    verdict = _verdict(loc, value, walk, in_enum=in_enum)
    return verdict, walk.steps < _STEPS - _REMEMBERED


_REMEMBERED = 4


def own_verdict(loc: Loc, node: dict[str, Any], value: Any, memo: Memo) -> Verdict:
    """`quick_verdict` of the keywords ``node`` (a conjunct's canonical form at ``loc``, less the
    references and ``allOf`` that are conjuncts of their own) alone (None: ask a validator)."""
    kind = _kind(value)
    return None if kind is None else _node_verdict(loc, node, value, kind, _Walk(memo))


class QuickCheck:
    """``value -> bool`` for the subschema at ``loc``: `quick_verdict` first, a validator (compiled
    when first needed) where the walk cannot tell. The validator is also compiled after a long
    walk (`_LONG_WALK` steps), and once it is jsonschema-rs it alone answers: a value under
    recursive ``oneOf``s walks hundreds of subschemas, at a hundred times the validator's cost."""

    __slots__ = ("_full", "loc", "memo")

    def __init__(self, loc: Loc, memo: Memo) -> None:
        self.loc, self.memo = loc, memo
        self._full: SubCheck | None = None

    def __call__(self, value: Any) -> bool:
        full = self._full
        if full is not None and full.compiled:
            return full(value)
        walk = _Walk(self.memo)
        verdict = _verdict(self.loc, value, walk)
        if verdict is None:
            return self.validate(value)
        if full is None and walk.steps < _STEPS - _LONG_WALK:  # the validator is cheaper next time
            self._full = sub_check(self.loc)
        return verdict

    def validate(self, value: Any) -> bool:
        """The validator's answer alone (for a value the walk could not tell about)."""
        full = self._full
        if full is None:
            full = self._full = sub_check(self.loc)
        return full(value)


_TYPE_AND_ENUM = frozenset({"type", "enum"}) | _SKIPPED


def filter_enum(
    node: dict[str, Any], loc: Loc, values: list[Any], accepts: Callable[[Loc, Any], bool]
) -> list[Any]:
    """The ``values`` (known to be in the conjunct's ``enum``, if it has one) that the conjunct
    ``node`` (at ``loc``, its references and ``allOf`` conjuncts of their own) accepts: by type alone
    when it asks nothing else, else each by ``accepts``."""
    if not node.keys() <= _TYPE_AND_ENUM:
        return [v for v in values if accepts(loc, v)]
    if "type" not in node:
        return values
    out = []
    for value in values:
        kind = _kind(value)
        if _typed(kind, node["type"]) if kind is not None else accepts(loc, value):
            out.append(value)
    return out


def _verdict(loc: Loc, value: Any, walk: _Walk, *, in_enum: bool = False) -> Verdict:
    schema = loc.schema
    if isinstance(schema, bool):
        return schema
    walk.steps -= 1
    kind = _kind(value)
    if kind is None or walk.steps < 0 or not isinstance(schema, dict):
        return None
    return _node_verdict(loc, canonical_view(schema, loc.dialect), value, kind, walk, in_enum=in_enum)


def _node_verdict(
    loc: Loc, node: dict[str, Any], value: Any, kind: str, walk: _Walk, *, in_enum: bool = False
) -> Verdict:
    result: Verdict = True
    for word, arg in node.items():
        if word in _SKIPPED or (word == "enum" and in_enum):
            continue
        verdict = _keyword(loc, node, word, arg, value, kind, walk)
        if verdict is False:
            return False
        if verdict is None:
            result = None  # a later keyword may still say no
    return result


def _keyword(
    loc: Loc, node: dict[str, Any], word: str, arg: Any, value: Any, kind: str, walk: _Walk
) -> Verdict:
    if word == "type":
        return _typed(kind, arg)
    if word == "enum":
        return walk.memo.in_enum(value, arg) if isinstance(arg, list) else None
    if word in _STRING_WORDS:
        return _string(loc, word, arg, value) if kind == "string" else True
    if word in _NUMBER_WORDS:
        return _bound(word, arg, value) if kind in ("integer", "number") else True
    if word in _OBJECT_WORDS:
        return _object(loc, node, word, arg, value, walk) if kind == "object" else True
    if word in _ARRAY_WORDS:
        return _array(loc, node, word, arg, value, walk) if kind == "array" else True
    return _applicator(loc, node, word, arg, value, walk)


def _applicator(loc: Loc, node: dict[str, Any], word: str, arg: Any, value: Any, walk: _Walk) -> Verdict:
    if word == "$ref":
        target = walk.memo.target(loc)
        return None if target is None else _verdict(target, value, walk)
    if word == "not":
        inner = _verdict(loc.child(arg, "not"), value, walk)
        return None if inner is None else not inner
    if word == "if":
        cond = _verdict(loc.child(arg, "if"), value, walk)
        branch = "then" if cond else "else"
        if cond is None or branch not in node:
            return None if cond is None else True
        return _verdict(loc.child(node[branch], branch), value, walk)
    if word in ("allOf", "anyOf", "oneOf") and isinstance(arg, list):
        verdicts = [_verdict(loc.child(sub, word, i), value, walk) for i, sub in enumerate(arg)]
        yes, unknown = verdicts.count(True), verdicts.count(None)
        if word == "allOf":
            return False if False in verdicts else (None if unknown else True)
        if word == "anyOf":
            return True if yes else (None if unknown else False)
        return False if yes > 1 else (None if unknown else yes == 1)
    return None  # $dynamicRef, $recursiveRef, and whatever else


def _object(
    loc: Loc, node: dict[str, Any], word: str, arg: Any, value: dict[str, Any], walk: _Walk
) -> Verdict:
    if word == "required":
        return all(name in value for name in arg) if isinstance(arg, list) else None
    if word in ("minProperties", "maxProperties"):
        return _count(word, arg, len(value))
    if word == "properties" and isinstance(arg, dict):
        subs = [(arg[name], name, item) for name, item in value.items() if name in arg]
        return _all(loc, [(sub, ("properties", name), item) for sub, name, item in subs], walk)
    if word == "patternProperties" and isinstance(arg, dict):
        checks: list[tuple[Any, tuple[str | int, ...], Any]] = []
        for name, item in value.items():
            for pattern, sub in arg.items():
                found = _search(pattern, name)
                if found is None:
                    return None
                if found:
                    checks.append((sub, ("patternProperties", pattern), item))
        return _all(loc, checks, walk)
    if word == "additionalProperties":
        named, patterns = node.get("properties", {}), node.get("patternProperties", {})
        if not isinstance(named, dict) or not isinstance(patterns, dict):
            return None
        extra = []
        lone = lone_empty_pattern(node)
        for name, item in value.items():
            if name in named:
                continue
            matches = [_search(pattern, name) for pattern in patterns]
            if None in matches:
                return None
            if not any(matches) or lone:
                extra.append(item)
        return _all(loc, [(arg, ("additionalProperties",), item) for item in extra], walk)
    if word == "propertyNames":
        return _all(loc, [(arg, ("propertyNames",), name) for name in value], walk)
    return None  # dependencies, unevaluatedProperties


def _array(loc: Loc, node: dict[str, Any], word: str, arg: Any, value: list[Any], walk: _Walk) -> Verdict:
    if word in ("minItems", "maxItems"):
        return _count(word, arg, len(value))
    if word == "uniqueItems":
        return len({json_key(v) for v in value}) == len(value) if arg is True else True
    if word == "prefixItems" and isinstance(arg, list):
        pairs = zip(arg, value, strict=False)  # items past the prefix are ``items``' business
        return _all(loc, [(sub, ("prefixItems", i), item) for i, (sub, item) in enumerate(pairs)], walk)
    if word == "items":
        start = len(node.get("prefixItems", ())) if isinstance(node.get("prefixItems"), list) else 0
        return _all(loc, [(arg, ("items",), item) for item in value[start:]], walk)
    return None  # contains, unevaluatedItems


def _all(loc: Loc, checks: list[tuple[Any, tuple[str | int, ...], Any]], walk: _Walk) -> Verdict:
    """Whether every item satisfies its subschema (given with its path below ``loc``)."""
    result: Verdict = True
    for sub, path, item in checks:
        verdict = _verdict(loc.child(sub, *path), item, walk)
        if verdict is False:
            return False
        if verdict is None:
            result = None
    return result


def _typed(kind: str, types: Any) -> bool:
    """Whether a value of JSON type ``kind`` has one of ``types`` (an integer is a number)."""
    allowed = types if isinstance(types, list) else [types]
    return kind in allowed or (kind == "integer" and "number" in allowed)


def _count(word: str, arg: Any, size: int) -> Verdict:
    if isinstance(arg, bool) or not isinstance(arg, (int, float)):
        return None
    return size >= arg if word.startswith("min") else size <= arg


def _kind(value: Any) -> str | None:
    """The JSON type of ``value`` (None: a float with an integral value, which draft 4 and later
    drafts type differently, or an integer too large to be compared alike by every validator)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer" if abs(value) <= EXACT_INTS else None
    if isinstance(value, float):
        return None if value.is_integer() else "number"
    if isinstance(value, str):
        return "string"
    return "object" if isinstance(value, dict) else "array" if isinstance(value, list) else None


def same_json(value: Any, other: Any) -> bool:
    """JSON equality with an enum value (``1 == 1.0``, ``true != 1``)."""
    if isinstance(value, (dict, list)) or isinstance(other, (dict, list)):
        kinds = (isinstance(value, dict), isinstance(value, list))
        if kinds != (isinstance(other, dict), isinstance(other, list)):  # not serialised: a recursion's
            return False  # whole tree was, at each level, against an enum of strings
        return json_key(value) == json_key(other)
    if isinstance(value, bool) or isinstance(other, bool):
        return value is other
    if isinstance(value, (int, float)) and isinstance(other, (int, float)):
        return value == other
    return type(value) is type(other) and value == other


def _string(loc: Loc, word: str, arg: Any, value: str) -> Verdict:
    if word in ("minLength", "maxLength"):
        return _count(word, arg, len(value))
    if not isinstance(arg, str):
        return None
    if word == "format":
        python = bool(PYTHON_CLASSES[loc.dialect].FORMAT_CHECKER.conforms(value, arg))
        rs = _format_check(loc.dialect, arg)
        return python if rs is not None and rs.is_valid(value) == python else None  # they differ on some
    return _search(arg, value)


def _search(pattern: str, text: str) -> Verdict:
    """Whether ``pattern`` finds a match in ``text`` (None: the Python and ECMA-262 readings of
    the pattern disagree, or one cannot read it: a validator decides). A text jsonschema-rs's
    bounded engine rejects is never searched by Python's: it is no match where the readings are
    one and the same regex, else a validator decides."""
    readings = _readings(pattern)
    if readings is None:
        return None
    gate = rs_pattern(pattern)
    if gate is not None and not gate.is_valid(text):  # Python's re may backtrack for hours here
        return False if readings[0].pattern == readings[1].pattern else None  # (`_patterns`)
    python, ecma = (rx.search(text) is not None for rx in readings)
    return python if python == ecma else None


@lru_cache(maxsize=1024)
def _readings(pattern: str) -> tuple[re.Pattern[str], re.Pattern[str]] | None:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return re.compile(pattern), re.compile(translate(pattern))
    except (re.error, ValueError):
        return None


@lru_cache(maxsize=256)
def _format_check(dialect: str, fmt: str) -> Any:
    """jsonschema-rs's check of one format alone, in ``dialect`` (None: it refuses the schema)."""
    try:
        return RS_CLASSES[dialect](
            {"format": fmt}, validate_formats=True, formats=rs_formats({"$schema": dialect})
        )
    except (jsonschema_rs.ValidationError, ValueError):
        return None


def _bound(word: str, arg: Any, value: float) -> Verdict:
    if word == "multipleOf" or isinstance(arg, bool) or not isinstance(arg, (int, float)):
        return None
    if word == "minimum":
        return value >= arg
    if word == "maximum":
        return value <= arg
    if word == "exclusiveMinimum":
        return value > arg
    return value < arg
