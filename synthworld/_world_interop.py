"""The world's provider-format exports, tool-call dispatch and MCP serving (a mixin)."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from synthworld.spec import ToolSpec
    from synthworld.world import SyntheticWorld

__all__ = ["WorldInterop"]


class WorldInterop:
    """Methods that plug a world into OpenAI, Anthropic and MCP clients (see `synthworld.formats`)."""

    def to_openai(self, *, api: str = "chat", strict: bool | None = None) -> list[dict[str, Any]]:
        """Every tool as an OpenAI tool definition, for ``tools=`` in a request."""
        return [spec.to_openai(api=api, strict=strict) for spec in self._specs()]

    def to_anthropic(self) -> list[dict[str, Any]]:
        """Every tool as an Anthropic tool definition."""
        return [spec.to_anthropic() for spec in self._specs()]

    def to_mcp(self) -> list[Any]:
        """Every tool as an ``mcp.types.Tool``."""
        return [spec.to_mcp() for spec in self._specs()]

    def to_prompt(self) -> str:
        """Every tool described for a prompt-based agent."""
        return "\n\n".join(spec.to_prompt() for spec in self._specs())

    def handle_openai(self, message_or_tool_calls: Any) -> list[dict[str, Any]]:
        """Answer an assistant message's tool calls: one ``role: tool`` message per call, in order."""
        from synthworld import formats

        return formats.handle_openai(self._world(), message_or_tool_calls)

    def handle_anthropic(self, content_blocks: Any) -> list[dict[str, Any]]:
        """Answer ``tool_use`` blocks with ``tool_result`` blocks (``is_error`` on failures)."""
        from synthworld import formats

        return formats.handle_anthropic(self._world(), content_blocks)

    def serve_mcp(
        self,
        *,
        transport: str = "stdio",
        host: str = "127.0.0.1",
        port: int = 8000,
        trace: str | os.PathLike[str] | None = None,
    ) -> None:
        """Serve this world's tools over MCP until the client disconnects (or Ctrl-C).

        With `trace`, the world's trace is saved there when the server stops.
        """
        from synthworld import mcp_server

        mcp_server.serve(self._world(), transport=transport, host=host, port=port, trace=trace)

    def _world(self) -> SyntheticWorld:
        return self  # type: ignore[return-value]  # only mixed into SyntheticWorld

    def _specs(self) -> list[ToolSpec]:
        return list(self._world().tools.values())
