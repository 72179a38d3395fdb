"""Exact shortcuts for the hottest draws of a plain ``random.Random``.

For ``random.Random`` itself, ``choice(seq)`` is ``seq[_randbelow(len(seq))]`` and ``_randbelow(n)``
draws ``getrandbits(n.bit_length())`` until the result is below ``n``. Doing that inline skips two
Python frames per draw and consumes exactly the same bits. Subclasses of ``Random`` may draw
otherwise, so they keep the library's own methods; so does every ``Random`` on a Python whose
draws an import-time self-check finds to differ.
"""

from __future__ import annotations

import string
from collections.abc import Sequence
from random import Random
from typing import Any, TypeVar

__all__ = ["below", "choice", "padding", "skip", "text"]

T = TypeVar("T")


def _bits_below(rng: Random, n: int) -> int:
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def _agrees() -> bool:
    """Whether this Python's ``randrange``/``choice`` draw exactly as :func:`_bits_below` does."""
    for seed in range(8):
        lib, ours = Random(seed), Random(seed)
        for n in (1, 2, 3, 7, 36, 52, 100, 1000, 33_696_000):
            if lib.randrange(n) != _bits_below(ours, n) or lib.choice(range(n)) != _bits_below(ours, n):
                return False
        if lib.random() != ours.random():
            return False
        for count in (1, 2, 5):
            for _ in range(count):
                lib.random()
            ours.getrandbits(64 * count)
            if lib.random() != ours.random():
                return False
    return True


_EXACT = _agrees()


def below(rng: Random, n: int) -> int:
    """``rng.randrange(n)`` for ``n > 0``, drawing the same bits."""
    if n > 0 and _EXACT and type(rng) is Random:
        k = n.bit_length()
        r = rng.getrandbits(k)
        while r >= n:
            r = rng.getrandbits(k)
        return r
    return rng.randrange(n)


def choice(rng: Random, seq: Sequence[T]) -> T:
    """``rng.choice(seq)``, drawing the same bits."""
    n = len(seq)
    if n and _EXACT and type(rng) is Random:
        k = n.bit_length()
        r = rng.getrandbits(k)
        while r >= n:
            r = rng.getrandbits(k)
        return seq[r]
    return rng.choice(seq)


def skip(rng: Random, count: int) -> None:
    """Leave ``rng`` as ``count`` calls of ``rng.random()`` would (each takes 64 bits), in one call:
    for draws whose values cannot matter (a rate of 0: no draw is below it)."""
    if _EXACT and type(rng) is Random:
        if count > 0:
            rng.getrandbits(64 * count)
        return
    for _ in range(count):
        rng.random()


def text(rng: Random, alphabet: str, size: int) -> str:
    """``"".join(rng.choice(alphabet) for _ in range(size))``, drawing the same bits."""
    n = len(alphabet)
    if not (n and _EXACT and type(rng) is Random):
        return "".join(rng.choice(alphabet) for _ in range(size))
    k, bits, out = n.bit_length(), rng.getrandbits, []
    for _ in range(size):
        r = bits(k)
        while r >= n:
            r = bits(k)
        out.append(alphabet[r])
    return "".join(out)


_LONG_PAD = 4096
"""Longer paddings repeat a seeded chunk: linear time for ``minLength: 1000000``."""


def padding(rng: Any, size: int) -> str:
    """`size` seeded lowercase letters (one draw each up to `_LONG_PAD`, then a repeated chunk)."""
    if size <= _LONG_PAD:
        return "".join(rng.choice(string.ascii_lowercase) for _ in range(size))
    chunk = "".join(rng.choice(string.ascii_lowercase) for _ in range(_LONG_PAD))
    return (chunk * (size // _LONG_PAD + 1))[:size]
