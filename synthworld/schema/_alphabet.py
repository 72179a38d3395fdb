"""A third reading for `_no_string`: a character one pattern's every match holds, which a pattern
anchored at both ends never uses (a version's ``\\.`` against ``^[a-z0-9-]+$``: stop 49's mutated
winget schema took 0.86 s of attempts and hypothesis draws to refuse). The alphabet is a superset
of the characters an anchored pattern's strings hold, the needed characters a subset of those every
match of the other holds; any construct the alphabet cannot read proves nothing."""

from __future__ import annotations

from re import _constants as _c  # type: ignore[attr-defined]
from typing import Any

from synthworld.schema._char_sets import Firsts, Unread, char_class, union

__all__ = ["foreign_character"]

_REPEATS = frozenset({_c.MAX_REPEAT, _c.MIN_REPEAT, _c.POSSESSIVE_REPEAT})


def foreign_character(parsed: list[tuple[str, Any]], anchored: list[tuple[str, Any, int]]) -> str | None:
    """Why no string matches a pattern of ``parsed`` (pattern, parse) and an ``anchored`` one
    (pattern, parse, 1 when it ends in ``$``), or None."""
    alphabets: list[tuple[str, Firsts]] = []
    for pattern, items, slack in anchored:
        try:
            chars, negated = _alphabet(list(items)[1:-1])
        except Unread:
            continue
        if slack:  # Python's reading of a final ``$`` also takes a last newline
            chars = chars - {10} if negated else chars | {10}
        alphabets.append((pattern, (chars, negated)))
    for other, items in parsed:
        needed = _needed(list(items))
        for pattern, (chars, negated) in alphabets:
            missing = sorted(n for n in needed if (n in chars) == negated)
            if missing and pattern != other:
                needs = f"pattern {other!r} needs the character {chr(missing[0])!r}"
                return f"{needs}, which {pattern!r} never matches"
    return None


def _alphabet(items: list[tuple[Any, Any]]) -> Firsts:
    """Every character a match of ``items`` may hold (a superset)."""
    found: Firsts = (frozenset(), False)
    for op, av in items:
        found = union(found, _item(op, av))
    return found


def _item(op: Any, av: Any) -> Firsts:
    if op is _c.AT or op in (_c.ASSERT, _c.ASSERT_NOT):
        return frozenset(), False  # zero width
    if op is _c.LITERAL:
        return frozenset({av}), False
    if op is _c.NOT_LITERAL:
        return frozenset({av}), True
    if op is _c.ANY:
        return frozenset({10}), True
    if op is _c.IN:
        return char_class(av)
    if op is _c.SUBPATTERN:
        if av[1] or av[2]:
            raise Unread  # (?i:...)
        return _alphabet(list(av[3]))
    if op is _c.ATOMIC_GROUP:
        return _alphabet(list(av))
    if op is _c.BRANCH:
        return _alphabet([(_c.SUBPATTERN, (None, 0, 0, alt)) for alt in av[1]])
    if op in _REPEATS:
        return _alphabet(list(av[2]))
    raise Unread


def _needed(items: list[tuple[Any, Any]]) -> frozenset[int]:
    """Characters every match of ``items`` holds (a subset)."""
    out: set[int] = set()
    for op, av in items:
        if op is _c.LITERAL:
            out.add(av)
        elif op is _c.IN and len(av) == 1 and av[0][0] is _c.LITERAL:
            out.add(av[0][1])
        elif op is _c.SUBPATTERN and not (av[1] or av[2]):
            out |= _needed(list(av[3]))
        elif op in _REPEATS and av[0] >= 1:
            out |= _needed(list(av[2]))
        elif op is _c.BRANCH and av[1]:
            common = _needed(list(av[1][0]))
            for alternative in av[1][1:]:
                common &= _needed(list(alternative))
            out |= common
    return frozenset(out)
