"""Strings of a pattern at a chosen length: the pattern's language intersected with a string's
length bounds, built, not searched for.

`_regex.compile_pattern` draws each repeat's count freely, and a ``minLength``/``maxLength`` the
draws rarely hit (AWS IoT's ``certificateId``: ``(0x)?[a-fA-F0-9]+`` of exactly 64 characters)
failed most seeds. Here the length is drawn first and shared out down the parse tree: each part
gets a length within its own shortest and longest (a sequence's parts in turn, a repeat's count
and then each copy, an alternative that can have that length). A pattern that is not anchored
at an end matches inside a longer text (``^arn:aws:gamesparks:`` with ``minLength: 20``): its
match is padded on that side. Back-references have no length of their own: such patterns are
left to the free draws (`sized_pattern` is None).
"""

from __future__ import annotations

import string
from collections.abc import Callable, Iterator
from functools import lru_cache
from random import Random
from typing import Any

from synthworld.schema._draw import below, choice
from synthworld.schema._regex import _ATOMIC, _CATEGORIES, _PRINTABLE, _REPEATS, _charset, _parsed, c

__all__ = ["SizedPattern", "sized_draws", "sized_pattern"]

_HUGE = 10**9
"""The longest width this reads: an open repeat's (``+``, ``*``) is as long as asked."""
_COUNTS = 64
"""How many repeat counts a draw chooses among (the smallest that can reach the length first)."""
_REDRAWS = 4
"""How many lengths a part of a sequence is tried at before the draw gives up."""
_SPAN = 32
"""How far past ``minLength`` a string built to a drawn length may go."""
_LONGEST = 100_000
"""The longest string built here (longer ones are `_regex`'s stretched draws' to make)."""
_WIDTH_ONE = frozenset({c.LITERAL, c.NOT_LITERAL, c.ANY, c.IN, c.CATEGORY})
_WIDTH_ZERO = frozenset({c.AT, c.ASSERT, c.ASSERT_NOT})

Build = Callable[[Random, int], "str | None"]


class SizedPattern:
    """``(rng, length) -> str | None``: a string of ``length`` characters containing a match of
    the pattern (None: this draw found none; another may)."""

    __slots__ = ("_build", "_head_open", "_tail_open", "high", "low")

    def __init__(self, build: Build, low: int, high: int, *, head_open: bool, tail_open: bool) -> None:
        self._build, self.low, self.high = build, low, high
        self._head_open, self._tail_open = head_open, tail_open

    def __call__(self, rng: Random, length: int) -> str | None:
        if length > _LONGEST:
            return None
        if self.low <= length <= self.high:
            text = self._build(rng, length)
            if text is not None or length == self.low:
                return text
        if length <= self.low or not (self._head_open or self._tail_open):
            return None
        size = self.low + below(rng, min(self.high, length - 1) - self.low + 1)
        match = self._build(rng, size)
        if match is None:
            return None
        pad = _padding(rng, length - size)
        return match + pad if self._tail_open else pad + match


@lru_cache(maxsize=1024)
def sized_pattern(pattern: str) -> SizedPattern | None:
    """The `SizedPattern` of ``pattern`` (its plain ECMA-262 reading), or None for a pattern with
    back-references (or one Python cannot read)."""
    try:
        items = list(_parsed(pattern)[2])
        build, low, high = _sequence(items)
    except (ValueError, _Unsized):
        return None
    head_open = not (items and items[0] == (c.AT, c.AT_BEGINNING))
    tail_open = not (items and items[-1] in ((c.AT, c.AT_END), (c.AT, c.AT_END_STRING)))
    return SizedPattern(build, low, high, head_open=head_open, tail_open=tail_open)


def sized_draws(pattern: str, low: int, high: int | None, rng: Random, tries: int) -> Iterator[str]:
    """Up to ``tries`` strings of ``pattern`` of lengths drawn from ``low`` to ``high`` (at most
    `_SPAN` past ``low``), each built to its length."""
    fitted = sized_pattern(pattern)
    if fitted is None:
        return
    top = low + _SPAN if high is None else min(low + _SPAN, high)
    for _ in range(tries):
        text = fitted(rng, low + below(rng, top - low + 1))
        if text is not None:
            yield text


