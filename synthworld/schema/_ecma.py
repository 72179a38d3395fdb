"""ECMA-262 patterns (JSON Schema's regex flavour) rewritten for Python's ``re``.

``\\d``, ``\\w`` and their negations become ASCII sets, as ECMA-262 reads them. Unicode property
escapes (``\\p{L}``, ``\\P{N}``, ``\\p{Punctuation}``...), which ``re`` cannot read, become the
members of the category among the first 880 code points (ASCII, Latin-1, Latin Extended, IPA,
combining marks): an under-approximation where the pattern asks for the category, an
over-approximation (every later code point counted in) inside a negated class, so a string the
rewritten pattern accepts is always one the original accepts. Named groups and back references
take Python's spelling; a look-behind of several widths, several look-behinds of one width each
(`fixed_width_lookbehinds`). Strings are built from a plainer rewrite (a property's printable ASCII
members only) and checked with the faithful one.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from synthworld.schema._lookbehind import fixed_width_lookbehinds

__all__ = ["translate"]

_WINDOW = 0x370
"""Code points below this are placed in their Unicode category; the rest are left out of a set
(or, in a negated class, counted in)."""
_BEYOND = f"\\u{_WINDOW:04x}-\\U0010ffff"
_CLASSES = {"d": "0-9", "w": "a-zA-Z0-9_"}
"""ECMA-262 class escapes, as ranges (the upper-case escape is their complement)."""
_NAMES = {
    "Letter": "L", "Cased_Letter": "LC", "Uppercase_Letter": "Lu", "Lowercase_Letter": "Ll",
    "Titlecase_Letter": "Lt", "Modifier_Letter": "Lm", "Other_Letter": "Lo", "Mark": "M",
    "Nonspacing_Mark": "Mn", "Spacing_Mark": "Mc", "Enclosing_Mark": "Me", "Number": "N",
    "Decimal_Number": "Nd", "digit": "Nd", "Letter_Number": "Nl", "Other_Number": "No",
    "Punctuation": "P", "punct": "P", "Connector_Punctuation": "Pc", "Dash_Punctuation": "Pd",
    "Open_Punctuation": "Ps", "Close_Punctuation": "Pe", "Initial_Punctuation": "Pi",
    "Final_Punctuation": "Pf", "Other_Punctuation": "Po", "Symbol": "S", "Math_Symbol": "Sm",
    "Currency_Symbol": "Sc", "Modifier_Symbol": "Sk", "Other_Symbol": "So", "Separator": "Z",
    "Space_Separator": "Zs", "Line_Separator": "Zl", "Paragraph_Separator": "Zp", "Other": "C",
    "Control": "Cc", "cntrl": "Cc", "Format": "Cf", "Unassigned": "Cn", "Private_Use": "Co",
    "Surrogate": "Cs",
}  # fmt: skip
_ESCAPE = re.compile(r"\\(?:([dDwW])|([pP])\{(?:(?:General_Category|gc)=)?(\w+)\})")


def _pair(escape: re.Match[str]) -> str:
    """A surrogate pair written as two ``\\u`` escapes (``\\uD800\\uDC00``), as the one code point."""
    high, low = int(escape.group(2), 16), int(escape.group(3), 16)
    return f"{escape.group(1)}\\U{0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00):08x}"


_ECMA = (
    (r"(?<!\\)((?:\\\\)*)\\u([dD][89abAB][0-9a-fA-F]{2})\\u([dD][c-fC-F][0-9a-fA-F]{2})", _pair),
    (r"\[\^\]", r"[\\s\\S]"),
    (r"\(\?<([A-Za-z_]\w*)>", r"(?P<\1>"),
    (r"\\k<([A-Za-z_]\w*)>", r"(?P=\1)"),
    (r"\\c([A-Za-z])", lambda m: f"\\x{ord(m.group(1).upper()) - 64:02x}"),
)


@lru_cache(maxsize=1024)
def translate(pattern: str, *, plain: bool = False) -> str:
    """An ECMA-262 pattern as a Python pattern that accepts no string the original rejects (and,
    outside Unicode properties, exactly the strings the original accepts). ``plain``: a property
    keeps only its ASCII members when it has some (for building strings that look ordinary)."""
    for ecma, py in _ECMA:
        pattern = re.sub(ecma, py, pattern)
    return fixed_width_lookbehinds(_class_escapes(pattern, plain))


def _class_escapes(pattern: str, plain: bool) -> str:
    """Class escapes and properties as sets outside a character class and as ranges inside one
    (``[\\w-.]`` -> ``[a-zA-Z0-9_\\-.]``: a set there would end the class early, and a hyphen next
    to an escape is a literal in ECMA-262, not a range)."""
    out: list[str] = []
    inside = negated = False
    i, n = 0, len(pattern)
    while i < n:
        ch = pattern[i]
        found = _ESCAPE.match(pattern, i) if ch == "\\" else None
        written = _written(found, inside, negated, plain) if found is not None else None
        if written is not None and found is not None:
            if inside and out[-1] == "-" and out[-2] not in ("[", "[^"):
                out[-1] = "\\-"  # `a-\w`: the hyphen is a literal
            out.append(written)
            i = found.end()
            if inside and pattern.startswith("-", i) and not pattern.startswith("-]", i):
                out.append("\\-")  # `\w-a`: so is this one
                i += 1
            continue
        if ch == "\\" and i + 1 < n:
            out.append(pattern[i : i + 2])
            i += 2
            continue
        if ch == "[" and not inside:
            inside, negated = True, pattern.startswith("^", i + 1)
            out.append("[^" if negated else "[")
            i += 2 if negated else 1
            if pattern.startswith("]", i):  # a leading ']' is a literal in Python
                out.append("]")
                i += 1
            continue
        if ch == "]" and inside:
            inside = False
        out.append(ch)
        i += 1
    return "".join(out)


def _written(escape: re.Match[str], inside: bool, negated: bool, plain: bool) -> str | None:
    """What a class escape or property becomes where it stands (None: a property name we do not
    know, left as written)."""
    letter = escape.group(1)
    if letter is not None:
        members = _CLASSES[letter.lower()]
        if letter.islower():
            return members if inside else f"[{members}]"
        if not inside:
            return f"[^{members}]"
        # inside a class: printable ASCII outside the set, or (in a negated class) every code point
        return _compact(_complement(members, 0x20, 0x7F)) if not negated else _complement_all(members)
    chars = _category(_NAMES.get(escape.group(3), escape.group(3)))
    if chars is None:
        return None
    if escape.group(2) == "P":
        chars = "".join(chr(c) for c in range(_WINDOW) if chr(c) not in chars)
    if plain and not (inside and negated):  # printable ASCII members, else the first member
        chars = "".join(ch for ch in chars if " " <= ch <= "~") or chars[:1]
    body = _compact(chars)
    if inside:
        return body + _BEYOND if negated else body
    return f"[{body}]" if body else "(?!)"


def _complement(ranges: str, low: int, high: int) -> str:
    """The characters from ``low`` up to ``high`` (excluded) not in the class body ``ranges``."""
    member = re.compile(f"[{ranges}]")
    return "".join(chr(c) for c in range(low, high) if not member.match(chr(c)))


def _complement_all(ranges: str) -> str:
    """Every code point not in the ASCII class body ``ranges``, as ranges."""
    return _compact(_complement(ranges, 0, 0x80)) + "\\x80-\\U0010ffff"


@lru_cache(maxsize=64)
def _category(name: str) -> str | None:
    """The code points below the window whose Unicode general category is ``name`` (a one- or
    two-letter category; ``LC`` the cased letters), or None for an unknown name."""
    if not re.fullmatch(r"[LMNPSZC][a-z]?|LC", name):
        return None
    if name == "LC":
        return "".join(chr(c) for c in range(_WINDOW) if unicodedata.category(chr(c)) in ("Lu", "Ll", "Lt"))
    return "".join(chr(c) for c in range(_WINDOW) if unicodedata.category(chr(c)).startswith(name))


def _compact(chars: str) -> str:
    """``chars`` as class ranges of escaped code points (``\\x41-\\x5a``)."""
    codes = sorted({ord(ch) for ch in chars})
    parts: list[str] = []
    start = 0
    for k in range(1, len(codes) + 1):
        if k == len(codes) or codes[k] != codes[k - 1] + 1:
            low, high = codes[start], codes[k - 1]
            parts.append(_code(low) if low == high else f"{_code(low)}-{_code(high)}")
            start = k
    return "".join(parts)


def _code(point: int) -> str:
    return f"\\x{point:02x}" if point < 0x100 else f"\\u{point:04x}"
