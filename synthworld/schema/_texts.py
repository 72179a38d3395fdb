"""One JSON text per schema while a tool registers, shared by every part that reads it.

Registering a tool checks its schemas, compiles their validators, compiles the answer generator
and reads the answer's shapes: each wants the schema's JSON text (a cache key, a copy; written and
read by orjson where it reads as `json` would, see `_encode` and `parse`). Within
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

import orjson

__all__ = ["parse", "parsed_text", "schema_text", "shared_texts", "sorted_text", "text_digest"]

_TEXTS: ContextVar[dict[int, tuple[Any, str | None]] | None] = ContextVar("synthworld_texts", default=None)
_PARSED: ContextVar[dict[str, Any] | None] = ContextVar("synthworld_parsed", default=None)


def schema_text(schema: Any) -> str | None:
    """``schema``'s JSON text (key order kept), or None when it is not JSON data."""
    texts = _TEXTS.get()
    found = texts.get(id(schema)) if texts is not None else None
    if found is not None and found[0] is schema:
        return found[1]
    text = _encode(schema)
    if texts is not None:
        texts[id(schema)] = (schema, text)  # holding the schema keeps its id from being reused
    return text


_STRICT = orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_SUBCLASS
"""Values orjson would write but `json.dumps` would not, or would write otherwise, make it refuse."""


def _encode(schema: Any) -> str | None:
    """orjson's text (ten times quicker than `json.dumps` on big documents), unless it wrote a
    null value, which may stand for a NaN or an infinity: then, as for whatever orjson refuses
    (surrogates, big integers, subclasses, deep nesting), `json.dumps(allow_nan=False)` decides,
    and its text starts with a space (JSON allows it), so that `parse` knows who wrote it."""
    try:
        raw = orjson.dumps(schema, option=_STRICT)
    except (orjson.JSONEncodeError, TypeError):
        pass
    else:
        if not _null_value(raw):  # scanned before decoding: a scan of bytes is a memchr
            return raw.decode()
    try:
        return " " + json.dumps(schema, allow_nan=False, check_circular=False)  # a cycle: RecursionError
    except (TypeError, ValueError, RecursionError):
        return None


def sorted_text(schema: Any) -> str:
    """``schema`` as JSON with sorted keys and no spaces (a cache key: equal schemas, equal text):
    orjson's where it writes what `json.dumps` would read back as ``schema``, else
    ``json.dumps(sort_keys=True)``'s (NaN and Infinity written as such; `TypeError` for what is
    not JSON data)."""
    try:
        raw = orjson.dumps(schema, option=_STRICT | orjson.OPT_SORT_KEYS)
    except (orjson.JSONEncodeError, TypeError):
        pass
    else:
        if not _null_value(raw):
            return raw.decode()
    return json.dumps(schema, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _null_value(text: bytes) -> bool:
    """Whether JSON ``text`` holds a null value (``:null``, ``,null`` or ``[null``), in one scan."""
    at = text.find(b"null")
    while at >= 0:
        if at and text[at - 1] in b":,[":
            return True
        at = text.find(b"null", at + 4)
    return False


def text_digest(text: str) -> tuple[int, int]:
    """A JSON text's digest, the key of an in-process cache that must not hold a big document's
    text: its length and Python's string hash (SipHash under a per-process key, kept in the string
    once computed, which the generator cache's lookup of the same text has already done: free,
    where a cryptographic digest read the whole text twice, encoding it first). Two texts share
    a digest with odds of about 2**-64; a digest never leaves the process."""
    return hash(text), len(text)


def parse(text: str) -> Any:
    """A fresh reading of a `schema_text`: orjson's (quicker) of a text orjson wrote, which holds no
    integer past 64 bits (orjson would read one as a float), `json.loads`'s of the others."""
    return json.loads(text) if text.startswith(" ") else orjson.loads(text)


def parsed_text(text: str) -> Any:
    """`parse` of ``text``; within `shared_texts` parsed once per text and shared, so callers
    must not change it."""
    parsed = _PARSED.get()
    if parsed is None:
        return parse(text)
    found = parsed.get(text, _UNSET)
    if found is _UNSET:
        found = parsed[text] = parse(text)
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
