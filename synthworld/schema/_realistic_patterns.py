"""Realistic strings for fields with a pattern: the value the field's name asks for, when the
pattern takes it.

The walk of a pattern builds any of its matches, with no idea of what they mean: ``^\\S+@\\S+$`` on
an ``email`` answers ``G@_``, ``^https://.*$`` on a ``url`` answers ``https://``, ``^.*$`` on a
``description`` the empty string. In realistic mode a string with a pattern first tries the
realistic value of its property's name when the name says what it holds (``email``, ``url``,
``country_code``: not a plain word), or whatever the name when any text may follow a match (no
``$`` at the end: ``\\S`` on ``title``); and a pattern that builds one fixed text and lets text
follow continues it (``^arn:aws:iam::`` -> ``arn:aws:iam::k3jq0x9ab2``, not the bare prefix for
every seed); a URL whose pattern wants another scheme keeps the realistic host and path
(``^s3://.+$`` on ``log_uri``: ``s3://example.org/posts``). The node checks every candidate
against the pattern and the lengths; one that fails leaves the pattern's own draw to answer.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterator
from functools import lru_cache
from random import Random

from synthworld.schema import _draw, _realistic
from synthworld.schema._regex import _parsed, c

_ENDS = ((c.AT, c.AT_END), (c.AT, c.AT_END_STRING))
_TOKEN = string.ascii_lowercase + string.digits
_SEPARATORS = re.compile(r"[^A-Za-z0-9]+")
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*")


class PatternRealism:
    """Realistic candidates for the strings of one pattern (`of`), checked by the node."""

    def __init__(self, open_ended: bool, fixed: str | None) -> None:
        self.open_ended = open_ended
        """Any text may follow a match (no ``$`` at its end)."""
        self.fixed = fixed
        """The one text an open-ended pattern builds (``^arn:aws:`` -> ``arn:aws:``), or None."""

    @staticmethod
    def of(source: str | None) -> PatternRealism | None:
        """The candidates' maker for ``source``, or None without one."""
        return None if source is None else PatternRealism(*_shape(source))

    def wants(self, hint: str, named: bool) -> bool:
        """Whether the property called ``hint`` tries its realistic value: a ``named`` one (a name
        that says what it holds: ``email``, ``country_code``), any name on an open-ended pattern."""
        return bool(hint) and (named or self.open_ended)

    def candidates(self, rng: Random, locale: str, realistic: str | None, room: int | None) -> Iterator[str]:
        """The ``realistic`` value (when `wants`) and its spellings as an identifier; then an
        open-ended pattern's fixed text continued, cut to ``room`` characters (``maxLength``)."""
        if realistic is not None:
            yield realistic
            yield from _spellings(realistic)
        if self.fixed is not None and (room is None or room > len(self.fixed)):
            yield (self.fixed + _tail(rng, locale, self.fixed))[:room]


def grafted(drawn: str, realistic: str) -> str | None:
    """A URL of the pattern's own scheme with the realistic URL's host and path (``s3://H/6Y1``
    and ``https://example.org/posts`` -> ``s3://example.org/posts``), or None unless both are."""
    scheme, sep, _ = drawn.partition("://")
    _, other, rest = realistic.partition("://")
    return f"{scheme}://{rest}" if sep and other and _SCHEME.fullmatch(scheme) else None


def _spellings(text: str) -> Iterator[str]:
    """``text`` as an identifier would spell it, for a pattern that takes no spaces or
    punctuation: ``Linda Smith`` -> ``linda_smith``, ``linda-smith``, ``LindaSmith``."""
    words = _SEPARATORS.split(text)
    if len(words) > 1 and all(words):
        lower = [word.lower() for word in words]
        yield from ("_".join(lower), "-".join(lower), "".join(word[:1].upper() + word[1:] for word in lower))


@lru_cache(maxsize=1024)
def _shape(pattern: str) -> tuple[bool, str | None]:
    """Whether any text may follow a match of ``pattern`` (no ``$`` or ``\\Z`` last; False for an
    unreadable one), and the literal text it alone builds (or None)."""
    try:
        items = _parsed(pattern)[2]  # the parse the walk builds from, read once a pattern
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
