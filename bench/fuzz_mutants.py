"""Stop 49's ``mutants`` family (`fuzz_schemas.py mutants`): a real schema of SchemaStore's dev
corpus or the JSON Schema Test Suite's, with one to three seeded edits a user would make.

The edits: tighten or loosen a length, count or bound; add a ``pattern`` or ``format`` to a string;
make optional properties ``required``; close an object (``additionalProperties: false``); ``allOf``
a second constraint; an ``enum`` or ``const``; an ``if``/``then`` over two properties; a ``type``
union; ``minProperties``; point a ``$ref`` at another definition. Only schemas whose unmutated
values synthworld answers validly are mutated (a corpus schema refused as it stands says nothing
about an edit). ``describe`` names a mutant's base and edits; ``schema_pool`` adds, for a refused
mutant, the base schema's values and hypothesis-jsonschema's (another generator)."""

from __future__ import annotations

import copy
import functools
import json
import random
import signal
from collections.abc import Callable, Iterator
from typing import Any

import bench_corpora
import fuzz_families3

from synthworld.schema import generate

MAPS = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")
ONES = ("items", "additionalProperties", "additionalItems", "contains", "propertyNames", "then", "else")
LISTS = ("allOf", "anyOf", "oneOf", "prefixItems", "items")
PATTERNS = [
    "^[a-z0-9-]+$", "^[A-Z]{2,3}$", "^\\d+$", "^https?://", "^[a-zA-Z_][a-zA-Z0-9_]*$",
    "^v?\\d+\\.\\d+\\.\\d+$", "\\S", "^[^\\s]+$", "^#[0-9a-fA-F]{6}$", "^\\$\\{.+\\}$",
]  # fmt: skip
FORMATS = ["email", "uri", "date", "date-time", "uuid", "hostname", "ipv4", "uri-reference", "time", "regex"]
WORDS: list[Any] = ["foo", "bar", "default", "none", "auto", "v1", "production", "x"]
NUMBERS: list[Any] = [-100, -1, 0, 1, 2, 5, 10, 100, 1000, 0.5, 65535]
BOUNDS = {"string": ("minLength", "maxLength"), "array": ("minItems", "maxItems")}
BOUNDS |= dict.fromkeys(("number", "integer"), ("minimum", "maximum"))
OTHER_TYPES = ["null", "string", "integer", "boolean", "array", "object", "number"]
_last: list[Any] = [None, []]
"""The last mutant and its base's values (`schema_pool`)."""
_notes: dict[int, str] = {}
"""Each mutant's base id and edits, by the mutant's ``id`` (`describe`)."""


@functools.cache
def rows() -> list[dict[str, Any]]:
    """SchemaStore's dev corpus then the JSTS corpus, object schemas only."""
    found = [*bench_corpora.load("schemastore"), *bench_corpora.load("jsts")]
    return [row for row in found if isinstance(row["schema"], dict)]


@functools.cache
def base_values(index: int) -> list[Any] | None:
    """The unmutated schema's values for seeds 0-2, or None when refused or one is invalid."""
    row = rows()[index]
    check = bench_corpora.oracle(row["schema"], row["dialect"])
    try:
        values = [generate(row["schema"], seed) for seed in range(3)]
    except Exception:  # refused or crashed as it stands: not a base
        return None
    return values if all(check(v) for v in values) else None


def nodes(schema: Any, path: str = "#") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every subschema (an object) in a schema position, with its pointer; not under ``not``/``if``."""
    if not isinstance(schema, dict):
        return
    yield path, schema
    for word in MAPS:
        if isinstance(schema.get(word), dict):
            for name, sub in schema[word].items():
                yield from nodes(sub, f"{path}/{word}/{name}")
    for word in ONES:
        yield from nodes(schema.get(word), f"{path}/{word}")
    for word in LISTS:
        if isinstance(schema.get(word), list):
            for i, sub in enumerate(schema[word]):
                yield from nodes(sub, f"{path}/{word}/{i}")


def types(node: dict[str, Any]) -> set[str]:
    """The node's types as written, else as its keywords suggest."""
    kind = node.get("type")
    if isinstance(kind, str):
        return {kind}
    if isinstance(kind, list):
        return {k for k in kind if isinstance(k, str)}
    guess = {"properties": "object", "items": "array", "minLength": "string", "pattern": "string"}
    return {t for word, t in guess.items() if word in node} | ({"number"} if "minimum" in node else set())


