"""OpenAI Agents SDK tools from a world: a ``FunctionTool`` per tool with its exact JSON Schema.

``strict_json_schema`` is on when the parameters follow OpenAI's strict rules (see
`synthworld.formats.strict`), so the SDK never rewrites a schema; ``strict=True`` sends each
schema's strict form. The tool returns the answer as
JSON text; arguments that are not JSON or break the schema, and simulated `ToolError`s, come
back as ``{"error": {...}}`` text the model reads, never as an exception that ends the run.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Coroutine
from typing import Any

from synthworld.errors import ToolError, ToolInputError
from synthworld.formats.arguments import parse_arguments
from synthworld.formats.openai import Strict, sent_parameters, warn_refused_name
from synthworld.formats.strict import fits_strict
from synthworld.formats.strict_form import unset_strict_nulls
from synthworld.frameworks.source import ToolSource, error_text, import_framework, result_text
from synthworld.spec import ToolSpec

__all__ = ["to_openai_agents"]


def to_openai_agents(source: ToolSource, *, strict: Strict = None) -> list[Any]:
    """Every tool of `source` as an Agents SDK ``FunctionTool``, for ``Agent(tools=...)``.

    ``strict=None`` turns strict mode on for each schema that follows the strict rules as it is
    (the SDK would not rewrite it), so the model always gets the exact schema; ``False`` never
    does. ``True`` sends each schema's strict form (objects closed, optional parameters required
    and nullable, a null for one read back as "not given": see `synthworld.formats.strict_form`;
    the SDK then drops ``default: null`` and inlines a ``$ref`` with sibling keys), and raises
    `ToolSpecError` naming each schema part that has no strict form; ``"auto"`` sends the strict
    form of each schema that has one, and the others as ``None`` does.
    """
    agents = import_framework("agents", package="openai-agents", method="to_openai_agents")
    for name in source.tools:
        warn_refused_name(name)  # the SDK sends it to OpenAI's API as it is
    normalise = import_framework("agents.strict_schema", package="openai-agents", method="to_openai_agents")
    tools = []
    for spec in source.tools.values():
        parameters, strict_on = _parameters(spec, strict, normalise.ensure_strict_json_schema)
        tools.append(
            agents.FunctionTool(
                name=spec.name,
                description=spec.description,
                params_json_schema=parameters,
                on_invoke_tool=_invoker(source, spec, strict_nulls=strict_on),
                strict_json_schema=strict_on,
            )
        )
    return tools


def _parameters(
    spec: ToolSpec, strict: Strict, normalise: Callable[[Any], Any]
) -> tuple[dict[str, Any], bool]:
    """The schema to hand the SDK, and whether it is strict."""
    parameters, strict_on = sent_parameters(spec, strict)
    if strict_on and strict is not None:  # the strict form: True, or "auto" where there is one
        return parameters, True
    if strict is False:
        return parameters, False
    # strict=None, or "auto" without a strict form: strict where the SDK sends the schema as it is
    return parameters, fits_strict(spec.parameters) and _unchanged_by(normalise, spec.parameters)


def _unchanged_by(normalise: Callable[[Any], Any], schema: dict[str, Any]) -> bool:
    """True when the SDK's strict normalisation leaves `schema` exactly as it is."""
    try:
        return bool(normalise(copy.deepcopy(schema)) == schema)
    except Exception:  # the SDK refuses the schema in strict mode
        return False


def _invoker(
    source: ToolSource, spec: ToolSpec, *, strict_nulls: bool
) -> Callable[[Any, str], Coroutine[Any, Any, str]]:
    async def invoke(context: Any, arguments: str) -> str:
        try:
            value = parse_arguments(spec.name, arguments)
            if strict_nulls:
                value = unset_strict_nulls(spec.parameters, value)
            value = await source.acall(spec.name, value)
        except (ToolInputError, ToolError) as exc:
            return error_text(exc)
        return result_text(value)

    return invoke
