"""Well-formedness checks of a ToolSpec, and the input problems it reports to agents."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from synthworld.schema import schema_problems

if TYPE_CHECKING:
    from synthworld.spec.toolspec import ToolSpec

__all__ = [
    "KNOWN_KEYWORDS",
    "constructor_problems",
    "extras_problems",
    "keyword_typos",
    "nearest",
    "param_summary",
    "parameters_problems",
    "unknown_keys",
]

_NAME = re.compile(r"^[A-Za-z0-9_.-]{1,64}$")


def constructor_problems(spec: ToolSpec) -> list[str]:
    problems = []
    if not isinstance(spec.name, str) or not _NAME.match(spec.name):
        problems.append(f"name={spec.name!r} must be 1-64 characters of letters, digits, '_', '-' or '.'")
    if not isinstance(spec.description, str):
        problems.append(f"description must be a string, got {type(spec.description).__name__}")
    if not isinstance(spec.parameters, dict):
        problems.append(f"parameters must be a JSON Schema dict, got {type(spec.parameters).__name__}")
    if not isinstance(spec.returns, (dict, bool)):
        problems.append(f"returns must be a JSON Schema dict, got {type(spec.returns).__name__}")
    if spec.param_names is not None and not isinstance(spec.param_names, (list, tuple)):
        problems.append("param_names must be a list of parameter names or None")
    return problems


def parameters_problems(spec: ToolSpec) -> list[str]:
    params = spec.parameters
    if not isinstance(params, dict):
        return []
    problems = [f"parameters {p}" for p in schema_problems(params)]
    if params.get("type") != "object":
        problems.append('parameters must be an object schema ({"type": "object", "properties": {...}})')
    properties = params.get("properties", {})
    for name in params.get("required", []):
        if name not in properties:
            problems.append(f"required parameter {name!r} is not among the properties")
    names = list(spec.param_names or [])
    for dup in sorted({n for n in names if names.count(n) > 1}):
        problems.append(f"duplicate parameter name {dup!r} in param_names")
    for name in names:
        if name not in properties:
            problems.append(f"param_names lists {name!r}, which is not among the properties")
    return problems


def extras_problems(spec: ToolSpec) -> list[str]:
    problems = []
    if spec.output_limit is not None and (not isinstance(spec.output_limit, int) or spec.output_limit < 1):
        problems.append(f"output_limit={spec.output_limit!r} must be a positive number of characters")
    for i, example in enumerate(spec.examples):
        if not isinstance(example, dict) or "input" not in example:
            problems.append(f'examples[{i}] must be {{"input": {{...}}, "output": ...}}')
            continue
        problems += [f"examples[{i}].input {p}" for p in spec.parameters_validator.problems(example["input"])]
        if "output" in example:
            problems += [
                f"examples[{i}].output {p}" for p in spec.returns_validator.problems(example["output"])
            ]
    return problems


def unknown_keys(raw: Mapping[str, Any], spec: ToolSpec) -> list[str]:
    if spec.parameters.get("additionalProperties", False) is not False:
        return []
    if spec.parameters.get("patternProperties"):
        return []
    known = spec.parameters.get("properties", {})
    valid = ", ".join(known) or "none"
    return [f"unexpected parameter {key!r} (valid parameters: {valid})" for key in raw if key not in known]


def param_summary(spec: ToolSpec) -> str:
    properties = spec.parameters.get("properties", {})
    required = set(spec.required)
    parts = []
    for name, schema in properties.items():
        parts.append(f"{name} ({_kind_of(schema)}{', required' if name in required else ''})")
    return ", ".join(parts) or "none"


def _kind_of(schema: Any, depth: int = 0) -> str:
    """A parameter's JSON type(s) in words: ``string``, ``number | null``, ``Address | null``."""
    if not isinstance(schema, dict) or depth > 3:
        return "any"
    kind = schema.get("type")
    if isinstance(kind, str):
        return kind
    if isinstance(kind, list) and kind:
        return " | ".join(str(k) for k in kind)
    if isinstance(schema.get("$ref"), str):
        return schema["$ref"].rsplit("/", 1)[-1] or "any"
    for key in ("anyOf", "oneOf"):
        if isinstance(schema.get(key), list) and schema[key]:
            return " | ".join(dict.fromkeys(_kind_of(branch, depth + 1) for branch in schema[key]))
    values = [schema["const"]] if "const" in schema else schema.get("enum")
    if isinstance(values, list) and values:  # a typeless enum (a mixed-value Python Enum): its types
        return " | ".join(dict.fromkeys(_json_type(value) for value in values))
    return "any"


