"""SyntheticWorld: a registry of tool specs that answers every call from a backend.

Its methods come in parts: `Registration` (tools, scripts, effects), `CallPath` (one call),
`WorldInterop` (provider formats) and `Conventions` (declared lifecycles and natural keys); this
file sets a world up, configures it and closes it.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from typing import Any

from typing_extensions import Self

from synthworld._json import json_copy, json_problems
from synthworld.backends import (
    Backend,
    BackendLike,
    RandomBackend,
    as_backend,
    backend_name,
)
from synthworld.backends.awaiting import Awaits
from synthworld.spec import ToolSpec
from synthworld.trace import Trace
from synthworld.world.base import Effect, InvalidInputPolicy
from synthworld.world.clock import SimulatedClock
from synthworld.world.conventions import Conventions
from synthworld.world.coverage import Coverage
from synthworld.world.faults import FaultBook, FaultPlan, FaultsLike
from synthworld.world.interop import WorldInterop
from synthworld.world.latency import LatencyLike
from synthworld.world.outcomes import TransferOutcomes
from synthworld.world.recorder import TraceRecorder
from synthworld.world.registration import Registration
from synthworld.world.registry import ToolRegistry
from synthworld.world.scripts import ScriptBook
from synthworld.world.seeds import world_seed
from synthworld.world.sourced import FromSources
from synthworld.world.state import WorldState

__all__ = ["SyntheticWorld"]


class SyntheticWorld(Registration, WorldInterop, Conventions, FromSources):
    """A world of synthetic tools: every call is answered by a backend, reproducibly.

    >>> world = SyntheticWorld(seed=7)
    >>> @world.tool
    ... def get_user(user_id: str, include_email: bool = False) -> dict:
    ...     '''Fetch a user by ID.'''
    >>> isinstance(get_user("u1"), dict)
    True
    """

    def __init__(
        self,
        seed: int | str = 0,
        *,
        backend: BackendLike | None = None,
        on_invalid_input: InvalidInputPolicy = "raise",
        context: str | None = None,
        clock: SimulatedClock | None = None,
        state: Mapping[str, Any] | None = None,
        faults: FaultsLike | None = None,
        latency: LatencyLike | None = None,
        realtime: bool = False,
        remember: bool = True,
    ) -> None:
        """`faults`, `latency`: see `add_faults`, `set_latency`; ``remember=False``: no echo or recall."""
        if on_invalid_input not in ("raise", "return_error"):
            raise ValueError(f"on_invalid_input={on_invalid_input!r}; choose 'raise' or 'return_error'")
        self._seed = world_seed(seed)
        self._backend = as_backend(backend) if backend is not None else RandomBackend()
        self.on_invalid_input: InvalidInputPolicy = on_invalid_input
        self.context = context
        self.clock = clock or SimulatedClock()
        self._initial_state = _state_copy(state)
        self.state = WorldState(json_copy(self._initial_state))
        self.realtime, self.remember = realtime, remember
        self._tools = ToolRegistry()
        self._scripts = ScriptBook()
        self._fault_book = FaultBook(faults, latency=latency)
        self._effects: dict[str, Effect] = {}
        self._occurrences: dict[tuple[str, str], int] = {}
        self._outcomes = TransferOutcomes()
        self._lock = threading.Lock()
        self._state_lock = threading.RLock()
        self._recorder = TraceRecorder(Trace())
        self._given_up: str | None = None
        self._awaits = Awaits()
        self._declare_faults()

    # -- configuration ----------------------------------------------------------------------

    @property
    def seed(self) -> int | str:
        """The world seed: with the tool name and input, it fixes every answer."""
        return self._seed

    @property
    def backend(self) -> Backend:
        """The backend that answers tools registered without one of their own."""
        return self._backend

    @property
    def tools(self) -> Mapping[str, ToolSpec]:
        """The registered tools by name, in registration order (read-only)."""
        return self._tools.specs()

    @property
    def faults(self) -> FaultPlan:
        """The fault plan: which calls fail and how (see `add_faults`)."""
        return self._fault_book.plan

    def reset(self, seed: int | str | None = None) -> None:
        """Restore the initial state and clock; clear trace, call counts, script use and a
        `give_up` (the world answers again, as a fresh one would); maybe reseed."""
        if seed is not None:
            self._seed = world_seed(seed)
        with self._lock, self._state_lock:
            self._given_up = None
            self._awaits = Awaits()
            self._occurrences.clear()
            self._outcomes.clear()
            self._fault_book.reset()
            self.trace.clear()
            self.state.restore(self._initial_state)
            self._scripts.rewind()
            self.clock.reset()
        for backend in self._backends():
            rewind = getattr(backend, "rewind", None)
            if callable(rewind):
                rewind()

    def add_faults(self, faults: FaultsLike) -> FaultPlan:
        """Append faults to the plan and return it: `Fault`s or dicts such as ``{"tool": "get_order",
        "on_call": 4, "error": "rate_limit", "retry_after": 2}`` (keys in `synthworld.world.faults`).
        Raises `FaultConfigError` (a ValueError) naming the entry and key."""
        plan = self._fault_book.add(faults, tools=self._tools.specs())
        self._declare_faults()
        return plan

    def coverage(self) -> Coverage:
        """What this world's calls exercised so far (`reset` keeps the counts): calls per
        registered tool (0 for never called), failures per error code (every code the fault plan
        can raise is listed), answers per hazard kind (every kind the plan can inject) and per
        malformed kind (every kind the plan can give), and the answer space its valid answers
        reached (enum values, oneOf/anyOf branches, optional fields present or absent)."""
        return self._recorder.coverage.snapshot()

    def _declare_faults(self) -> None:
        codes = [fault.error for fault in self._fault_book.plan if fault.error is not None]
        kinds = [fault.inject for fault in self._fault_book.plan if fault.inject is not None]
        broken = [fault.malformed for fault in self._fault_book.plan if fault.malformed is not None]
        self._recorder.coverage.declare(errors=codes, hazards=kinds, malformed=broken)

    def set_latency(self, tool: str, latency: LatencyLike | None, *, deadline: float | None = None) -> None:
        """Give `tool` (``"*"``: every tool) a latency: seconds or ``{"distribution": "uniform"|
        "normal"|"lognormal", ...}`` (see `synthworld.world.latency`), which advances `world.clock`.
        A call slower than `deadline` fails with a ``timeout`` `ToolError`."""
        name = tool if tool == "*" else self._tools.get(tool).spec.name
        self._fault_book.latency.set(name, latency, deadline=deadline)

    # -- lifecycle --------------------------------------------------------------------------

    def close(self) -> None:
        """Close every backend that has a ``close()`` (e.g. a fixture backend finishing its cassette)."""
        for backend in self._backends():
            closer = getattr(backend, "close", None)
            if callable(closer):
                closer()

    def give_up(self, reason: str) -> None:
        """Refuse every later call with `RunGivenUp` (a BaseException) saying `reason`: the run
        this world serves was given up (as an evaluation's timeout does), and the thread still
        playing it stops at its next tool call instead of going on in the background. Until
        `reset`, which makes the world answer again (a thread of that run still playing too). An
        ``async def`` tool still answering one of its calls is cancelled: that call raises too."""
        self._given_up = reason
        self._awaits.cancel()

    def _backends(self) -> list[Backend]:
        """The world's backend and every tool's own, each once."""
        found = {id(b): b for b in [self._backend, *self._tools.backends()]}
        return list(found.values())

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        backend = backend_name(self._backend)
        return f"SyntheticWorld(seed={self._seed!r}, tools={list(self._tools)}, backend={backend})"


def _state_copy(state: Mapping[str, Any] | None) -> dict[str, Any]:
    """A copy of `state`; a TypeError naming where it is not JSON data and what to pass instead."""
    try:
        copied: dict[str, Any] = json_copy(dict(state or {}))
    except (TypeError, RecursionError):  # a cycle, or nesting past the recursion limit
        problems = "; ".join(json_problems(dict(state or {})))
        raise TypeError(f"SyntheticWorld(state=...) holds what is not JSON data: {problems}") from None
    return copied
