"""LangChain tools from a world: a ``StructuredTool`` whose ``args_schema`` is the tool's JSON Schema.

The model reads the answer as JSON text; the value itself is the message's ``artifact``.
Invalid arguments and simulated `ToolError`s become an error ``ToolMessage``
(``status="error"``, ``{"error": {...}}`` as content) through ``handle_tool_error``, so the
agent loop goes on. The arguments reach the world as one dict, so parameters LangChain reserves
for itself (``config``, ``run_manager``, ``self``) are passed on like any other.
"""

from __future__ import annotations

import copy
import functools
from typing import Any

from synthworld.errors import ToolError, ToolInputError
from synthworld.frameworks.source import ToolSource, error_text, import_framework, result_text
from synthworld.spec import ToolSpec

__all__ = ["to_langchain"]


def to_langchain(source: ToolSource) -> list[Any]:
    """Every tool of `source` as a LangChain ``StructuredTool`` (sync ``invoke`` and async ``ainvoke``)."""
    tools = import_framework("langchain_core.tools", package="langchain-core", method="to_langchain")
    return [_structured_tool(source, spec, tools) for spec in source.tools.values()]


def _structured_tool(source: ToolSource, spec: ToolSpec, tools: Any) -> Any:
    def call_tool(arguments: dict[str, Any]) -> tuple[str, Any]:
        try:
            value = source.call(spec.name, arguments)
        except (ToolInputError, ToolError) as exc:
            raise tools.ToolException(error_text(exc)) from exc
        return result_text(value), value

    async def acall_tool(arguments: dict[str, Any]) -> tuple[str, Any]:
        try:
            value = await source.acall(spec.name, arguments)
        except (ToolInputError, ToolError) as exc:
            raise tools.ToolException(error_text(exc)) from exc
        return result_text(value), value

    return _tool_class(tools.StructuredTool)(
        name=spec.name,
        description=spec.description or spec.name,
        args_schema=copy.deepcopy(spec.parameters),
        func=call_tool,
        coroutine=acall_tool,
        handle_tool_error=True,
        response_format="content_and_artifact",
    )


@functools.cache
def _tool_class(structured_tool: type[Any]) -> type[Any]:
    """A ``StructuredTool`` that hands its function the arguments as one dict, not as keywords.

    LangChain passes the arguments as keywords and then overwrites ``config`` and ``run_manager``
    with its own values (``self`` raises TypeError), so a tool with such a parameter lost it.
    """

    class WorldTool(structured_tool):  # type: ignore[misc,valid-type]
        def _to_args_and_kwargs(
            self, tool_input: Any, tool_call_id: str | None
        ) -> tuple[tuple[Any, ...], dict[str, Any]]:
            args, kwargs = super()._to_args_and_kwargs(tool_input, tool_call_id)
            return (args[0] if args else kwargs,), {}

    return WorldTool
