"""Keyword-level translations of one OpenAPI schema object to JSON Schema 2020-12: ``nullable``,
boolean exclusive bounds, ``example``, 2.0 ``type: file``, and the keywords real documents get
wrong, set aside as ``x-openapi-<keyword>`` annotations."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from synthworld.sources.openapi.relaxed import COUNTS, NOT_JSON, NUMBERS, TYPES, as_json

__all__ = ["translate_keywords"]


def translate_keywords(out: dict[str, Any], node: Mapping[str, Any], version: str) -> list[str]:
    """The keyword-level translations of one schema object (in place on `out`); returns the
    keywords set aside as not valid JSON Schema."""
    if out.get("type") == "file":
        out["type"], out["format"] = "string", "binary"
    relaxed = []
    if "example" in node and "examples" not in node:
        if (example := as_json(node["example"])) is NOT_JSON:
            relaxed.append("example")
        else:
            out["examples"] = [example]
    elif version != "3.1" and "examples" in out and not isinstance(out["examples"], list):
        out["examples"] = list(out["examples"].values()) if isinstance(out["examples"], Mapping) else []
    for bound, limit in (("exclusiveMinimum", "minimum"), ("exclusiveMaximum", "maximum")):
        flag = out.get(bound)
        if isinstance(flag, bool):
            del out[bound]
            if flag and limit in out:
                out[bound] = out.pop(limit)
    if not isinstance(out.get("required", []), list):
        del out["required"]  # 2.0 documents sometimes write `required: true` on a property
        relaxed.append("required")
    relaxed += _sanitise(out)
    if node.get("nullable") is True or node.get("x-nullable") is True:
        _nullable(out)
    return relaxed


_TYPES = frozenset(TYPES)


def _sanitise(out: dict[str, Any]) -> list[str]:
    """Keywords real documents get wrong, kept as ``x-openapi-<keyword>`` annotations instead of
    breaking the tool: an unknown ``type``, a ``pattern`` no regex engine here reads, a
    non-numeric bound, an empty or non-list ``enum``, ``examples`` that are no list; non-string
    ``required`` entries are dropped. Returns the keywords set aside."""
    aside: list[str] = []

    def set_aside(key: str) -> None:
        out[f"x-openapi-{key}"] = out.pop(key)
        aside.append(key)

    kind = out.get("type")
    if isinstance(kind, str) and kind not in _TYPES:
        set_aside("type")
    elif isinstance(kind, list) and not all(isinstance(k, str) and k in _TYPES for k in kind):
        out["x-openapi-type"] = kind
        aside.append("type")
        kept = [k for k in kind if isinstance(k, str) and k in _TYPES]
        out["type"] = kept
        if not kept:
            del out["type"]
    pattern = out.get("pattern")
    if pattern is not None and not _compiles(pattern):
        set_aside("pattern")
    for key in COUNTS:
        if key in out and not (
            isinstance(out[key], int) and not isinstance(out[key], bool) and out[key] >= 0
        ):
            set_aside(key)
    for key in NUMBERS:
        if key in out and (isinstance(out[key], bool) or not isinstance(out[key], (int, float))):
            set_aside(key)
    if "multipleOf" in out and out["multipleOf"] <= 0:
        set_aside("multipleOf")
    if "enum" in out and (not isinstance(out["enum"], list) or not out["enum"]):
        set_aside("enum")
    if "examples" in out and not isinstance(out["examples"], list):  # 3.1: a map of named examples
        set_aside("examples")
    required = out.get("required")
    if isinstance(required, list):
        out["required"] = list(dict.fromkeys(r for r in required if isinstance(r, str)))
        if any(not isinstance(r, str) for r in required):
            aside.append("required")
    return aside


def _compiles(pattern: Any) -> bool:
    if not isinstance(pattern, str):
        return False
    try:
        re.compile(pattern)
    except re.error:
        return False
    return True


def _nullable(out: dict[str, Any]) -> None:
    kind = out.get("type")
    if isinstance(kind, str):
        out["type"] = [kind, "null"]
    elif isinstance(kind, list) and "null" not in kind:
        out["type"] = [*kind, "null"]
    if isinstance(out.get("enum"), list) and None not in out["enum"]:
        out["enum"] = [*out["enum"], None]
    if kind is None and "enum" not in out and "const" not in out:
        inner = {k: out.pop(k) for k in list(out) if k not in ("description", "title", "default", "examples")}
        if inner:
            out["anyOf"] = [inner, {"type": "null"}]
