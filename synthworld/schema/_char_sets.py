"""Sets of characters as the pattern readings of `_no_string` and `_alphabet` keep them: a set,
or its complement."""

from __future__ import annotations

from re import _constants as c  # type: ignore[attr-defined]
from typing import Any

__all__ = ["Firsts", "Unread", "char_class", "union"]

_MOST_CHARACTERS = 4096
"""The largest class read as its characters (a wider one proves nothing)."""


class Unread(Exception):
    """A construct whose first characters this does not read."""


Firsts = tuple[frozenset[int], bool]
"""Characters, and whether the set is their complement."""


def char_class(entries: list[tuple[Any, Any]]) -> Firsts:
    negated = bool(entries) and entries[0][0] is c.NEGATE
    chars: set[int] = set()
    for op, av in entries[1:] if negated else entries:
        if op is c.LITERAL:
            chars.add(av)
        elif op is c.RANGE and av[1] - av[0] < _MOST_CHARACTERS:
            chars.update(range(av[0], av[1] + 1))
        else:
            raise Unread  # a category, a wide range
    return frozenset(chars), negated


def union(a: Firsts, b: Firsts) -> Firsts:
    (mine, mine_not), (theirs, theirs_not) = a, b
    if mine_not and theirs_not:
        return mine & theirs, True
    if mine_not:
        return mine - theirs, True
    if theirs_not:
        return theirs - mine, True
    return mine | theirs, False
