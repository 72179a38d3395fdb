"""Numbers that must fail a negated ``multipleOf`` (``not: {multipleOf: 1e-05}``), moved off its
multiples by the number node in the last resort, where drawing and checking found none: a drawn
number of a few decimals (``-37.25``) is a multiple of ``1e-05``, and the ``not`` refused each.

A number is off a multiple only when both validators say so (python-jsonschema divides floats,
jsonschema-rs allows for rounding): half a step away is, for both, far from zero.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from synthworld.schema._multiples import py_multiple, rs_multiple
from synthworld.schema.keywords import ANNOTATIONS

__all__ = ["avoided_multiples", "off_multiples"]

_MOVES = 8
"""How many moves `off_multiples` tries from the value drawn, each way."""


def avoided_multiples(nots: Iterable[Any]) -> tuple[float, ...]:
    """The ``multipleOf`` of each ``not`` subschema of ``nots`` that says nothing else."""
    found: list[float] = []
    for neg in nots:
        if isinstance(neg, dict) and {w for w in neg if w not in ANNOTATIONS} == {"multipleOf"}:
            step = neg["multipleOf"]
            if isinstance(step, (int, float)) and not isinstance(step, bool) and step > 0:
                found.append(step)
    return tuple(found)


def off_multiples(
    value: float, avoid: Sequence[float], move: Callable[[int], float], ok: Callable[[float], bool]
) -> float:
    """``value``, or the nearest of ``move(n)`` for ``n`` from 1 to `_MOVES`, then -1 to -`_MOVES`
    each in turn (``value`` moved ``n`` steps), that is ``ok`` (within the bounds) and a multiple
    of none of ``avoid`` to either validator; ``value`` when none is (the ``not`` then refuses it,
    as before)."""
    if not _on_any(value, avoid):
        return value
    for n in range(1, _MOVES + 1):
        for candidate in (move(n), move(-n)):
            if ok(candidate) and not _on_any(candidate, avoid):
                return candidate
    return value


def _on_any(value: float, avoid: Sequence[float]) -> bool:
    """Whether either validator takes ``value`` as a multiple of one of ``avoid``."""
    return any(py_multiple(m)(value) or rs_multiple(m)(value) for m in avoid)
