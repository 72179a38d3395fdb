"""Text renderings of a ToolSpec: a Python-like signature and a Google-style docstring."""

from __future__ import annotations

import inspect
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from synthworld.spec.toolspec import ToolSpec

__all__ = ["render_docstring", "render_signature", "type_name"]

_SIMPLE = {
    "string": "str",
    "integer": "int",
    "number": "float",
    "boolean": "bool",
    "null": "None",
    "array": "list",
    "object": "dict",
}


def type_name(schema: Any) -> str:
    """A Python-like type name for a JSON Schema (``list[str]``, ``Literal['a', 'b']``...)."""
    if not isinstance(schema, dict) or not schema:
        return "Any"
    if "enum" in schema:
        return "Literal[" + ", ".join(repr(v) for v in schema["enum"]) + "]"
    if "const" in schema:
        return f"Literal[{schema['const']!r}]"
    if "$ref" in schema:
        return str(schema["$ref"]).rsplit("/", 1)[-1]
    for union in ("anyOf", "oneOf"):
        if union in schema:
            return " | ".join(type_name(s) for s in schema[union])
    kind = schema.get("type")
    if isinstance(kind, list):
        return " | ".join(_SIMPLE.get(str(k), str(k)) for k in kind)
    if kind == "array" and isinstance(schema.get("items"), dict):
        return f"list[{type_name(schema['items'])}]"
    if kind == "object" and isinstance(schema.get("additionalProperties"), dict):
        return f"dict[str, {type_name(schema['additionalProperties'])}]"
    return str(schema.get("title") or _SIMPLE.get(str(kind), "Any"))


def render_signature(spec: ToolSpec, *, types: bool = True, defaults: bool = True) -> str:
    """``name(a: str, b: int = 10) -> dict``: the agent-facing parameters only."""
    properties = spec.parameters.get("properties", {})
    required = set(spec.required)
    parts = []
    for name in spec.ordered_params:
        part = f"{name}: {type_name(properties.get(name))}" if types else name
        if name not in required and defaults:
            part += f" = {spec.defaults[name]!r}" if name in spec.defaults else " = ..."
        parts.append(part)
    returns = f" -> {type_name(spec.returns)}" if types else ""
    return f"{spec.name}({', '.join(parts)}){returns}"


def render_docstring(spec: ToolSpec, *, names: Mapping[str, str] | None = None) -> str:
    """A Google-style docstring: description, when to use, Args and Returns.

    Each parameter has text, as docstring readers that describe arguments from it want
    (smolagents' ``tool`` refuses an argument without): its description (continuation lines
    indented under it), else what the spec says of it (``Required.``, ``Optional; default 10.``).
    `names` gives a parameter another name (a stub's Python name for ``user-id``: ``user_id``).
    """
    lines = [spec.description or spec.name]
    if spec.when_to_use:
        lines += ["", f"When to use: {spec.when_to_use}"]
    properties = spec.parameters.get("properties", {})
    if properties:
        lines += ["", "Args:"]
        for name in spec.ordered_params:
            schema = properties.get(name, {})
            shown = (names or {}).get(name, name)
            lines.append(f"    {shown} ({type_name(schema)}): {_parameter_text(spec, name, schema)}")
    returns_text = spec.returns.get("description", "") if isinstance(spec.returns, dict) else ""
    lines += ["", "Returns:", f"    {type_name(spec.returns)}: {_indented(returns_text)}".rstrip()]
    return "\n".join(lines)


def _parameter_text(spec: ToolSpec, name: str, schema: Any) -> str:
    """A parameter's description for its Args line, or what the spec says of it when it has none."""
    text = schema.get("description") if isinstance(schema, dict) else None
    if isinstance(text, str) and text.strip():
        return _indented(text)
    if name in spec.required:
        return "Required."
    if name in spec.defaults:
        return f"Optional; default {spec.defaults[name]!r}."
    if isinstance(schema, dict) and "default" in schema:
        return f"Optional; default {schema['default']!r}."
    return "Optional."


def _indented(text: str) -> str:
    """`text` with its continuation lines indented under an Args or Returns entry (blank lines,
    which end an entry for some readers, left out)."""
    return "\n        ".join(line for line in inspect.cleandoc(text).splitlines() if line.strip())
