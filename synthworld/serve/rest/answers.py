"""What the twin sends back: the documented status and the world's value, the documented error
response of a simulated failure, or an RFC 9457 problem document for a request it refuses."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import Any

import orjson

from synthworld.sources.openapi import ERROR_CODES
from synthworld.spec import ToolSpec

__all__ = ["PROBLEM_MEDIA", "Answer", "error_answer", "invalid_input_answer", "problem", "value_answer"]

PROBLEM_MEDIA = "application/problem+json"
_STATUS_OF_CODE = {code: status for status, code in sorted(ERROR_CODES.items(), reverse=True)}
"""A `ToolError` code's HTTP status, the lowest status of the code (``timeout``: 408)."""
_STATUS_OF_CODE |= {"timeout": 504, "unavailable": 503, "invalid_input": 400}


@dataclass(frozen=True)
class Answer:
    """One HTTP response: status, headers and body bytes."""

    status: int
    body: bytes = b""
    headers: list[tuple[str, str]] = field(default_factory=list)

    @property
    def status_line(self) -> str:
        """``200 OK``, as WSGI's ``start_response`` takes it."""
        return f"{self.status} {_phrase(self.status)}"


def _json_bytes(value: Any) -> bytes:
    try:
        return orjson.dumps(value)
    except TypeError:  # a lone surrogate in a string: JSON text can carry it escaped
        return json.dumps(value, separators=(",", ":")).encode()


def _json_answer(status: int, value: Any, media: str = "application/json") -> Answer:
    if isinstance(value, str) and not media.endswith(("json", "*")):
        return Answer(status, value.encode(), [("Content-Type", f"{media}; charset=utf-8")])
    sent = media if "*" not in media else "application/json"  # image/*: no one type to name
    return Answer(status, _json_bytes(value), [("Content-Type", sent)])


def problem(status: int, detail: str, **more: Any) -> Answer:
    """An RFC 9457 problem document (``type``, ``title``, ``status``, ``detail`` and `more`)."""
    body = {"type": "about:blank", "title": _phrase(status), "status": status, "detail": detail, **more}
    return Answer(status, _json_bytes(body), [("Content-Type", PROBLEM_MEDIA)])


def _phrase(status: int) -> str:
    try:
        return HTTPStatus(status).phrase
    except ValueError:
        return "Error"


def value_answer(spec: ToolSpec, value: Any) -> Answer:
    """The documented success: its status and the value as JSON, or the status alone for an
    operation documented without a JSON body."""
    meta = spec.metadata["openapi"]
    status = meta.get("status")
    if status is None:
        return Answer(_number(meta.get("empty_status"), 200))
    return _json_answer(_number(status, 200), value, str(meta.get("answer_media", "application/json")))


def error_answer(spec: ToolSpec, error: Mapping[str, Any]) -> Answer:
    """A simulated failure (a `ToolError` as a dict): its documented status and body (drawn from
    the documented schema) when the operation documents it, else a problem document with the
    status its code stands for (``not_found``: 404, ``rate_limit``: 429...)."""
    given = error.get("details")
    details: Mapping[str, Any] = given if isinstance(given, Mapping) else {}
    code = str(error.get("code", "internal_error"))
    status = _number(details.get("status"), _STATUS_OF_CODE.get(code, 500), error=True)
    headers = [] if error.get("retry_after") is None else [("Retry-After", _seconds(error["retry_after"]))]
    if "body" in details:
        errors = spec.metadata.get("errors", [])
        entry: Mapping[str, Any] = next((e for e in errors if e.get("status") == details.get("status")), {})
        answer = _json_answer(status, details["body"], str(entry.get("media", "application/json")))
    else:
        answer = problem(status, str(error.get("message", code)), code=code)
    return Answer(answer.status, answer.body, answer.headers + headers)


def invalid_input_answer(spec: ToolSpec, error: Mapping[str, Any]) -> Answer:
    """Input the tool's parameters refuse: 400 (422 when the operation documents 422 and not
    400), a problem document listing every problem."""
    documented = {str(entry.get("status")) for entry in spec.metadata.get("errors", [])}
    status = 422 if "422" in documented and "400" not in documented else 400
    problems = list(error.get("problems", []))
    return problem(status, str(error.get("message", "invalid input")), code="invalid_input", errors=problems)


def _number(status: Any, fallback: int, *, error: bool = False) -> int:
    """An HTTP status from a documented one: ``404``, ``4XX`` (400), ``default`` (`fallback`)."""
    text = str(status) if status is not None else ""
    if text.isdigit():
        return int(text)
    if len(text) == 3 and text[0].isdigit() and text[1:].upper() == "XX":
        return int(text[0]) * 100
    return fallback if not error or fallback >= 400 else 500


def _seconds(value: Any) -> str:
    return str(max(0, round(float(value))))
