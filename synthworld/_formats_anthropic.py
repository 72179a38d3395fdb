"""Anthropic tool definitions (``name``, ``description``, ``input_schema``), both directions."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from synthworld._formats_common import as_data, spec_from_parts
from synthworld.spec import ToolSpec

__all__ = ["spec_from_anthropic", "spec_to_anthropic"]


def spec_to_anthropic(spec: ToolSpec) -> dict[str, Any]:
    """The Anthropic Messages API tool definition of `spec` (for ``tools=``)."""
    tool: dict[str, Any] = {"name": spec.name}
    if spec.description:
        tool["description"] = spec.description
    tool["input_schema"] = copy.deepcopy(spec.parameters)
    return tool


def spec_from_anthropic(tool: Mapping[str, Any] | Any, *, returns: dict[str, Any] | None = None) -> ToolSpec:
    """A spec from an Anthropic tool definition (dict or SDK object).

    Anthropic tools carry no output schema, so `returns` defaults to ``{}`` (any value).
    """
    data = as_data(tool, what="an Anthropic tool definition")
    return spec_from_parts(data, parameters=data.get("input_schema"), returns=returns, source="Anthropic")
