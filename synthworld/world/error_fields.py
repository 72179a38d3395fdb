"""An error body drawn from a documented error schema, made to say what failed: its message field
the explanation, its code field the error's code (``invalid_input``, ``not_found``; the status
where the field is a number) and its status field the HTTP status, wherever the schema takes
them. A drawn ``{"code": "popular", "status": "completed"}`` means nothing to a client that
branches on the code."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["CODE_FIELDS", "MESSAGE_FIELDS", "STATUS_FIELDS", "said_in_fields"]

MESSAGE_FIELDS = ("detail", "message", "error_description", "description", "title", "error")
"""Fields that take the explanation, the first the body has (then the first that fits) first."""
CODE_FIELDS = ("code", "error_code", "errorCode")
"""Fields that take the error's code, or its status where the field is a number."""
STATUS_FIELDS = ("status", "status_code", "statusCode", "http_status", "httpStatus")
"""Fields that take the HTTP status."""


def said_in_fields(
    body: Any, valid: Callable[[Any], bool], *, message: str | None, code: str | None, status: Any
) -> Any:
    """`body` (an object) with `message`, `code` and `status` in the fields made for them, each
    only where `valid` still holds; any other body as it is."""
    if not isinstance(body, dict):
        return body
    if message is not None:
        for field in sorted(MESSAGE_FIELDS, key=lambda name: name not in body):  # its own first
            if valid(said := {**body, field: message}):
                body = said
                break
    number = int(status) if isinstance(status, (int, str)) and str(status).isdigit() else None
    codes = (code, number, str(number) if number is not None else None)
    for fields, values in ((CODE_FIELDS, codes), (STATUS_FIELDS, (number, codes[2]))):
        for field in (name for name in fields if name in body):
            body = next((s for s in ({**body, field: v} for v in values if v is not None) if valid(s)), body)
    return body
