"""Realistic strings for fields with a pattern: the value the field's name asks for, when the
pattern takes it.

The walk of a pattern builds any of its matches, with no idea of what they mean: ``^\\S+@\\S+$`` on
an ``email`` answers ``G@_``, ``^https://.*$`` on a ``url`` answers ``https://``, ``^.*$`` on a
``description`` the empty string. In realistic mode a string with a pattern first tries the
realistic value of its property's name when the name says what it holds (``email``, ``url``,
``country_code``: not a plain word), or whatever the name when any text may follow a match (no
``$`` at the end: ``\\S`` on ``title``) or the pattern takes any text (``^[\\s\\S]*$`` on
``type``); then that value spelled otherwise (`kind_spellings`: a digit id for ``^[0-9]+$`` on
``AccountId``); and a pattern that builds one fixed text and lets text
follow continues it (``^arn:aws:iam::`` -> ``arn:aws:iam::k3jq0x9ab2``, not the bare prefix for
every seed); a URL whose pattern wants another scheme keeps the realistic host and path
(``^s3://.+$`` on ``log_uri``: ``s3://example.org/posts``) and a file's extension the draw has
(``https://example.org/posts.svg``), and a field whose name says what it holds draws again when
its draw is empty (an optional group: ``^(https?://.+\\.svg)?$``). A pattern that builds one fixed
text and lets text lead it is led by a head (`headed`: ``@example\\.com$`` -> ``amy78@example.com``,
with a format too). The node checks every candidate
against the pattern and the lengths; one that fails leaves the pattern's own draw to answer.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterator
from functools import lru_cache
from random import Random
from typing import Any

from synthworld.schema import _draw, _realistic
from synthworld.schema._kind_spellings import SEPARATORS, kind_spellings
from synthworld.schema._named_strings import names_an_id
from synthworld.schema._regex import _parsed, c, literal_prefix

_ENDS = ((c.AT, c.AT_END), (c.AT, c.AT_END_STRING))
_TOKEN = string.ascii_lowercase + string.digits
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*")
_PROBES = ("Kid lose lose", "k3j_Q-9.x@/:%#")
EMPTIES = 4
"""Empty draws a field whose name says what it holds draws again (``^(https://.+)?$``)."""
_EXTENSION = re.compile(r"\.[A-Za-z0-9]{1,5}$")


class PatternRealism:
    """Realistic candidates for the strings of one pattern (`of`), checked by the node."""

    def __init__(self, source: str, open_ended: bool, fixed: str | None, suffix: str) -> None:
        self.source = source
        self.open_ended = open_ended
        """Any text may follow a match (no ``$`` at its end), or the pattern takes any text."""
        self.fixed = fixed
        """The one text an open-ended pattern builds (``^arn:aws:`` -> ``arn:aws:``), or None."""
        self.suffix = suffix
        """The literal text a match ends with (``/\\.well-known/x$`` -> ``/.well-known/x``), or ''."""

    @staticmethod
    def of(source: str | None) -> PatternRealism | None:
        """The candidates' maker for ``source``, or None without one."""
        return None if source is None else PatternRealism(source, *_shape(source))

    def wants(self, hint: str, named: bool) -> bool:
        """Whether the property called ``hint`` tries its realistic value: a ``named`` one (a name
        that says what it holds: ``email``, ``country_code``), any name on an open-ended pattern."""
        return bool(hint) and (named or self.open_ended)

    def candidates(
        self, rng: Random, locale: str, realistic: str | None, room: int | None, hint: str = ""
    ) -> Iterator[str]:
        """The ``realistic`` value (when `wants`) of the property called ``hint``, its spellings as
        an identifier and by its kind (`kind_spellings`); then an open-ended pattern's fixed text
        continued, cut to ``room`` characters (``maxLength``)."""
        if realistic is not None:
            yield realistic
            if "://" not in realistic:  # a URL spelled as a name is no URL: its origin is
                yield from _spellings(realistic)
            ident = names_an_id(hint)
            prefix = literal_prefix(self.source) if ident else ""
            yield from kind_spellings(realistic, prefix, self.suffix, ident, room)
        if self.fixed is not None and (room is None or room > len(self.fixed)):
            yield (self.fixed + _tail(rng, locale, self.fixed))[:room]


def grafted(drawn: str, realistic: str) -> Iterator[str]:
    """URLs of the pattern's own scheme with the realistic URL's host and path (``s3://H/6Y1``
    and ``https://example.org/posts`` -> ``s3://example.org/posts``), then with the drawn file's
    extension (``https://li.svg`` -> ``https://example.org/posts.svg``); none unless both are URLs."""
    scheme, sep, path = drawn.partition("://")
    _, other, rest = realistic.partition("://")
    if sep and other and _SCHEME.fullmatch(scheme):
        yield f"{scheme}://{rest}"
        extension = _EXTENSION.search(path)
        if extension is not None:
            yield f"{scheme}://{rest.rstrip('/')}{extension.group()}"


def _spellings(text: str) -> Iterator[str]:
    """``text`` as an identifier would spell it, for a pattern that takes no spaces or
    punctuation: ``Linda Smith`` -> ``linda_smith``, ``linda-smith``, ``LindaSmith``."""
    words = SEPARATORS.split(text)
    if len(words) > 1 and all(words):
        lower = [word.lower() for word in words]
        yield from ("_".join(lower), "-".join(lower), "".join(word[:1].upper() + word[1:] for word in lower))


@lru_cache(maxsize=1024)
def _shape(pattern: str) -> tuple[bool, str | None, str]:
    """Whether any text may follow a match of ``pattern`` (no ``$`` or ``\\Z`` last, or it takes
    any text; False for an unreadable one), the literal text it alone builds (or None) and the one
    its matches end with."""
    try:
        items = _parsed(pattern)[2]  # the parse the walk builds from, read once a pattern
    except (re.error, ValueError, OverflowError, RecursionError):
        return False, None, ""
    if items and items[-1] in _ENDS:
        return _takes_any(pattern), None, _suffix(items[:-1])
    body = items[1:] if items and items[0] == (c.AT, c.AT_BEGINNING) else items
    if body and all(op is c.LITERAL for op, _ in body):
        return True, "".join(chr(av) for _, av in body), ""
    return True, None, _suffix(items)


@lru_cache(maxsize=1024)
def led_text(pattern: str) -> str | None:
    """The one text ``pattern`` builds when it ends in ``$`` but not at its start, so any text may
    lead it (``@example\\.com$`` -> ``@example.com``, ``_id$`` -> ``_id``); None for any other
    pattern or an unreadable one."""
    try:
        items = _parsed(pattern)[2]
    except (re.error, ValueError, OverflowError, RecursionError):
        return None
    if len(items) < 2 or items[-1] not in _ENDS or not all(op is c.LITERAL for op, _ in items[:-1]):
        return None
    return "".join(chr(av) for _, av in items[:-1])


def headed(rng: Random, locale: str, led: str, room: int | None) -> str:
    """``led`` (`led_text`) after a head, the last ``room`` characters of it: an email's local
    part before an ``@`` (``amy78@example.com``), a word before anything else (``sound.pdf``,
    ``poor_id``): not the bare suffix for every seed (a ``uniqueItems`` array of them has one)."""
    if led.startswith("@"):
        head = _realistic.pick(rng, locale, "email").partition("@")[0]
    else:
        head = _realistic.pick(rng, locale, "word")
    text = head + led
    return text if room is None else text[max(0, len(text) - room) :]


def _takes_any(pattern: str) -> bool:
    """Whether ``pattern`` takes any text, as ``^[\\s\\S]*$`` and ``^(?!\\s*$).+$`` do: a
    sentence and an identifier's punctuation alike."""
    try:
        found = re.compile(_parsed(pattern)[0])
    except (re.error, ValueError, OverflowError, RecursionError):
        return False
    return all(found.search(probe) for probe in _PROBES)


def _suffix(items: list[tuple[Any, Any]]) -> str:
    """The literal characters at the end of a parse (before its ``$``)."""
    last = []
    for op, av in reversed(items):
        if op is not c.LITERAL:
            break
        last.append(chr(av))
    return "".join(reversed(last))


def _tail(rng: Random, locale: str, fixed: str) -> str:
    """What follows a fixed text: a URL's host and path after a scheme (``s3://``), digits after a
    letter or digit (``v`` -> ``v204``), else a token (``usr_`` -> ``usr_k3jq0x9ab2``)."""
    if fixed.endswith("://"):
        return _realistic.pick(rng, locale, "url").partition("://")[2]
    if fixed[-1:].isalnum():
        return _draw.text(rng, string.digits, 1 + _draw.below(rng, 4))
    return _draw.text(rng, _TOKEN, 10)
