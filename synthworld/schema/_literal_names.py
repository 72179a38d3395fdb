"""The names an anchored literal pattern allows: ``^x$`` only ``x``, ``^(a|b)$`` (or ``(?:a|b)``)
only ``a`` and ``b``; any other pattern allows names without end (None). JSON Schema reads
``$`` as ECMA-262 does, at the end of the text only."""

from __future__ import annotations

__all__ = ["literal_names"]

_META = frozenset(".^$*+?{}[]()|\\")
"""The characters a pattern reads as more than themselves unless escaped."""


def literal_names(pattern: str) -> list[str] | None:
    """Each name ``pattern`` matches, when they are finitely many literals, else None."""
    if len(pattern) < 2 or pattern[0] != "^" or pattern[-1] != "$":
        return None
    body = pattern[1:-1]
    alternatives = [body]
    if body.startswith("(") and body.endswith(")"):
        alternatives = _split_bars(body[3:-1] if body.startswith("(?:") else body[1:-1])
    names = [_literal(a) for a in alternatives]
    return None if any(n is None for n in names) else list(dict.fromkeys(n for n in names if n is not None))


def _split_bars(text: str) -> list[str]:
    """``text`` cut at each ``|`` not escaped (a group inside is left whole, and refused later)."""
    parts, start, escaped = [], 0, False
    for at, char in enumerate(text):
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif char == "|":
            parts.append(text[start:at])
            start = at + 1
    return [*parts, text[start:]]


def _literal(text: str) -> str | None:
    """The one string ``text`` matches, when it is literal characters (escaped punctuation too)."""
    out: list[str] = []
    chars = iter(text)
    for char in chars:
        if char == "\\":
            char = next(chars, "")
            if not char or char.isalnum():  # a class (\d, \w), a back reference, an escape code
                return None
        elif char in _META:
            return None
        out.append(char)
    return "".join(out)
