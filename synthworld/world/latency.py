"""Latency models: how long a simulated call takes, drawn from the call seed.

A latency is a number of seconds or a distribution::

    0.2
    {"distribution": "uniform", "low": 0.1, "high": 0.5}
    {"distribution": "normal", "mean": 0.3, "stddev": 0.1}      # clipped at 0
    {"distribution": "lognormal", "median": 0.3, "sigma": 0.5}

Durations advance the world's simulated clock; a call whose duration passes its tool's
``deadline`` fails with a ``timeout`` `ToolError` after exactly the deadline.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from random import Random
from typing import Any, Protocol, runtime_checkable

from synthworld.world.seeds import sub_seed

__all__ = [
    "Fixed",
    "Latency",
    "LatencyLike",
    "LatencyTable",
    "LogNormal",
    "Normal",
    "Uniform",
    "parse_latency",
]


@runtime_checkable
class Latency(Protocol):
    """A latency model: anything that draws a duration in seconds from an RNG."""

    def sample(self, rng: Random) -> float:
        """A duration in seconds (>= 0)."""
        ...


@dataclass(frozen=True)
class Fixed:
    """Always `seconds`."""

    seconds: float

    def sample(self, rng: Random) -> float:
        return self.seconds


@dataclass(frozen=True)
class Uniform:
    """Uniform between `low` and `high` seconds."""

    low: float
    high: float

    def sample(self, rng: Random) -> float:
        return rng.uniform(self.low, self.high)


@dataclass(frozen=True)
class Normal:
    """Normal with `mean` and `stddev` seconds, never below 0."""

    mean: float
    stddev: float

    def sample(self, rng: Random) -> float:
        return max(0.0, rng.gauss(self.mean, self.stddev))


@dataclass(frozen=True)
class LogNormal:
    """Log-normal with the given `median` seconds and shape `sigma` (a long right tail)."""

    median: float
    sigma: float

    def sample(self, rng: Random) -> float:
        return rng.lognormvariate(math.log(self.median), self.sigma)


LatencyLike = float | int | Mapping[str, Any] | Latency
_SHAPES: dict[str, tuple[type[Any], tuple[str, ...]]] = {
    "uniform": (Uniform, ("low", "high")),
    "normal": (Normal, ("mean", "stddev")),
    "lognormal": (LogNormal, ("median", "sigma")),
}


def parse_latency(value: LatencyLike) -> Latency:
    """A latency model from seconds, a ``{"distribution": ...}`` mapping or a model."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if value < 0 or not math.isfinite(value):
            raise ValueError(f"latency={value!r} must be a finite number of seconds >= 0")
        return Fixed(float(value))
    if isinstance(value, Mapping):
        return _distribution(value)
    if isinstance(value, Latency):
        return value
    raise ValueError(
        f"latency={value!r} must be seconds or {{'distribution': 'uniform'|'normal'|'lognormal', ...}}"
    )


def _distribution(data: Mapping[str, Any]) -> Latency:
    name = data.get("distribution")
    if name not in _SHAPES:
        raise ValueError(f"latency distribution={name!r}; choose one of {', '.join(_SHAPES)}")
    cls, keys = _SHAPES[name]
    if set(data) != {"distribution", *keys}:
        raise ValueError(f"latency {data!r}: a {name} distribution takes exactly {', '.join(keys)}")
    values = [data[k] for k in keys]
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) and v >= 0 for v in values):
        raise ValueError(f"latency {data!r}: {', '.join(keys)} must be numbers >= 0")
    if (name == "uniform" and values[0] > values[1]) or (name == "lognormal" and values[0] <= 0):
        raise ValueError(f"latency {data!r}: need low <= high, and a median > 0")
    model: Latency = cls(*map(float, values))
    return model


@dataclass(frozen=True)
class _Timing:
    latency: Latency | None
    deadline: float | None


_NONE = _Timing(None, None)


class LatencyTable:
    """Latency and deadline per tool (``*``: every tool without its own)."""

    def __init__(self) -> None:
        self._timings: dict[str, _Timing] = {}
        self._lock = threading.Lock()

    def set(self, tool: str, latency: LatencyLike | None, *, deadline: float | None = None) -> None:
        """Give `tool` (or ``*``) a latency and optionally a deadline in seconds."""
        if deadline is not None and (not isinstance(deadline, (int, float)) or deadline <= 0):
            raise ValueError(f"deadline={deadline!r} must be a number of seconds > 0")
        model = parse_latency(latency) if latency is not None else None
        with self._lock:
            self._timings[tool] = _Timing(model, float(deadline) if deadline is not None else None)

    def deadline(self, tool: str) -> float | None:
        """The deadline of `tool` in seconds (None: it never times out by itself)."""
        return self._resolve(tool).deadline

    def _resolve(self, tool: str) -> _Timing:
        own, every = self._timings.get(tool, _NONE), self._timings.get("*", _NONE)
        return _Timing(
            own.latency if own.latency is not None else every.latency,
            own.deadline if own.deadline is not None else every.deadline,
        )

    def duration(self, tool: str, *, seed: int, occurrence: int) -> tuple[float, bool]:
        """``(seconds, timed_out)`` of a call: its latency, capped at the deadline."""
        if not self._timings:
            return 0.0, False
        timing = self._resolve(tool)
        if timing.latency is None:
            return 0.0, False
        seconds = timing.latency.sample(Random(sub_seed(seed, occurrence, "latency")))
        if timing.deadline is not None and seconds > timing.deadline:
            return timing.deadline, True
        return seconds, False

    def __bool__(self) -> bool:
        return bool(self._timings)