def _bound(rng: random.Random, node: dict[str, Any]) -> str | None:
    words = [w for t in sorted(types(node)) for w in BOUNDS.get(t, ())]
    if not words:
        return None
    word = rng.choice(words)
    old = node.get(word)
    if isinstance(old, (int, float)) and not isinstance(old, bool):
        new = old + rng.choice([-5, -2, -1, 1, 2, 5, 10]) if rng.random() < 0.7 else old * 2
    else:
        new = rng.choice(NUMBERS if word in ("minimum", "maximum") else [0, 1, 2, 3, 5, 8, 20, 64, 255])
    node[word] = max(new, 0) if word not in ("minimum", "maximum") else new
    return f"{word}: {old} -> {node[word]}"


def _string_word(word: str, choices: list[str]) -> Callable[[random.Random, dict[str, Any]], str | None]:
    def edit(rng: random.Random, node: dict[str, Any]) -> str | None:
        if "string" not in types(node):
            return None
        node[word] = rng.choice(choices)
        return f"{word}: {node[word]!r}"

    return edit


def _props(node: dict[str, Any]) -> list[str]:
    props = node.get("properties")
    return sorted(props) if isinstance(props, dict) else []


def _required(rng: random.Random, node: dict[str, Any]) -> str | None:
    have = node.get("required") if isinstance(node.get("required"), list) else []
    optional = [p for p in _props(node) if p not in have]
    if not optional:
        return None
    added = rng.sample(optional, rng.randint(1, min(3, len(optional))))
    node["required"] = [*have, *added]
    return f"required += {added}"


def _closed(rng: random.Random, node: dict[str, Any]) -> str | None:
    if not _props(node) or node.get("additionalProperties") is False:
        return None
    node["additionalProperties"] = False
    return "additionalProperties: false"


def _extra(rng: random.Random, node: dict[str, Any]) -> Any:
    """A second constraint of the node's own kind."""
    kinds = types(node)
    if "string" in kinds:
        return rng.choice([{"minLength": rng.randint(1, 8)}, {"pattern": rng.choice(PATTERNS)}])
    if kinds & {"number", "integer"}:
        return rng.choice([{"minimum": rng.choice(NUMBERS)}, {"multipleOf": rng.choice([2, 5, 0.5])}])
    if "object" in kinds and (props := _props(node)):
        name = rng.choice(props)
        return rng.choice(
            [{"required": [name]}, {"minProperties": 1}, {"properties": {name: {"not": {"type": "null"}}}}]
        )
    if "array" in kinds:
        return rng.choice([{"minItems": rng.randint(1, 3)}, {"uniqueItems": True}])
    return {"not": {"type": "null"}}


def _all_of(rng: random.Random, node: dict[str, Any]) -> str | None:
    extra = _extra(rng, node)
    node["allOf"] = [*(node["allOf"] if isinstance(node.get("allOf"), list) else []), extra]
    return f"allOf += {json.dumps(extra)}"


def _sample(rng: random.Random, node: dict[str, Any]) -> Any:
    """A value of the node's kind: its default, an example, one of its enum, or a stock one."""
    seen = [node[w] for w in ("default", "const") if w in node]
    seen += [*(node.get("examples") or [])[:3], *(node.get("enum") or [])[:5]]
    kinds = types(node)
    stock = WORDS if "string" in kinds else NUMBERS if kinds & {"number", "integer"} else [True, False, None]
    return rng.choice(seen) if seen and rng.random() < 0.6 else rng.choice(stock)


def _enum(rng: random.Random, node: dict[str, Any]) -> str | None:
    if not types(node) & {"string", "number", "integer", "boolean"}:
        return None
    if rng.random() < 0.3:
        node["const"] = _sample(rng, node)
        return f"const: {json.dumps(node['const'])}"
    node["enum"] = [*{json.dumps(v): v for v in (_sample(rng, node) for _ in range(3))}.values()]
    return f"enum: {json.dumps(node['enum'])}"


def _if_then(rng: random.Random, node: dict[str, Any]) -> str | None:
    props = _props(node)
    if len(props) < 2:
        return None
    first, second = rng.sample(props, 2)
    sub = node["properties"][first]
    value = _sample(rng, sub) if isinstance(sub, dict) else True
    node["if"] = {"properties": {first: {"const": value}}, "required": [first]}
    node["then"] = {"required": [second]}
    return f"if {first} == {json.dumps(value)} then required {second}"


