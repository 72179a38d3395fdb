"""OpenAI Agents SDK tools from a world: a ``FunctionTool`` per tool with its exact JSON Schema.

``strict_json_schema`` is on when the parameters follow OpenAI's strict rules (see
`synthworld.formats.strict`), so the SDK never rewrites a schema. The tool returns the answer as
JSON text; arguments that are not JSON or break the schema, and simulated `ToolError`s, come
back as ``{"error": {...}}`` text the model reads, never as an exception that ends the run.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Coroutine
from typing import Any

from synthworld.errors import ToolError, ToolInputError, ToolSpecError
from synthworld.formats.arguments import parse_arguments
from synthworld.formats.openai import warn_refused_name
from synthworld.formats.strict import fits_strict, strict_problems
from synthworld.frameworks.source import ToolSource, error_text, import_framework, result_text
from synthworld.spec import ToolSpec

__all__ = ["to_openai_agents"]


def to_openai_agents(source: ToolSource, *, strict: bool | None = None) -> list[Any]:
    """Every tool of `source` as an Agents SDK ``FunctionTool``, for ``Agent(tools=...)``.

    ``strict=None`` turns strict mode on for each schema that follows the strict rules as it is
    (the SDK would not rewrite it), so the model always gets the exact schema; ``False`` never
    does. ``True`` raises `ToolSpecError` naming each schema part that breaks the strict rules,
    and lets the SDK normalise the rest (it inlines a ``$ref`` with sibling keys, drops
    ``default: null``).
    """
    agents = import_framework("agents", package="openai-agents", method="to_openai_agents")
    for name in source.tools:
        warn_refused_name(name)  # the SDK sends it to OpenAI's API as it is
    normalise = import_framework("agents.strict_schema", package="openai-agents", method="to_openai_agents")
    return [
        agents.FunctionTool(
            name=spec.name,
            description=spec.description,
            params_json_schema=copy.deepcopy(spec.parameters),
            on_invoke_tool=_invoker(source, spec),
            strict_json_schema=_strict(spec, strict, normalise.ensure_strict_json_schema),
        )
        for spec in source.tools.values()
    ]


def _strict(spec: ToolSpec, strict: bool | None, normalise: Callable[[Any], Any]) -> bool:
    problems = strict_problems(spec.parameters)
    if strict and problems:
        raise ToolSpecError(
            f"tool {spec.name!r} cannot be strict: {'; '.join(problems)}; pass strict=None to decide per tool"
        )
    if strict is not None:
        return strict
    return fits_strict(spec.parameters) and _unchanged_by(normalise, spec.parameters)


def _unchanged_by(normalise: Callable[[Any], Any], schema: dict[str, Any]) -> bool:
    """True when the SDK's strict normalisation leaves `schema` exactly as it is."""
    try:
        return bool(normalise(copy.deepcopy(schema)) == schema)
    except Exception:  # the SDK refuses the schema in strict mode
        return False


def _invoker(source: ToolSource, spec: ToolSpec) -> Callable[[Any, str], Coroutine[Any, Any, str]]:
    async def invoke(context: Any, arguments: str) -> str:
        try:
            value = await source.acall(spec.name, parse_arguments(spec.name, arguments))
        except (ToolInputError, ToolError) as exc:
            return error_text(exc)
        return result_text(value)

    return invoke
