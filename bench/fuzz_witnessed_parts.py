"""The keyword makers of `fuzz_witnessed`: each family picks a witness (a value) first, then
offers keywords drawn around it (bounds at the witness, patterns cut from it, formats it meets,
names it holds); `fuzz_witnessed.accrete` keeps a keyword only while the witness still validates,
so every schema is satisfiable by construction.

``names``: object keywords that meet on a property name (``propertyNames`` by format, pattern,
length, enum, ``not``, ``$ref``; ``patternProperties`` cut from the witness's names;
``additionalProperties: false``; counts at the witness's size; ``required``,
``dependentRequired``/``dependentSchemas``, draft 4-7 ``dependencies``). ``numbers``: a number and
its bounds (draft 4's boolean exclusive bounds, draft 6+'s numeric ones), fractional and whole
``multipleOf`` (several under ``allOf``), ``type: integer`` over fractional steps, ``enum``/
``const``, ``not`` of another step or a bound, huge and tiny magnitudes. ``strings``: a format's
text with a pattern cut from it, lengths at its length, ``enum``/``const``, ``not`` of a near
text, ``contentEncoding``/``contentMediaType``."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

DRAFTS = {
    "4": "http://json-schema.org/draft-04/schema#",
    "6": "http://json-schema.org/draft-06/schema#",
    "7": "http://json-schema.org/draft-07/schema#",
    "2019": "https://json-schema.org/draft/2019-09/schema",
    "2020": "https://json-schema.org/draft/2020-12/schema",
}
Maker = Callable[[random.Random, Any, str], tuple[str, Any]]
"""A keyword and its value drawn around a witness, for a draft (a key of `DRAFTS`)."""

# -- names ----------------------------------------------------------------------------------------

NAMES = [
    "a", "b", "ab", "abc", "id", "user_id", "x-rate", "x-trace-id", "2020-01-02", "2021-12-31",
    "10.0.0.1", "192.168.1.20", "amy@corp.com", "bo@ex.org", "Name", "a b", "a/b", "~t", "ü",
    "123", "9", "example.com", "api.example.io", "3fa85f64-5717-4562-b3fc-2c963f66afa6", "aa", "ba",
]  # fmt: skip
VALUES: list[Any] = [0, 1, 7, -2, 2.5, "", "x", "hello", True, None, [], [1], {}, {"k": 1}]
SUBS: list[Any] = [
    {}, True, {"type": "integer"}, {"type": "string"}, {"type": ["integer", "null"]}, {"minimum": 0},
    {"maxLength": 3}, {"type": "string", "minLength": 1}, {"not": {"type": "null"}}, {"enum": [1, "x", None]},
    {"type": "object", "maxProperties": 1}, {"type": "array", "maxItems": 1}, False,
]  # fmt: skip
NAME_FORMATS = ["date", "ipv4", "email", "hostname", "uuid", "idn-hostname"]


def _pattern_of(rng: random.Random, name: str) -> str:
    """A pattern the name matches: a prefix, a suffix, the whole name, or a class and length."""
    if not name:
        return "^$"
    cut = rng.randint(1, len(name))
    kind = rng.randrange(6)
    if kind == 0:
        return "^" + re.escape(name[:cut])
    if kind == 1:
        return re.escape(name[-cut:]) + "$"
    if kind == 2:
        return "^" + re.escape(name) + "$"
    if kind == 3:
        return f"^[^/]{{{len(name)}}}$" if "/" not in name else "/"
    if kind == 4:
        return re.escape(name[rng.randrange(len(name))])
    return "^[a-z0-9._@-]+$"


def _name_rule(rng: random.Random, keys: list[str], draft: str) -> Any:
    size = max((len(k) for k in keys), default=0)
    rules: list[Callable[[], Any]] = [
        lambda: {"format": rng.choice(NAME_FORMATS)},
        lambda: {"pattern": _pattern_of(rng, rng.choice(keys)) if keys else "^a"},
        lambda: {"maxLength": size + rng.randint(0, 1)},
        lambda: {"minLength": min((len(k) for k in keys), default=1)},
        lambda: {"enum": sorted({*keys, *rng.sample(NAMES, 2)})},
        lambda: {"not": {"enum": rng.sample(NAMES, 3)}},
        lambda: {"not": {"pattern": _pattern_of(rng, rng.choice(NAMES))}},
        lambda: {"$ref": "#/definitions/name" if draft in "467" else "#/$defs/name"},
        lambda: {"format": rng.choice(NAME_FORMATS), "maxLength": size},
        lambda: {"anyOf": [{"format": rng.choice(NAME_FORMATS)}, {"pattern": "^x-"}]},
    ]
    if len(keys) == 1:
        rules.append(lambda: {"const": keys[0]})
    return rng.choice(rules)()


def _names(rng: random.Random, w: Any, draft: str) -> tuple[str, Any]:
    keys = list(w)
    words: dict[str, Callable[[], Any]] = {
        "type": lambda: "object" if rng.random() < 0.8 else ["object", "null"],
        "propertyNames": lambda: _name_rule(rng, keys, draft),
        "patternProperties": lambda: {
            _pattern_of(rng, rng.choice(keys or NAMES)): rng.choice(SUBS) for _ in range(rng.randint(1, 3))
        },
        "properties": lambda: {n: rng.choice(SUBS) for n in rng.sample(NAMES, rng.randint(1, 3))},
        "additionalProperties": lambda: False if rng.random() < 0.7 else rng.choice(SUBS),
        "minProperties": lambda: len(keys) - rng.randint(0, 1),
        "maxProperties": lambda: len(keys) + rng.randint(0, 1),
        "required": lambda: rng.sample(keys, rng.randint(1, len(keys))) if keys else ["a"],
        "not": lambda: rng.choice([{"required": [rng.choice(NAMES)]},
                                   {"propertyNames": _name_rule(rng, keys, draft)},
                                   {"minProperties": len(keys) + 1}, {"patternProperties": {"^a": False}}]),
    }  # fmt: skip
    dep_name = lambda: rng.choice(keys) if keys and rng.random() < 0.7 else rng.choice(NAMES)  # noqa: E731
    if draft in "467":
        words["dependencies"] = lambda: {
            dep_name(): rng.sample(keys or NAMES, 1)
            if rng.random() < 0.5
            else {"required": rng.sample(keys or NAMES, 1)}
        }
    else:
        words["dependentRequired"] = lambda: {
            dep_name(): rng.sample(keys or NAMES, min(len(keys or NAMES), rng.randint(1, 2)))
        }
        words["dependentSchemas"] = lambda: {
            dep_name(): {"properties": {rng.choice(NAMES): rng.choice(SUBS)}}
        }
    if draft in ("2019", "2020"):
        words["unevaluatedProperties"] = lambda: False
    word = rng.choice(sorted(words))
    return word, words[word]()


def names_witness(rng: random.Random) -> Any:
    return {n: rng.choice(VALUES) for n in rng.sample(NAMES, rng.randint(0, 4))}


def names_defs(rng: random.Random, w: Any) -> dict[str, Any]:
    rule = _name_rule(rng, list(w), "2020")
    return {"name": rule if rng.random() < 0.5 and "$ref" not in rule else {"minLength": 1}}


# -- numbers --------------------------------------------------------------------------------------

STEPS = [0.1, 0.01, 0.25, 0.5, 1e-8, 0.001, 0.3, 0.07, 1.5, 2, 3, 5, 10, 1e-3, 4, 6, 12, 1e15, 0.2]


def numbers_witness(rng: random.Random) -> Any:
    kind = rng.randrange(6)
    if kind == 0:
        return rng.randint(-50, 50)
    if kind == 1:
        return round(rng.uniform(-100, 100), rng.randint(1, 3))
    if kind == 2:
        return rng.choice([0, 1e15, -1e15, 2**53, 2**53 + 2, 1e20, 9.5e15, 1e300, -1e300])
    if kind == 3:
        return rng.choice([1e-8, 3e-8, 0.0001, 1e-300, 5e-324, 0.3, 0.7, 0.07, 19.99, 0.6])
    if kind == 4:
        return rng.choice(STEPS) * rng.randint(-20, 20)
    return rng.randint(-(10**6), 10**6)


def _numbers(rng: random.Random, w: Any, draft: str) -> tuple[str, Any]:
    def near() -> Any:
        scale = abs(w) if abs(w) > 1e10 else 1
        return w + rng.choice([0, 0, 1, -1, 0.5, -0.5, 1e-8, -1e-8, 10, -10]) * scale

    words: dict[str, Callable[[], Any]] = {
        "type": lambda: rng.choice(["integer", "number", ["integer", "string"], ["number", "null"]]),
        "minimum": near,
        "maximum": near,
        "multipleOf": lambda: rng.choice(STEPS),
        "allOf": lambda: [{"multipleOf": rng.choice(STEPS)} for _ in range(rng.randint(2, 3))],
        "enum": lambda: [w, *rng.sample([0, 1, 0.5, 2.5, "a", None, 1e15, 0.1], 2)],
        "const": lambda: w,
        "not": lambda: rng.choice([{"multipleOf": rng.choice(STEPS)}, {"minimum": near()},
                                   {"maximum": near()},
                                   {"const": near()}, {"type": "integer"}, {"enum": [near(), near()]}]),
        "format": lambda: rng.choice(["int32", "int64", "float", "double"]),
        "oneOf": lambda: [{"multipleOf": rng.choice(STEPS)}, {"maximum": near()}],
        "anyOf": lambda: [{"multipleOf": rng.choice(STEPS)}, {"minimum": near(), "type": "integer"}],
    }  # fmt: skip
    if draft == "4":
        words["exclusiveMinimum"] = lambda: True
        words["exclusiveMaximum"] = lambda: True
    else:
        words["exclusiveMinimum"] = near
        words["exclusiveMaximum"] = near
    if draft == "4":
        del words["const"]
    word = rng.choice(sorted(words))
    return word, words[word]()


# -- strings --------------------------------------------------------------------------------------

TEXTS = [
    "2024-02-29", "2024-02-29T12:30:00Z", "12:30:00+02:00", "amy@corp.com", "a.b@ex.co", "10.0.0.1",
    "::1", "2001:db8::ff00:42:8329", "example.com", "api.ex.io", "https://ex.com/a?b=1", "/a/b",
    "3fa85f64-5717-4562-b3fc-2c963f66afa6", "P1Y2M3DT4H", "aGVsbG8=", "e30=", "hello", "Hello World",
    "ab12", "x-trace", "", "ü€", "0", "/a~1b", "#/x", "tel:+1", "AB", "a" * 40,
]  # fmt: skip
STRING_FORMATS = [
    "date", "date-time", "time", "email", "ipv4", "ipv6", "hostname", "uri", "uri-reference", "uuid",
    "duration", "json-pointer", "relative-json-pointer", "regex", "idn-email", "iri", "uri-template",
]  # fmt: skip


def strings_witness(rng: random.Random) -> Any:
    return rng.choice(TEXTS)


def _strings(rng: random.Random, w: Any, draft: str) -> tuple[str, Any]:
    n = len(w)
    words: dict[str, Callable[[], Any]] = {
        "type": lambda: rng.choice(["string", ["string", "null"], ["string", "integer"]]),
        "format": lambda: rng.choice(STRING_FORMATS),
        "pattern": lambda: _pattern_of(rng, w),
        "minLength": lambda: max(n - rng.choice([0, 0, 1, 3]), 0),
        "maxLength": lambda: n + rng.choice([0, 0, 1, 3]),
        "enum": lambda: [w, *rng.sample(TEXTS, 2)],
        "const": lambda: w,
        "not": lambda: rng.choice([{"const": rng.choice(TEXTS)}, {"format": rng.choice(STRING_FORMATS)},
                                   {"pattern": _pattern_of(rng, rng.choice(TEXTS))},
                                   {"maxLength": max(n - 1, 0)},
                                   {"enum": rng.sample(TEXTS, 3)}]),
        "allOf": lambda: [{"pattern": _pattern_of(rng, w)} for _ in range(2)],
        "anyOf": lambda: [{"format": rng.choice(STRING_FORMATS)}, {"pattern": _pattern_of(rng, w)}],
        "oneOf": lambda: [{"format": rng.choice(STRING_FORMATS)}, {"minLength": n + 1}],
    }  # fmt: skip
    if draft not in "46":
        words["contentEncoding"] = lambda: "base64"
        words["contentMediaType"] = lambda: "application/json"
    if draft == "4":
        del words["const"]
    word = rng.choice(sorted(words))
    return word, words[word]()


FAMILIES: dict[str, tuple[Callable[[random.Random], Any], Maker]] = {
    "names": (names_witness, _names),
    "numbers": (numbers_witness, _numbers),
    "strings": (strings_witness, _strings),
}
"""Each family's witness maker and keyword maker."""
