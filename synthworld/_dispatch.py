"""Answering tool calls from a model's messages: the agent-loop side of the provider formats.

`invoke` turns one call (a tool name and its raw arguments) into a `ToolOutcome`; the handlers
read OpenAI and Anthropic messages, invoke each call in order and render the replies. Whatever
the model got wrong -- an unknown tool, arguments that are not JSON, arguments that break the
schema -- and every simulated `ToolError` becomes an error result the model can read and act
on. A `BackendError` is a bug in the world, not in the agent, so it propagates.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from synthworld._formats_common import as_data
from synthworld.errors import ToolError, ToolInputError, UnknownToolError

if TYPE_CHECKING:
    from synthworld.world import SyntheticWorld

__all__ = ["ToolOutcome", "handle_anthropic", "handle_openai", "invoke", "parse_arguments"]


@dataclass(frozen=True)
class ToolOutcome:
    """What one tool call gave: a value, or an error for the model to read."""

    value: Any = None
    """The tool's answer (None when the call failed)."""
    error: dict[str, Any] | None = None
    """``{"code", "message", ...}`` when the call failed."""

    @property
    def ok(self) -> bool:
        """True when the call returned a value."""
        return self.error is None

    @property
    def text(self) -> str:
        """The JSON text a model reads: the value, or ``{"error": {...}}``."""
        payload = self.value if self.error is None else {"error": self.error}
        return json.dumps(payload, ensure_ascii=False)


def invoke(world: SyntheticWorld, name: str, arguments: Any) -> ToolOutcome:
    """Call tool `name` with `arguments` (a dict, or JSON text as models send it).

    Never raises for the agent's mistakes or simulated failures; `BackendError` propagates.
    """
    try:
        if name not in world.tools:
            world.call(name)  # raises UnknownToolError, naming the closest tool
        return ToolOutcome(_call(world, name, parse_arguments(name, arguments)))
    except ToolError as exc:
        return ToolOutcome(error=exc.to_dict())
    except ToolInputError as exc:
        return ToolOutcome(error=exc.to_dict()["error"])
    except UnknownToolError as exc:
        return ToolOutcome(error={"code": "unknown_tool", "message": str(exc), "tools": list(world.tools)})


def parse_arguments(name: str, arguments: Any) -> Any:
    """Arguments as a value: JSON text is parsed (empty text means no arguments)."""
    if arguments is None:
        return {}
    if not isinstance(arguments, (str, bytes)):
        return arguments
    if not arguments.strip():
        return {}
    try:
        return json.loads(arguments)
    except ValueError as exc:
        message = (
            f"arguments for tool {name!r} are not valid JSON ({exc}); "
            'send the arguments as one JSON object, e.g. {"param": "value"}'
        )
        raise ToolInputError(message, tool=name, problems=[f"$: not valid JSON: {exc}"]) from None


def _call(world: SyntheticWorld, name: str, args: Any) -> Any:
    spec = world.tools.get(name)
    if spec is not None and world.on_invalid_input == "return_error":
        try:  # the world would return the error as if it were a value; report it as an error
            spec.check_inputs(args)
        except ToolInputError:
            world.call(name, args)  # records the rejected call in the trace
            raise
    return world.call(name, args)


# -- OpenAI -----------------------------------------------------------------------------------


def handle_openai(world: SyntheticWorld, message_or_tool_calls: Any) -> list[dict[str, Any]]:
    """Answer every tool call in an OpenAI message, in order.

    Accepts an assistant message (dict or ``ChatCompletionMessage``), a list of tool calls
    (dicts or SDK objects), a Responses API ``function_call`` item, a list of output items, or a
    ``Response``. Chat calls get ``{"role": "tool", "tool_call_id", "content"}`` messages,
    Responses calls ``{"type": "function_call_output", "call_id", "output"}`` items; the content
    is the JSON result, or ``{"error": {"code", "message", ...}}`` for a failed call. Raises
    `BackendError` only when the world itself is broken.
    """
    replies = []
    for item in _openai_items(message_or_tool_calls):
        data = as_data(item, what="an OpenAI tool call")
        if data.get("type") == "function_call":
            outcome = invoke(world, str(data.get("name", "")), data.get("arguments"))
            replies.append(
                {"type": "function_call_output", "call_id": data.get("call_id"), "output": outcome.text}
            )
        elif data.get("type", "function") in ("function", "custom"):  # a Chat Completions tool call
            replies.append(
                {"role": "tool", "tool_call_id": data.get("id"), "content": _chat_outcome(world, data).text}
            )
    return replies


def _openai_items(obj: Any) -> list[Any]:
    if isinstance(obj, (list, tuple)):
        return list(obj)
    data = as_data(obj, what="an OpenAI message or tool call")
    if "tool_calls" in data or data.get("role") == "assistant":
        return list(data.get("tool_calls") or [])
    if isinstance(data.get("output"), list):  # a Responses API response
        return list(data["output"])
    return [data]


def _chat_outcome(world: SyntheticWorld, call: Mapping[str, Any]) -> ToolOutcome:
    if call.get("type", "function") != "function" or "function" not in call:
        message = f"tool call of type {call.get('type')!r} is not supported; call one of the function tools"
        return ToolOutcome(error={"code": "unsupported_tool_call", "message": message})
    function = as_data(call["function"], what="'function'")
    return invoke(world, str(function.get("name", "")), function.get("arguments"))


# -- Anthropic --------------------------------------------------------------------------------


def handle_anthropic(world: SyntheticWorld, content_blocks: Any) -> list[dict[str, Any]]:
    """Answer every ``tool_use`` block with a ``tool_result`` block, in order.

    Accepts a list of content blocks (dicts or SDK objects), an assistant message dict or an
    SDK ``Message``; other blocks (text, thinking) are skipped. A failed call gets
    ``is_error: true`` and ``{"error": {...}}`` as content. Raises `BackendError` only when the
    world itself is broken.
    """
    replies = []
    for block in _anthropic_blocks(content_blocks):
        data = as_data(block, what="an Anthropic content block")
        if data.get("type") != "tool_use":
            continue
        outcome = invoke(world, str(data.get("name", "")), data.get("input"))
        replies.append(
            {
                "type": "tool_result",
                "tool_use_id": data.get("id"),
                "content": outcome.text,
                "is_error": not outcome.ok,
            }
        )
    return replies


def _anthropic_blocks(obj: Any) -> list[Any]:
    if isinstance(obj, (list, tuple)):
        return list(obj)
    data = as_data(obj, what="Anthropic content blocks or a message")
    content = data.get("content")
    if isinstance(content, list):
        return content
    return [data]
