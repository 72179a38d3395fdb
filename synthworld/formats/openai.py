"""OpenAI tool definitions: Chat Completions and Responses API forms, both directions."""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping
from typing import Any, Literal, TypeAlias

from synthworld._json import short_repr
from synthworld.errors import FormatError, ToolSpecError, warn_user
from synthworld.formats.common import (
    CallRequest,
    ToolLike,
    ToolParts,
    as_data,
    call_id,
    called_name,
    tool_parts,
)
from synthworld.formats.strict import fits_strict
from synthworld.formats.strict_form import strict_form
from synthworld.schema import schema_problems

__all__ = [
    "Strict",
    "read_tool",
    "read_tool_calls",
    "sent_parameters",
    "strict_parameters",
    "tool_definition",
    "tool_reply",
    "warn_refused_name",
]

Strict: TypeAlias = bool | Literal["auto"] | None
"""How a tool asks for OpenAI strict mode (see `tool_definition`)."""
_STRICT_MODES = (None, True, False, "auto")
_APIS = ("chat", "responses")
_OPENAI_NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
_OPENAI_BAD = re.compile(r"[^A-Za-z0-9_-]")


def tool_definition(spec: ToolLike, *, api: str = "chat", strict: Strict = None) -> dict[str, Any]:
    """The OpenAI tool definition of `spec`.

    ``api="chat"`` gives ``{"type": "function", "function": {name, description, parameters}}``;
    ``api="responses"`` the flat ``{"type": "function", "name", ..., "strict"}`` form.
    ``strict=None`` turns strict mode on exactly when the schema surely follows OpenAI's rules
    (every object closed with ``additionalProperties: false``, every property required, only
    documented keywords: see `synthworld.formats.strict`), and sends the schema as it is.
    ``strict=True`` sends the schema's strict form (`synthworld.formats.strict_form`: objects
    closed, optional properties required and nullable; `world.handle_openai` reads such a null
    as "not given"), and raises `ToolSpecError` naming each part that has no strict form.
    ``strict="auto"`` sends the strict form when there is one, else the schema as it is, not
    strict (a world of many tools, some with open maps, gets strict mode wherever it can).
    """
    if api not in _APIS:
        raise ValueError(f"api={api!r}; choose 'chat' (Chat Completions) or 'responses' (Responses API)")
    warn_refused_name(spec.name)
    parameters, resolved = sent_parameters(spec, strict)
    function: dict[str, Any] = {"name": spec.name}
    if spec.description:
        function["description"] = spec.description
    function["parameters"] = parameters
    if api == "responses":
        return {"type": "function", **function, "strict": resolved}
    if strict is not None or resolved:
        function["strict"] = resolved
    return {"type": "function", "function": function}


def sent_parameters(spec: ToolLike, strict: Strict) -> tuple[dict[str, Any], bool]:
    """The parameters schema a tool definition carries for `strict`, and whether it is strict."""
    if strict not in _STRICT_MODES or not isinstance(strict, (bool, str, type(None))):
        raise ValueError(
            f"strict={strict!r}; choose True (every tool's strict form), 'auto' (the strict form "
            "where a tool has one), None (strict where the schema already is) or False"
        )
    if strict == "auto":
        try:
            return strict_parameters(spec), True
        except ToolSpecError:
            return copy.deepcopy(spec.parameters), False
    if strict:
        return strict_parameters(spec), True
    return copy.deepcopy(spec.parameters), strict is None and fits_strict(spec.parameters)


def warn_refused_name(name: str) -> None:
    """Warn (at the user's line) when OpenAI's API refuses `name` as a tool name, with a fit one."""
    if not _OPENAI_NAME.match(name):
        fit = _OPENAI_BAD.sub("_", name)[:64]
        warn_user(
            f"tool {name!r}: OpenAI's API takes tool names of 1-64 letters, digits, '_' and '-' "
            f"(it refuses this one with a 400); rename the tool, e.g. {fit!r}"
        )


