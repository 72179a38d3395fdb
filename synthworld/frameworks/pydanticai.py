"""pydantic-ai tools from a world: `Tool.from_schema` with each tool's exact JSON Schema.

Invalid arguments raise ``ModelRetry`` (the model gets a retry prompt listing every problem), and
arguments that are no JSON object fail pydantic-ai's own validation (a retry prompt too);
a simulated `ToolError` raises ``ToolFailed`` (the model sees the failure without using up its
retries). Neither ends the run. Both carry plain text (`error_message`), which pydantic-ai sends
as ``{"error": "..."}`` or through the provider's own error channel (Anthropic's ``is_error``).
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable, Coroutine
from typing import Any

from synthworld.errors import ToolError, ToolInputError
from synthworld.formats.unions import type_lists_as_any_of
from synthworld.frameworks.source import ToolSource, error_message, import_framework
from synthworld.spec import ToolSpec

__all__ = ["to_pydantic_ai"]


def to_pydantic_ai(source: ToolSource, *, max_retries: int | None = None) -> list[Any]:
    """Every tool of `source` as a ``pydantic_ai.Tool``, for ``Agent(tools=...)``.

    `max_retries`: how many invalid calls in a row a tool forgives before pydantic-ai ends the
    run (None: the agent's ``retries``, 1 by default).
    """
    pydantic_ai = import_framework("pydantic_ai", package="pydantic-ai-slim", method="to_pydantic_ai")
    tools = []
    for spec in source.tools.values():
        tool = pydantic_ai.Tool.from_schema(
            _tool_function(source, spec, pydantic_ai),
            name=spec.name,
            description=spec.description or None,
            json_schema=type_lists_as_any_of(copy.deepcopy(spec.parameters)),  # as pydantic spells unions
        )
        tool.function_schema.validator = _object_validator()  # from_schema's takes any value
        tool.max_retries = max_retries
        tools.append(tool)
    return tools


@functools.cache
def _object_validator() -> Any:
    """Arguments must be one JSON object: anything else (``[1]``, ``"x"``, ``null``) fails
    validation, a retry prompt, where ``from_schema``'s validator takes any value and the call
    ``f(**value)`` then crashes the run."""
    from pydantic_core import SchemaValidator, core_schema

    return SchemaValidator(core_schema.dict_schema(keys_schema=core_schema.str_schema()))


def _tool_function(
    source: ToolSource, spec: ToolSpec, pydantic_ai: Any
) -> Callable[..., Coroutine[Any, Any, Any]]:
    failed = getattr(pydantic_ai, "ToolFailed", pydantic_ai.ModelRetry)  # ToolFailed: newer releases

    async def call_tool(**arguments: Any) -> Any:
        try:
            return await source.acall(spec.name, arguments)
        except ToolInputError as exc:
            raise pydantic_ai.ModelRetry(error_message(exc)) from exc
        except ToolError as exc:
            raise failed(error_message(exc)) from exc

    call_tool.__name__ = call_tool.__qualname__ = spec.name
    call_tool.__doc__ = spec.description
    return call_tool
