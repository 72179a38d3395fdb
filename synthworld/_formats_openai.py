"""OpenAI tool definitions: Chat Completions and Responses API forms, both directions."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from synthworld._formats_common import as_data, spec_from_parts
from synthworld._formats_strict import strict_problems
from synthworld.errors import ToolSpecError
from synthworld.spec import ToolSpec

__all__ = ["spec_from_openai", "spec_to_openai"]

_APIS = ("chat", "responses")


def spec_to_openai(spec: ToolSpec, *, api: str = "chat", strict: bool | None = None) -> dict[str, Any]:
    """The OpenAI tool definition of `spec`.

    ``api="chat"`` gives ``{"type": "function", "function": {name, description, parameters}}``;
    ``api="responses"`` the flat ``{"type": "function", "name", ..., "strict"}`` form.
    ``strict=None`` turns strict mode on exactly when the schema follows OpenAI's rules (every
    object closed with ``additionalProperties: false``, every property required);
    ``strict=True`` on a schema that does not raises `ToolSpecError` naming each offending object.
    """
    if api not in _APIS:
        raise ValueError(f"api={api!r}; choose 'chat' (Chat Completions) or 'responses' (Responses API)")
    resolved = _resolve_strict(spec, strict)
    function: dict[str, Any] = {"name": spec.name}
    if spec.description:
        function["description"] = spec.description
    function["parameters"] = copy.deepcopy(spec.parameters)
    if api == "responses":
        return {"type": "function", **function, "strict": resolved}
    if strict is not None or resolved:
        function["strict"] = resolved
    return {"type": "function", "function": function}


def _resolve_strict(spec: ToolSpec, strict: bool | None) -> bool:
    problems = strict_problems(spec.parameters)
    if strict and problems:
        raise ToolSpecError(
            f"tool {spec.name!r} cannot use OpenAI strict mode: "
            + "; ".join(problems)
            + ". Close every object with additionalProperties: false and make every property required "
            "(allow null for optional ones), or pass strict=None to decide automatically.",
            problems=problems,
        )
    return bool(strict) if strict is not None else not problems


def spec_from_openai(tool: Mapping[str, Any] | Any, *, returns: dict[str, Any] | None = None) -> ToolSpec:
    """A spec from an OpenAI tool definition in either API's form (dict or SDK object).

    OpenAI tools carry no output schema, so `returns` defaults to ``{}`` (any value); the
    Responses form's ``output_schema`` is used when present.
    """
    data = as_data(tool, what="an OpenAI tool definition")
    if data.get("type", "function") != "function":
        raise ToolSpecError(f"only function tools convert to a ToolSpec, got type={data.get('type')!r}")
    function = as_data(data["function"], what="'function'") if "function" in data else data
    if returns is None:
        returns = function.get("output_schema")
    return spec_from_parts(function, parameters=function.get("parameters"), returns=returns, source="OpenAI")
