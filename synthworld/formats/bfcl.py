"""BFCL tool docs: the Berkeley Function Calling Leaderboard's (Gorilla's) dialect, read as JSON Schema.

A doc is ``{"name", "description", "parameters", "response"?}`` whose schemas name Gorilla types:
``dict`` for an object, ``float``, ``tuple``, ``any``, Java's ``HashMap`` or ``long``... Each
becomes the JSON Schema type bfcl-eval itself sends to OpenAI-style models (`GORILLA_TYPES`); a
missing ``type`` stays missing (any value, as in JSON Schema). A parameter takes its own default,
as in Python: a ``default`` of None (``x: float = None``) adds null to its type, one outside its
``enum`` joins the enum. A ``response`` becomes the tool's
``returns``, its listed properties required when it names none. Gorilla's ``optional`` marker is
left out (``required`` says which parameters are optional, as bfcl-eval's checker reads it);
everything else (``default``, ``enum``, ``description``...) is kept as written. The doc as given
stays in ``metadata["bfcl"]``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from synthworld._json import short_repr
from synthworld.errors import ToolSpecError
from synthworld.formats.common import ToolParts, as_data, tool_parts

__all__ = ["GORILLA_TYPES", "json_schema", "read_tool"]

GORILLA_TYPES: dict[str, str] = {
    # bfcl-eval 2026.3.23, bfcl_eval/constants/type_mappings.py GORILLA_TO_OPENAPI: the table
    # bfcl_eval/model_handler/utils.py _cast_to_openai_type applies when it converts its docs
    # for OpenAI, Anthropic, Mistral... ("float" also gets format "float", which JSON Schema
    # does not define; "any" is a string there and in its checker's PYTHON_TYPE_MAPPING).
    "integer": "integer", "number": "number", "float": "number", "string": "string",
    "boolean": "boolean", "bool": "boolean", "array": "array", "list": "array",
    "dict": "object", "object": "object", "tuple": "array", "any": "string",
    "byte": "integer", "short": "integer", "long": "integer", "double": "number",
    "char": "string", "ArrayList": "array", "Array": "array", "HashMap": "object",
    "Hashtable": "object", "Queue": "array", "Stack": "array", "Any": "string",
    "String": "string", "Bigint": "integer",
    # Not in GORILLA_TO_OPENAPI (its converter makes a type it lacks a string), but typed so by
    # bfcl-eval's checker (JS_TYPE_CONVERSION, JAVA_TYPE_CONVERSION in the same file):
    "Boolean": "boolean", "Set": "array",
    "null": "null",  # JSON Schema's own name, which no Gorilla type covers
}  # fmt: skip
"""Gorilla type name -> JSON Schema type."""

_ONE = ("items", "additionalProperties", "not", "contains")
_MANY = ("anyOf", "oneOf", "allOf", "prefixItems")
_DROPPED = ("optional",)


def read_tool(doc: Mapping[str, Any] | Any) -> ToolParts:
    """The parts of one BFCL tool doc; `ToolSpecError` naming the doc and every part it cannot take."""
    data = as_data(doc, what="a BFCL tool doc")
    name = data.get("name")
    problems: list[str] = []
    parameters = _converted(data, "parameters", problems)
    returns = _answered(_converted(data, "response", problems))
    kind = parameters.get("type", "object") if isinstance(parameters, dict) else "object"
    if kind != "object":
        problems.append(f"parameters must be of type 'dict' (an object of named parameters), got {kind!r}")
    if problems:
        raise ToolSpecError(f"BFCL tool doc {short_repr(name)}: " + "; ".join(problems), problems=problems)
    metadata = {"bfcl": data}
    return tool_parts(data, parameters=parameters, returns=returns, source="BFCL", metadata=metadata)


def _answered(returns: Any) -> Any:
    """A response with every listed property required when it says none is: bfcl-eval's tool
    classes answer each key their doc lists (an error aside), so an answer leaving them out says nothing."""
    if (
        isinstance(returns, dict)
        and isinstance(returns.get("properties"), dict)
        and "required" not in returns
    ):
        return {**returns, "required": list(returns["properties"])}
    return returns


def _converted(data: Mapping[str, Any], key: str, problems: list[str]) -> Any:
    """``data[key]`` as JSON Schema (None when absent or null: the format's default)."""
    return None if data.get(key) is None else json_schema(data[key], where=key, problems=problems)


def json_schema(schema: Any, *, where: str, problems: list[str]) -> Any:
    """A Gorilla schema as JSON Schema; what cannot be read is added to `problems` (at `where`)."""
    if isinstance(schema, bool):
        return schema
    if not isinstance(schema, Mapping):
        problems.append(
            f"{where} must be a schema (a dict), got {type(schema).__name__} {short_repr(schema)}"
        )
        return {}
    out = {key: value for key, value in schema.items() if key not in _DROPPED}
    if "type" in out:
        out["type"] = _json_type(out["type"], f"{where}.type", problems)
    if "default" in out:
        _take_default(out)
    if isinstance(out.get("items"), list):  # the tuple form of draft 4: one schema per position
        out["prefixItems"] = out.pop("items")
    for key in _ONE:
        if key in out:
            out[key] = json_schema(out[key], where=f"{where}.{key}", problems=problems)
    for key in _MANY:
        if isinstance(out.get(key), list):
            out[key] = [
                json_schema(s, where=f"{where}.{key}[{i}]", problems=problems) for i, s in enumerate(out[key])
            ]
    if isinstance(out.get("properties"), Mapping):
        out["properties"] = {
            name: json_schema(sub, where=f"{where}.properties.{name}", problems=problems)
            for name, sub in out["properties"].items()
        }
    return out


def _take_default(schema: dict[str, Any]) -> None:
    """A schema takes its own default, as a Python parameter does: None (``x: float = None``)
    adds null to its type, and a default outside its enum joins the enum."""
    default = schema["default"]
    if default is None and isinstance(schema.get("type"), (str, list)):
        kinds = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        schema["type"] = kinds if "null" in kinds else [*kinds, "null"]
    enum = schema.get("enum")
    if isinstance(enum, list) and not any(type(v) is type(default) and v == default for v in enum):
        schema["enum"] = [*enum, default]


def _json_type(kind: Any, where: str, problems: list[str]) -> Any:
    """The JSON Schema type of a Gorilla type name (or of each name of a list)."""
    if isinstance(kind, list):
        return [_json_type(one, where, problems) for one in kind]
    if isinstance(kind, str) and kind in GORILLA_TYPES:
        return GORILLA_TYPES[kind]
    known = ", ".join(GORILLA_TYPES)
    problems.append(f"{where} {short_repr(kind)} is not a BFCL type; write one of {known}")
    return kind
