"""Cross-origin requests, as a mock server allows them: any origin may call the twin (a browser
app under test, served from elsewhere), and a preflight ``OPTIONS`` is answered for every path
the document has."""

from __future__ import annotations

from collections.abc import Sequence

from synthworld.serve.rest.answers import Answer
from synthworld.serve.rest.reading import HttpRequest

__all__ = ["cors_headers", "preflight"]


def cors_headers(request: HttpRequest) -> list[tuple[str, str]]:
    """The headers that let the page at the request's ``Origin`` read the answer (none without
    one: not a browser's cross-origin request)."""
    origin = request.headers.get("origin")
    if origin is None:
        return []
    return [
        ("Access-Control-Allow-Origin", origin),
        ("Access-Control-Allow-Credentials", "true"),
        ("Access-Control-Expose-Headers", "*"),
        ("Vary", "Origin"),
    ]


def preflight(request: HttpRequest, allowed: Sequence[str]) -> Answer | None:
    """The answer to a browser's preflight (``OPTIONS`` with ``Access-Control-Request-Method``)
    for a path whose operations use `allowed` methods; None for any other request."""
    if request.method != "OPTIONS" or "access-control-request-method" not in request.headers:
        return None
    asked = request.headers.get("access-control-request-headers", "*")
    headers = [
        ("Access-Control-Allow-Methods", ", ".join(sorted({*allowed, "OPTIONS"}))),
        ("Access-Control-Allow-Headers", asked),
        ("Access-Control-Max-Age", "600"),
    ]
    return Answer(204, headers=headers)
