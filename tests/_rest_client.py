"""A test-side HTTP client for OpenAPI tools: a tool input written as the request the document
describes (path, query in its style, headers, JSON or form body), to send to the REST twin."""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import quote

from synthworld import ToolSpec, generate

_PLAIN = {"path": re.compile(r"[^/\x00-\x1f\x7f]+"), "header": re.compile(r"[!-~]([ -~]*[!-~])?")}
"""Values a path segment and a header carry as they are (no ``/`` in a segment, printable ASCII
without edge spaces in a header)."""
_DELIMITERS = {"form": ",", "spaceDelimited": " ", "pipeDelimited": "|"}


def request_for(spec: ToolSpec, args: dict[str, Any]) -> dict[str, Any]:
    """``httpx.request`` keyword arguments (``method``, ``url`` under the base path, ``params``,
    ``headers``, ``content``) that carry `args` to `spec`'s operation."""
    meta = spec.metadata["openapi"]
    path, query, headers, body = str(meta["path"]), [], {}, {}
    cookies: list[str] = []
    for param, value in args.items():
        place = meta["parameters"][param]
        where, name = place["in"], place["name"]
        if where == "path":
            path = path.replace(f"{{{name}}}", quote(_text(value), safe=""))
        elif where == "query":
            query += _query(name, value, place)
        elif where == "header":
            headers[name] = _text(value)
        elif where == "body":
            body[name] = value
    for credential in meta.get("credentials", [[]])[0]:  # the first way in the document offers
        if credential["in"] == "header":
            headers[credential["name"]] = "Bearer token"
        elif credential["in"] == "query":
            query.append((credential["name"], "key"))
        else:
            cookies.append(f"{credential['name']}=key")
    for name, cookie in meta.get("cookies", {}).items():  # those the operation requires
        if cookie["required"]:
            cookies.append(f"{name}={_text(generate(cookie['schema'], seed=0))}")
    if cookies:
        headers["cookie"] = "; ".join(cookies)
    out: dict[str, Any] = {"method": meta["method"], "url": meta.get("base_path", "") + path}
    out["params"], out["headers"] = query, headers
    if body:
        whole = spec.metadata.get("body")
        payload = body["body"] if whole else body
        media = str(meta.get("body_media", "application/json"))
        if media == "application/x-www-form-urlencoded":
            out["data"] = dict(_form("", payload))
        elif media == "multipart/form-data":
            out["files"] = {key: (None, text) for key, text in _form("", payload)}
        elif not media.endswith("json"):
            out["content"] = str(payload).encode()
            headers["content-type"] = media.replace("*", "png")
        else:
            out["content"] = json.dumps(payload).encode()
            headers["content-type"] = media
    return out


def _text(value: Any) -> str:
    return json.dumps(value) if isinstance(value, bool) or value is None else str(value)


def _query(name: str, value: Any, place: dict[str, Any]) -> list[tuple[str, str]]:
    if str(place.get("content", "")).endswith("json"):
        return [(name, json.dumps(value))]
    style = place.get("style", "form")
    if style == "deepObject":
        return _form(name, value)
    if isinstance(value, list):
        if place.get("explode", style == "form"):
            return [(name, _text(item)) for item in value]
        return [(name, _DELIMITERS.get(style, ",").join(_text(item) for item in value))]
    return [(name, _text(value))]


def _form(prefix: str, value: Any) -> list[tuple[str, str]]:
    if isinstance(value, dict):
        return [
            pair for key, item in value.items() for pair in _form(f"{prefix}[{key}]" if prefix else key, item)
        ]
    if isinstance(value, list):
        return [pair for i, item in enumerate(value) for pair in _form(f"{prefix}[{i}]", item)]
    return [(prefix, _text(value))]


def valid_input(spec: ToolSpec, *, tries: int = 40, start: int = 0) -> dict[str, Any] | None:
    """An input for `spec` drawn from its parameters schema: the first seed from `start` whose
    path and header values are plain URL and header text, less what the request cannot carry
    (see `carried`); None when no seed gives one."""
    places = spec.metadata["openapi"]["parameters"]
    for seed in range(start, start + tries):
        args = generate(spec.parameters, seed=seed)
        if all(
            _PLAIN[places[param]["in"]].fullmatch(_text(value))
            for param, value in args.items()
            if places[param]["in"] in _PLAIN
        ):
            return carried(spec, args)
    return None


def carried(spec: ToolSpec, args: dict[str, Any]) -> dict[str, Any]:
    """`args` less what a request cannot carry: an empty array or object sent as query or form
    fields (no field is written for it), at any depth of a form."""
    meta = spec.metadata["openapi"]
    form = meta.get("body_media") in ("application/x-www-form-urlencoded", "multipart/form-data")
    out = {}
    for param, value in args.items():
        where = meta["parameters"][param]["in"]
        if where == "query" and value in ([], {}):
            continue
        if where == "body" and form:
            value = _without_empties(value)
            if value in ([], {}):
                continue
        out[param] = value
    return out


def _without_empties(value: Any) -> Any:
    if isinstance(value, dict):
        kept = {key: _without_empties(item) for key, item in value.items()}
        return {key: item for key, item in kept.items() if item not in ([], {})}
    if isinstance(value, list):
        return [_without_empties(item) for item in value]
    return value
