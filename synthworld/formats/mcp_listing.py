"""How a live MCP server presents a tool beyond its schemas: ``title``, ``icons``, ``_meta`` and
``execution``, which a `ToolSpec` has no field for, kept in ``spec.metadata["mcp"]`` with the
``annotations`` as listed, so a twin lists the tool as the server did.

Only a tool listed with one of those fields is kept so (synthworld's own ``to_mcp`` lists none,
so its tools read back unchanged). A top-level ``title`` is also the spec's
``annotations.title`` (when the annotations have none) so every format shows it; a twin lists it
where the server did, in ``annotations`` only when the server put one there.

A tool of the ``mcp`` package's MCPServer (its input schema titled ``<function>Arguments``, or
its output schema MCPServer's ``{"result": ...}`` wrapper of a non-object answer, which it does
not mark: ``{"title": "<function>Output", "properties": {"result": {"title": "Result", ...}},
"required": ["result"]}``) is kept with ``"text": "mcpserver"``, so a twin writes an answer's
text as MCPServer does (`answer_texts`): unwrapped, indented, one block per item of a list,
and a failure as MCPServer words one (`error_text`). A tool of FastMCP (its ``_meta`` holding
``fastmcp``, or its output schema marked ``x-fastmcp-wrap-result``) is kept with ``"text":
"fastmcp"``: a twin lists it with FastMCP's mark alone and writes as FastMCP does, a string as
it is, anything else as one block of compact JSON, a failure ``Error calling tool 'NAME': ...``.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from typing import Any

__all__ = [
    "FASTMCP_WRAP_MARK",
    "LISTED",
    "OWN_WORDS",
    "answer_texts",
    "error_text",
    "listed_fields",
    "listing_of",
    "made_by",
    "placed_hints",
]

LISTED = ("title", "icons", "_meta", "execution")
"""The ``Tool`` fields of the installed ``mcp`` types a `ToolSpec` has no field for."""
FASTMCP_WRAP_MARK = "x-fastmcp-wrap-result"
"""FastMCP's mark of its ``{"result": ...}`` wrapper: its ``Client`` then gives ``result.data`` as
the value inside, not a ``Root(result=...)``."""
OWN_WORDS = "tool_error"
"""The `ToolError` code of a failure a tool reported in its own words (a real MCP server's
``isError`` text, as `McpBackend` reads and records it): served over MCP as that text alone."""


def listed_fields(data: Mapping[str, Any]) -> dict[str, Any]:
    """The ``spec.metadata["mcp"]`` of a listed tool's dict form: its `LISTED` fields and its
    annotations as listed; empty when it has none of `LISTED`."""
    kept = {key: copy.deepcopy(data[key]) for key in LISTED if data.get(key) is not None}
    if kept and isinstance(data.get("annotations"), Mapping):
        kept["annotations"] = copy.deepcopy(dict(data["annotations"]))
    made_by = _made_by(data)
    if made_by is not None:
        kept["text"] = made_by
    return kept


def _made_by(data: Mapping[str, Any]) -> str | None:
    """``fastmcp`` or ``mcpserver`` when the listed tool `data` looks made by that framework."""
    meta = data.get("_meta")
    output = data.get("outputSchema", data.get("output_schema"))
    if (isinstance(meta, Mapping) and "fastmcp" in meta) or (
        isinstance(output, Mapping) and output.get(FASTMCP_WRAP_MARK) is True
    ):
        return "fastmcp"
    return "mcpserver" if _by_mcpserver(data) else None


def _by_mcpserver(data: Mapping[str, Any]) -> bool:
    """Whether the listed tool `data` looks made by MCPServer (see the module)."""
    parameters = data.get("inputSchema", data.get("input_schema"))
    title = parameters.get("title") if isinstance(parameters, Mapping) else None
    output = data.get("outputSchema", data.get("output_schema"))
    return (isinstance(title, str) and title.endswith("Arguments")) or _unmarked_wrapper(output)


def _unmarked_wrapper(output: Any) -> bool:
    """Whether `output` is the ``{"result": ...}`` wrapper MCPServer makes (see the module)."""
    if not isinstance(output, Mapping) or not isinstance(output.get("properties"), Mapping):
        return False
    inner = output["properties"].get("result")
    return (
        list(output["properties"]) == ["result"]
        and output.get("required") == ["result"]
        and isinstance(inner, Mapping)
        and inner.get("title") == "Result"
        and str(output.get("title", "")).endswith("Output")
    )


def listing_of(spec: Any) -> dict[str, Any]:
    """What `listed_fields` kept for `spec` (``{}`` for a tool from anywhere else)."""
    metadata = getattr(spec, "metadata", None)
    kept = metadata.get("mcp") if isinstance(metadata, Mapping) else None
    return dict(kept) if isinstance(kept, Mapping) else {}


def placed_hints(hints: dict[str, Any], listing: Mapping[str, Any]) -> dict[str, Any]:
    """The ``annotations`` a twin lists: the spec's `hints` over those listed, the title among
    them only when the server listed one in its annotations."""
    if not any(key in listing for key in LISTED):
        return hints
    listed = listing.get("annotations")
    listed = dict(listed) if isinstance(listed, Mapping) else {}
    if "title" not in listed:
        hints = {wire: value for wire, value in hints.items() if wire != "title"}
    return {**listed, **hints}


def made_by(spec: Any) -> str | None:
    """The framework that made the server's tool `spec` twins: ``mcpserver``, ``fastmcp`` or None."""
    made = listing_of(spec).get("text")
    return made if isinstance(made, str) else None