def _json_type(value: Any) -> str:
    """The JSON type of an enum value: ``integer``, ``string``, ``null``..."""
    if value is None or isinstance(value, bool):
        return "null" if value is None else "boolean"
    names = {int: "integer", float: "number", str: "string", list: "array", dict: "object"}
    return names.get(type(value), "any")


_KEYWORDS = (  # noqa: SIM905 (a list literal would take sixty lines)
    "type enum const properties required additionalProperties patternProperties propertyNames "
    "minProperties maxProperties dependentRequired dependentSchemas dependencies items prefixItems "
    "additionalItems contains minContains maxContains minItems maxItems uniqueItems unevaluatedItems "
    "unevaluatedProperties minLength maxLength pattern format minimum maximum exclusiveMinimum "
    "exclusiveMaximum multipleOf allOf anyOf oneOf not if then else title description default "
    "examples example deprecated readOnly writeOnly nullable discriminator contentMediaType "
    "contentEncoding contentSchema definitions $defs $ref $id id $schema $anchor $dynamicRef "
    "$dynamicAnchor $recursiveRef $recursiveAnchor $vocabulary $comment extends disallow divisibleBy"
).split()
KNOWN_KEYWORDS = frozenset(_KEYWORDS)
"""The keywords of JSON Schema drafts 3 to 2020-12, and OpenAPI's common ones."""
_BY_LOWER = {word.lower(): word for word in _KEYWORDS}


def keyword_typos(schema: Any, where: str) -> list[str]:
    """Keys that look like misspelt JSON Schema keywords (``typ``, ``requierd``, ``maxlength``), in
    `schema`, its direct properties and its items: JSON Schema ignores unknown keywords, so such a
    typo silently allows any value. Only near keys are read, so this stays cheap at registration.

    A key is taken for a typo when it is a keyword but for case, or one edit away from one (two
    for keys of seven letters or more; a swap of neighbours is one edit). Other tools' own
    keywords (``tsType``, ``optionalProperties``, ``markdownDescription``) are further away."""
    found = []
    for path, node in _near_nodes(schema, where):
        for key in node:
            if not isinstance(key, str) or key in KNOWN_KEYWORDS or key.startswith("x-"):
                continue
            meant = _meant(key)
            if meant is not None:
                found.append(f"{path}: unknown keyword {key!r} is ignored; did you mean {meant!r}?")
    return found


def _meant(key: str) -> str | None:
    """The keyword ``key`` is probably a misspelling of, if any."""
    lower = key.lower()
    if lower in _BY_LOWER:
        return _BY_LOWER[lower]
    return nearest(key, _KEYWORDS)


def nearest(key: str, words: Iterable[str]) -> str | None:
    """The first of ``words`` that ``key`` is probably a misspelling of (case aside: one edit
    away, two for keys of seven letters or more), if any."""
    lower, most = key.lower(), 2 if len(key) >= 7 else 1
    for word in words:
        if abs(len(word) - len(key)) <= most and _edits(lower, word.lower(), most) <= most:
            return word
    return None


def _edits(a: str, b: str, most: int) -> int:
    """The optimal-string-alignment distance of ``a`` and ``b`` (insertions, deletions,
    substitutions, swaps of neighbours), or ``most + 1`` once it must exceed ``most``. Hand-written:
    difflib's ratio has no notion of an edit, and its cut-off flags ``tsType`` as ``type``."""
    before: list[int] = []
    row = list(range(len(b) + 1))
    for i, char in enumerate(a, 1):
        above, row = row, [i]
        for j, other in enumerate(b, 1):
            cost = min(above[j] + 1, row[j - 1] + 1, above[j - 1] + (char != other))
            if i > 1 and j > 1 and char == b[j - 2] and a[i - 2] == other:
                cost = min(cost, before[j - 2] + 1)
            row.append(cost)
        if min(row) > most:
            return most + 1
        before = above
    return row[-1]


def _near_nodes(schema: Any, where: str) -> Iterator[tuple[str, Mapping[str, Any]]]:
    if not isinstance(schema, Mapping):
        return
    yield where, schema
    properties = schema.get("properties")
    if isinstance(properties, Mapping):
        for name, sub in properties.items():
            if isinstance(sub, Mapping):
                yield f"{where}.properties.{name}", sub
    if isinstance(schema.get("items"), Mapping):
        yield f"{where}.items", schema["items"]
