"""Other spellings of a realistic value, by what it is, for a pattern that refuses it as made.

Each is made from the value alone (no draw: a field the pattern takes none of keeps its draws): a
URL's origin (``^(https://)?[a-z0-9.-]+$``: ``https://example.org``), or the origin followed by
the pattern's literal end (``https://example.org/.well-known/openid-configuration``); a time
without its zone, its date or its clock time alone or in Unix seconds (``^\\d{4}-\\d{2}-\\d{2}$``,
``^[0-9]+$`` on ``createdAt``); a phone number's digits (E.164: ``+7183869718``); a value in
capitals (``^[A-Z_]+$``: ``ACTIVE``); an identifier's token alone, in capitals, in hex or as digits,
after the pattern's literal prefix (``^vol-[0-9a-f]+$``: ``vol-3ab0e3f8c1``; ``^[0-9]+$`` on
``AccountId``: ``3409380911``; ``^[0-9]{1,9}$``: ``340938091``).
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator

SEPARATORS = re.compile(r"[^A-Za-z0-9]+")
"""What separates the words of a name or value (spaces, dashes, underscores, dots)."""
_PHONE = re.compile(r"\+?[\d\s().-]{7,}")
_HEX = "0123456789abcdef"
_ALNUM = "0123456789abcdefghijklmnopqrstuvwxyz"
_DIGIT_SIZES = (10, 12, 16, 9, 8, 6)
"""Lengths of a digit identifier, most usual first (10; AWS accounts 12; Facebook apps 16)."""


def kind_spellings(value: str, prefix: str, suffix: str, ident: bool, room: int | None) -> Iterator[str]:
    """The other spellings of ``value`` (``ident``: an identifier's), ``prefix`` and ``suffix``
    the literal texts a match of the pattern starts and ends with, ``room`` its maxLength (None:
    unbounded)."""
    if "://" in value:
        scheme, _, rest = value.partition("://")
        origin = f"{scheme}://{rest.partition('/')[0]}"
        yield origin
        if suffix:  # ^.+/\.well-known/openid-configuration$, .+\.snowflakecomputing\.com
            yield from (origin + suffix, value + suffix)
        return
    if value.upper() != value:  # ACTIVE, LINDA_SMITH
        yield value.upper()
        yield "_".join(word for word in SEPARATORS.split(value.upper()) if word)
    yield from _times(value)
    if _PHONE.fullmatch(value):
        digits = re.sub(r"\D", "", value).removeprefix("00")
        yield from (f"+{digits}", digits)
    if ident:
        yield from _ident_spellings(value.rpartition("_")[2], prefix, room)


def _times(value: str) -> Iterator[str]:
    """An ISO date-time as the patterns of times spell it: without zone, date, clock, Unix seconds."""
    try:
        moment = datetime.datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return
    if moment.tzinfo is None or len(value) < 19:
        return
    yield moment.strftime("%Y-%m-%dT%H:%M:%S")
    yield moment.strftime("%Y-%m-%d")
    yield moment.strftime("%H:%M:%S")
    yield moment.strftime("%H:%M")
    yield str(int(moment.timestamp()))


def _ident_spellings(token: str, prefix: str, room: int | None) -> Iterator[str]:
    """``token`` (lowercase letters and digits) alone, from its first letter (``^[a-z]\\w*$``), in
    capitals, in hex, longer or shorter, and as digits, each also after ``prefix``; the lengths the
    usual ones of a digit id and ``room``."""
    if not (token.isascii() and token.isalnum()):
        return
    values = [int(ch, 36) for ch in token]
    digits = "".join(str(v % 10) for v in values) + "".join(str(v * 7 % 10) for v in reversed(values))
    digits = str(values[0] % 9 + 1) + digits[1:]  # no leading zero: ^[1-9][0-9]*$
    sizes = [*_DIGIT_SIZES, *([room] if room and room not in _DIGIT_SIZES else [])]
    letter = next((at for at, ch in enumerate(token) if ch.isalpha()), 0)
    longer = token + "".join(_ALNUM[v * 7 % 36] for v in reversed(values))  # ^ku-[a-z0-9]{12}$
    forms = [token, token[letter:] + token[:letter], token.upper(), "".join(_HEX[v % 16] for v in values)]
    forms += [longer[:size] for size in sizes if size != len(token) and size <= len(longer)]
    forms += [digits[:size] for size in sizes if size <= len(digits)]
    for form in forms:
        yield form
        if prefix and not form.startswith(prefix):
            yield prefix + form
