"""MCP tool definitions (``mcp.types.Tool``), both directions, and structured results.

MCP requires an ``outputSchema`` to describe an object, with ``type: "object"`` at its root, so a
tool returning anything else (a list, a string, a union with null) gets a wrapper ``{"type": "object",
"properties": {"result": returns}, "required": ["result"]}`` marked ``"x-synthworld-wrapped":
true`` (and FastMCP's ``"x-fastmcp-wrap-result": true``, so its client unwraps it too); its
``structuredContent`` is then ``{"result": value}``. A schema that admits objects
alone without saying so at its root (a ``$ref`` to an object in its ``$defs``, as a big or
recursive OpenAPI component is; an ``allOf`` with an object part) is not wrapped: it gets
``type: "object"`` marked ``"x-synthworld-typed": true``. `read_tool` undoes both markers (and
FastMCP's ``x-fastmcp-wrap-result``), giving back the original schema. A tool whose returns say
nothing (``{}``: listed without an ``outputSchema``) is listed without one, its answer text alone.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from synthworld.formats.common import ToolLike, ToolParts, as_data, tool_parts
from synthworld.formats.mcp_listing import (
    FASTMCP_WRAP_MARK,
    LISTED,
    OWN_WORDS,
    listed_fields,
    listing_of,
    made_by,
    placed_hints,
)

__all__ = [
    "FASTMCP_WRAP_MARK",
    "OWN_WORDS",
    "TYPED_MARK",
    "WRAP_MARK",
    "content_blocks",
    "declares_output",
    "output_schema",
    "require_mcp",
    "returns_from_output_schema",
    "read_tool",
    "tool_definition",
    "structured_content",
    "wraps_result",
]

WRAP_MARK = "x-synthworld-wrapped"
TYPED_MARK = "x-synthworld-typed"
"""Marks the ``type: "object"`` `output_schema` added at the root of an object-only schema."""
_DEPTH = 32  # how many references `_objects_only` follows
_WRAP_MARKS = (WRAP_MARK, FASTMCP_WRAP_MARK)
_ROOT_KEYS = ("$schema", "$defs", "definitions")  # stay at the root so "#/$defs/..." refs resolve
_HINTS = {
    "read_only": "readOnlyHint",
    "destructive": "destructiveHint",
    "idempotent": "idempotentHint",
    "open_world": "openWorldHint",
    "title": "title",
}


def require_mcp() -> Any:
    """The ``mcp.types`` module, or an ImportError saying how to install it."""
    try:
        import mcp.types
    except ImportError as exc:
        raise ImportError("MCP support needs the 'mcp' package: pip install 'synthworld[mcp]'") from exc
    return mcp.types


def tool_definition(spec: ToolLike) -> Any:
    """An ``mcp.types.Tool`` with input and output schemas and the spec's annotations.

    MCP requires an object ``outputSchema``: a `returns` that admits more than objects is wrapped
    as ``{"type": "object", "properties": {"result": returns}, "required": ["result"]}`` (marked
    ``"x-synthworld-wrapped": true`` and FastMCP's ``"x-fastmcp-wrap-result": true``), and the
    server's ``structuredContent`` is then ``{"result": value}``; one that admits objects alone
    gets ``type: "object"`` at its root
    (see the module docstring). `read_tool` undoes either. A `returns` that says nothing
    (``{}``, as `read_tool` gives for a tool listed without one) gets no ``outputSchema``, so a
    twin lists such a tool as its server did; so are a title, icons and ``_meta`` the server
    listed (kept in ``spec.metadata["mcp"]``, see `formats.mcp_listing`).
    """
    data: dict[str, Any] = {"name": spec.name, "inputSchema": copy.deepcopy(spec.parameters)}
    if declares_output(spec.returns):
        data["outputSchema"] = output_schema(spec.returns)
        if made_by(spec) == "fastmcp":  # listed as FastMCP lists it, with its own mark alone
            data["outputSchema"].pop(WRAP_MARK, None)
    if spec.description:
        data["description"] = spec.description
    listing = listing_of(spec)
    data.update({key: copy.deepcopy(listing[key]) for key in LISTED if key in listing})
    hints = {wire: getattr(spec.annotations, field) for field, wire in _HINTS.items()}
    hints = placed_hints({wire: value for wire, value in hints.items() if value is not None}, listing)
    if hints:
        data["annotations"] = hints
    return require_mcp().Tool.model_validate(data)


def read_tool(tool: Mapping[str, Any] | Any) -> ToolParts:
    """The parts of an ``mcp.types.Tool`` or its dict form; unwraps a ``result`` wrapper, and
    keeps a title, icons and ``_meta`` (see `formats.mcp_listing`) in the metadata."""
    data = as_data(tool, what="an MCP tool definition")
    parameters = data.get("inputSchema", data.get("input_schema"))
    output = data.get("outputSchema", data.get("output_schema"))
    hints = as_data(data.get("annotations") or {}, what="MCP tool annotations")
    values = {field: hints.get(wire) for field, wire in _HINTS.items()}
    values["title"] = values["title"] or data.get("title")
    return tool_parts(
        data,
        parameters=parameters,
        returns=returns_from_output_schema(output),
        source="MCP",
        annotations=values,
        metadata={"mcp": listing} if (listing := listed_fields(data)) else None,
    )


def wraps_result(returns: Any) -> bool:
    """True when `returns` admits more than objects, so MCP needs the ``result`` wrapper."""
    return not (isinstance(returns, dict) and _objects_only(returns, returns.get("$defs"), _DEPTH))


def _objects_only(schema: Any, defs: Any, depth: int) -> bool:
    """Whether `schema` admits objects alone: ``type: "object"``, a ``$ref`` to such a schema in
    the root's `defs`, an ``allOf`` with such a part, or ``anyOf``/``oneOf`` of such schemas."""
    if not isinstance(schema, dict) or depth == 0:
        return False
    if schema.get("type") == "object":
        return True
    ref = schema.get("$ref")
    target = defs.get(ref[len("#/$defs/") :]) if isinstance(ref, str) and isinstance(defs, dict) else None
    if isinstance(ref, str) and ref.startswith("#/$defs/") and _objects_only(target, defs, depth - 1):
        return True
    parts = schema.get("allOf")
    if isinstance(parts, list) and any(_objects_only(part, defs, depth - 1) for part in parts):
        return True
    return any(
        isinstance(schema.get(key), list)
        and bool(schema[key])
        and all(_objects_only(branch, defs, depth - 1) for branch in schema[key])
        for key in ("anyOf", "oneOf")
    )


def output_schema(returns: Any) -> dict[str, Any]:
    """The MCP ``outputSchema`` for a returns schema (wrapped unless it admits objects alone)."""
    if not wraps_result(returns):
        if returns.get("type") == "object":
            return dict(copy.deepcopy(returns))
        return {"type": "object", **copy.deepcopy(returns), TYPED_MARK: True}
    inner = copy.deepcopy(returns)
    root: dict[str, Any] = {}
    if isinstance(inner, dict):
        root = {key: inner.pop(key) for key in _ROOT_KEYS if key in inner}
    wrapper: dict[str, Any] = {"type": "object", "properties": {"result": inner}, "required": ["result"]}
    return {**wrapper, WRAP_MARK: True, FASTMCP_WRAP_MARK: True, **root}


def returns_from_output_schema(output: Any) -> Any:
    """The returns schema an ``outputSchema`` stands for (``{}`` when there is none)."""
    if not isinstance(output, dict):
        return {}
    if output.get(TYPED_MARK) is True:
        return {key: copy.deepcopy(value) for key, value in output.items() if key not in ("type", TYPED_MARK)}
    if not any(output.get(mark) for mark in _WRAP_MARKS):
        return copy.deepcopy(output)
    inner = copy.deepcopy(output.get("properties", {}).get("result", {}))
    moved = {key: copy.deepcopy(output[key]) for key in _ROOT_KEYS if key in output}
    if moved and isinstance(inner, dict):
        inner.update(moved)
    return inner


def declares_output(returns: Any) -> bool:
    """Whether a tool returning `returns` lists an ``outputSchema``: not when it admits anything
    and says nothing (``{}``), as a tool listed without one reads back."""
    return returns != {} and returns is not True


def structured_content(spec: ToolLike, value: Any) -> Any:
    """The ``structuredContent`` of a result: `value`, or ``{"result": value}`` when wrapped;
    None for a tool without an ``outputSchema`` (its value is the text alone)."""
    if not declares_output(spec.returns):
        return None
    return {"result": value} if wraps_result(spec.returns) else value


_MEDIA = ("image", "audio", "resource", "resource_link")  # content blocks that are not text


def content_blocks(value: Any) -> list[Any] | None:
    """The content blocks `value` stands for, when it holds a non-text one: a block's JSON form
    (``{"type": "image", "data": ..., "mimeType": ...}``, as `McpBackend` records an image, audio
    or resource), or a list of those and text (strings); None for any other value (its JSON text
    is the content)."""
    items = value if isinstance(value, list) else [value]
    if not any(isinstance(item, dict) and item.get("type") in _MEDIA for item in items):
        return None
    import pydantic

    adapter: Any = pydantic.TypeAdapter(require_mcp().ContentBlock)
    try:
        return [
            adapter.validate_python({"type": "text", "text": item} if isinstance(item, str) else item)
            for item in items
        ]
    except pydantic.ValidationError:  # not blocks after all: the value's JSON text stands
        return None
