"""Number nodes: integers and numbers within bounds, multiples of ``multipleOf``."""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from functools import cached_property
from typing import Any

from synthworld.errors import UnsatisfiableSchemaError, show_pointer
from synthworld.schema import _realistic
from synthworld.schema._multiples import (
    EXACT_INTS,
    SAFE_WALK,
    coarse,
    first_multiple,
    fraction,
    last_multiple,
    lcm,
    rs_multiple,
)
from synthworld.schema._nodes import Retry, State
from synthworld.schema._off_multiples import off_multiples

__all__ = ["NumberNode"]

_TRIES = 12
"""Multiples drawn before the one found safe (`NumberNode._safe`)."""
_STEPS_IN_RANGE = 10
"""A ``multipleOf`` wider than the range values are drawn in draws among this many multiples
(else ``multipleOf: 1e9`` would answer 0 for every seed)."""


class NumberNode:
    """Integers or numbers within bounds, multiples of ``multipleOf`` (also fractional)."""

    def __init__(
        self,
        *,
        integer: bool,
        low: float | None,
        high: float | None,
        low_open: bool,
        high_open: bool,
        multiples: Sequence[float],
        path: str,
        in_place: tuple[float, float] | None = None,
        avoid: Sequence[float] = (),
    ) -> None:
        """``avoid``: multiples a value must not be (a negated ``multipleOf``, in the last resort)."""
        self.integer = integer
        self.avoid = tuple(avoid)
        if self.avoid:
            self.gen = self._off_gen  # type: ignore[method-assign]
        self.in_place = in_place  # the range the number's object gives it (`number_in_place`)
        self.multiples = tuple(multiples)
        step = _ONE if integer else None
        for m in self.multiples:
            step = fraction(m) if step is None else lcm(step, fraction(m))
        self.step = step
        if step is _ONE:  # plain integers, the common case: the same bounds without Fractions
            self.low, self.high = _inward(low, low_open, 1), _inward(high, high_open, -1)
        else:
            self.low, self.high = _open_bounds(low, high, low_open, high_open, step)
        self.low_open, self.high_open = low_open and step is None, high_open and step is None
        if step is not None:
            if step is _ONE:
                self.kmin = None if self.low is None else math.ceil(self.low)
                self.kmax = None if self.high is None else math.floor(self.high)
            else:
                self.kmin = None if low is None else first_multiple(low, low_open, step)
                self.kmax = None if high is None else last_multiple(high, high_open, step)
            if self.kmin is not None and self.kmax is not None and self.kmin > self.kmax:
                several = ", ".join(repr(m) for m in self.multiples) if len(self.multiples) > 1 else ""
                raise UnsatisfiableSchemaError(
                    f"no {'integer' if self.step == 1 else f'multiple of {self.step}'} lies "
                    f"within the bounds at {show_pointer(path)}"
                    f"{f' (the least common multiple of multipleOf {several})' if several else ''}; fix: "
                    "widen minimum/maximum or change multipleOf",
                    path=path,
                )
        elif self.low is not None and self.high is not None and not self._nonempty():
            raise UnsatisfiableSchemaError(
                f"minimum exceeds maximum at {show_pointer(path)}; fix: make the bounds overlap", path=path
            )
        fractional = step is not None and step is not _ONE and step.denominator > 1  # 1: no Fraction call
        self._unsure = any(abs(b) > EXACT_INTS for b in (self.low, self.high) if b is not None) or (
            fractional and step is not None and any(coarse(b, step) for b in (low, high))
        )
        """Validators compare huge bounds each their own way, and where floats are coarser than
        the step, multiples round onto a bound (fractional multiples, which validators divide each
        their own way too, are checked by both: `_float_ok`)."""
        if any(isinstance(m, float) for m in self.multiples) and None not in (self.kmin, self.kmax):
            self._refuse_inexact(path)

    def _refuse_inexact(self, path: str) -> None:
        """Refuse a range of a few fractional multiples none of which python-jsonschema takes (it
        divides floats: ``0.29 / 0.01`` is ``28.999999999999996``)."""
        assert self.kmin is not None
        assert self.kmax is not None
        if self._unsure or self.kmax - self.kmin >= SAFE_WALK or self._safe is not None:
            return
        value = self._multiple(float(self.kmin * self.step))  # type: ignore[operator]
        floats = [m for m in self.multiples if isinstance(m, float) or isinstance(value, float)]
        m = next((m for m in floats if not _whole(value / m)), None)  # the division that fails
        if m is not None:
            why = f"python-jsonschema divides floats, and {value} / {m} is {value / m}, not a whole number"
        else:
            m = next((m for m in floats if not rs_multiple(m)(value)), floats[0])
            why = f"jsonschema-rs allows for rounding its own way, and takes {value} as no multiple of {m}"
        several = " and ".join(repr(m) for m in self.multiples)
        what = f"common multiple of {several}" if len(self.multiples) > 1 else f"multiple of {m}"
        raise UnsatisfiableSchemaError(
            f"no {what} within the bounds at {show_pointer(path)} is one that validators take: "
            f"{why}; fix: widen the bounds or use a multipleOf that floats hold exactly (0.5, 0.25)",
            path=path,
        )

    def surely(self, sure: object) -> bool:
        """Whether `gen` surely returns (see `_nodes.surely`): a multiple of integers is clamped
        into its bounds and divides exactly; a number falls back on a closed bound, on a value one
        step inside an open one, or on the midpoint of two open ones when one lies between them.
        Fractional multiples may miss (floats divide inexactly)."""
        if self._unsure:
            return False
        if self.step is not None:
            return all(type(m) is int for m in self.multiples) or self._safe is not None
        low, high = self.low, self.high
        if low is None or high is None or not (self.low_open and self.high_open):
            return True
        return bool(low < (low + high) / 2 < high)  # `_fallbacks`'s midpoint, as it computes it

    def _nonempty(self) -> bool:
        assert self.low is not None
        assert self.high is not None
        if self.low_open or self.high_open:
            return self.low < self.high
        return self.low <= self.high

    def _off_gen(self, st: State, hint: str) -> Any:
        """`gen` of a node with multiples to avoid (`__init__` puts it in place of `gen`): its
        value moved off them, by whole steps of its own multiple (of 1 for integers), or by half
        the first avoided multiple."""
        value = NumberNode.gen(self, st, hint)
        step = self.step
        if step is None:
            half = self.avoid[0] / 2
            return off_multiples(value, self.avoid, lambda n: value + n * half, self._inside)
        moved = lambda n: self._multiple(value + n * float(step))  # noqa: E731
        return off_multiples(value, self.avoid, moved, self._float_ok)

    def gen(self, st: State, hint: str) -> Any:
        if self._unsure:
            st.unsure = True
        target = self._target(st, hint)
        if self.step is None:
            return self._real(st, target)
        if not self.multiples:  # plain integers: _float_ok has nothing to check
            return self._multiple(target)
        for _ in range(_TRIES):
            value = self._multiple(target)
            if self._float_ok(value):
                return value
            target += float(self.step) * st.rng.randint(1, 9)
        if self._safe is None:
            raise Retry
        return self._safe

    @cached_property
    def _safe(self) -> int | float | None:
        """A multiple within the bounds that both validators take, found by a short walk from a
        bound (or from zero): what `gen` falls back on when its drawn ones all divide inexactly."""
        if self._unsure:  # values far out, each checked whole
            return None
        low = -math.inf if self.kmin is None else self.kmin
        high = math.inf if self.kmax is None else self.kmax
        start = int(min(max(0, low), high))  # the multiple nearest zero
        toward = 1 if start < high else -1
        for k in range(start, start + toward * SAFE_WALK, toward):
            if not low <= k <= high:
                break
            value = self._multiple(float(k * self.step))  # type: ignore[operator]
            if self._float_ok(value):
                return value
        return None

    def _target(self, st: State, hint: str) -> float:
        try:
            return self._drawn_target(st, hint)
        except OverflowError:  # a bound past the range of floats (10**400): drawn in integers
            return self._huge_target(st)

    def _huge_target(self, st: State) -> int:
        """A target near bounds too big for floats, in integer arithmetic (Python's are exact)."""
        low = None if self.low is None else math.ceil(self.low)
        high = None if self.high is None else math.floor(self.high)
        if low is not None and high is not None:
            return low + st.rng.randrange(max(high - low, 0) + 1)
        if low is not None:
            return low + st.rng.randrange(100)
        assert high is not None
        return high - st.rng.randrange(100)

    def _drawn_target(self, st: State, hint: str) -> float:
        realm = self.in_place or (_realistic.number_range(hint) if hint else None)
        lo, hi = realm if st.realistic and realm else (0, 100)
        step = self.step
        if step is not None and step is not _ONE and step > hi - lo:  # one multiple in the range
            hi = lo + float(step) * _STEPS_IN_RANGE  # ten multiples
        if self.low is None and self.high is None:
            return st.rng.uniform(lo, hi)
        if self.low is not None and self.high is not None:
            if self.low <= lo and hi <= self.high:
                return st.rng.uniform(lo, hi)
            return st.rng.uniform(self.low, self.high)
        if self.low is not None:
            return self.low + st.rng.uniform(0, max(hi - lo, 1))
        assert self.high is not None
        return self.high - st.rng.uniform(0, max(hi - lo, 1))

    def _multiple(self, target: float) -> int | float:
        assert self.step is not None
        if self.step is _ONE or self.step == 1:  # integers: the same k as the Fraction path, without one
            k = round(target)
            k = k if self.kmin is None else max(k, self.kmin)
            return k if self.kmax is None else min(k, self.kmax)
        k = round(Fraction(target) / self.step)
        if self.kmin is not None:
            k = max(k, self.kmin)
        if self.kmax is not None:
            k = min(k, self.kmax)
        exact = k * self.step
        if exact.denominator == 1:
            return int(exact)
        return float(exact)

    def _float_ok(self, value: float) -> bool:
        """Whether both validators take ``value`` as a multiple of each fractional ``multipleOf``:
        python-jsonschema divides floats (``value / m`` must come out integral), jsonschema-rs
        allows for rounding (and differs from it far from zero)."""
        for m in self.multiples:
            if isinstance(m, float) or isinstance(value, float):
                quotient = value / m
                if not math.isfinite(quotient) or int(quotient) != quotient or not rs_multiple(m)(value):
                    return False
        return True

    def _real(self, st: State, target: float) -> int | float:
        cents = st.rng.random() < 0.7
        value: int | float = round(target, 2) if cents or abs(target) < 1 else round(target)  # 0.18, not 0
        value = float(f"{target:.2g}") if abs(target) < 0.1 else value  # 0.0034, not 0.0
        if self._inside(value):
            return value
        for candidate in self._fallbacks(target):
            if self._inside(candidate):
                return candidate
        raise Retry

    def _fallbacks(self, target: float) -> list[float]:
        low, high = self.low, self.high
        if low is not None and high is not None:
            return [target, (low + high) / 2, low, high]
        if low is not None:
            return [target, low + 1, math.nextafter(low, math.inf), low]
        assert high is not None
        return [target, high - 1, math.nextafter(high, -math.inf), high]

    def _inside(self, value: float) -> bool:
        if self.low is not None and (value < self.low or (self.low_open and value == self.low)):
            return False
        return self.high is None or not (value > self.high or (self.high_open and value == self.high))


_ONE = Fraction(1)
"""The step of plain integers."""


def _inward(bound: float | None, exclusive: bool, step: int) -> float | None:
    """An integer range's exclusive integral bound made inclusive, one step in."""
    if bound is None or not exclusive or (isinstance(bound, float) and not bound.is_integer()):
        return bound
    return int(bound) + step


def _open_bounds(
    low: float | None, high: float | None, low_open: bool, high_open: bool, step: Fraction | None
) -> tuple[float | None, float | None]:
    """For a discrete range, turn exclusive bounds into inclusive ones (nudged one step in)."""
    if step is None:
        return low, high
    if low is not None and low_open and Fraction(low) % step == 0:
        low = Fraction(low) + step  # type: ignore[assignment]
    if high is not None and high_open and Fraction(high) % step == 0:
        high = Fraction(high) - step  # type: ignore[assignment]
    return low, high


def _whole(quotient: float) -> bool:
    """Whether python-jsonschema takes a division's ``quotient`` as a multiple's: finite, whole."""
    return math.isfinite(quotient) and int(quotient) == quotient