def answer_texts(spec: Any, value: Any, *, structured: bool) -> list[str]:
    """The text blocks of an answer `value`: its JSON text; a string as it is for a tool
    without an output schema (not `structured`, as its server sent it); for an MCPServer tool
    (``"text": "mcpserver"``) as MCPServer writes it: unwrapped from its ``{"result": ...}``, a
    string as it is, a list one block per item, none for null, else JSON indented by 2; for a
    FastMCP tool as FastMCP does: a string as it is, none for null, else compact JSON."""
    if made_by(spec) == "fastmcp":
        if value is None:
            return []
        return [
            value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, separators=(",", ":"))
        ]
    if made_by(spec) == "mcpserver":
        wrapped = _unmarked_wrapper(spec.returns) and isinstance(value, Mapping) and "result" in value
        return _mcpserver_texts(value["result"] if wrapped else value)
    if not structured and isinstance(value, str):
        return [value]
    return [json.dumps(value, ensure_ascii=False)]


def _mcpserver_texts(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, list):
        return [text for item in value for text in _mcpserver_texts(item)]
    return [value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, indent=2)]


def error_text(spec: Any, error: Mapping[str, Any]) -> str:
    """The text of an ``isError`` result for `error` (``{"code", "message", ...}``): a server's
    own words as they came (code `OWN_WORDS`, nothing else); for an MCPServer tool, a failure
    as MCPServer writes one, ``Error executing tool NAME: MESSAGE``; for a FastMCP tool as
    FastMCP does, ``Error calling tool 'NAME': MESSAGE`` (bad arguments: the message alone);
    else ``{"error": {...}}``."""
    if error.get("code") == OWN_WORDS and set(error) == {"code", "message"}:
        return str(error["message"])
    if made_by(spec) == "mcpserver":
        return f"Error executing tool {spec.name}: {error.get('message', '')}"
    if made_by(spec) == "fastmcp":  # its argument check's message stands alone
        refused = error.get("code") in ("invalid_input", "invalid_call")
        return (
            str(error.get("message", ""))
            if refused
            else f"Error calling tool {spec.name!r}: {error.get('message', '')}"
        )
    return json.dumps({"error": dict(error)}, ensure_ascii=False)
