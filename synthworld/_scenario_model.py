"""The scenario records: a parsed scenario file and the result of one run."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from synthworld._scenario_yaml import format_path
from synthworld.errors import ScenarioError
from synthworld.trace import Trace

if TYPE_CHECKING:
    from synthworld.world import SyntheticWorld

__all__ = ["Scenario", "ScenarioResult", "display_path"]

AgentLike = Callable[..., Any] | str


@dataclass(frozen=True)
class Scenario:
    """A validated scenario file: plain data and the file's path (picklable; no live objects).

    Build one with `synthworld.scenario.load_scenario`.
    """

    path: str
    """The scenario file (absolute)."""
    data: Mapping[str, Any] = field(repr=False)
    """The parsed and validated document."""
    lines: Mapping[tuple[str | int, ...], int] = field(default_factory=dict, repr=False, compare=False)
    """The 1-based line of each path in the file, for error messages."""

    @property
    def name(self) -> str:
        """The scenario's name (test id)."""
        return str(self.data["name"])

    @property
    def description(self) -> str:
        """What the scenario checks ('' when not given)."""
        return str(self.data.get("description", ""))

    @property
    def seeds(self) -> list[int]:
        """One run per seed: ``seeds``, or ``[seed]``, or ``[0]``."""
        if "seeds" in self.data:
            return list(self.data["seeds"])
        return [int(self.data.get("seed", 0))]

    @property
    def task(self) -> Any:
        """What the agent is asked to do (None when not given)."""
        return self.data.get("task")

    @property
    def expect(self) -> Mapping[str, Any]:
        """The expectations (empty when not given)."""
        return dict(self.data.get("expect") or {})

    def error(self, path: tuple[str | int, ...], message: str) -> ScenarioError:
        """A `ScenarioError` naming this file, the line of `path`, and `path` itself."""
        key = path
        while key and key not in self.lines:
            key = key[:-1]
        line = self.lines.get(key, 1)
        return ScenarioError(f"{display_path(self.path)}:{line}: {format_path(path)}: {message}")

    def build_world(
        self, seed: int | None = None, *, record_mode: str | None = None, block_llm: bool = False
    ) -> SyntheticWorld:
        """A fresh world with the scenario's tools, backend, context, state, responses and faults.

        `record_mode` overrides a fixtures backend's mode; `block_llm` makes an LLM backend fail.
        """
        from synthworld._scenario_world import build_world

        return build_world(
            self, self.seeds[0] if seed is None else seed, record_mode=record_mode, block_llm=block_llm
        )

    def run(
        self,
        seed: int | None = None,
        *,
        agent: AgentLike | None = None,
        record_mode: str | None = None,
        block_llm: bool = False,
    ) -> ScenarioResult:
        """Run the agent (the scenario's, or `agent`) against a fresh world and check expectations."""
        from synthworld._scenario_run import run_scenario

        chosen = self.seeds[0] if seed is None else seed
        return run_scenario(self, chosen, agent=agent, record_mode=record_mode, block_llm=block_llm)


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


def display_path(path: str | os.PathLike[str]) -> str:
    """`path` relative to the working directory when it lies inside it, else absolute."""
    absolute = Path(path).resolve()
    try:
        return str(absolute.relative_to(Path.cwd()))
    except ValueError:
        return str(absolute)
