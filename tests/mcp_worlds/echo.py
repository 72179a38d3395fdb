"""A one-tool world for hostile-input tests over MCP: ``echo(data)`` takes any JSON object."""

from __future__ import annotations

from synthworld import SyntheticWorld

world = SyntheticWorld(seed=0)


@world.tool
def echo(data: dict) -> dict:  # type: ignore[type-arg]
    """Echo the data back."""
