"""Which failed requests an LLM backend retries, how long it waits first, and non-JSON answers.

The backends retry themselves (the SDK's own retries are off) so that every retry and every wait
fits in the call's deadline: a wait the deadline cannot hold (``Retry-After: 60`` with 3 s left)
ends the call at once with a `BackendError` that says so. Retried: connection errors and
timeouts, HTTP 408, 409, 429 and 5xx (unless the server says ``x-should-retry: false``), and a
200 answer whose body is not a JSON object (an HTML error page from a proxy, say). A 200 answer
whose body is an error (``{"error": {"message": ...}}``, as some gateways send) is not retried:
`ErrorAnswer` carries the server's message.
"""

from __future__ import annotations

import email.utils
import json
import math
import time
from typing import Any

from synthworld._redact import redact_url

__all__ = ["ErrorAnswer", "NotJSONAnswer", "checked_json", "is_retryable", "retry_wait"]

FIRST_WAIT = 0.5
"""Seconds before the first retry when the server does not say (doubled each retry)."""
LONGEST_WAIT = 8.0
"""The longest wait without a ``Retry-After``."""


class NotJSONAnswer(Exception):
    """A successful HTTP answer whose body is not a JSON object (`url` as `redact_url` shows it)."""

    def __init__(self, url: str, status: int, content_type: str, body: bytes) -> None:
        snippet = body[:80].decode("utf-8", "replace")
        super().__init__(
            f"HTTP {status} from {url} with a body that is not a JSON object "
            f"({content_type or 'no content type'}: {snippet!r})"
        )
        self.url = url
        self.status_code = status


class ErrorAnswer(Exception):
    """A successful HTTP answer whose body is an error, not a completion or message."""

    def __init__(self, url: str, status: int, error: Any) -> None:
        detail = error.get("message", error) if isinstance(error, dict) else error
        super().__init__(f"the body is an error, not an answer: {detail}")
        self.url = url
        self.status_code = status


def checked_json(raw: Any) -> Any:
    """The parsed SDK object of a raw response; `NotJSONAnswer` when its body is not JSON, and
    `ErrorAnswer` when it is an error with neither ``choices`` nor ``content``."""
    response = raw.http_response
    url = redact_url(str(response.url))
    try:
        body = json.loads(response.content)
    except ValueError:
        body = None
    if not isinstance(body, dict):
        content_type = response.headers.get("content-type", "")
        raise NotJSONAnswer(url, response.status_code, content_type, response.content)
    if body.get("error") and "choices" not in body and "content" not in body:
        raise ErrorAnswer(url, response.status_code, body["error"])
    return raw.parse()


def is_retryable(sdk: Any, exc: Exception) -> bool:
    """Whether the request that raised `exc` is worth sending again."""
    if isinstance(exc, (NotJSONAnswer, sdk.APIConnectionError)):
        return True
    if not isinstance(exc, sdk.APIStatusError):
        return False
    should = str(exc.response.headers.get("x-should-retry", "")).lower()
    if should in ("true", "false"):
        return should == "true"
    status = int(exc.status_code)
    return status in (408, 409, 429) or status >= 500


def retry_wait(exc: Exception, retries: int) -> tuple[float, bool]:
    """``(seconds, asked)``: how long to wait before retry number ``retries + 1``, and whether
    the server asked for it (``Retry-After``) rather than the backoff."""
    asked = _asked_wait(getattr(getattr(exc, "response", None), "headers", None))
    if asked is not None:
        return asked, True
    return min(FIRST_WAIT * 2**retries, LONGEST_WAIT), False


def _asked_wait(headers: Any) -> float | None:
    """``retry-after-ms``, or ``Retry-After`` in seconds or as an HTTP date; None if absent or bad."""
    if headers is None:
        return None
    millis = _number(headers.get("retry-after-ms"))
    if millis is not None:
        return millis / 1000
    value = headers.get("retry-after")
    seconds = _number(value)
    if seconds is not None or not value:
        return seconds
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(when.timestamp() - time.time(), 0.0)


def _number(text: Any) -> float | None:
    try:
        value = float(text)
    except (TypeError, ValueError):
        return None
    return value if math.isfinite(value) and value >= 0 else None
