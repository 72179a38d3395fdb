"""How to fix a string a ``date-time`` or ``time`` format refuses only for want of a timezone.

A Python ``datetime`` without ``tzinfo`` dumps as ``2025-03-01T10:00:00`` (``str()`` of one as
``2025-03-01 10:00:00``), which RFC 3339, and so JSON Schema's ``date-time``, refuses: it needs
an offset. synthworld never guesses one (the value would change); the message shows the text
that would pass in UTC and how to make the Python value aware.
"""

from __future__ import annotations

from typing import Any

import jsonschema

__all__ = ["format_hint"]

_CHECKER = jsonschema.Draft202012Validator.FORMAT_CHECKER


def format_hint(error: Any) -> str:
    """`` (it has no timezone offset: ...)`` for a python-jsonschema `error` of format
    ``date-time`` or ``time`` whose string passes with ``Z`` added (and a ``T`` between date and
    time); '' for any other error."""
    kind, text = error.validator_value, error.instance
    if error.validator != "format" or kind not in ("date-time", "time") or not isinstance(text, str):
        return ""
    if kind == "date-time" and len(text) > 10 and text[10] in " t":
        text = f"{text[:10]}T{text[11:]}"
    fixed = text + "Z"
    if not _CHECKER.conforms(fixed, kind):
        return ""
    return (
        f" (it has no timezone offset, which a {kind} needs: write {fixed!r} for UTC, or another "
        "offset such as +02:00; a Python datetime or time needs tzinfo, e.g. "
        ".replace(tzinfo=timezone.utc))"
    )
