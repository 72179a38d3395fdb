"""Tables of fills by a field's name, shared by the word, code and identifier modules.

A table is a tuple of rows tried in order, the first whose pattern ``search``es the field's
snake_case name winning: ``(pattern, fill)`` for a name alone (`named`, `by_name`), or ``(pattern,
parent names, fill)`` for a name inside the objects so named (`parented`, `in_parent`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable

from synthworld.schema._draw import choice
from synthworld.schema._nodes import State

__all__ = ["Fill", "Named", "Parented", "by_name", "in_parent", "named", "parented", "pool"]

Fill = Callable[[State], str]
"""Draws a field's text from the call's state."""
Named = tuple[tuple[re.Pattern[str], Fill], ...]
Parented = tuple[tuple[re.Pattern[str], Collection[str], Fill], ...]


def pool(*values: str) -> Fill:
    """A fill drawing one of ``values``."""
    return lambda st: choice(st.rng, values)


def named(rows: Iterable[tuple[str, Fill]]) -> Named:
    """The table of ``(regex, fill)`` rows, compiled."""
    return tuple((re.compile(rx), fill) for rx, fill in rows)


def parented(rows: Iterable[tuple[str, Collection[str], Fill]]) -> Parented:
    """The table of ``(regex, parent names, fill)`` rows, compiled."""
    return tuple((re.compile(rx), parents, fill) for rx, parents, fill in rows)


def by_name(table: Named, name: str) -> Fill | None:
    """The fill of the first row of ``table`` whose pattern the snake_case ``name`` matches."""
    for rx, fill in table:
        if rx.search(name):
            return fill
    return None


def in_parent(table: Parented, name: str, parents: tuple[str, ...]) -> Fill | None:
    """The fill of the first row of ``table`` matching ``name`` inside one of the three nearest
    of ``parents`` (the names of the objects holding the field, nearest first)."""
    near = parents[:3]
    for rx, kinds, fill in table:
        if rx.search(name) and any(p in kinds for p in near):
            return fill
    return None