def strict_parameters(spec: ToolLike) -> dict[str, Any]:
    """The strict form of `spec`'s parameters; `ToolSpecError` naming each part that has none,
    or each problem of a schema that is not valid JSON Schema (the strict form reads it)."""
    broken = [f"parameters {p}" for p in schema_problems(spec.parameters)]
    if broken:
        raise ToolSpecError(f"invalid ToolSpec {spec.name!r}: " + "; ".join(broken), problems=broken)
    rewritten, problems = strict_form(spec.parameters)
    if problems:
        raise ToolSpecError(
            f"tool {spec.name!r} cannot use OpenAI strict mode: "
            + "; ".join(problems)
            + ". Change those parts of its parameters schema, or pass strict='auto' to send each "
            "tool's strict form where it has one and the others as they are, not strict.",
            problems=problems,
        )
    return rewritten


def read_tool(tool: Mapping[str, Any] | Any, *, returns: dict[str, Any] | None = None) -> ToolParts:
    """The parts of an OpenAI tool definition in either API's form (dict or SDK object).

    OpenAI tools carry no output schema, so `returns` defaults to ``{}`` (any value); the
    Responses form's ``output_schema`` is used when present.
    """
    data = as_data(tool, what="an OpenAI tool definition")
    if data.get("type", "function") != "function":
        raise ToolSpecError(f"only function tools convert to a ToolSpec, got type={data.get('type')!r}")
    function = as_data(data["function"], what="'function'") if "function" in data else data
    if returns is None:
        returns = function.get("output_schema")
    return tool_parts(function, parameters=function.get("parameters"), returns=returns, source="OpenAI")


# -- tool calls in messages -------------------------------------------------------------------


def read_tool_calls(message_or_tool_calls: Any) -> list[CallRequest]:
    """The tool calls of an OpenAI message, in order.

    Accepts an assistant message (dict or ``ChatCompletionMessage``), a list of tool calls
    (dicts or SDK objects), a Responses API ``function_call`` item, a list of output items, or a
    ``Response``. Items that are no tool call (a message, reasoning) are skipped.
    """
    requests = []
    for item in _items(message_or_tool_calls):
        data = as_data(item, what="an OpenAI tool call")
        if data.get("type") == "function_call":
            requests.append(
                CallRequest(call_id(data, "call_id"), called_name(data), data.get("arguments"), "responses")
            )
        elif data.get("type", "function") in ("function", "custom"):  # a Chat Completions tool call
            requests.append(_chat_request(data))
    return requests


def tool_reply(request: CallRequest, text: str) -> dict[str, Any]:
    """The message (Chat Completions) or item (Responses) answering `request` with `text`."""
    if request.style == "responses":
        return {"type": "function_call_output", "call_id": request.id, "output": text}
    return {"role": "tool", "tool_call_id": request.id, "content": text}


def _items(obj: Any) -> list[Any]:
    if isinstance(obj, (list, tuple)):
        return list(obj)
    data = as_data(obj, what="an OpenAI message or tool call")
    if "choices" in data:
        raise FormatError(
            "got a whole chat completion; pass its message: handle_openai(completion.choices[0].message)"
        )
    if "message" in data and "finish_reason" in data:
        raise FormatError("got a completion choice; pass its message: handle_openai(choice.message)")
    if "tool_calls" in data or data.get("role") == "assistant":
        calls = data.get("tool_calls") or []
        if not isinstance(calls, (list, tuple)):
            raise FormatError(
                f"the message's tool_calls must be a list of tool calls, got {type(calls).__name__} "
                f"{short_repr(calls)}; pass the assistant message (response.choices[0].message)"
            )
        return list(calls)
    if isinstance(data.get("output"), list):  # a Responses API response
        return list(data["output"])
    return [data]


def _chat_request(call: Mapping[str, Any]) -> CallRequest:
    if call.get("type", "function") != "function" or "function" not in call:
        why = f"tool call of type {call.get('type')!r} is not supported; call one of the function tools"
        return CallRequest(call_id(call, "id"), "", None, "chat", unsupported=why)
    function = as_data(call["function"], what="'function'")
    return CallRequest(call_id(call, "id"), called_name(function), function.get("arguments"), "chat")
