"""The world's simulated clock: time moves only when the world says so."""

from __future__ import annotations

import datetime
import threading

__all__ = ["DEFAULT_START", "SimulatedClock"]

DEFAULT_START = datetime.datetime(2025, 1, 1, tzinfo=datetime.timezone.utc)
"""Where every world's clock starts unless told otherwise (never the wall clock)."""


class SimulatedClock:
    """A clock that starts at `start` and advances by `tick` seconds per call (0: frozen).

    A world also moves it by each call's simulated latency; nothing ever reads the wall clock.

    >>> clock = SimulatedClock(tick=1.5)
    >>> clock.pass_call(2.0)
    >>> clock.elapsed
    3.5
    """

    def __init__(self, start: datetime.datetime = DEFAULT_START, *, tick: float = 0.0) -> None:
        if start.tzinfo is None:
            raise ValueError(f"start={start!r} must be timezone-aware: datetime(..., tzinfo=timezone.utc)")
        if not isinstance(tick, (int, float)) or tick < 0:
            raise ValueError(f"tick={tick!r} must be a number of seconds >= 0 (0: a frozen clock)")
        self.start = start
        self.tick = tick
        self._elapsed = 0.0
        self._lock = threading.Lock()

    def now(self) -> datetime.datetime:
        """The simulated current time."""
        return self.start + datetime.timedelta(seconds=self._elapsed)

    @property
    def elapsed(self) -> float:
        """Simulated seconds since `start`."""
        return self._elapsed

    def advance(self, seconds: float) -> datetime.datetime:
        """Move time forward by `seconds` and return the new time."""
        if seconds < 0:
            raise ValueError(f"seconds={seconds!r}: a clock cannot go backwards")
        with self._lock:
            self._elapsed += seconds
        return self.now()

    def pass_call(self, duration: float = 0.0) -> None:
        """A call ended that took `duration` simulated seconds: move by it plus `tick`."""
        if duration or self.tick:
            self.advance(duration + self.tick)

    def reset(self) -> None:
        """Go back to `start`."""
        with self._lock:
            self._elapsed = 0.0

    def __repr__(self) -> str:
        return f"SimulatedClock(now={self.now().isoformat()}, tick={self.tick})"
