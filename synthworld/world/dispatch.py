"""Answering tool calls from a model's messages: the world's side of the provider formats.

`invoke` turns one call (a tool name and its raw arguments) into a `ToolOutcome`; the handlers
read OpenAI and Anthropic messages (with `synthworld.formats`), invoke each call in order and
render the replies. Whatever
the model got wrong -- an unknown tool, arguments that are not JSON, arguments that break the
schema -- and every simulated `ToolError` becomes an error result the model can read and act
on. A `BackendError` is a bug in the world, not in the agent, so it propagates.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from synthworld.errors import ToolError, ToolInputError, UnknownToolError
from synthworld.formats import anthropic, openai
from synthworld.formats.arguments import parse_arguments
from synthworld.formats.common import CallRequest
from synthworld.formats.strict_form import unset_strict_nulls
from synthworld.spec import ToolSpec

__all__ = ["ToolHost", "ToolOutcome", "handle_anthropic", "handle_openai", "invoke", "parse_arguments"]


class ToolHost(Protocol):
    """What dispatch needs of a world: its tools, its input policy, and `call`."""

    @property
    def on_invalid_input(self) -> str: ...

    @property
    def tools(self) -> Mapping[str, ToolSpec]: ...

    def call(self, name: str, input: Mapping[str, Any] | None = None, /) -> Any: ...


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


def invoke(world: ToolHost, name: str, arguments: Any, *, strict_nulls: bool = False) -> ToolOutcome:
    """Call tool `name` with `arguments` (a dict, or JSON text as models send it).

    `strict_nulls`: a null for an optional parameter that refuses null means "not given" (what
    a model sends under OpenAI strict mode, see `formats.strict_form`). Never raises for the
    agent's mistakes or simulated failures; `BackendError` propagates.
    """
    try:
        if name not in world.tools:
            world.call(name)  # raises UnknownToolError, naming the closest tool
        args = parse_arguments(name, arguments)
        if strict_nulls:
            args = unset_strict_nulls(world.tools[name].parameters, args)
        return ToolOutcome(_call(world, name, args))
    except ToolError as exc:
        return ToolOutcome(error=exc.to_dict())
    except ToolInputError as exc:
        return ToolOutcome(error=exc.to_dict()["error"])
    except UnknownToolError as exc:
        return ToolOutcome(error={"code": "unknown_tool", "message": str(exc), "tools": list(world.tools)})


def _call(world: ToolHost, name: str, args: Any) -> Any:
    spec = world.tools.get(name)
    if spec is not None and world.on_invalid_input == "return_error":
        try:  # the world would return the error as if it were a value; report it as an error
            spec.check_inputs(args)
        except ToolInputError:
            world.call(name, args)  # records the rejected call in the trace
            raise
    return world.call(name, args)


# -- OpenAI and Anthropic ---------------------------------------------------------------------


def handle_openai(world: ToolHost, message_or_tool_calls: Any) -> list[dict[str, Any]]:
    """Answer every tool call in an OpenAI message, in order (see `formats.openai.read_tool_calls`).

    Chat calls get ``{"role": "tool", "tool_call_id", "content"}`` messages, Responses calls
    ``{"type": "function_call_output", "call_id", "output"}`` items; the content is the JSON result,
    or ``{"error": {"code", "message", ...}}`` for a failed call. A null for an optional parameter
    whose schema refuses null is "not given", as a model sends it for tools from
    ``to_openai(strict=True)``. Raises `BackendError` only when the world itself is broken.
    """
    return [
        openai.tool_reply(request, _answer(world, request, strict_nulls=True).text)
        for request in openai.read_tool_calls(message_or_tool_calls)
    ]


def handle_anthropic(world: ToolHost, content_blocks: Any) -> list[dict[str, Any]]:
    """Answer every ``tool_use`` block with a ``tool_result`` block, in order.

    A failed call gets ``is_error: true`` and ``{"error": {...}}`` as content. Raises
    `BackendError` only when the world itself is broken.
    """
    replies = []
    for request in anthropic.read_tool_uses(content_blocks):
        outcome = _answer(world, request)
        replies.append(anthropic.tool_result(request, outcome.text, is_error=not outcome.ok))
    return replies


def _answer(world: ToolHost, request: CallRequest, *, strict_nulls: bool = False) -> ToolOutcome:
    if request.unsupported is not None:
        return ToolOutcome(error={"code": "unsupported_tool_call", "message": request.unsupported})
    return invoke(world, request.name, request.arguments, strict_nulls=strict_nulls)
