"""The headers around an answer: those the document gives the answer (``X-Next``, ``Location``),
drawn from their schemas, and the credentials an operation asks of a request."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from http.cookies import SimpleCookie
from random import Random
from typing import Any
from urllib.parse import parse_qsl

from synthworld.errors import SchemaError
from synthworld.schema import compile_generator
from synthworld.spec import ToolSpec

__all__ = ["documented_headers", "missing_credentials"]

_TRIES = 8
_PRINTABLE = re.compile(r"[!-~]([ -~]*[!-~])?")
"""A header value sent as it is: printable ASCII, no space at either end."""


def documented_headers(spec: ToolSpec, *, seed_text: str) -> list[tuple[str, str]]:
    """A value for each header the operation's answer documents, drawn from its schema (seeded
    by `seed_text`, so a request gets the same headers every time). A header whose schema
    gives no printable value in a few draws is left out."""
    documented = spec.metadata["openapi"].get("answer_headers", {})
    out = []
    for name, header in documented.items():
        value = _drawn(header.get("schema", {}), f"{seed_text} {name}")
        if value is not None:
            out.append((name, value))
    return out


def _drawn(schema: Any, seed_text: str) -> str | None:
    try:
        generator = compile_generator(schema)
        seed = int.from_bytes(hashlib.sha256(seed_text.encode()).digest()[:8], "big")
        for attempt in range(_TRIES):
            value = generator.generate(Random(seed + attempt))
            text = value if isinstance(value, str) else json.dumps(value)
            if value is not None and _PRINTABLE.fullmatch(text):
                return text
    except SchemaError:
        pass
    return None


def missing_credentials(spec: ToolSpec, headers: Mapping[str, str], query: str) -> list[str] | None:
    """What the request lacks of the credentials the operation asks for (the first documented
    alternative's, ``["header Authorization"]``), None when it carries one alternative whole."""
    alternatives = spec.metadata["openapi"].get("credentials")
    if not alternatives:
        return None
    present = {("header", name.lower()) for name in headers}
    present |= {("query", name) for name, _ in parse_qsl(query, keep_blank_values=True)}
    cookie: SimpleCookie = SimpleCookie()
    try:
        cookie.load(headers.get("cookie", ""))
    except Exception:  # a malformed cookie header carries no credential
        cookie = SimpleCookie()
    present |= {("cookie", name) for name in cookie}
    lacking = []
    for alternative in alternatives:
        wanted = [(c["in"], c["name"].lower() if c["in"] == "header" else c["name"]) for c in alternative]
        lacking.append([f"{where} {name}" for where, name in wanted if (where, name) not in present])
        if not lacking[-1]:
            return None
    return lacking[0]
