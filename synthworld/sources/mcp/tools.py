"""`mcp_tools`: the tools a live MCP server lists, as `ToolSpec`s."""

from __future__ import annotations

import dataclasses
from typing import Any

from synthworld.backends.text_answers import ANSWERS
from synthworld.errors import SchemaError, SourceError, ToolSpecError
from synthworld.formats.mcp import declares_output
from synthworld.sources.mcp.connection import DEFAULT_TIMEOUT, Connection, ServerLike, describe
from synthworld.sources.skipping import OnError, Skipped
from synthworld.spec import ToolSpec

__all__ = ["mcp_tools"]


def mcp_tools(
    server: ServerLike, *, timeout: float = DEFAULT_TIMEOUT, on_error: OnError = "raise"
) -> list[ToolSpec]:
    """Every tool `server` lists (all pages), as specs built with `ToolSpec.from_mcp`.

    `server` is a command (``"python server.py"`` split like a shell, or an argv list) run over
    stdio, or an ``http(s)://`` URL (streamable HTTP). Only ``tools/list`` is asked: no tool of
    the real server is called. Raises `SourceError` when the server cannot be reached, or when a
    listed tool cannot be a tool here (a name synthworld does not take, an invalid schema or one
    that cannot be compiled, such as a ``$ref`` to nothing, a name listed twice);
    ``on_error="skip"`` leaves those out and warns once instead. A tool listed without an
    ``outputSchema`` is marked ``metadata["answers"] = "text"``: the random backend answers it
    with readable text. Each spec keeps how the server introduced itself (its ``serverInfo``,
    ``instructions`` and ``capabilities``) in ``metadata["mcp_server"]``, so its twin does the same.
    """
    skipped = Skipped(on_error, what="tools")
    connection = Connection(server, timeout=timeout)
    try:
        listed = connection.list_tools()
        identity = connection.identity
    finally:
        connection.close()
    specs: list[ToolSpec] = []
    taken: set[str] = set()
    for tool in listed:
        with skipped.guard():
            spec = _spec(tool, server, taken, skipping=on_error == "skip")
            specs.append(spec if identity is None else identity.stamp(spec))
            taken.add(specs[-1].name)
    skipped.report(len(specs))
    return specs


def _spec(tool: Any, server: ServerLike, taken: set[str], *, skipping: bool) -> ToolSpec:
    """One listed tool as a spec, its schemas compiled (so a ``$ref`` to nothing fails here, not
    at the first call); a `SourceError` saying why not (and, unless `skipping`, how to go on)."""
    name = tool.get("name") if isinstance(tool, dict) else getattr(tool, "name", None)
    try:
        if name in taken:
            raise ToolSpecError(f"tool {name!r} is listed twice; a server's tool names must be unique")
        spec = _marked(ToolSpec.from_mcp(tool))
        spec.parameters_validator, spec.returns_validator  # noqa: B018 - compiled now, not at a call
    except (ToolSpecError, SchemaError) as exc:
        why = str(exc) if name in taken else f"tool {name!r} cannot be a tool here: {exc}"
        hint = "" if skipping else "; pass on_error='skip' to leave it out (the CLI does)"
        raise SourceError(why + hint, source=f"MCP server {describe(server)}") from None
    return spec


def _marked(spec: ToolSpec) -> ToolSpec:
    """`spec`, marked as answering text when it declares no output schema (its answer is content
    blocks, text mostly), so the random backend writes text for it (`backends.text_answers`)."""
    if declares_output(spec.returns):
        return spec
    return dataclasses.replace(spec, metadata={**spec.metadata, ANSWERS: "text"})
