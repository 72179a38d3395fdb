"""Realistic strings for patterns a match of which any text may follow (no ``$`` at the end).

The walk of such a pattern builds its shortest match: ``^https://`` answers ``https://`` and
``^arn:aws:iam::`` answers ``arn:aws:iam::`` for every seed, and ``\\S`` a single character. What a
real value of such a field looks like is the whole text the pattern only starts: a URL, an ARN.
So, in realistic mode, a string of an open-ended pattern first tries the realistic value of its
property's name (``url`` -> ``https://example.org/posts``), and a pattern that builds one fixed text
continues it (``arn:aws:iam::`` -> ``arn:aws:iam::k3jq0x9ab2``). The node checks every candidate
against the pattern and the lengths; one that fails leaves the pattern's own draw to answer.
"""

from __future__ import annotations

import re
import string
import warnings
from collections.abc import Callable, Iterator
from functools import lru_cache
from random import Random

from synthworld.schema import _draw, _realistic
from synthworld.schema._ecma import translate
from synthworld.schema._regex import c, sre

_ENDS = ((c.AT, c.AT_END), (c.AT, c.AT_END_STRING))
_TOKEN = string.ascii_lowercase + string.digits


class OpenPattern:
    """What continues the matches of one open-ended pattern (`of` says which patterns are)."""

    def __init__(self, fixed: str | None) -> None:
        self.fixed = fixed
        """The one text the pattern builds (``^arn:aws:`` -> ``arn:aws:``), or None."""

    @staticmethod
    def of(source: str | None) -> OpenPattern | None:
        """The continuation of ``source``, or None when its matches end the string (or it cannot
        be read)."""
        if source is None:
            return None
        is_open, fixed = _shape(source)
        return OpenPattern(fixed) if is_open else None

    def candidates(
        self, rng: Random, locale: str, hint: str, realistic: Callable[[], str], room: int | None
    ) -> Iterator[str]:
        """The property's realistic value (when it has a name), then the fixed text continued,
        cut to ``room`` characters (``maxLength``) when the continuation is longer."""
        if hint:
            yield realistic()
        if self.fixed is not None and (room is None or room > len(self.fixed)):
            yield (self.fixed + _tail(rng, locale, self.fixed))[:room]


@lru_cache(maxsize=1024)
def _shape(pattern: str) -> tuple[bool, str | None]:
    """Whether any text may follow a match of ``pattern`` (no ``$`` or ``\\Z`` last; False for an
    unreadable one), and the literal text it alone builds (or None)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # FutureWarning on '[[' and friends
            items = list(sre.parse(translate(pattern)))
    except (re.error, ValueError, OverflowError, RecursionError):
        return False, None
    if items and items[-1] in _ENDS:
        return False, None
    body = items[1:] if items and items[0] == (c.AT, c.AT_BEGINNING) else items
    if body and all(op is c.LITERAL for op, _ in body):
        return True, "".join(chr(av) for _, av in body)
    return True, None


def _tail(rng: Random, locale: str, fixed: str) -> str:
    """What follows a fixed text: a URL's host and path after a scheme (``s3://``), digits after a
    letter or digit (``v`` -> ``v204``), else a token (``usr_`` -> ``usr_k3jq0x9ab2``)."""
    if fixed.endswith("://"):
        return _realistic.pick(rng, locale, "url").partition("://")[2]
    if fixed[-1:].isalnum():
        return _draw.text(rng, string.digits, 1 + _draw.below(rng, 4))
    return _draw.text(rng, _TOKEN, 10)
