"""A proof, before the probe, that no value holds: the values a schema may take, read by JSON
type through its ``type``/``enum``/``const``, ``allOf``/``anyOf``/``oneOf``, ``not``,
``if``/``then``/``else`` and local ``$ref``s, are none, or a few listed ones the validator
refuses one by one.

Combinations of these words were refused only after the probe's attempts, each reaching
thousands of ``anyOf``/``oneOf`` alternatives (up to 1.7 s CPU in `bench/fuzz_families3.py`'s
``combinators``), with "no valid value could be built".

Each subschema is read as two things: for each type, what its values may be (none, any, or a
list: an over-approximation), and the types whose every value it accepts (an under-one, which a
``not`` turns into types it rules out). A word this reading does not know (``$dynamicRef``,
an unknown keyword...), a reference it cannot follow or that loops, a dialect other than 2019-09
or 2020-12 (a draft-07 ``$ref`` hides its siblings), or an embedded ``$id`` or ``$schema`` ends it
with no proof.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from synthworld.errors import ROOT, UnsatisfiableSchemaError

__all__ = ["refuse_no_values"]

TYPES = ("null", "boolean", "number", "string", "array", "object")
_ANY = "any"
Values = dict[str, Any]
"""Per type: None (no value of it), `_ANY`, or a list of the values it may take."""
_STEPS = 4000
"""Subschemas read at most (else no proof: references are followed at each use)."""
_SHOWN = 6
_MOST = 200
"""Listed values checked at most (else no proof)."""
_DEFAULT = "https://json-schema.org/draft/2020-12/schema"
"""The dialect of a schema that names none."""
_DIALECTS = frozenset({_DEFAULT, "https://json-schema.org/draft/2019-09/schema"})
_OWN: dict[str, str] = {
    **dict.fromkeys(["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"], "number"),
    **dict.fromkeys(
        ["minLength", "maxLength", "pattern", "format", "contentEncoding", "contentMediaType"], "string"
    ),
    **dict.fromkeys(
        ["items", "prefixItems", "minItems", "maxItems", "uniqueItems", "contains", "minContains",
         "maxContains", "unevaluatedItems", "additionalItems"],
        "array",
    ),
    **dict.fromkeys(
        ["properties", "required", "minProperties", "maxProperties", "additionalProperties",
         "patternProperties", "propertyNames", "dependentRequired", "dependentSchemas",
         "unevaluatedProperties"],
        "object",
    ),
}  # fmt: skip
"""Words that constrain values of one type only (the others they accept whole)."""
_SILENT = frozenset({
    "title", "description", "$comment", "default", "examples", "$defs", "definitions",
    "deprecated", "readOnly", "writeOnly", "contentSchema", "then", "else", "$anchor",
})  # fmt: skip
"""Words that say nothing of which values hold (``then``/``else`` are read with their ``if``)."""


class _NoProof(Exception):
    """The reading met what it does not know."""


def refuse_no_values(schema: Any, valid: Callable[[Any], bool]) -> None:
    """Raise `UnsatisfiableSchemaError` when the values ``schema`` may take (see the module) are
    none, or are listed and ``valid`` refuses each."""
    listed = _listed(schema)
    if listed is None or any(valid(value) for value in listed):
        return
    if not listed:
        raise UnsatisfiableSchemaError(
            f"no value of any JSON type satisfies the schema at {ROOT}: read through its allOf/anyOf/"
            f"oneOf/not/if and references, its conjuncts' types do not meet ({_types_of(schema)}); fix: "
            "make the types of its conjuncts overlap",
            path="",
        )
    shown = ", ".join(json.dumps(v) for v in listed[:_SHOWN]) + (", ..." if len(listed) > _SHOWN else "")
    raise UnsatisfiableSchemaError(
        f"no value satisfies the schema at {ROOT}: read through its allOf/anyOf/oneOf/not/if and "
        f"references, it allows only the {len(listed)} values its enum/const words list ({shown}), and "
        f"none of them is valid against the whole schema{_why(schema, listed[0])}; fix: add a value "
        "that holds, or loosen the words that refuse them",
        path="",
    )


def _types_of(schema: dict[str, Any], base: str = "", reader: _Reader | None = None) -> str:
    """The types each of the conjuncts of ``schema`` at ``base`` allows (its words, those of its
    ``allOf`` one by one), where it does not allow all; within the one that allows none, if one does."""
    reader = reader or _Reader(schema)
    conjuncts: list[tuple[str, Any]] = [(f"{base}/{w}", {w: a}) for w, a in schema.items() if w != "allOf"]
    subs = schema.get("allOf")
    conjuncts += [(f"{base}/allOf/{i}", sub) for i, sub in enumerate(subs)] if isinstance(subs, list) else []
    said = []
    for where, conjunct in conjuncts:
        kinds = [t for t in TYPES if reader.read(conjunct)[0][t] is not None]
        if not kinds and isinstance(conjunct, dict) and where.split("/")[-2:-1] == ["allOf"]:
            return _types_of(conjunct, where, reader)
        if len(kinds) < len(TYPES):
            said.append(f"{where!r} allows {', '.join(kinds) or 'no type'}")
    return "; ".join(said)


def _listed(schema: Any) -> list[Any] | None:
    """The values ``schema`` may take, when the reading lists them all (None: it cannot)."""
    if not isinstance(schema, dict) or schema.get("$schema", _DEFAULT) not in _DIALECTS:
        return None
    reader = _Reader(schema)
    try:
        values, _ = reader.read(schema)
    except _NoProof:
        return None
    if any(values[t] == _ANY for t in TYPES):
        return None
    listed = list({_key(v): v for t in TYPES for v in values[t] or ()}.values())  # each once
    return listed if len(listed) <= _MOST else None


class _Reader:
    def __init__(self, root: dict[str, Any]) -> None:
        self.root, self.steps = root, _STEPS
        self.refs: dict[str, tuple[Values, frozenset[str]]] = {}
        self.open: set[str] = set()

    def read(self, s: Any) -> tuple[Values, frozenset[str]]:
        """What ``s``'s values may be per type, and the types whose every value it accepts."""
        self.steps -= 1
        if self.steps < 0:
            raise _NoProof
        if s is True:
            return _every(), frozenset(TYPES)
        if s is False:
            return _no(), frozenset()
        if not isinstance(s, dict):
            raise _NoProof
        values, whole = _every(), set(TYPES)
        for word, arg in s.items():
            got = self._word(s, word, arg)
            if got is not None:
                values, whole = _meet(values, got[0]), whole & got[1]
        return values, frozenset(whole)

    def _word(self, s: dict[str, Any], word: str, arg: Any) -> tuple[Values, frozenset[str]] | None:
        if word in _SILENT or (word in ("$id", "$schema") and s is self.root):
            return None
        if word in _OWN:
            return _every(), frozenset(TYPES) - {_OWN[word]}
        if word == "type":
            return _typed(arg)
        if word == "const":
            return _of([arg]), frozenset()
        if word == "enum" and isinstance(arg, list):
            return _of(arg), frozenset()
        if word == "allOf" and isinstance(arg, list):
            return self._all(arg)
        if word in ("anyOf", "oneOf") and isinstance(arg, list) and arg:
            return self._some(arg, one=word == "oneOf")
        if word == "not":
            values, whole = self.read(arg)
            return {t: None if t in whole else _ANY for t in TYPES}, frozenset(
                t for t in TYPES if values[t] is None
            )
        if word == "if":
            then, other = self.read(s.get("then", True)), self.read(s.get("else", True))
            return _join(then[0], other[0]), then[1] & other[1]
        if word == "$ref" and isinstance(arg, str):
            return self._ref(arg)
        raise _NoProof

    def _all(self, subs: list[Any]) -> tuple[Values, frozenset[str]]:
        values, whole = _every(), frozenset(TYPES)
        for sub in subs:
            got = self.read(sub)
            values, whole = _meet(values, got[0]), whole & got[1]
        return values, whole

    def _some(self, subs: list[Any], *, one: bool) -> tuple[Values, frozenset[str]]:
        """``anyOf``/``oneOf``: values of any branch; every value of a type for ``anyOf`` where
        one branch takes them all, for ``oneOf`` where one does and no other takes any."""
        read = [self.read(sub) for sub in subs]
        values = _no()
        for got in read:
            values = _join(values, got[0])
        if not one:
            return values, frozenset().union(*(w for _, w in read))
        whole = {
            t
            for i, (_, w) in enumerate(read)
            for t in w
            if all(other[0][t] is None for j, other in enumerate(read) if j != i)
        }
        return values, frozenset(whole)

    def _ref(self, ref: str) -> tuple[Values, frozenset[str]]:
        if ref in self.refs:
            return self.refs[ref]
        if ref in self.open or not ref.startswith("#"):
            raise _NoProof  # a loop, or outside the document
        self.open.add(ref)
        target = self._pointer(ref[1:])
        self.refs[ref] = found = self.read(target)
        self.open.discard(ref)
        return found

    def _pointer(self, pointer: str) -> Any:
        node: Any = self.root
        if pointer and not pointer.startswith("/"):
            raise _NoProof  # an anchor
        for raw in pointer.split("/")[1:]:
            part = raw.replace("~1", "/").replace("~0", "~")
            if "%" in part or not isinstance(node, dict) or part not in node:
                raise _NoProof
            node = node[part]
        return node


