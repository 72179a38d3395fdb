"""LangChain tools from a world: a ``StructuredTool`` whose ``args_schema`` is the tool's JSON Schema.

The model reads the answer as JSON text; the value itself is the message's ``artifact``.
Invalid arguments and simulated `ToolError`s become an error ``ToolMessage``
(``status="error"``, ``{"error": {...}}`` as content) through ``handle_tool_error``, so the
agent loop goes on.
"""

from __future__ import annotations

import copy
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
    def call_tool(**arguments: Any) -> tuple[str, Any]:
        try:
            value = source.call(spec.name, arguments)
        except (ToolInputError, ToolError) as exc:
            raise tools.ToolException(error_text(exc)) from exc
        return result_text(value), value

    async def acall_tool(**arguments: Any) -> tuple[str, Any]:
        try:
            value = await source.acall(spec.name, arguments)
        except (ToolInputError, ToolError) as exc:
            raise tools.ToolException(error_text(exc)) from exc
        return result_text(value), value

    return tools.StructuredTool(
        name=spec.name,
        description=spec.description or spec.name,
        args_schema=copy.deepcopy(spec.parameters),
        func=call_tool,
        coroutine=acall_tool,
        handle_tool_error=True,
        response_format="content_and_artifact",
    )
