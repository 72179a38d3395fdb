"""MCP requests the transport cannot read still get an answer.

The ``mcp`` transports parse each message with pydantic, which refuses integers of more than 4300
digits, lone surrogate escapes (``"\\ud800"``) and nesting deeper than about 200 levels. Over
stdio such a line is dropped without an answer (the client waits forever); over HTTP the client
gets a parse error without an id and closes its session. Here such a ``tools/call`` is rewritten
into one the server can read, whose arguments are ``{UNREADABLE: why}``, so the tool call gets an
``isError`` result saying why; any other line but a notification gets a JSON-RPC parse error
(stdio), with ``id: null`` when no id can be read from it (a line that is no JSON at all).
JSON that is no JSON-RPC request (no method, params that are no object, a batch) was dropped
too: over stdio each id in it gets an Invalid Request error saying what is wrong.
`ReadableStream` does this for stdio, `ReadableBodies` (ASGI middleware) for streamable HTTP.
"""

from __future__ import annotations

import json
import re
from typing import Any

from synthworld._json import MAX_DEPTH

__all__ = [
    "UNREADABLE",
    "ReadableBodies",
    "ReadableStream",
    "invalid_request_errors",
    "members",
    "parse_error",
    "readable_request",
]

UNREADABLE = "$synthworld_unreadable"
"""The argument that marks a rewritten call; its value says why the arguments could not be read."""
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[{}\[\]:,]|[^\s{}\[\]:,"]+')
_HOW = (
    "send JSON whose integers have at most 4300 digits, whose strings are UTF-8 text (no lone "
    f"surrogates such as \\ud800) and that nests at most {MAX_DEPTH} levels"
)


def members(text: str) -> dict[str, str]:
    """The text of each member of the JSON object in `text`, by key, found without parsing
    (so without recursion, and whatever the values hold)."""
    found: dict[str, str] = {}
    depth, key, start = 0, "", -1
    for match in _TOKEN.finditer(text):
        token = match.group()
        if token in "{[":
            start = match.start() if depth == 1 and key else start
            depth += 1
        elif token in "}]":
            depth -= 1
            if depth == 1 and key and start >= 0:
                found[key], key, start = text[start : match.end()], "", -1
        elif depth != 1 or token in ":,":
            continue
        elif not key:
            key = _load(token) if token.startswith('"') else ""
        else:
            found[key], key = token, ""
    return found


def _load(text: str | None) -> Any:
    try:
        return None if text is None else json.loads(text)
    except (ValueError, RecursionError):
        return None


def readable_request(text: str, reason: str) -> dict[str, Any] | None:
    """The ``tools/call`` request in `text` (which pydantic could not parse, for `reason`) with its
    arguments replaced by ``{UNREADABLE: why}``; None when `text` is no such request or more than
    its arguments cannot be read."""
    head = members(text)
    request_id, given = _load(head.get("id")), members(head.get("params", ""))
    params = {key: _load(value) for key, value in given.items() if key != "arguments"}
    if _load(head.get("method")) != "tools/call" or not _is_id(request_id):
        return None
    if not isinstance(params.get("name"), str) or None in params.values():
        return None
    params["arguments"] = {UNREADABLE: f"synthworld could not read the arguments ({reason}); {_HOW}"}
    return {"jsonrpc": "2.0", "id": request_id, "method": "tools/call", "params": params}


def parse_error(text: str, reason: str) -> dict[str, Any] | None:
    """A JSON-RPC parse error answering the request in `text`: with its id, or with ``id: null``
    when none can be found (JSON-RPC 2.0, and the ``mcp`` HTTP transport, answer so); None for a
    notification (a ``method`` and no ``id``), which is never answered."""
    head = members(text)
    request_id = _load(head.get("id"))
    if not _is_id(request_id) and "id" not in head and "method" in head:
        return None
    message = f"synthworld could not read this request ({reason}); {_HOW}"
    if not _is_id(request_id):
        request_id = None
    return {"jsonrpc": "2.0", "id": request_id, "error": {"code": -32700, "message": message}}


_SHAPE = '{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": ..., "arguments": {...}}}'


def invalid_request_errors(error: Exception) -> list[dict[str, Any]]:
    """JSON-RPC ``Invalid Request`` errors answering a line that is JSON but no JSON-RPC message
    (`error` is pydantic's): one for the request, or one per request of a batch, that has an id.
    The ``mcp`` transport drops such a line without an answer, so the client waited forever."""
    details: list[dict[str, Any]] = getattr(error, "errors", list)()
    inputs = [d.get("input") for d in details if d.get("type") != "json_invalid"]
    request = next((i for i in inputs if isinstance(i, dict) and _is_id(i.get("id"))), None)
    if request is not None:
        problems = [_problem(d) for d in details if d.get("loc", ())[:1] == ("JSONRPCRequest",)]
        why = "; ".join(p for p in problems if p) or "not a JSON-RPC 2.0 request"
        return [_invalid(request["id"], f"synthworld could not read this request ({why}); send {_SHAPE}")]
    batch = next((i for i in inputs if isinstance(i, list)), None) if details else None
    if batch is None or not any(d.get("loc", ())[1:] == () for d in details):
        return []
    why = "a batch (a JSON array of requests) is not part of MCP; send each request on its own line"
    ids = [r["id"] for r in batch if isinstance(r, dict) and _is_id(r.get("id"))]
    return [_invalid(request_id, f"synthworld could not read this request ({why})") for request_id in ids]


def _problem(detail: dict[str, Any]) -> str:
    where = ".".join(str(part) for part in detail.get("loc", ())[1:])
    message = str(detail.get("msg", ""))
    return f"{where}: {message}" if where else message


def _invalid(request_id: str | int, message: str) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": request_id, "error": {"code": -32600, "message": message}}


def _is_id(value: Any) -> bool:
    return isinstance(value, (str, int)) and not isinstance(value, bool)


def _unparsed(error: Exception) -> tuple[str, str] | None:
    """``(line, why)`` of a pydantic error about text that is not valid JSON, else None."""
    details: list[dict[str, Any]] = getattr(error, "errors", list)()
    if details and details[0].get("type") == "json_invalid" and isinstance(details[0].get("input"), str):
        return details[0]["input"], str(details[0].get("msg", "invalid JSON"))
    return None


class ReadableStream:
    """A stdio server's read stream: a line the transport could not parse becomes a readable
    ``tools/call`` (see `readable_request`) or gets a parse error; all else passes unchanged."""

    def __init__(self, inner: Any, write_stream: Any) -> None:
        self._inner = inner
        self._write = write_stream

    def __getattr__(self, name: str) -> Any:  # last_context and the rest: the inner stream's
        return getattr(self._inner, name)

    async def receive(self) -> Any:
        while True:
            item = await self._inner.receive()
            if not isinstance(item, Exception):
                return item
            unparsed = _unparsed(item)
            if unparsed is None:
                replies = invalid_request_errors(item)
                if not replies:
                    return item
                for reply in replies:
                    await self._send(reply)
                continue
            replaced = await self._replace(*unparsed)
            if replaced is not None:
                return replaced

    async def _send(self, message: dict[str, Any]) -> None:
        from mcp.shared.message import SessionMessage
        from mcp.types import jsonrpc_message_adapter

        await self._write.send(SessionMessage(jsonrpc_message_adapter.validate_python(message)))

    async def _replace(self, line: str, why: str) -> Any:
        from mcp.shared.message import SessionMessage
        from mcp.types import jsonrpc_message_adapter

        request = readable_request(line, why)
        if request is not None:
            return SessionMessage(jsonrpc_message_adapter.validate_python(request))
        error = parse_error(line, why)
        if error is not None:
            await self._send(error)
        return None

    def __aiter__(self) -> ReadableStream:
        return self

    async def __anext__(self) -> Any:
        import anyio

        try:
            return await self.receive()
        except anyio.EndOfStream:
            raise StopAsyncIteration from None

    async def __aenter__(self) -> ReadableStream:
        await self._inner.__aenter__()
        return self

    async def __aexit__(self, *exc_info: Any) -> bool | None:
        result: bool | None = await self._inner.__aexit__(*exc_info)
        return result

    async def aclose(self) -> None:
        await self._inner.aclose()


class ReadableBodies:
    """ASGI middleware for the streamable HTTP app: a POSTed ``tools/call`` that pydantic cannot
    parse is passed on rewritten (see `readable_request`); everything else passes unchanged."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope.get("type") != "http" or scope.get("method") != "POST":
            await self.app(scope, receive, send)
            return
        body = await _read_body(receive)
        body = _readable_body(body)
        sent = False

        async def replay() -> dict[str, Any]:
            nonlocal sent
            if sent:
                return await receive()  # type: ignore[no-any-return]
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)


async def _read_body(receive: Any) -> bytes:
    chunks = []
    while True:
        message = await receive()
        chunks.append(message.get("body", b""))
        if message.get("type") != "http.request" or not message.get("more_body"):
            return b"".join(chunks)


def _readable_body(body: bytes) -> bytes:
    import pydantic_core

    try:
        pydantic_core.from_json(body)
    except ValueError as exc:
        request = readable_request(body.decode("utf-8", "replace"), str(exc))
        return body if request is None else json.dumps(request).encode()
    return body
