"""Worlds at a fixed clock whose answers are closed objects: the shared setup of the tests of a
created entity's times (its deadlines, its events)."""

from __future__ import annotations

import datetime as dt
from typing import Any

import jsonschema

from synthworld import SimulatedClock, SyntheticWorld, ToolSpec

CLOCK = dt.datetime(2025, 1, 1, tzinfo=dt.timezone.utc)
SEEDS = range(10)
TIME = {"type": "string", "format": "date-time"}
DATE = {"type": "string", "format": "date"}


def closed(props: dict[str, Any]) -> dict[str, Any]:
    """An object of exactly ``props``, all required."""
    return {"type": "object", "properties": props, "required": list(props), "additionalProperties": False}


ANY_INPUT = closed({"ref": {"type": "string"}})


def dated_world(seed: int, answers: dict[str, Any]) -> SyntheticWorld:
    """A world at `CLOCK` with a tool per name of ``answers``, answering its schema."""
    world = SyntheticWorld(seed, clock=SimulatedClock(CLOCK))
    for name, returns in answers.items():
        world.register_tool(ToolSpec(name, "A tool.", ANY_INPUT, returns))
    return world


def valid(world: SyntheticWorld, tool: str, answer: Any) -> None:
    """Fail unless ``answer`` conforms to ``tool``'s answer schema, formats checked."""
    jsonschema.validate(answer, world.tools[tool].returns, format_checker=jsonschema.FormatChecker())


def at(text: str) -> dt.datetime:
    """The instant of an RFC 3339 date-time (``Z`` read as UTC)."""
    return dt.datetime.fromisoformat(text.replace("Z", "+00:00"))
