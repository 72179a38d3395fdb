"""An operation's answer: the first 2xx JSON schema (``default``'s when no 2xx is documented), and
the documented error responses."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from synthworld.sources.openapi.document import Document, escape
from synthworld.sources.openapi.relaxed import NOT_JSON, as_json
from synthworld.sources.openapi.schemas import Translator

__all__ = [
    "ERROR_CODES",
    "NO_CONTENT",
    "answer_headers",
    "error_code",
    "errors_of",
    "named_examples",
    "pick_media",
    "returns_of",
]

NO_CONTENT: dict[str, Any] = {"type": "null"}
"""What an operation without a documented JSON answer returns."""
ERROR_CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    408: "timeout",
    409: "conflict",
    410: "gone",
    412: "precondition_failed",
    413: "payload_too_large",
    415: "unsupported_media_type",
    422: "unprocessable_entity",
    429: "rate_limit",
    500: "internal_error",
    501: "not_implemented",
    502: "unavailable",
    503: "unavailable",
    504: "timeout",
}
"""HTTP statuses and the `ToolError` codes they become (others: ``http_<status>``)."""


def error_code(status: str) -> str:
    """The `ToolError` code of an HTTP status (``404`` -> ``not_found``, ``4XX`` -> ``client_error``;
    the ``default`` response is ``default``, the shape of any error not documented by status)."""
    if status == "default":
        return "default"
    if status.isdigit():
        return ERROR_CODES.get(int(status), f"http_{status}")
    return "client_error" if status.startswith("4") else "server_error"


def pick_media(content: Any) -> tuple[str, Any] | None:
    """The media type to read from a content map: JSON first, then any with a schema (a key YAML
    read as a number, ``1:``, is taken as its text)."""
    if not isinstance(content, Mapping):
        return None
    ranked = sorted(content, key=lambda media: _rank(str(media)))
    for media in ranked:
        entry = content[media]
        if isinstance(entry, Mapping) and "schema" in entry:
            return str(media), entry
    return None


def _rank(media: str) -> int:
    base = media.split(";")[0].strip().lower()
    if base == "application/json":
        return 0
    if base.endswith(("+json", "/json")):
        return 1
    if base in ("*/*", "application/*"):
        return 2
    return 3


def _statuses(responses: Mapping[str, Any], first: str) -> list[str]:
    codes = [str(code) for code in responses]
    exact = sorted(c for c in codes if c.isdigit() and c.startswith(first))
    ranges = [c for c in codes if c.upper() == f"{first}XX"]
    return exact + ranges


def _schema_of(doc: Document, response: Any, at: str) -> tuple[Any, str] | None:
    response, at = doc.deref(response, at=at)
    if not isinstance(response, Mapping):
        return None
    if doc.swagger:
        return (response["schema"], f"{at}/schema") if "schema" in response else None
    picked = pick_media(response.get("content"))
    if picked is None:
        return None
    media, entry = picked
    return entry["schema"], f"{at}/content/{escape(media)}/schema"


def returns_of(doc: Document, tr: Translator, op: Mapping[str, Any], at: str) -> tuple[Any, str | None]:
    """The returns schema (with its ``$defs``) and the status it came from (None: no content): the
    first 2xx JSON answer, or with no 2xx documented at all the ``default`` one's."""
    responses = op.get("responses")
    if responses is None:
        return NO_CONTENT, None
    if not isinstance(responses, Mapping):
        raise doc.error(
            f"'responses' must be an object of responses by status code, got {type(responses).__name__}; "
            "write it as 'responses: {\"200\": {description: ..., content: ...}}'",
            f"{at}/responses",
        )
    keys = {str(k): k for k in responses}
    successes = _statuses(responses, "2")
    if not successes and "default" in keys:
        successes = ["default"]  # it documents every status no other entry names, success too
    for status in successes:
        where = f"{at}/responses/{escape(status)}"
        found = _schema_of(doc, responses[keys[status]], where)
        if found is not None:
            return _rooted(tr, *found), status
    return NO_CONTENT, None


