"""OpenAI strict mode: does a parameters schema follow the structured-outputs rules?

OpenAI accepts ``"strict": true`` only for a subset of JSON Schema
(https://platform.openai.com/docs/guides/structured-outputs#supported-schemas): an object at the
root, every object closed (``additionalProperties: false``) with every property in ``required``
(optional values are spelled as a union with ``null``), a ``type`` on every schema, ``anyOf``
as the only composition (no ``oneOf``, ``allOf``, ``not``, ``if``/``then``/``else``,
``dependentRequired``, ``dependentSchemas``), and only some keywords and string formats.

`strict_problems` names each part that breaks a rule OpenAI states, by its JSON path, so
``strict=True`` can fail with the reason instead of a 400 from the API. `fits_strict` is the
stricter test behind ``strict=None``: no problem, and no keyword outside the documented list,
so a schema sent with ``strict: true`` automatically is one the API takes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from synthworld.formats.strict_limits import limit_problems

__all__ = ["documented_keyword", "documented_pattern", "fits_strict", "strict_problems"]

_ONE = ("items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames")
_LIST = ("anyOf", "oneOf", "allOf", "prefixItems", "items")
_MAP = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")
_UNSUPPORTED = {
    "oneOf": "use anyOf, or make the branches exclusive (different types, or a property each "
    "requires with its own const), which strict=True sends as an anyOf",
    "allOf": "merge the parts into one schema",
    "not": "drop it",
    "if": "drop if/then/else",
    "then": "drop if/then/else",
    "else": "drop if/then/else",
    "dependentRequired": "drop it",
    "dependentSchemas": "drop it",
}
_TYPED_BY = ("type", "anyOf", "$ref", "enum", "const")
# Keywords and formats OpenAI documents as supported in strict mode.
_KEYWORDS = frozenset(
    [
        *_TYPED_BY,
        "properties",
        "required",
        "additionalProperties",
        "items",
        "$defs",
        "definitions",
        "description",
        "title",
        "pattern",
        "format",
        "multipleOf",
        "minimum",
        "maximum",
        "exclusiveMinimum",
        "exclusiveMaximum",
        "minItems",
        "maxItems",
    ]
)
_FORMATS = frozenset(["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"])
_DEFINITION_REF = re.compile(r"#|#/(\$defs|definitions)/[^/]+")
"""The ``$ref``s strict mode resolves: the root, or a definition of the root."""
_LOOKAROUND = re.compile(r"(?<!\\)\(\?<?[=!]")
"""A lookahead or lookbehind in a ``pattern``, which strict mode's regular expressions lack."""


def strict_problems(schema: Any) -> list[str]:
    """Why `schema` cannot be sent with ``strict: true`` (empty when nothing OpenAI states forbids it)."""
    problems = _root_problems(schema)
    for path, node, part in _subschemas(schema, "$"):
        problems.extend(_node_problems(path, node, part))
    return problems + limit_problems(schema)


def fits_strict(schema: Any) -> bool:
    """True when `schema` can go with ``strict: true`` for sure: no `strict_problems`, and only
    the keywords and string formats OpenAI documents (a ``minLength``, a ``default``, a vendor
    ``x-`` keyword or ``format: uri`` may be refused, so such a schema is not sent strict)."""
    return not strict_problems(schema) and all(_documented(node) for _, node, _ in _subschemas(schema, "$"))


def _root_problems(schema: Any) -> list[str]:
    if not isinstance(schema, dict) or schema.get("type") != "object":
        return ["$: the root must be an object schema (type: object)"]
    if "anyOf" in schema:
        return ["$: the root must not be an anyOf; make it one object schema"]
    return []


def _node_problems(path: str, node: dict[str, Any], part: bool) -> list[str]:
    problems = [f"{path}: {key} is not supported ({fix})" for key, fix in _UNSUPPORTED.items() if key in node]
    if not problems and not part and not any(key in node for key in _TYPED_BY):
        problems.append(f"{path}: a schema needs a type (strict mode has no 'any value')")
    if not part and _is_array(node) and not isinstance(node.get("items"), dict):
        problems.append(f"{path}: an array needs items with a type (strict mode has no 'any value')")
    ref = node.get("$ref")
    if not part and ref is not None and not (isinstance(ref, str) and _DEFINITION_REF.fullmatch(ref)):
        problems.append(f"{path}: a $ref must point at #/$defs/NAME (or # for the root), not {ref!r}")
    if _is_object(node):
        if node.get("additionalProperties") is not False:
            problems.append(f"{path}: an object needs additionalProperties: false")
        required = set(node.get("required", []))
        optional = [name for name in node.get("properties", {}) if name not in required]
        if optional:
            problems.append(f"{path}: every property must be required, but {optional} are optional")
    return problems


def documented_keyword(key: str, value: Any) -> bool:
    """Whether OpenAI documents `key` (with this `value`, for ``format``) as taken in strict mode."""
    return key in _KEYWORDS and (key != "format" or value in _FORMATS)


def documented_pattern(pattern: Any) -> bool:
    """Whether strict mode takes `pattern` (it has no lookahead or lookbehind)."""
    return not _LOOKAROUND.search(str(pattern))


def _documented(node: dict[str, Any]) -> bool:
    if not all(documented_keyword(key, value) for key, value in node.items()):
        return False
    if "$ref" in node and len(node) > 1:  # the API takes no keyword beside a $ref (anyOf: [$ref] is fine)
        return False
    if not documented_pattern(node.get("pattern", "")):
        return False
    if "items" in node and not isinstance(node["items"], dict):
        return False
    return not _is_object(node) or isinstance(node.get("properties"), dict)


def _is_array(node: dict[str, Any]) -> bool:
    kind = node.get("type")
    return kind == "array" or (isinstance(kind, list) and "array" in kind)


def _is_object(node: dict[str, Any]) -> bool:
    kind = node.get("type")
    return kind == "object" or (isinstance(kind, list) and "object" in kind) or "properties" in node


def _subschemas(node: Any, path: str, part: bool = False) -> Iterator[tuple[str, dict[str, Any], bool]]:
    """Every schema dict inside `node` (itself first), with its JSON path, and whether it is a
    part of an unsupported keyword (an ``allOf`` part need not be a whole schema)."""
    if not isinstance(node, dict):
        return
    yield path, node, part
    for key in _ONE:
        if isinstance(node.get(key), dict):
            yield from _subschemas(node[key], f"{path}.{key}", part or key in _UNSUPPORTED)
    for key in _LIST:
        if isinstance(node.get(key), list):
            for index, child in enumerate(node[key]):
                yield from _subschemas(child, f"{path}.{key}[{index}]", part or key in _UNSUPPORTED)
    for key in _MAP:
        if isinstance(node.get(key), dict):
            for name, child in node[key].items():
                yield from _subschemas(child, f"{path}.{key}.{name}", part or key in _UNSUPPORTED)
