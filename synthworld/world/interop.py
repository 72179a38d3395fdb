"""The world's provider-format exports, agent-framework tools and tool-call dispatch (a mixin of
`SyntheticWorld`)."""

from __future__ import annotations

from typing import Any

from synthworld import frameworks
from synthworld.formats.openai import Strict
from synthworld.frameworks import ToolSource
from synthworld.world import dispatch
from synthworld.world.dispatch import ToolHost

__all__ = ["WorldInterop"]


class WorldInterop:
    """Methods that plug a world into OpenAI, Anthropic and MCP clients (see `synthworld.formats`)
    and into agent frameworks (see `synthworld.frameworks`).

    Serve a world over MCP with ``synthworld.serve.mcp.serve(world)`` or ``synthworld serve``.
    """

    def to_openai(self: ToolHost, *, api: str = "chat", strict: Strict = None) -> list[Any]:
        """Every tool as an OpenAI tool definition (a dict), for ``tools=`` in a request.

        ``strict=True`` sends every tool's strict form (`ToolSpecError` for a tool with none),
        ``"auto"`` each tool's strict form where it has one, None strict mode only on schemas that
        already follow its rules, False never.

        Typed ``list[Any]``: the client's ``tools=`` takes it under a strict type checker, as it
        would not take ``list[dict[str, Any]]`` for its own typed dicts."""
        return [spec.to_openai(api=api, strict=strict) for spec in self.tools.values()]

    def to_anthropic(self: ToolHost) -> list[Any]:
        """Every tool as an Anthropic tool definition (a dict; typed as `to_openai` is)."""
        return [spec.to_anthropic() for spec in self.tools.values()]

    def to_mcp(self: ToolHost) -> list[Any]:
        """Every tool as an ``mcp.types.Tool``."""
        return [spec.to_mcp() for spec in self.tools.values()]

    def to_prompt(self: ToolHost) -> str:
        """Every tool described for a prompt-based agent."""
        return "\n\n".join(spec.to_prompt() for spec in self.tools.values())

    def to_pydantic_ai(self: ToolSource, *, max_retries: int | None = None) -> list[Any]:
        """Every tool as a ``pydantic_ai.Tool`` with its exact JSON Schema (``Agent(tools=...)``).

        Invalid arguments come back to the model as a retry prompt (`max_retries` in a row per
        tool; None: the agent's ``retries``), simulated failures as a failed tool result. Needs
        ``pip install 'synthworld[frameworks]'``.
        """
        return frameworks.to_pydantic_ai(self, max_retries=max_retries)

    def to_langchain(self: ToolSource) -> list[Any]:
        """Every tool as a LangChain ``StructuredTool`` whose ``args_schema`` is its JSON Schema.

        Failures come back as an error ``ToolMessage``. Needs ``synthworld[frameworks]``.
        """
        return frameworks.to_langchain(self)

    def to_openai_agents(self: ToolSource, *, strict: Strict = None) -> list[Any]:
        """Every tool as an OpenAI Agents SDK ``FunctionTool`` (strict when its schema allows).

        Failures come back as ``{"error": ...}`` text. Needs ``synthworld[frameworks]``.
        """
        return frameworks.to_openai_agents(self, strict=strict)

    def handle_openai(self: ToolHost, message_or_tool_calls: Any) -> list[dict[str, Any]]:
        """Answer an assistant message's tool calls: one ``role: tool`` message per call, in order."""
        return dispatch.handle_openai(self, message_or_tool_calls)

    def handle_anthropic(self: ToolHost, content_blocks: Any) -> list[dict[str, Any]]:
        """Answer ``tool_use`` blocks with ``tool_result`` blocks (``is_error`` on failures)."""
        return dispatch.handle_anthropic(self, content_blocks)
