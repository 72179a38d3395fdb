"""Masking a URL shown to the user: the values of its secret query parameters (`redact_url`), and
which values those are (`url_secrets`)."""

from __future__ import annotations

import urllib.parse

from synthworld._redact.policy import get_redactor, redact_text
from synthworld._redact.rules import key_words

__all__ = ["masked_query", "redact_url", "url_secrets"]

_URL_SECRET_WORDS = frozenset({"key", "sig", "signature", "code"})
"""Words that make a URL query parameter secret besides the policy's keys (``?key=`` is how
Google-style APIs take a key; ``sig`` signs Azure SAS URLs; ``code`` is an Azure Functions key)."""


def _query_pairs(url: str) -> tuple[str, list[list[str]], str]:
    """`url` as (everything before its query, its ``[name, value]`` pairs as written, the rest)."""
    head, mark, rest = url.partition("?")
    query, hash_mark, fragment = rest.partition("#")
    pairs = [pair.split("=", 1) for pair in query.split("&")] if mark else []
    return head + mark, pairs, hash_mark + fragment


def _is_secret_param(name: str) -> bool:
    name = urllib.parse.unquote_plus(name)
    return get_redactor().is_secret(name) or not _URL_SECRET_WORDS.isdisjoint(key_words(name))


def url_secrets(url: str) -> list[str]:
    """The values of the query parameters of `url` that `redact_url` masks (decoded)."""
    _, pairs, _ = _query_pairs(url)
    secret = [p[1] for p in pairs if len(p) == 2 and p[1] and _is_secret_param(p[0])]
    return [urllib.parse.unquote_plus(value) for value in secret]


def redact_url(url: str) -> str:
    """`url` to show: the values of its secret query parameters masked (see the package
    docstring), then the process policy (the user info of ``scheme://user:password@host``)."""
    return redact_text(masked_query(url))


def masked_query(url: str) -> str:
    """`url` with the values of its secret query parameters masked, as written (encoded or not)."""
    head, pairs, tail = _query_pairs(url)
    mask = get_redactor().mask
    query = "&".join(
        f"{p[0]}={mask}" if len(p) == 2 and p[1] and _is_secret_param(p[0]) else "=".join(p) for p in pairs
    )
    return head + query + tail
