"""A cheap proof that no string meets a string schema's patterns and lengths together.

The search for a value of such a schema builds long strings of one pattern and checks them against
the others (an ``allOf`` of ``^[a-z]+$`` and ``^[0-9]+$`` with ``minLength: 5000``: seconds of
draws, then a refusal). Two readings of each pattern's ECMA-262 rewrite (its parse) prove it
sooner: the lengths a pattern anchored at both ends can match (``^(foo|bar)$``: 3) against the
length bounds and each other, and the first characters of patterns anchored at the start
(``^[a-z]`` and ``^[0-9]``: none shared). Each reading is a superset of what the pattern matches;
any construct it cannot read (a class of a category, a back-reference, a flag) proves nothing.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Sequence
from functools import lru_cache
from re import _constants as c  # type: ignore[attr-defined]
from re import _parser as sre  # type: ignore[attr-defined]
from typing import Any

from synthworld.schema._alphabet import foreign_character
from synthworld.schema._char_sets import Firsts, Unread, char_class, union
from synthworld.schema._regex import _parsed

__all__ = ["no_string"]

_REPEATS = frozenset({c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT})
_FLAGS = re.IGNORECASE | re.MULTILINE | re.VERBOSE | re.DOTALL


def no_string(patterns: Sequence[str], min_length: int, max_length: int | None) -> str | None:
    """Why no string within the lengths matches every one of ``patterns`` (a clause naming the
    patterns), or None when this cannot tell."""
    parsed = [(p, items) for p in patterns if (items := _items(p)) is not None]
    widths = [(p, *_width(items), _slack(items)) for p, items in parsed if _anchored(items)]
    for pattern, low, high, slack in widths:
        if high + slack < min_length:
            return f"pattern {pattern!r} matches at most {high} characters, fewer than minLength {min_length}"
        if max_length is not None and low > max_length:
            return f"pattern {pattern!r} matches at least {low} characters, more than maxLength {max_length}"
    for pattern, low, _, _ in widths:
        for other, _, high, slack in widths:
            if low > high + slack:
                return f"pattern {pattern!r} matches at least {low} characters, {other!r} at most {high}"
    firsts = [(p, f) for p, items in parsed if (f := _leading(items)) is not None]
    for i, (pattern, mine) in enumerate(firsts):
        for other, theirs in firsts[i + 1 :]:
            if _disjoint(mine, theirs):
                return f"patterns {pattern!r} and {other!r} share no first character"
    if len(parsed) > 1:
        ends = [(p, items, _slack(items)) for p, items in parsed if _anchored(items)]
        return foreign_character(parsed, ends) if ends else None
    return None


@lru_cache(maxsize=1024)
def _items(pattern: str) -> Any:
    """The parse of ``pattern``'s ECMA-262 rewrite, or None (unreadable, or flags set); read once
    (compiles meet a pattern again and again)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            parsed = sre.parse(_parsed(pattern)[0])
    except (re.error, ValueError, RecursionError):
        return None
    return None if parsed.state.flags & _FLAGS else parsed


def _anchored(items: Any) -> bool:
    """Whether a pattern is anchored at both ends (the whole string is its match)."""
    ends = ((c.AT, c.AT_END), (c.AT, c.AT_END_STRING))
    return len(items) >= 2 and items[0] == (c.AT, c.AT_BEGINNING) and items[-1] in ends


def _width(items: Any) -> tuple[int, int]:
    """The least and most characters of a string an anchored pattern matches."""
    low, high = items.getwidth()
    return int(low), int(high)


def _slack(items: Any) -> int:
    """1 when the pattern ends in ``$``: Python's reading (python-jsonschema's, the only one
    beside the rewrite when jsonschema-rs cannot read the pattern) also takes a last newline."""
    return int(items[-1] == (c.AT, c.AT_END))


def _leading(items: Any) -> Firsts | None:
    """The characters a string matching a pattern anchored at the start can begin with (a
    superset), or None."""
    if not items or items[0] != (c.AT, c.AT_BEGINNING):
        return None
    try:
        firsts, empty = _sequence(list(items)[1:])
    except Unread:
        return None
    return None if empty else firsts


def _sequence(items: list[tuple[Any, Any]]) -> tuple[Firsts, bool]:
    """The first characters of a sequence, and whether it can match no character."""
    found: Firsts = (frozenset(), False)
    for op, av in items:
        if op is c.AT:
            if av in (c.AT_END, c.AT_END_STRING):
                raise Unread  # the string may end here
            continue  # zero width: a superset of the characters after it
        if op in (c.ASSERT, c.ASSERT_NOT):
            continue
        mine, empty = _item(op, av)
        found = union(found, mine)
        if not empty:
            return found, False
    return found, True


def _item(op: Any, av: Any) -> tuple[Firsts, bool]:
    if op is c.LITERAL:
        return (frozenset({av}), False), False
    if op is c.NOT_LITERAL:
        return (frozenset({av}), True), False
    if op is c.ANY:
        return (frozenset({ord("\n")}), True), False
    if op is c.IN:
        return char_class(av), False
    if op is c.SUBPATTERN:
        if av[1] or av[2]:
            raise Unread  # (?i:...)
        return _sequence(list(av[3]))
    if op is c.ATOMIC_GROUP:
        return _sequence(list(av))
    if op is c.BRANCH:
        found: Firsts = (frozenset(), False)
        empty = False
        for alternative in av[1]:
            mine, none = _sequence(list(alternative))
            found, empty = union(found, mine), empty or none
        return found, empty
    if op in _REPEATS:
        if av[1] == 0:
            return (frozenset(), False), True
        mine, empty = _sequence(list(av[2]))
        return mine, empty or av[0] == 0
    raise Unread


def _disjoint(a: Firsts, b: Firsts) -> bool:
    (mine, mine_not), (theirs, theirs_not) = a, b
    if mine_not and theirs_not:
        return False
    if mine_not:
        return theirs <= mine
    if theirs_not:
        return mine <= theirs
    return not mine & theirs