def _every() -> Values:
    return dict.fromkeys(TYPES, _ANY)


def _no() -> Values:
    return dict.fromkeys(TYPES)


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, list) else "object"


def _key(value: Any) -> str:
    """Equal JSON values alike (``1`` and ``1.0``; ``true`` is not ``1``)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return repr(float(value))
    return json.dumps(value, sort_keys=True)


def _typed(arg: Any) -> tuple[Values, frozenset[str]]:
    names = arg if isinstance(arg, list) else [arg]
    if not all(isinstance(n, str) for n in names):
        raise _NoProof
    kinds = {"number" if n == "integer" else n for n in names}
    whole = kinds - ({"number"} if "integer" in names and "number" not in names else set())
    return {t: _ANY if t in kinds else None for t in TYPES}, frozenset(whole & set(TYPES))


def _of(listed: list[Any]) -> Values:
    out = _no()
    for value in listed:
        out[_kind(value)] = [*(out[_kind(value)] or []), value]
    return out


def _meet(a: Values, b: Values) -> Values:
    out = _no()
    for t in TYPES:
        x, y = a[t], b[t]
        if x is None or y is None:
            continue
        if x == _ANY or y == _ANY:
            out[t] = y if x == _ANY else x
        else:
            keys = {_key(v) for v in y}
            out[t] = [v for v in x if _key(v) in keys] or None  # none in both: no value of t
    return out


def _join(a: Values, b: Values) -> Values:
    out = _no()
    for t in TYPES:
        x, y = a[t], b[t]
        if x is None or y is None:
            out[t] = y if x is None else x
        else:
            out[t] = _ANY if _ANY in (x, y) else [*x, *y]
    return out


def _why(schema: dict[str, Any], value: Any) -> str:
    """What python-jsonschema says of ``value`` (the first listed), if it can say."""
    import jsonschema

    try:
        error = jsonschema.exceptions.best_match(jsonschema.Draft202012Validator(schema).iter_errors(value))
    except Exception:  # a schema it cannot read here: the list says enough
        return ""
    if error is None:
        return ""
    where = "/" + "/".join(map(str, error.absolute_schema_path))
    return f" ({json.dumps(value)}: {error.message[:120]} at {where!r})"
