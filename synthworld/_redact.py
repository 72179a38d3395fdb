"""Redaction: mask secrets in inputs and outputs before a cassette is written.

A key is secret when its words contain one of the patterns' words in a row: with the default
patterns, ``api_key``, ``X-Api-Key``, ``apiKey``, ``access_token``, ``client_secret``,
``Authorization`` and ``password`` are masked, while ``max_tokens`` or ``secretary`` are not.
Matching is case-insensitive and reaches into nested objects and arrays. The masked value is the
string ``"[REDACTED]"``, so a replayed call whose input held a secret still matches: the live input
is redacted the same way before it is looked up.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

__all__ = ["DEFAULT_SECRET_KEYS", "MASK", "Redactor", "as_redactor"]

MASK = "[REDACTED]"
"""What a secret value becomes on disk."""

DEFAULT_SECRET_KEYS: tuple[str, ...] = (
    "api_key",
    "apikey",
    "authorization",
    "cookie",
    "password",
    "passwd",
    "secret",
    "token",
)
"""Key patterns masked by default."""

_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_SPLIT = re.compile(r"[^a-z0-9]+")


def _words(key: str) -> tuple[str, ...]:
    """``"X-Api-Key"`` and ``"xApiKey"`` both become ``("x", "api", "key")``."""
    return tuple(w for w in _SPLIT.split(_CAMEL.sub("_", key).lower()) if w)


def _contains_run(words: tuple[str, ...], run: tuple[str, ...]) -> bool:
    width = len(run)
    return any(words[i : i + width] == run for i in range(len(words) - width + 1))


class Redactor:
    """Masks the values of secret-looking keys, recursively; a pure function of its input."""

    def __init__(self, keys: Iterable[str] = DEFAULT_SECRET_KEYS, *, mask: str = MASK) -> None:
        self.keys = tuple(keys)
        self.mask = mask
        self._runs = [_words(k) for k in self.keys if _words(k)]
        self._cache: dict[str, bool] = {}

    def __repr__(self) -> str:
        return f"Redactor(keys={self.keys!r})"

    def is_secret(self, key: str) -> bool:
        """True when `key` names a value to mask."""
        hit = self._cache.get(key)
        if hit is None:
            words = _words(key)
            hit = self._cache[key] = any(_contains_run(words, run) for run in self._runs)
        return hit

    def __call__(self, value: Any) -> Any:
        """A copy of `value` with every secret key's value replaced by the mask."""
        if isinstance(value, dict):
            return {k: self.mask if self.is_secret(k) else self(v) for k, v in value.items()}
        if isinstance(value, list):
            return [self(v) for v in value]
        return value


def _unchanged(value: Any) -> Any:
    return value


def as_redactor(redact: Any) -> Callable[[Any], Any]:
    """The redaction function for ``redact=``: True/default keys, a list of keys, a function, or off."""
    if redact is True:
        return Redactor()
    if redact is None or redact is False:
        return _unchanged
    if isinstance(redact, Redactor) or callable(redact):
        return redact  # type: ignore[no-any-return]
    if isinstance(redact, Iterable) and not isinstance(redact, (str, bytes)):
        return Redactor(redact)
    raise TypeError(
        f"redact={redact!r}: pass True (mask the default secret keys), a list of key names, "
        "a function of the value, or None to write values unchanged"
    )
