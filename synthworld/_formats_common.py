"""Helpers shared by the provider formats: reading SDK objects and building specs from parts."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from synthworld.errors import ToolSpecError
from synthworld.spec import ToolAnnotations, ToolSpec

__all__ = ["EMPTY_PARAMETERS", "as_data", "spec_from_parts"]

EMPTY_PARAMETERS: dict[str, Any] = {"type": "object", "properties": {}}


def as_data(obj: Any, *, what: str) -> dict[str, Any]:
    """A plain dict from a mapping or an SDK object (pydantic models of openai, anthropic, mcp)."""
    if isinstance(obj, Mapping):
        return dict(obj)
    dump = getattr(obj, "model_dump", None)
    if callable(dump):
        data = dump(mode="json", by_alias=True, exclude_none=True)
        if isinstance(data, dict):
            return data
    raise TypeError(f"{what} must be a dict or an SDK object with model_dump(), got {type(obj).__name__}")


def spec_from_parts(
    data: Mapping[str, Any],
    *,
    parameters: Any,
    returns: Any,
    source: str,
    annotations: ToolAnnotations | None = None,
) -> ToolSpec:
    """A validated spec from a provider's tool definition (`source` names the format in errors)."""
    name = data.get("name")
    if not isinstance(name, str):
        raise ToolSpecError(
            f"{source} tool definition has no 'name' (got keys {sorted(data)}); add the tool name"
        )
    description = data.get("description") or ""
    spec = ToolSpec(
        name,
        description,
        dict(parameters) if parameters is not None else dict(EMPTY_PARAMETERS),
        {} if returns is None else returns,
        annotations=annotations or ToolAnnotations(),
    )
    return spec.validate()
