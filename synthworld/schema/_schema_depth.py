"""Whether a schema's JSON text can take the fast path: plain JSON data (no lone surrogate, a
round trip gives it back) nesting no deeper than `MAX_SCHEMA_DEPTH`, checked in C loops."""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import accumulate
from typing import Any

from synthworld.schema._texts import parsed_text, schema_text

__all__ = ["MAX_SCHEMA_DEPTH"]

MAX_SCHEMA_DEPTH = 200
"""How deeply a JSON Schema may nest (as JSON data) before it is refused."""
_STRINGS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')  # unrolled: one step per run of plain characters
_BRACKETS = str.maketrans("", "", "".join(c for c in map(chr, range(128)) if c not in "[]{}"))
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def _plain_text(schema: Any) -> str | None:
    """The common case, at C speed: `schema`'s JSON text (`schema_text`, the cache key of its
    problems) when it survives a JSON round trip unchanged, holds no surrogate, and nests no
    deeper than allowed; None otherwise (then `json_problems` walks it to say where it is not JSON)."""
    text = schema_text(schema)
    if text is None:
        return None
    return text if _plain_chars(text) and _shallow(text) and bool(parsed_text(text) == schema) else None


def _plain_chars(text: str) -> bool:
    """Whether JSON `text` surely holds no lone surrogate: none written as ``\\udXXX`` (an escaped
    pair, or a backslash before "ud", also sends a text the slow way) and it encodes as UTF-8."""
    if "\\ud" in text:
        return False
    try:
        text.encode()
    except UnicodeEncodeError:
        return False
    return True


def _shallow(text: str) -> bool:
    """Whether JSON `text` nests no deeper than allowed (C loops only; a text with few brackets
    at all is not even scanned, a big one once: the check and the compile of a schema both ask)."""
    return text.count("{") + text.count("[") <= MAX_SCHEMA_DEPTH + 1 or _scanned_shallow(text)


@lru_cache(maxsize=64)
def _scanned_shallow(text: str) -> bool:
    brackets = _STRINGS.sub("", text).translate(_BRACKETS)
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0) <= MAX_SCHEMA_DEPTH + 1


_TOO_DEEP = "the schema nests too deeply for synthworld to read; fix: move repeated parts to $defs"
