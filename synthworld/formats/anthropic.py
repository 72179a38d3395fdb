"""Anthropic tool definitions (``name``, ``description``, ``input_schema``), both directions."""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping
from typing import Any

from synthworld._json import short_repr
from synthworld.errors import FormatError, warn_user
from synthworld.formats.common import (
    CallRequest,
    ToolLike,
    ToolParts,
    as_data,
    call_id,
    called_name,
    tool_parts,
)

__all__ = ["read_tool", "read_tool_uses", "refused_keys", "tool_definition", "tool_result"]

_KEY = re.compile(r"[a-zA-Z0-9_.-]{1,64}")
"""The input property keys the Messages API accepts."""


def tool_definition(spec: ToolLike) -> dict[str, Any]:
    """The Anthropic Messages API tool definition of `spec` (for ``tools=``); warns when an input
    key is one the API refuses (see `refused_keys`)."""
    refused = refused_keys(spec.parameters)
    if refused:
        warn_user(
            f"tool {spec.name!r}: Anthropic's API takes input keys of 1-64 letters, digits, '_', '.' "
            f"and '-' and refuses the whole request (every tool) with a 400 for {refused}; rename "
            "those parameters (a tool from an OpenAPI document gets such names by itself)"
        )
    tool: dict[str, Any] = {"name": spec.name}
    if spec.description:
        tool["description"] = spec.description
    tool["input_schema"] = copy.deepcopy(spec.parameters)
    return tool


def refused_keys(parameters: Any) -> list[str]:
    """The top-level input keys Anthropic refuses (outside ``^[a-zA-Z0-9_.-]{1,64}$``)."""
    properties = parameters.get("properties") if isinstance(parameters, Mapping) else None
    if not isinstance(properties, Mapping):
        return []
    return [key for key in properties if not _KEY.fullmatch(str(key))]


def read_tool(tool: Mapping[str, Any] | Any, *, returns: dict[str, Any] | None = None) -> ToolParts:
    """The parts of an Anthropic tool definition (dict or SDK object).

    Anthropic tools carry no output schema, so `returns` defaults to ``{}`` (any value).
    """
    data = as_data(tool, what="an Anthropic tool definition")
    return tool_parts(data, parameters=data.get("input_schema"), returns=returns, source="Anthropic")


# -- tool calls in messages -------------------------------------------------------------------


def read_tool_uses(content_blocks: Any) -> list[CallRequest]:
    """The ``tool_use`` blocks of a list of content blocks (dicts or SDK objects), an assistant
    message dict or an SDK ``Message``, in order; other blocks (text, thinking) are skipped."""
    requests = []
    for block in _blocks(content_blocks):
        data = as_data(block, what="an Anthropic content block")
        if data.get("type") == "tool_use":
            request = CallRequest(call_id(data, "id"), called_name(data), data.get("input"), "anthropic")
            requests.append(request)
    return requests


def tool_result(request: CallRequest, text: str, *, is_error: bool) -> dict[str, Any]:
    """The ``tool_result`` block answering `request` with `text`."""
    return {"type": "tool_result", "tool_use_id": request.id, "content": text, "is_error": is_error}


def _blocks(obj: Any) -> list[Any]:
    if isinstance(obj, (list, tuple)):
        return list(obj)
    data = as_data(obj, what="Anthropic content blocks or a message")
    content = data.get("content")
    if isinstance(content, (list, tuple)):
        return list(content)
    if content is not None and not isinstance(content, str):  # text content holds no tool_use
        raise FormatError(
            f"a message's content must be a list of content blocks, got {type(content).__name__} "
            f"{short_repr(content)}; pass message.content or the message"
        )
    return [data]