def errors_of(doc: Document, tr: Translator, op: Mapping[str, Any], at: str) -> list[dict[str, Any]]:
    """The documented 4xx/5xx (and ``default``) responses: status, `ToolError` code, description
    and body schema."""
    responses = op.get("responses")
    if not isinstance(responses, Mapping):
        return []
    keys = {str(k): k for k in responses}
    errors = []
    fallback = ["default"] if "default" in keys else []
    for status in _statuses(responses, "4") + _statuses(responses, "5") + fallback:
        where = f"{at}/responses/{escape(status)}"
        response, _ = doc.deref(responses[keys[status]], at=where)
        entry: dict[str, Any] = {"status": status, "code": error_code(status)}
        if isinstance(response, Mapping) and isinstance(response.get("description"), str):
            entry["description"] = response["description"]
        found = _schema_of(doc, response, where)
        if found is not None:
            entry["schema"] = _rooted(tr, *found)
        errors.append(entry)
    return errors


def answer_headers(
    doc: Document, tr: Translator, op: Mapping[str, Any], at: str, status: str
) -> dict[str, dict[str, Any]]:
    """The headers the answer under `status` documents: ``{name: {"schema": ..., "required":
    bool}}`` (``Content-Type`` left out: the body's media type sets it)."""
    responses = op.get("responses")
    if not isinstance(responses, Mapping):
        return {}
    keys = {str(code): code for code in responses}
    if status not in keys:
        return {}
    where = f"{at}/responses/{escape(status)}"
    response, where = doc.deref(responses[keys[status]], at=where)
    headers = response.get("headers") if isinstance(response, Mapping) else None
    out: dict[str, dict[str, Any]] = {}
    for name, raw in headers.items() if isinstance(headers, Mapping) else ():
        header, place = doc.deref(raw, at=f"{where}/headers/{escape(str(name))}")
        if str(name).lower() == "content-type" or not isinstance(header, Mapping):
            continue
        if doc.swagger:
            node, node_at = {k: v for k, v in header.items() if k != "description"}, place
        elif "schema" in header:
            node, node_at = header["schema"], f"{place}/schema"
        else:
            continue
        out[str(name)] = {"schema": _rooted(tr, node, node_at), "required": header.get("required") is True}
    return out


def _rooted(tr: Translator, node: Any, at: str) -> Any:
    schema, needs, _ = tr.schema(node, at, "output")
    if not needs:
        return schema
    defs = tr.defs(needs, "output")
    if isinstance(schema, dict) and "$defs" not in schema:
        return {**schema, "$defs": defs}
    return {"allOf": [schema], "$defs": defs}


def named_examples(doc: Document, op: Mapping[str, Any], at: str) -> dict[str, dict[str, Any]]:
    """The named examples of each documented response (OpenAPI 3: its media type's ``examples``,
    each its ``value``; ``$ref``s to ``components/examples`` followed), by status then name:
    ``{"200": {"cat": {...}}}``. What ``Prefer: example=NAME`` asks the REST twin for."""
    responses = op.get("responses")
    if doc.swagger or not isinstance(responses, Mapping):
        return {}
    out: dict[str, dict[str, Any]] = {}
    for status, response in responses.items():
        where = f"{at}/responses/{escape(str(status))}"
        response, where = doc.deref(response, at=where)
        picked = pick_media(response.get("content")) if isinstance(response, Mapping) else None
        if picked is None or not isinstance(examples := picked[1].get("examples"), Mapping):
            continue
        found = {}
        for name, example in examples.items():
            example, _ = doc.deref(
                example, at=f"{where}/content/{escape(picked[0])}/examples/{escape(str(name))}"
            )
            value = (
                as_json(example["value"]) if isinstance(example, Mapping) and "value" in example else NOT_JSON
            )
            if value is not NOT_JSON:  # a YAML date or .nan: no JSON answer to send
                found[str(name)] = value
        if found:
            out[str(status)] = found
    return out
