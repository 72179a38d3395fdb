"""What every provider format shares: the view of a tool it renders, the parts it reads back, and
reading SDK objects as plain data."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from synthworld._json import short_repr
from synthworld.errors import FormatError, ToolSpecError

__all__ = [
    "EMPTY_PARAMETERS",
    "CallRequest",
    "ToolLike",
    "ToolParts",
    "as_data",
    "call_id",
    "called_name",
    "tool_parts",
]

EMPTY_PARAMETERS: dict[str, Any] = {"type": "object", "properties": {}}


class ToolLike(Protocol):
    """What a format needs of a tool to render it (a `synthworld.ToolSpec` is one)."""

    @property
    def name(self) -> str: ...
    @property
    def description(self) -> str: ...
    @property
    def parameters(self) -> dict[str, Any]: ...
    @property
    def returns(self) -> Any: ...
    @property
    def annotations(self) -> Any:
        """An object with ``read_only``, ``destructive``, ``idempotent``, ``open_world``, ``title``."""

    @property
    def required(self) -> list[str]: ...


@dataclass(frozen=True)
class ToolParts:
    """A tool read back from a provider's definition: what `ToolSpec` is built from."""

    name: str
    """The tool's name."""
    description: str
    """What it does ('' when the definition has none)."""
    parameters: dict[str, Any]
    """The input schema."""
    returns: Any
    """The output schema (``{}``: any value, when the format carries none)."""
    annotations: dict[str, Any] = field(default_factory=dict)
    """Behavioural hints by `ToolAnnotations` field name."""
    metadata: dict[str, Any] = field(default_factory=dict)
    """What the format says beyond the other parts (`ToolSpec.metadata`)."""


@dataclass(frozen=True)
class CallRequest:
    """One tool call a model asked for, read from a provider's message."""

    id: Any
    """The provider's id of the call, quoted back in the reply (None when it sent none)."""
    name: str
    """The tool's name ('' when the call named none)."""
    arguments: Any
    """The arguments as sent: JSON text, a mapping, or None."""
    style: str
    """Which reply the provider expects: ``chat``, ``responses`` or ``anthropic``."""
    unsupported: str | None = None
    """Why the call cannot be answered (a kind of call no tool can take), else None."""


def called_name(call: Mapping[str, Any]) -> str:
    """The tool name a call asks for, as text ('' when it names none; a non-string as its repr)."""
    name = call.get("name", "")
    return name if isinstance(name, str) else short_repr(name)


def call_id(call: Mapping[str, Any], key: str) -> str | None:
    """The provider's id of a call (``call[key]``): text, or None when the call has none."""
    value = call.get(key)
    if value is None or isinstance(value, str):
        return value
    raise FormatError(
        f"a tool call's {key!r} must be a string, got {type(value).__name__} {short_repr(value)}; "
        "pass the tool calls as the provider sent them"
    )


def as_data(obj: Any, *, what: str) -> dict[str, Any]:
    """A plain dict from a mapping or an SDK object (pydantic models of openai, anthropic, mcp)."""
    if isinstance(obj, Mapping):
        return dict(obj)
    dump = getattr(obj, "model_dump", None)
    if callable(dump):
        data = dump(mode="json", by_alias=True, exclude_none=True)
        if isinstance(data, dict):
            return data
    raise FormatError(
        f"{what} must be a dict or an SDK object with model_dump(), got {type(obj).__name__} "
        f"{short_repr(obj)}"
    )


def tool_parts(
    data: Mapping[str, Any],
    *,
    parameters: Any,
    returns: Any,
    source: str,
    annotations: Mapping[str, Any] | None = None,
    metadata: Mapping[str, Any] | None = None,
) -> ToolParts:
    """The parts of a provider's tool definition (`source` names the format in errors)."""
    name = data.get("name")
    if not isinstance(name, str):
        raise ToolSpecError(
            f"{source} tool definition has no 'name' (got keys {sorted(map(str, data))}); add the tool name"
        )
    if source != "BFCL" and isinstance(parameters, Mapping) and parameters.get("type") == "dict":
        raise ToolSpecError(
            f"{source} tool definition {name!r}: its parameters have type 'dict', the Berkeley Function "
            "Calling Leaderboard's (Gorilla's) word for an object; read a BFCL tool doc with "
            "ToolSpec.from_bfcl(doc) (SyntheticWorld.from_bfcl for a file), or write type 'object'"
        )
    return ToolParts(
        name=name,
        description=data.get("description") or "",
        parameters=dict(parameters) if parameters is not None else dict(EMPTY_PARAMETERS),
        returns={} if returns is None else returns,
        annotations=dict(annotations or {}),
        metadata=dict(metadata or {}),
    )
