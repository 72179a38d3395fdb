"""One JSON text per schema while a tool registers, shared by every part that reads it.

Registering a tool checks its schemas, compiles their validators, compiles the answer generator
and reads the answer's shapes: each wants the schema's JSON text (a cache key, a copy). Within
`shared_texts` the text of a schema object is encoded once and handed to all of them, and a text
is parsed back once for those that read a copy (the metaschema check, the validator's compile);
outside it every call encodes and parses afresh, since a dict may change between two calls.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from contextvars import ContextVar
from typing import Any

__all__ = ["parsed_text", "schema_text", "shared_texts"]

_TEXTS: ContextVar[dict[int, tuple[Any, str | None]] | None] = ContextVar("synthworld_texts", default=None)
_PARSED: ContextVar[dict[str, Any] | None] = ContextVar("synthworld_parsed", default=None)


def schema_text(schema: Any) -> str | None:
    """``json.dumps(schema, allow_nan=False)`` (key order kept), or None when that fails."""
    texts = _TEXTS.get()
    found = texts.get(id(schema)) if texts is not None else None
    if found is not None and found[0] is schema:
        return found[1]
    try:
        text: str | None = json.dumps(schema, allow_nan=False, check_circular=False)  # cycle: RecursionError
    except (TypeError, ValueError, RecursionError):
        text = None
    if texts is not None:
        texts[id(schema)] = (schema, text)  # holding the schema keeps its id from being reused
    return text


def parsed_text(text: str) -> Any:
    """``json.loads(text)``; within `shared_texts` parsed once per text and shared, so callers
    must not change it."""
    parsed = _PARSED.get()
    if parsed is None:
        return json.loads(text)
    found = parsed.get(text, _UNSET)
    if found is _UNSET:
        found = parsed[text] = json.loads(text)
    return found


_UNSET: Any = object()


@contextlib.contextmanager
def shared_texts() -> Iterator[None]:
    """Within: `schema_text` encodes each schema object once (the schemas must not change)."""
    if _TEXTS.get() is not None:  # an outer registration already shares
        yield
        return
    token, parsed = _TEXTS.set({}), _PARSED.set({})
    try:
        yield
    finally:
        _TEXTS.reset(token)
        _PARSED.reset(parsed)
