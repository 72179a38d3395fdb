"""Small constraint markers for ``Annotated`` (read by synthworld's type-to-schema conversion)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

__all__ = ["Bounds", "Count", "Length", "Money"]


@dataclass(frozen=True)
class Bounds:
    """Numeric bounds in the ``annotated_types`` spelling (``ge``, ``le``, ``multiple_of``)."""

    ge: float | None = None
    le: float | None = None
    multiple_of: float | None = None


@dataclass(frozen=True)
class Length:
    """Length bounds in the ``annotated_types`` spelling (items of an array, characters of a string)."""

    min_length: int | None = None
    max_length: int | None = None


Money = Annotated[float, Bounds(ge=1, le=2000, multiple_of=0.01), "An amount in the order's currency."]
Count = Annotated[int, Bounds(ge=1, le=20)]