class _Unsized(Exception):
    """A construct whose length this cannot tell (a back-reference)."""


def _sequence(items: list[tuple[Any, Any]]) -> tuple[Build, int, int]:
    parts = [_item(op, av) for op, av in items]
    low = sum(p[1] for p in parts)
    high = min(_HUGE, sum(p[2] for p in parts))

    def build(rng: Random, length: int) -> str | None:
        out: list[str] = []
        rest_low, rest_high = low, high
        for part, mine_low, mine_high in parts:
            rest_low -= mine_low
            rest_high = max(0, rest_high - mine_high)
            start, stop = max(mine_low, length - rest_high), min(mine_high, length - rest_low)
            if start > stop:
                return None
            for _ in range(_REDRAWS):  # a part's lengths may have gaps: ``(0x)?`` is 0 or 2 long
                size = start + below(rng, min(stop - start, _COUNTS) + 1)
                text = part(rng, size)
                if text is not None:
                    break
            else:
                return None
            out.append(text)
            length -= size
        return "".join(out)

    return build, low, high


def _item(op: Any, av: Any) -> tuple[Build, int, int]:
    if op in _WIDTH_ONE:
        chars = _chars(op, av)
        return (lambda rng, length: choice(rng, chars) if length == 1 else None), 1, 1
    if op in _WIDTH_ZERO:
        return (lambda rng, length: "" if length == 0 else None), 0, 0
    if op is c.SUBPATTERN:
        return _sequence(list(av[-1]))
    if op is _ATOMIC:
        return _sequence(list(av))
    if op is c.BRANCH:
        return _branch([_sequence(list(b)) for b in av[1]])
    if op in _REPEATS:
        return _repeat(av[0], av[1], _sequence(list(av[2])))
    raise _Unsized(op)


def _chars(op: Any, av: Any) -> str:
    if op is c.LITERAL:
        return chr(av)
    if op is c.NOT_LITERAL:
        return _PRINTABLE.replace(chr(av), "")
    if op is c.ANY:
        return string.ascii_letters + string.digits
    if op is c.IN:
        found = _charset(av)
        if not found:
            raise ValueError("empty character class")
        return found
    return _CATEGORIES[av]


def _branch(options: list[tuple[Build, int, int]]) -> tuple[Build, int, int]:
    def build(rng: Random, length: int) -> str | None:
        fitting = [o for o in options if o[1] <= length <= o[2]]
        while fitting:
            option = fitting.pop(below(rng, len(fitting)))
            text = option[0](rng, length)
            if text is not None:
                return text
        return None

    return build, min(o[1] for o in options), max(o[2] for o in options)


def _repeat(least: int, most: int, inner: tuple[Build, int, int]) -> tuple[Build, int, int]:
    part, low, high = inner
    most = min(most, _HUGE)

    def build(rng: Random, length: int) -> str | None:
        if high == 0:
            return "" if length == 0 else None
        fewest = max(least, -(-length // high))  # ceil: copies at their longest
        many = min(most, length // low) if low else most
        if fewest > many:
            return None
        count = fewest + below(rng, min(many - fewest, _COUNTS) + 1)
        sizes = [low] * count
        spare, room = length - low * count, high - low
        for i in range(count):
            if not spare:
                break
            later = (count - i - 1) * room  # what the copies after this one can still take
            least_here = max(0, spare - later)
            if least_here > min(room, spare):
                return None
            here = least_here + below(rng, min(room, spare) - least_here + 1)
            sizes[i] += here
            spare -= here
        if spare:
            return None
        texts = [part(rng, size) for size in sizes]
        return None if any(t is None for t in texts) else "".join(t for t in texts if t is not None)

    return build, least * low, min(_HUGE, most * high if high else 0)


def _padding(rng: Random, size: int) -> str:
    """``size`` seeded lowercase letters and digits (beside a match: ``arn:aws:gamesparks:k2x``)."""
    return "".join(choice(rng, _ALNUM) for _ in range(size))


_ALNUM = string.ascii_lowercase + string.digits
