"""How large a schema is once its local references are written out where they are used, as
hypothesis-jsonschema writes them before it draws (its time grows with that size, not the text's)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

__all__ = ["expanded_size"]

_LOCAL_REF = re.compile(r'"\$ref":\s*"#/(\$defs|definitions)/([^"/]+)"')
"""A reference to a definition of the root document."""


def expanded_size(doc: Any, limit: int) -> int:
    """The length of ``doc``'s JSON text without its definitions, each reference to one written
    out in its place (theirs in turn), at most ``limit + 1``. A definition that refers back to
    itself counts once: hypothesis-jsonschema refuses such a cycle at once. Just Eat's
    ``SearchByLocation`` answer is 15.5 kB of text with 6 references and 40 kB written out: 1.1 s
    of CPU for hypothesis-jsonschema to build a strategy that then found nothing."""
    if not isinstance(doc, dict):
        return 0
    sizes: dict[tuple[str, str], int] = {}

    def size_of(word: str, name: str, seen: frozenset[tuple[str, str]]) -> int:
        key = (word, name)
        found = sizes.get(key)
        if found is not None:
            return found
        defs = doc.get(word)
        target = defs.get(name.replace("~1", "/").replace("~0", "~")) if isinstance(defs, dict) else None
        if target is None or key in seen:
            return 0
        sizes[key] = min(limit + 1, _written(json.dumps(target), lambda w, n: size_of(w, n, seen | {key})))
        return sizes[key]

    root = {word: value for word, value in doc.items() if word not in ("$defs", "definitions")}
    return min(limit + 1, _written(json.dumps(root), lambda w, n: size_of(w, n, frozenset())))


def _written(text: str, size_of: Callable[[str, str], int]) -> int:
    return len(text) + sum(size_of(word, name) for word, name in _LOCAL_REF.findall(text))
