"""A tool described in plain text, for agents that read their tools from the prompt."""

from __future__ import annotations

import json
from typing import Any

from synthworld.formats.common import ToolLike

__all__ = ["describe_schema", "tool_prompt"]

_NOTES = {"read_only": "read-only", "destructive": "destructive", "open_world": "open-world"}


def tool_prompt(spec: ToolLike) -> str:
    """A readable description: signature, purpose, when to use it, each parameter, the result and any notes.

    >>> from synthworld import ToolSpec
    >>> print(tool_prompt(ToolSpec("ping", "Check a host.", {"type": "object", "properties": {
    ...     "host": {"type": "string", "description": "Host name."}}, "required": ["host"]},
    ...     {"type": "boolean"})))
    ping(host: string) -> boolean
      Check a host.
      Parameters:
        - host (string, required): Host name.
      Returns: boolean
    """
    properties: dict[str, Any] = spec.parameters.get("properties", {})
    required = set(spec.required)
    signature = ", ".join(
        f"{n}{'' if n in required else '?'}: {describe_schema(s)}" for n, s in properties.items()
    )
    lines = [f"{spec.name}({signature}) -> {describe_schema(spec.returns)}"]
    lines += [f"  {line}" for line in spec.description.strip().splitlines()]
    when_to_use = getattr(spec, "when_to_use", None)  # a ToolSpec's guidance for the agent
    if when_to_use:
        lines.append(f"  When to use: {when_to_use}")
    if properties:
        lines.append("  Parameters:")
        lines += [_parameter_line(n, s, n in required) for n, s in properties.items()]
    lines.append(f"  Returns: {describe_schema(spec.returns)}")
    notes = _notes(spec)
    if notes:
        lines.append(f"  Notes: {notes}")
    return "\n".join(lines)


def _parameter_line(name: str, schema: Any, required: bool) -> str:
    line = f"    - {name} ({describe_schema(schema)}, {'required' if required else 'optional'}"
    if isinstance(schema, dict) and "default" in schema:
        line += f", default {json.dumps(schema['default'])}"
    line += ")"
    if isinstance(schema, dict) and schema.get("description"):
        line += f": {schema['description']}"
    return line


def describe_schema(schema: Any) -> str:
    """A short type expression: ``string``, ``array of integer``, ``"a" | "b"``, ``Node | null``."""
    if not isinstance(schema, dict) or not schema:
        return "any" if schema is not False else "nothing"
    if "$ref" in schema:
        return str(schema["$ref"]).rsplit("/", 1)[-1] or "any"
    if "enum" in schema:
        return " | ".join(json.dumps(value) for value in schema["enum"])
    if "const" in schema:
        return json.dumps(schema["const"])
    for key in ("anyOf", "oneOf"):
        if key in schema:
            return " | ".join(describe_schema(option) for option in schema[key])
    kind = schema.get("type", "any")
    if isinstance(kind, list):
        return " | ".join(describe_schema({**schema, "type": k}) for k in kind)
    return _describe_kind(kind, schema)


def _describe_kind(kind: str, schema: dict[str, Any]) -> str:
    if kind == "array" and isinstance(schema.get("items"), dict):
        return f"array of {describe_schema(schema['items'])}"
    if kind == "object" and schema.get("properties"):
        required = set(schema.get("required", []))
        fields = ", ".join(
            f"{n}{'' if n in required else '?'}: {describe_schema(s)}"
            for n, s in schema["properties"].items()
        )
        return "{" + fields + "}"
    if kind == "string" and "format" in schema:
        return f"string ({schema['format']})"
    return str(kind)


def _notes(spec: ToolLike) -> str:
    notes = [text for field, text in _NOTES.items() if getattr(spec.annotations, field)]
    if spec.annotations.idempotent is False:
        notes.append("not idempotent (repeating a call may give a different answer)")
    return ", ".join(notes)
