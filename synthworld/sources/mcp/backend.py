"""`McpBackend`: a world's calls answered by a real MCP server's tools (to record them, say)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from synthworld.backends import CallContext
from synthworld.errors import BackendError, SourceError, ToolError
from synthworld.formats.mcp import OWN_WORDS, wraps_result
from synthworld.sources.mcp.connection import DEFAULT_TIMEOUT, Connection, ServerLike, describe

__all__ = ["McpBackend"]


class McpBackend:
    """Answers each call by calling the tool of the same name on a real MCP server.

    The answer is the result's ``structuredContent`` (unwrapped from ``{"result": ...}`` when the
    tool returns a non-object), else its content: one block's value (a text block's JSON, else
    its text; any other block as its JSON form), the list of the values of several blocks (as
    the `mcp` package's MCPServer sends a list, one block per item), or null for none. A
    result flagged ``isError`` raises `ToolError` (its code and message when the text is
    ``{"error": {"code": ..., "message": ...}}``, else code ``tool_error`` and the text as it
    was, which a world served over MCP sends back as it came: see `formats.mcp.OWN_WORDS`). One
    connection serves every call: opened at the first, ended by `close` (a world's ``close()``
    or ``with`` block).

    Record a real server's answers, then replay them offline with the server stopped::

        FixtureBackend("calls.yaml", fallback=McpBackend("python server.py"))  # records
        FixtureBackend("calls.yaml", mode="none")                              # replays
    """

    name = "mcp"

    def __init__(self, server: ServerLike, *, timeout: float = DEFAULT_TIMEOUT) -> None:
        self.server = server
        self._connection = Connection(server, timeout=timeout)

    def __repr__(self) -> str:
        return f"McpBackend({describe(self.server)!r})"

    def respond(self, ctx: CallContext) -> Any:
        """The real tool's answer to this call (see the class docstring)."""
        arguments = {**ctx.input, **ctx.bound}
        try:
            result = self._connection.call_tool(ctx.spec.name, arguments)
        except SourceError as exc:  # unreachable, silent or gone: this backend failed the call
            raise BackendError(str(exc)) from None
        if result.is_error:
            raise _tool_error(_text(result))
        structured = result.structured_content
        if structured is not None:
            if ctx.spec.returns and wraps_result(ctx.spec.returns) and _wrapped(structured):
                return _unwrapped(structured, ctx.spec.returns_validator.is_valid)
            return structured
        values = [_block_value(block) for block in result.content]
        return values[0] if len(values) == 1 else (values or None)

    def close(self) -> None:
        """End the connection (and the server process, for a command)."""
        self._connection.close()


def _wrapped(value: Any) -> bool:
    return isinstance(value, dict) and list(value) == ["result"]


def _unwrapped(structured: dict[str, Any], valid: Callable[[Any], bool]) -> Any:
    """The answer inside a ``{"result": ...}`` wrapper, unless only the wrapper itself is a valid
    answer: a tool whose schema admits objects and more may answer a real ``{"result": ...}``
    object (the 2026-07-28 protocol lets a server declare any output schema, unwrapped)."""
    inner = structured["result"]
    return structured if valid(structured) and not valid(inner) else inner


def _block_value(block: Any) -> Any:
    """One content block as a value: a text block's JSON (else its text), any other block
    (an image, a resource) as its JSON form."""
    if getattr(block, "type", "") != "text":
        return block.model_dump(mode="json", by_alias=True, exclude_none=True)
    try:
        return json.loads(block.text)
    except ValueError:
        return block.text


def _text(result: Any) -> str:
    return "".join(
        getattr(part, "text", "") for part in result.content if getattr(part, "type", "") == "text"
    )


def _tool_error(text: str) -> ToolError:
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    if isinstance(data, dict) and isinstance(data.get("error"), dict) and "code" in data["error"]:
        return ToolError.from_dict(data["error"])
    return ToolError(OWN_WORDS, text or "the tool failed")
