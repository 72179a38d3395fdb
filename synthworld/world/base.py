"""What every part of a world reads: the attributes `SyntheticWorld` sets up (declarations only).

`SyntheticWorld` is assembled from mixins, one file each: `Registration` (adding tools, scripts and
effects), `CallPath` (answering one call) and `WorldInterop` (provider formats); each reads the
world's parts declared here.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, Literal

from synthworld.backends import Backend
from synthworld.backends.awaiting import Awaits
from synthworld.trace import Trace
from synthworld.world.clock import SimulatedClock
from synthworld.world.faults import FaultBook
from synthworld.world.outcomes import TransferOutcomes
from synthworld.world.recorder import TraceRecorder
from synthworld.world.registry import ToolRegistry
from synthworld.world.scripts import ScriptBook
from synthworld.world.state import WorldState

__all__ = ["Effect", "InvalidInputPolicy", "WorldBase"]

Effect = Callable[[WorldState, dict[str, Any]], Any]
"""``effect(state, input)``: may change the state, raise `ToolError` or return a partial output."""
InvalidInputPolicy = Literal["raise", "return_error"]


class WorldBase:
    """The parts of a world (set by `SyntheticWorld.__init__`)."""

    _seed: int | str
    _backend: Backend
    on_invalid_input: InvalidInputPolicy
    context: str | None
    clock: SimulatedClock
    state: WorldState
    realtime: bool
    remember: bool
    _tools: ToolRegistry
    _scripts: ScriptBook
    _fault_book: FaultBook
    _effects: dict[str, Effect]
    _occurrences: dict[tuple[str, str], int]
    _outcomes: TransferOutcomes
    _lock: threading.Lock
    _state_lock: threading.RLock
    _recorder: TraceRecorder
    _given_up: str | None
    _awaits: Awaits

    @property
    def trace(self) -> Trace:
        """Every call this world answered, in order (see `synthworld.Trace`)."""
        return self._recorder.trace
