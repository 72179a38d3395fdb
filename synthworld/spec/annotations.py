"""ToolAnnotations: a tool's behavioural hints, as MCP names them."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["ToolAnnotations"]


@dataclass(frozen=True)
class ToolAnnotations:
    """Behavioural hints, as in MCP's ``ToolAnnotations`` (None means "not stated")."""

    read_only: bool | None = None
    """The tool does not change its environment."""
    destructive: bool | None = None
    """The tool may delete or overwrite data (meaningful when not read-only)."""
    idempotent: bool | None = None
    """Calling it again with the same input has no further effect (and, in a world, gives the
    same answer). Only ``idempotent=False`` makes repeated identical calls answer differently."""
    open_world: bool | None = None
    """The tool reaches an open world (the web, other people) rather than a closed system."""
    title: str | None = None
    """A human-readable title."""
