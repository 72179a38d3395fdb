"""What the twin sends back: the documented status and the world's value, the documented error
response of a simulated failure, or, for a request it refuses, an RFC 9457 problem document or a
body in the error shape the operation documents."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import Any

import orjson

from synthworld.serve.rest.error_bodies import covering_error, documented_body
from synthworld.sources.openapi import ERROR_CODES
from synthworld.spec import ToolSpec

__all__ = [
    "PROBLEM_MEDIA",
    "Answer",
    "error_answer",
    "invalid_input_answer",
    "json_answer",
    "problem",
    "refusal",
    "value_answer",
]

PROBLEM_MEDIA = "application/problem+json"
_WILDCARDS = {"image": "png", "audio": "mpeg", "video": "mp4", "text": "plain", "application": "json"}
_STATUS_OF_CODE = {code: status for status, code in sorted(ERROR_CODES.items(), reverse=True)}
"""A `ToolError` code's HTTP status: the lowest that stands for it, but 504 for ``timeout`` (the
service behind timed out) and 503 for ``unavailable``."""
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


def json_answer(status: int, value: Any, media: str = "application/json") -> Answer:
    """`value` as the body of a `status` answer in `media` (JSON, or text for a text media type)."""
    media = _concrete(media)
    if isinstance(value, str) and not media.endswith("json"):  # text, or bytes as text
        sent = f"{media}; charset=utf-8" if media.startswith("text/") else media
        return Answer(status, value.encode("utf-8", "replace"), [("Content-Type", sent)])
    return Answer(status, _json_bytes(value), [("Content-Type", media)])


def _concrete(media: str) -> str:
    """One media type for a documented range: ``image/*`` is ``image/png``, ``*/*`` JSON."""
    kind, _, sub = media.partition("/")
    if sub != "*":
        return media
    return "application/json" if kind == "*" else f"{kind}/{_WILDCARDS.get(kind, 'octet-stream')}"


def _problem_media(spec: ToolSpec | None) -> str:
    """``application/problem+json`` where the operation documents errors in it (or for no
    operation: an unknown path), else the JSON the document describes its API with."""
    if spec is None or any(e.get("media") == PROBLEM_MEDIA for e in spec.metadata.get("errors", [])):
        return PROBLEM_MEDIA
    return "application/json"


def problem(status: int, detail: str, **more: Any) -> Answer:
    """An RFC 9457 problem document (``type``, ``title``, ``status``, ``detail`` and `more`)."""
    return Answer(status, _json_bytes(_problem_body(status, detail, more)), [("Content-Type", PROBLEM_MEDIA)])


def _problem_body(status: int, detail: str, more: Mapping[str, Any]) -> dict[str, Any]:
    return {"type": "about:blank", "title": _phrase(status), "status": status, "detail": detail, **more}


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
    return json_answer(_number(status, 200), value, str(meta.get("answer_media", "application/json")))


def error_answer(spec: ToolSpec, error: Mapping[str, Any], *, request: str) -> Answer:
    """A simulated failure (a `ToolError` as a dict): its documented status and the body the
    world drew from the documented schema; without one, the status its code stands for
    (``not_found``: 404, ``rate_limit``: 429...) and a body in the documented shape (see
    `refusal`). `request` names the request (method, path and query), to seed that body."""
    given = error.get("details")
    details: Mapping[str, Any] = given if isinstance(given, Mapping) else {}
    code = str(error.get("code", "internal_error"))
    status = _number(details.get("status"), _STATUS_OF_CODE.get(code, 500), error=True)
    headers = [] if error.get("retry_after") is None else [("Retry-After", _seconds(error["retry_after"]))]
    if "body" in details:
        errors = spec.metadata.get("errors", [])
        entry: Mapping[str, Any] = next((e for e in errors if e.get("status") == details.get("status")), {})
        answer = json_answer(status, details["body"], str(entry.get("media", "application/json")))
    else:
        answer = refusal(spec, status, str(error.get("message", code)), {"code": code}, request=request)
    return Answer(answer.status, answer.body, answer.headers + headers)


def invalid_input_answer(spec: ToolSpec, error: Mapping[str, Any], *, request: str) -> Answer:
    """Input the tool's parameters refuse: 400 (422 when the operation documents 422 and not
    400), listing every problem (see `refusal`)."""
    documented = {str(entry.get("status")) for entry in spec.metadata.get("errors", [])}
    status = 422 if "422" in documented and "400" not in documented else 400
    more = {"code": "invalid_input", "errors": list(error.get("problems", []))}
    return refusal(spec, status, str(error.get("message", "invalid input")), more, request=request)


def refusal(spec: ToolSpec, status: int, detail: str, more: Mapping[str, Any], *, request: str) -> Answer:
    """An error answer in the shape the operation documents for `status` (its own, its range's
    or the default response): an RFC 9457 problem document (``type``, ``title``, ``status``,
    ``detail`` and `more`) when none is documented or it fits the documented schema, else a body
    drawn from that schema (seeded by `request`) with `detail` in its message field."""
    body = _problem_body(status, detail, more)
    entry = covering_error(spec, status)
    if entry is None or entry.get("schema") is None:
        return Answer(status, _json_bytes(body), [("Content-Type", _problem_media(spec))])
    shaped = documented_body(entry["schema"], body, seed_text=f"{spec.name} {status} {request}")
    if shaped is None:
        return Answer(status, _json_bytes(body), [("Content-Type", _problem_media(spec))])
    return json_answer(status, shaped, str(entry.get("media", "application/json")))


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
