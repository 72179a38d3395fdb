"""Look-behinds of several widths, which ECMA-262 reads and Python's ``re`` does not, rewritten as
look-behinds of one width each.

``(?<=^v?|\\sv?)`` (SchemaStore's semantic-version pattern) matches after one of ``""``, ``"v"``,
a space, or a space and ``"v"``: ``(?:(?<=^)|(?<=^v)|(?<=\\s)|(?<=\\sv))`` says the same in
``re``'s terms, and ``(?<!a?b)`` becomes ``(?<!b)(?<!ab)``. Only a body of a few widths is
expanded (optional parts, ``{m,n}`` counts, alternatives), and a repeat first in it, open or not,
is read at its least count: nothing before it in the look-behind is matched, so ``a+b`` ends where
a text ends exactly when ``ab`` does (``(?<=a+)`` is ``(?<=a)``, ``(?<!\\d*x)`` is ``(?<!x)``).
An open repeat (``*``, ``+``, ``{n,}``) elsewhere is left as written, an error naming the pattern
(`open_lookbehind` says where); a pattern ``re`` reads as it is is left untouched.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterator
from itertools import product

__all__ = ["fixed_width_lookbehinds", "open_lookbehind"]

_MAX_VARIANTS = 64
"""The most fixed-width spellings one look-behind is expanded into."""
_COUNT = re.compile(r"\{(\d+)(,(\d*))?\}")


class _Open(ValueError):
    """A body with an open repeat (or past `_MAX_VARIANTS`): left as written."""


def fixed_width_lookbehinds(pattern: str) -> str:
    """``pattern`` with each look-behind ``re`` cannot read for its several widths rewritten as
    look-behinds of one width each; ``pattern`` itself when ``re`` reads it, or when a body
    cannot be expanded."""
    if "(?<" not in pattern or _reads(pattern):
        return pattern
    try:
        return _rewrite(pattern)
    except _Open:
        return pattern


def open_lookbehind(pattern: str) -> str | None:
    """The first look-behind of ``pattern`` that `fixed_width_lookbehinds` cannot rewrite (an open
    repeat after its start, or more spellings than `_MAX_VARIANTS`), as written; else None."""
    for i, _, _ in _scan(pattern):
        if pattern.startswith(("(?<=", "(?<!"), i):
            try:
                end = _group_end(pattern, i)
            except _Open:  # never closed: re's own error says so
                return None
            try:
                _variants(_rewrite(pattern[i + 4 : end - 1]), leading=True)
            except _Open:
                return pattern[i:end]
    return None


def _reads(pattern: str) -> bool:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # FutureWarning on '[[' and friends
            re.compile(pattern)
    except re.error as err:
        return "look-behind" not in str(err)
    return True


def _rewrite(pattern: str) -> str:
    out, i = [], 0
    while i < len(pattern):
        if pattern[i] == "\\":
            out.append(pattern[i : i + 2])
            i += 2
        elif pattern[i] == "[":
            end = _class_end(pattern, i)
            out.append(pattern[i:end])
            i = end
        elif pattern.startswith(("(?<=", "(?<!"), i):
            end = _group_end(pattern, i)
            body = _rewrite(pattern[i + 4 : end - 1])
            variants = _variants(body, leading=True)
            if pattern[i + 3] == "=":
                out.append("(?:" + "|".join(f"(?<={v})" for v in variants) + ")")
            else:
                out.append("".join(f"(?<!{v})" for v in variants))
            i = end
        else:
            out.append(pattern[i])
            i += 1
    return "".join(out)


def _class_end(pattern: str, start: int) -> int:
    """The index just past the character class opening at ``start``."""
    i = start + 1
    if i < len(pattern) and pattern[i] == "^":
        i += 1
    if i < len(pattern) and pattern[i] == "]":
        i += 1
    while i < len(pattern) and pattern[i] != "]":
        i += 2 if pattern[i] == "\\" else 1
    return i + 1


def _scan(text: str, start: int = 0) -> Iterator[tuple[int, str, int]]:
    """Each character of ``text`` from ``start`` outside escapes and classes: its index, itself
    and the depth of groups once it is read."""
    depth, i = 0, start
    while i < len(text):
        char = text[i]
        if char == "\\":
            i += 2
            continue
        if char == "[":
            i = _class_end(text, i)
            continue
        depth += {"(": 1, ")": -1}.get(char, 0)
        yield i, char, depth
        i += 1


def _group_end(pattern: str, start: int) -> int:
    """The index just past the group opening at ``start``."""
    for i, _, depth in _scan(pattern, start):
        if depth == 0:
            return i + 1
    raise _Open(pattern)


def _variants(body: str, leading: bool = False) -> list[str]:
    """The spellings of ``body`` without optional parts or counts, one per way to read it;
    ``leading``: ``body`` starts its look-behind (its first repeat is read at its least count)."""
    found: list[str] = []
    for branch in _branches(body):
        found.extend(_sequence(branch, leading))
        if len(found) > _MAX_VARIANTS:
            raise _Open(body)
    return list(dict.fromkeys(found))


def _branches(body: str) -> list[str]:
    """``body`` split at its top-level ``|``."""
    parts, start = [], 0
    for i, char, depth in _scan(body):
        if char == "|" and depth == 0:
            parts.append(body[start:i])
            start = i + 1
    return [*parts, body[start:]]


def _sequence(branch: str, leading: bool = False) -> list[str]:
    """The spellings of one branch: each atom's spellings, repeated as its count allows; with
    ``leading``, the first atom that spells something once at its least count (its first copy
    leading in turn), since nothing before it is matched."""
    choices: list[list[str]] = []
    total, i = 1, 0
    while i < len(branch):
        first = leading and all(options == [""] for options in choices)
        start = i
        spellings, i = _atom(branch, i, first)
        low, high, i = _count(branch, i)
        if first:
            rest = _atom(branch, start, False)[0] if low > 1 and spellings else spellings
            options = ["".join(p) for p in product(spellings, *[rest] * (low - 1))] if low else [""]
        elif high is None or high - low > _MOST_EXTRA:
            raise _Open(branch)
        else:
            options = ["".join(parts) for n in range(low, high + 1) for parts in product(spellings, repeat=n)]
        total *= len(options)
        if total > _MAX_VARIANTS:
            raise _Open(branch)
        choices.append(options)
    return ["".join(parts) for parts in product(*choices)]


def _atom(branch: str, i: int, leading: bool = False) -> tuple[list[str], int]:
    """The spellings of the atom at ``i`` (an escape, a class, a character; a group: each of its
    body's, ``leading`` if it starts the look-behind) and the index past it."""
    char = branch[i]
    if char == "\\":
        return [branch[i : i + 2]], i + 2
    if char == "[":
        end = _class_end(branch, i)
        return [branch[i:end]], end
    if char == "(":
        end = _group_end(branch, i)
        inner = branch[i + 1 : end - 1]
        if inner.startswith("?") and not inner.startswith("?:"):
            return [branch[i:end]], end  # a look-around or a named group: as written
        return [f"(?:{v})" for v in _variants(inner.removeprefix("?:"), leading)], end
    return [char], i + 1


def _count(branch: str, i: int) -> tuple[int, int | None, int]:
    """The least and most repeats the quantifier at ``i`` allows (1, 1 with none; None for no
    most), and the index past it."""
    if i < len(branch) and branch[i] == "?":
        return 0, 1, _lazy(branch, i + 1)
    if i < len(branch) and branch[i] in "*+":
        return int(branch[i] == "+"), None, _lazy(branch, i + 1)
    found = _COUNT.match(branch, i)
    if found is None:
        return 1, 1, i
    low = int(found.group(1))
    high = low if found.group(2) is None else int(found.group(3)) if found.group(3) else None
    return low, high, _lazy(branch, found.end())


_MOST_EXTRA = 8
"""The most optional repeats of a ``{m,n}`` count expanded (``n - m``)."""


def _lazy(branch: str, i: int) -> int:
    return i + 1 if i < len(branch) and branch[i] == "?" else i
