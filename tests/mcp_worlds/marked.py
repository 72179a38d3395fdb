"""Marked stubs without a world: `synthworld serve` registers them on a fresh world."""

from __future__ import annotations

import synthworld


@synthworld.tool
def get_weather(city: str, unit: str = "celsius") -> dict[str, float]:
    """Current weather readings for a city."""


@synthworld.tool(name="forecast_days", idempotent=True)
def forecast(city: str, days: int) -> list[str]:
    """A short forecast, one line per day."""
