"""How answer-space outcomes are named: paths (``$.lines[*].sku``), values as JSON, and the short
labels of ``oneOf``/``anyOf`` branches and of ``if`` tests (`answer_space`)."""

from __future__ import annotations

import json
import re
from typing import Any

__all__ = ["branch_label", "canonical", "child_path", "condition_label", "enum_key", "pattern_path"]

_PLAIN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")

LABEL_WIDTH = 60
"""How long an ``if`` shown as its JSON may be (longer ones are cut, with an ellipsis)."""


def enum_key(value: Any) -> Any:
    """A key equal for values JSON Schema's ``enum`` deems equal (1 and 1.0; never 1 and true)."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool) or value is None:
        return (value,)
    if isinstance(value, (int, float)):
        return (0, value)
    return (1, canonical(value))


def canonical(value: Any) -> str:
    """`value` as compact, key-sorted JSON (its repr when it is not JSON)."""
    try:
        return json.dumps(value, sort_keys=True, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError):
        return repr(value)


def child_path(path: str, name: str) -> str:
    """The path of property `name` below `path` (``$.a``, or ``$["a b"]`` for a name not plain)."""
    return f"{path}.{name}" if _PLAIN.match(name) else f"{path}[{json.dumps(name, ensure_ascii=False)}]"


def pattern_path(path: str, pattern: str) -> str:
    """The path of the keys below `path` that match ``patternProperties`` `pattern` (``$./^x-/``)."""
    return f"{path}./{pattern}/"


def branch_label(branch: Any) -> str:
    """A short name for a branch: its title, the definition it refers to, or its one type."""
    if not isinstance(branch, dict):
        return ""
    name = branch.get("title")
    if not isinstance(name, str) and isinstance(branch.get("$ref"), str):
        name = branch["$ref"].rsplit("/", 1)[-1]
    if not isinstance(name, str) and isinstance(branch.get("type"), str):
        name = branch["type"]
    if not isinstance(name, str) and "const" in branch:
        name = canonical(branch["const"])
    return f" ({name})" if isinstance(name, str) and name else ""


def condition_label(test: dict[str, Any]) -> str:
    """An ``if`` named by its title, by the values it tests (``(country = "US")``), else by its
    JSON, cut when long (so that several at one place differ)."""
    if isinstance(test.get("title"), str) and test["title"]:
        return f" ({test['title']})"
    tested = _tested_values(test)
    if tested:
        return f" ({tested})"
    text = json.dumps(test, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=repr)
    return f" {text}" if len(text) <= LABEL_WIDTH else f" {text[: LABEL_WIDTH - 1]}…"


def _tested_values(test: dict[str, Any]) -> str:
    """``country = "US", kind in ["a", "b"]`` for an ``if`` that only tests properties' values
    (``const``/``enum``, maybe ``required``); else ""."""
    properties = test.get("properties")
    if set(test) - {"properties", "required"} or not isinstance(properties, dict) or not properties:
        return ""
    parts = []
    for name, sub in properties.items():
        shown = name if _PLAIN.match(name) else json.dumps(name, ensure_ascii=False)
        keys = set(sub) - {"type"} if isinstance(sub, dict) else set()
        if keys == {"const"}:
            parts.append(f"{shown} = {canonical(sub['const'])}")
        elif keys == {"enum"}:
            parts.append(f"{shown} in {canonical(sub['enum'])}")
        else:
            return ""
    return ", ".join(parts)