def _union(rng: random.Random, node: dict[str, Any]) -> str | None:
    if not isinstance(node.get("type"), str):
        return None
    node["type"] = [node["type"], rng.choice([t for t in OTHER_TYPES if t != node["type"]])]
    return f"type: {node['type']}"


def _min_properties(rng: random.Random, node: dict[str, Any]) -> str | None:
    if "object" not in types(node):
        return None
    node["minProperties"] = rng.randint(1, len(_props(node)) + 2)
    return f"minProperties: {node['minProperties']}"


def _ref(rng: random.Random, node: dict[str, Any], root: dict[str, Any]) -> str | None:
    ref = node.get("$ref")
    if not isinstance(ref, str) or not ref.startswith(("#/$defs/", "#/definitions/")) or ref.count("/") != 2:
        return None
    word = ref.split("/")[1]
    others = [
        n for n in sorted(root.get(word) or {}) if f"#/{word}/{n}" != ref and "/" not in n and "~" not in n
    ]
    if not others:
        return None
    node["$ref"] = f"#/{word}/{rng.choice(others)}"
    return f"$ref: {ref} -> {node['$ref']}"


EDITS: dict[str, Callable[[random.Random, dict[str, Any]], str | None]] = {
    "bound": _bound, "pattern": _string_word("pattern", PATTERNS), "format": _string_word("format", FORMATS),
    "required": _required, "closed": _closed, "allOf": _all_of, "enum": _enum, "if": _if_then,
    "union": _union, "minProperties": _min_properties,
}  # fmt: skip


def _pick(rng: random.Random) -> int:
    """A row synthworld answers: SchemaStore's three times in four (the JSTS rows are small test
    schemas, most edits fit none of their few nodes)."""
    stored = sum(1 for row in rows() if not row["id"].startswith("draft"))
    while True:
        index = rng.randrange(stored) if rng.random() < 0.75 else rng.randrange(stored, len(rows()))
        if base_values(index) is not None:
            return index


def mutants(rng: random.Random) -> Any:
    """A corpus schema (one synthworld answers) with one to three edits, each of a kind drawn until
    one fits a node (at most 20 draws per edit)."""
    row = rows()[index := _pick(rng)]
    schema = copy.deepcopy(row["schema"])
    if row["dialect"] and "$schema" not in schema:
        schema["$schema"] = row["dialect"]
    embedded = any("$id" in node for _, node in list(nodes(schema))[1:])  # its refs resolve there
    notes: list[str] = []
    for _ in range(rng.randint(1, 3)):
        for _ in range(20):
            kind = rng.choice([*sorted(EDITS), *([] if embedded else ["ref"])])
            found = list(nodes(schema))
            note = next(
                (
                    f"{path}: {note}"
                    for path, node in rng.sample(found, k=min(40, len(found)))
                    if (note := _ref(rng, node, schema) if kind == "ref" else EDITS[kind](rng, node))
                ),
                None,
            )
            if note:
                notes.append(note)
                break
    _last[:] = [schema, base_values(index)]
    _notes[id(schema)] = f"{row['id']} + {notes}"
    return schema


def describe(schema: Any) -> str:
    """The mutant's base and edits, then the schema (whole up to 3,000 characters)."""
    text = json.dumps(schema)
    return f"{_notes.get(id(schema), '?')}: {text if len(text) <= 3000 else text[:3000] + '...'}"


def _other_generator(schema: Any) -> list[Any]:
    """hypothesis-jsonschema's values for seeds 0-4 (none when it fails or passes 20 s CPU)."""
    from hypothesis.errors import StopTest

    from synthworld.schema._fallback import draw_once, strategy_for

    out: list[Any] = []
    signal.setitimer(signal.ITIMER_PROF, 20)
    try:
        strategy = strategy_for(schema)
        for seed in range(5):
            try:
                out.append(draw_once(strategy, random.Random(seed)))
            except (Exception, StopTest):  # a draw that misses, or an empty strategy
                continue
    except Exception:  # a schema it cannot read, or past the time limit
        pass
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
    return out


def schema_pool(schema: Any) -> list[Any]:
    """For a refused mutant: its base's values, then `fuzz_families3`'s pool, then hypothesis's."""
    base = _last[1] if schema is _last[0] else []
    return [*base, *fuzz_families3.schema_pool(schema), *_other_generator(schema)]


FAMILIES: dict[str, Callable[[random.Random], Any]] = {"mutants": mutants}
