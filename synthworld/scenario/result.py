"""ScenarioResult: the outcome of one scenario run at one seed."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from synthworld.trace import Trace
from synthworld.world import Coverage

__all__ = ["AgentLike", "ScenarioResult"]

AgentLike = Callable[..., Any] | str
"""An agent: a callable ``agent(world, task)`` (an ``async def`` one is awaited), or
``"module:callable"`` naming one."""


@dataclass(frozen=True)
class ScenarioResult:
    """The outcome of one scenario run at one seed (picklable)."""

    scenario: str
    """The scenario's name."""
    path: str
    """The scenario file."""
    seed: int
    """The world seed of this run."""
    passed: bool
    """True when the agent finished and every expectation held."""
    failures: list[str]
    """One message per failed expectation (empty when passed)."""
    output: Any
    """The agent's final answer (None when it raised)."""
    trace: Trace
    """Every call the agent made."""
    error: str | None = None
    """``"ExcType: message"`` when the agent raised."""
    state: dict[str, Any] = field(default_factory=dict)
    """The world's state after the run."""
    diverged_at: int | None = None
    """Index of the first call where the trace left the expected path (None: not known)."""
    hazard: str | None = None
    """The hazard injected into every tool's answers for this run (None: a clean run)."""
    coverage: Coverage | None = field(default=None, compare=False)
    """What the run's calls exercised: calls per tool, errors, hazards."""
