"""Scenario: a validated scenario file, which builds its world and runs its agent."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from synthworld.cassette.modes import RecordMode
from synthworld.errors import ScenarioError
from synthworld.scenario.build import backend_without_cassette, build_world
from synthworld.scenario.located import display_path, format_path
from synthworld.scenario.result import AgentLike, ScenarioResult
from synthworld.scenario.run import run_scenario, run_scenario_async
from synthworld.world import SyntheticWorld

__all__ = ["Scenario"]


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
        """One run per seed: ``seeds``, or ``[seed]``, or ``[0]``; ints (``2.0`` is the integer 2
        of the file's schema, not a float seed, which a world refuses)."""
        if "seeds" in self.data:
            return [int(seed) for seed in self.data["seeds"]]
        return [int(self.data.get("seed", 0))]

    @property
    def task(self) -> Any:
        """What the agent is asked to do (None when not given)."""
        return self.data.get("task")

    @property
    def expect(self) -> Mapping[str, Any]:
        """The expectations (empty when not given)."""
        return dict(self.data.get("expect") or {})

    @property
    def shown(self) -> str:
        """The file's path as messages show it (relative to the working directory when inside it)."""
        return display_path(self.path)

    def error(self, path: tuple[str | int, ...], message: str) -> ScenarioError:
        """A `ScenarioError` naming this file, the line of `path`, and `path` itself."""
        key = path
        while key and key not in self.lines:
            key = key[:-1]
        line = self.lines.get(key, 1)
        return ScenarioError(f"{display_path(self.path)}:{line}: {format_path(path)}: {message}")

    def build_world(
        self,
        seed: int | None = None,
        *,
        record_mode: str | None = None,
        block_llm: bool = False,
        defaults: Mapping[str, Any] | None = None,
    ) -> SyntheticWorld:
        """A fresh world with the scenario's tools, backend, context, state, responses, faults, clock
        and latencies.

        `record_mode` overrides a fixtures backend's mode (`ValueError` when the backend has no
        cassette to record into); `block_llm` makes an LLM backend fail. `defaults`: more
        `SyntheticWorld` arguments, each used unless the file sets its key (``backend``,
        ``context``, ``state``, ``faults``, ``clock``, ``latency``: the file wins).
        """
        if record_mode is not None:
            self._check_record_mode(record_mode)
        chosen = self.seeds[0] if seed is None else seed
        return build_world(self, chosen, record_mode=record_mode, block_llm=block_llm, defaults=defaults)

    def _check_record_mode(self, mode: str) -> None:
        """`ValueError` for a mode that is none, or that would record while the backend has no
        cassette (the run would record nothing, while the caller believes it does)."""
        RecordMode.parse(mode)
        backend = backend_without_cassette(self)
        if mode != RecordMode.NONE and backend:
            raise ValueError(
                f"record_mode={mode!r} has no effect: the backend of {self.shown} is {backend}, not a "
                "cassette, so nothing is recorded; give the file a fixtures backend (backend: {fixtures: "
                f"cassettes/{self.name}.yaml, fallback: random}}), or drop record_mode"
            )

    def run(
        self,
        seed: int | None = None,
        *,
        agent: AgentLike | None = None,
        record_mode: str | None = None,
        block_llm: bool = False,
        hazard: str | None = None,
        on_world: Callable[[SyntheticWorld], object] | None = None,
    ) -> ScenarioResult:
        """Run the agent (the scenario's, or `agent`) against a fresh world and check expectations.

        `hazard` (one of `synthworld.HAZARD_KINDS`) injects that hazard into every tool's answers,
        after the scenario's own faults: how does the agent hold up against hostile-but-valid
        answers? `on_world` is called with the world before the agent starts (to watch its trace
        while the agent runs: `synthworld.evaluate` keeps the calls of a run it gives up)."""
        chosen = self.seeds[0] if seed is None else seed
        return run_scenario(
            self,
            chosen,
            agent=agent,
            record_mode=record_mode,
            block_llm=block_llm,
            hazard=hazard,
            on_world=on_world,
        )

    async def run_async(
        self,
        seed: int | None = None,
        *,
        agent: AgentLike | None = None,
        record_mode: str | None = None,
        block_llm: bool = False,
        hazard: str | None = None,
    ) -> ScenarioResult:
        """`run`, awaited in an event loop (``await scenario.run_async(3)`` in a notebook cell): an
        ``async def`` agent runs on the running loop, so a client it made there (``AsyncOpenAI``)
        works in every run; `run` gives such an agent a loop of its own per run instead."""
        chosen = self.seeds[0] if seed is None else seed
        return await run_scenario_async(
            self, chosen, agent=agent, record_mode=record_mode, block_llm=block_llm, hazard=hazard
        )
