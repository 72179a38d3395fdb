"""Tables of fills by a field's name, shared by the word, code and identifier modules.

A table is a tuple of rows tried in order, the first whose pattern ``search``es the field's
snake_case name winning: ``(pattern, fill)`` for a name alone (`named`, `by_name`), or ``(pattern,
parent names, fill)`` for a name inside the objects so named (`parented`, `in_parent`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable
from typing import Any

from synthworld.schema._draw import choice
from synthworld.schema._nodes import State

try:  # the regex parser: re._parser from Python 3.11, sre_parse before
    from re import _constants, _parser  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - Python 3.10
    import sre_constants as _constants  # type: ignore[no-redef]
    import sre_parse as _parser  # type: ignore[no-redef]

_REPEATS = tuple(
    getattr(_constants, name)
    for name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT")
    if hasattr(_constants, name)
)

__all__ = ["Fill", "Named", "Parented", "by_name", "in_parent", "named", "parented", "pool"]

Fill = Callable[[State], str]
"""Draws a field's text from the call's state."""
Named = tuple[re.Pattern[str] | None, tuple[tuple[re.Pattern[str], Fill], ...]]
"""Rows, with a pattern of the literal text one of which every match of a row holds (None when a
row has none to give): most names match no row, and a search for the literals alone says so in
a tenth of the time the rows take."""
Parented = tuple[re.Pattern[str], tuple[tuple[re.Pattern[str], Collection[str], Fill], ...]]
"""Rows, with one pattern that any row's matches: most names match none, and that one pattern
says so in a tenth of the time the rows take (an alternation of the ``named`` tables is no quicker
than their rows: they are longer and less anchored)."""


def pool(*values: str) -> Fill:
    """A fill drawing one of ``values``."""
    return lambda st: choice(st.rng, values)


def named(rows: Iterable[tuple[str, Fill]]) -> Named:
    """The table of ``(regex, fill)`` rows, compiled."""
    compiled = tuple((re.compile(rx), fill) for rx, fill in rows)
    needed = [_needed(rx) for rx, _ in compiled]
    if any(texts is None for texts in needed):
        return None, compiled
    texts = sorted({text for each in needed if each is not None for text in each}, key=len, reverse=True)
    return re.compile("|".join(map(re.escape, texts))), compiled


def parented(rows: Iterable[tuple[str, Collection[str], Fill]]) -> Parented:
    """The table of ``(regex, parent names, fill)`` rows, compiled."""
    compiled = tuple((re.compile(rx), parents, fill) for rx, parents, fill in rows)
    return re.compile("|".join(f"(?:{rx.pattern})" for rx, _, _ in compiled)), compiled


def by_name(table: Named, name: str) -> Fill | None:
    """The fill of the first row of ``table`` whose pattern the snake_case ``name`` matches."""
    needed, rows = table
    if needed is not None and needed.search(name) is None:
        return None
    for rx, fill in rows:
        if rx.search(name):
            return fill
    return None


def in_parent(table: Parented, name: str, parents: tuple[str, ...]) -> Fill | None:
    """The fill of the first row of ``table`` matching ``name`` inside one of the three nearest
    of ``parents`` (the names of the objects holding the field, nearest first)."""
    any_row, rows = table
    if any_row.search(name) is None:
        return None
    near = parents[:3]
    for rx, kinds, fill in rows:
        if rx.search(name) and any(p in kinds for p in near):
            return fill
    return None


def _needed(rx: re.Pattern[str]) -> set[str] | None:
    """Texts one of which every match of `rx` holds, or None when some match may hold none (or
    case is ignored)."""
    if rx.flags & re.IGNORECASE:
        return None
    try:
        return _needed_in(_parser.parse(rx.pattern, rx.flags))
    except Exception:  # a parser of another Python that reads it otherwise: no shortcut
        return None


def _needed_in(items: Any) -> set[str] | None:
    """`_needed` of a parsed sequence: each of its parts is in every match, so the texts of any one
    part that has some do (the part whose shortest text is longest is taken); a run of literal
    characters is one text, a branch needs one of its alternatives' texts, a group its
    sequence's, a repeat of at least once its body's."""
    found: list[set[str]] = []
    run = ""
    for op, arg in items:
        if op is _constants.LITERAL:
            run += chr(arg)
            continue
        if run:
            found.append({run})
            run = ""
        part: set[str] | None = None
        if op is _constants.SUBPATTERN:
            add_flags = arg[1]
            part = None if add_flags & re.IGNORECASE else _needed_in(arg[3])
        elif op is _constants.BRANCH:
            alternatives = [_needed_in(alternative) for alternative in arg[1]]
            if all(texts is not None for texts in alternatives):
                part = set().union(*(texts for texts in alternatives if texts is not None))
        elif op in _REPEATS:
            part = _needed_in(arg[2]) if arg[0] >= 1 else None
        if part:
            found.append(part)
    if run:
        found.append({run})
    return max(found, key=lambda texts: min(map(len, texts))) if found else None
