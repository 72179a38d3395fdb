"""How an operation travels over HTTP: each parameter's serialization (``style``, ``explode``),
the request body's media type, and the path prefix its server puts before every path."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

from synthworld.sources.openapi.document import Document
from synthworld.sources.openapi.responses import pick_media

__all__ = ["answer_media", "base_path", "body_media", "empty_status", "serialization"]

_COLLECTION_FORMATS = {
    "csv": ("form", False),
    "ssv": ("spaceDelimited", False),
    "tsv": ("tabDelimited", False),
    "pipes": ("pipeDelimited", False),
    "multi": ("form", True),
}
"""OpenAPI 2.0 ``collectionFormat`` as the 3.x ``style`` and ``explode`` that read the same."""
_VARIABLE = re.compile(r"\{([^{}]+)\}")
_FORM = "application/x-www-form-urlencoded"
_JSON = "application/json"


def serialization(doc: Document, param: Mapping[str, Any]) -> dict[str, Any]:
    """The ``style`` and ``explode`` a parameter is written with, when the document says (none:
    the defaults, ``form`` exploded in a query, ``simple`` in a path or header), or the media
    type of its ``content`` (``{"content": "application/json"}``: the value is JSON text)."""
    if doc.swagger:
        fmt = param.get("collectionFormat")
        if fmt not in _COLLECTION_FORMATS:
            return {}
        style, explode = _COLLECTION_FORMATS[str(fmt)]
        return {"style": style, "explode": explode}
    out: dict[str, Any] = {}
    picked = pick_media(param.get("content"))
    if picked is not None:  # the value is written in a media type, JSON text say
        out["content"] = picked[0]
    if isinstance(param.get("style"), str):
        out["style"] = param["style"]
    if isinstance(param.get("explode"), bool):
        out["explode"] = param["explode"]
    return out


def body_media(doc: Document, op: Mapping[str, Any], params: list[Mapping[str, Any]]) -> str | None:
    """The media type of the operation's request body (None: it takes none), `params` its
    merged parameters (OpenAPI 2.0 writes the body and form fields there)."""
    if doc.swagger:
        places = {param.get("in") for param in params}
        consumes = op.get("consumes", doc.data.get("consumes"))
        listed = [str(media) for media in consumes] if isinstance(consumes, list) else []
        if "formData" in places:
            return next((media for media in listed if "form" in media), _FORM)
        if "body" in places:
            return next((media for media in listed if "json" in media), "application/json")
        return None
    body = op.get("requestBody")
    if isinstance(body, Mapping) and "$ref" in body:
        body, _ = doc.deref(body, at="")
    picked = pick_media(body.get("content")) if isinstance(body, Mapping) else None
    return None if picked is None else picked[0]


def base_path(doc: Document, item: Any, op: Mapping[str, Any]) -> str:
    """The path the API is served under: OpenAPI 2.0's ``basePath``, or the path of the first
    server URL (the operation's, its path item's, else the document's; ``{variables}`` take
    their defaults). ``""`` for the root."""
    if doc.swagger:
        found = doc.data.get("basePath")
        return _trimmed(found) if isinstance(found, str) else ""
    for owner in (op, item, doc.data):
        servers = owner.get("servers") if isinstance(owner, Mapping) else None
        if isinstance(servers, list) and servers and isinstance(servers[0], Mapping):
            return _server_path(servers[0])
    return ""


def _server_path(server: Mapping[str, Any]) -> str:
    url = server.get("url")
    if not isinstance(url, str):
        return ""
    variables = server.get("variables")
    defaults = variables if isinstance(variables, Mapping) else {}

    def default(match: re.Match[str]) -> str:
        entry = defaults.get(match.group(1))
        return str(entry.get("default", "")) if isinstance(entry, Mapping) else ""

    filled = _VARIABLE.sub(default, url)
    return _trimmed(urlsplit(filled).path if "//" in filled else filled.split("?")[0])


def _trimmed(path: str) -> str:
    path = path.strip().rstrip("/")
    return path if not path or path.startswith("/") else f"/{path}"


def answer_media(doc: Document, op: Mapping[str, Any], status: str) -> str:
    """The media type the answer documented under `status` is sent as (JSON unless the
    document says otherwise: OpenAPI 2.0's ``produces``, 3.x's ``content`` key)."""
    if doc.swagger:
        produces = op.get("produces", doc.data.get("produces"))
        listed = [str(media) for media in produces] if isinstance(produces, list) else []
        return next((media for media in listed if "json" in media), listed[0] if listed else _JSON)
    responses = op.get("responses")
    if not isinstance(responses, Mapping):
        return _JSON
    keys = {str(code): code for code in responses}
    response = responses[keys[status]] if status in keys else None
    if isinstance(response, Mapping) and "$ref" in response:
        response, _ = doc.deref(response, at="")
    picked = pick_media(response.get("content")) if isinstance(response, Mapping) else None
    return _JSON if picked is None else picked[0]


def empty_status(op: Mapping[str, Any]) -> str | None:
    """The first documented 2xx status of an operation (``204``), for one whose success has
    no body; None when no 2xx is documented."""
    responses = op.get("responses")
    if not isinstance(responses, Mapping):
        return None
    codes = [str(code) for code in responses]
    exact = sorted(code for code in codes if code.isdigit() and code.startswith("2"))
    return next(iter(exact + [code for code in codes if code.upper() == "2XX"]), None)
