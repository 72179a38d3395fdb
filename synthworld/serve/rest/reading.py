"""A request's path, query, header parameters and body, as the tool input `from_openapi` laid out
(``spec.metadata["openapi"]["parameters"]`` says where each parameter comes from)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from email.parser import BytesParser
from email.policy import HTTP
from typing import Any
from urllib.parse import parse_qsl

from synthworld.serve.rest.coerce import Schemas, coerce
from synthworld.serve.rest.fields import field_tree, typed
from synthworld.spec import ToolSpec

__all__ = ["ENCODED_SLASH", "BadRequest", "HttpRequest", "tool_input"]

ENCODED_SLASH = "\ud800"
"""What a ``%2F`` inside a path segment reads as in `HttpRequest.routed`: a lone surrogate, which
no path decoded from UTF-8 can hold, so it is never mistaken for a character sent."""


@dataclass(frozen=True)
class HttpRequest:
    """The parts of an HTTP request a tool's input is read from."""

    method: str
    """Upper case: ``GET``."""
    path: str
    """Percent-decoded, without the query: ``/v1/pets/p 1``."""
    query: str
    """The raw query string: ``limit=2&tags=a,b``."""
    headers: Mapping[str, str]
    """Header values by lower-case name."""
    body: bytes
    """The body as sent (empty when there is none)."""
    routed: str = ""
    """`path` as it is routed, where the server kept the path as sent (``RAW_URI``,
    ``REQUEST_URI``): each slash sent encoded (``%2F``) inside a segment as `ENCODED_SLASH`, so it
    stays in its path parameter (``/files/a%2Fb`` is ``/files/{name}`` with name ``a/b``).
    Empty: route on `path`."""

    @property
    def media(self) -> str:
        """The body's media type, without parameters (``application/json``), or ``""``."""
        return self.headers.get("content-type", "").split(";")[0].strip().lower()


class BadRequest(Exception):
    """A request the twin cannot read as the operation's input (a body that is not JSON, say)."""

    def __init__(self, detail: str, *, status: int = 400) -> None:
        super().__init__(detail)
        self.detail = detail
        self.status = status


def tool_input(spec: ToolSpec, path_params: Mapping[str, str], request: HttpRequest) -> dict[str, Any]:
    """The input of `spec`'s tool for `request` (its path parameters `path_params` already
    matched). Values are typed by the parameters' schemas where they spell the type; what does
    not fit is passed on, for the world's input check to refuse, naming it (and to trace)."""
    meta = spec.metadata["openapi"]
    schemas = Schemas(spec.parameters)
    properties = spec.parameters.get("properties", {})
    query = _fields(request.query)
    out: dict[str, Any] = {}
    for param, place in meta["parameters"].items():
        raw = _raw(place, path_params, query, request.headers)
        if raw is None:
            continue
        schema = properties.get(param, {})
        out[param] = (
            typed(schemas, schema, raw) if isinstance(raw, dict) else coerce(schemas, schema, raw, place)
        )
    if request.body.strip():
        out.update(_body(spec, schemas, request))
    return out


def _raw(
    place: Mapping[str, Any],
    path_params: Mapping[str, str],
    query: dict[str, list[str]],
    headers: Mapping[str, str],
) -> list[str] | dict[str, Any] | None:
    """The texts sent for one parameter (a field tree for one sent as fields), None if absent."""
    where, name = place["in"], str(place["name"])
    if where == "path":
        return [path_params[name]] if name in path_params else None
    if where == "header":
        value = headers.get(name.lower())
        return None if value is None else [value]
    if where == "querystring":
        return field_tree(query) or None
    if where != "query":
        return None
    if place.get("style") == "deepObject":  # name[key]=value, or name=value for a scalar branch
        return field_tree(query).get(name) or None
    return query.get(name)


def _fields(text: str) -> dict[str, list[str]]:
    fields: dict[str, list[str]] = {}
    for key, value in parse_qsl(text, keep_blank_values=True):
        fields.setdefault(key, []).append(value)
    return fields


def _body(spec: ToolSpec, schemas: Schemas, request: HttpRequest) -> dict[str, Any]:
    """The tool parameters the body carries: the whole body, or each field of an object body."""
    documented = str(spec.metadata["openapi"].get("body_media", "application/json"))
    media = request.media or documented
    whole = spec.metadata.get("body")
    properties = spec.parameters.get("properties", {})
    if media.endswith(("/json", "+json")):
        value = _json_body(request.body)
    elif media in ("application/x-www-form-urlencoded", "multipart/form-data"):
        form = (
            _multipart(request)
            if media == "multipart/form-data"
            else _fields(request.body.decode("utf-8", "replace"))
        )
        value = typed(schemas, properties.get(whole, {}) if whole else _by_field(spec), field_tree(form))
    elif whole is not None and not documented.endswith("json"):
        return {whole: request.body.decode("utf-8", "replace")}  # text, or bytes as text
    else:
        raise BadRequest(
            f"the operation takes {documented} and the twin reads JSON, form and multipart bodies, "
            f"not {media!r}; send the body as {documented}",
            status=415,
        )
    return _spread(spec, whole, value)


def _by_field(spec: ToolSpec) -> dict[str, Any]:
    """An object schema of the inlined body fields, by their names in the request."""
    properties = spec.parameters.get("properties", {})
    fields = {
        str(place["name"]): properties.get(param, {})
        for param, place in spec.metadata["openapi"]["parameters"].items()
        if place["in"] == "body"
    }
    return {"type": "object", "properties": fields}


def _multipart(request: HttpRequest) -> dict[str, list[str]]:
    """The fields of a ``multipart/form-data`` body, a file's content as text."""
    head = f"Content-Type: {request.headers.get('content-type', '')}\r\n\r\n".encode("latin-1", "replace")
    message = BytesParser(policy=HTTP).parsebytes(head + request.body)
    if not message.is_multipart():
        raise BadRequest(
            "the multipart body has no parts: its Content-Type needs the boundary that separates them"
        )
    fields: dict[str, list[str]] = {}
    for part in message.iter_parts():
        name = part.get_param("name", header="content-disposition")
        content = part.get_payload(decode=True)
        if isinstance(name, str):
            text = content.decode("utf-8", "replace") if isinstance(content, bytes) else ""
            fields.setdefault(name, []).append(text)
    return fields


def _json_body(body: bytes) -> Any:
    try:
        return json.loads(body)
    except ValueError as exc:
        raise BadRequest(f"the request body is not valid JSON: {exc}; send one JSON value") from None


def _spread(spec: ToolSpec, whole: str | None, value: Any) -> dict[str, Any]:
    """The body as tool parameters: all of it under `whole`, or an object's fields under their
    parameter names. A field the operation does not name is ignored, as its schema allows, or,
    when the schema says ``additionalProperties: false``, kept for the input check to refuse."""
    if whole is not None:
        return {whole: value}
    if not isinstance(value, dict):
        raise BadRequest(
            f"the request body must be a JSON object of the operation's fields, got "
            f'{type(value).__name__}; send {{"field": value, ...}}'
        )
    names = {
        str(place["name"]): param
        for param, place in spec.metadata["openapi"]["parameters"].items()
        if place["in"] == "body"
    }
    if spec.metadata["openapi"].get("body_closed"):
        return {names.get(str(key), str(key)): item for key, item in value.items()}
    return {names[key]: item for key, item in value.items() if key in names}
