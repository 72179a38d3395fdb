"""A scripted OpenAI-compatible (and Anthropic-style) HTTP server on 127.0.0.1, for tests.

Each POST (``/v1/chat/completions``, ``/v1/responses``, ``/v1/messages``, ...) is recorded and
answered by the next scripted reply (or the default): a chat completion, a Responses API response,
a raw JSON body, an HTTP error, a hang (no answer until the server stops), a body of any type (an
HTML page), an answer trickled one byte at a time, or a function of the request body that returns
one of those. A `Completion` sent to ``/v1/responses`` goes in the Responses API's shape.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

__all__ = ["Body", "Completion", "Failure", "Hang", "OpenAIServer", "Output", "Raw", "Received", "Trickle"]


@dataclass(frozen=True)
class Completion:
    """A 200 chat completion whose message content is `content`."""

    content: str | None
    prompt_tokens: int = 11
    completion_tokens: int = 7


@dataclass(frozen=True)
class Output:
    """A 200 Responses API response: a message holding `text` (or the `refusal`; neither: no
    message), after a reasoning item when `reasoning`; ``status: incomplete`` with the reason
    `incomplete` when given."""

    text: str | None
    input_tokens: int = 11
    output_tokens: int = 7
    incomplete: str | None = None
    refusal: str | None = None
    reasoning: bool = False


@dataclass(frozen=True)
class Failure:
    """An HTTP error with an OpenAI-style error body."""

    status: int
    message: str
    headers: dict[str, str] = field(default_factory=dict)
    param: str | None = None
    """The request parameter the error is about (OpenAI's ``error.param``)."""


@dataclass(frozen=True)
class Raw:
    """A 200 response with `payload` as its JSON body (e.g. an Anthropic message)."""

    payload: dict[str, Any]


@dataclass(frozen=True)
class Hang:
    """Accept the request and never answer (until the server stops)."""


@dataclass(frozen=True)
class Body:
    """A response with this status, content type and body text (e.g. an HTML error page)."""

    status: int
    content_type: str
    text: str


@dataclass(frozen=True)
class Trickle:
    """`answer`, its body sent one byte every `interval` seconds (headers at once)."""

    answer: Completion | Output | Raw
    interval: float


Answer = Completion | Output | Failure | Raw | Hang | Body | Trickle
Reply = Answer | Callable[[dict[str, Any]], Answer]


@dataclass(frozen=True)
class Received:
    """A request the server received."""

    path: str
    headers: dict[str, str]
    body: dict[str, Any]
    data: bytes = b""
    """The body's bytes, as sent."""

    @property
    def text(self) -> str:
        """Every message's content (a Responses request's instructions and input), joined: what
        the model was told."""
        messages = self.body.get("messages") or self.body.get("input") or []
        told = [self.body["instructions"]] if "instructions" in self.body else []
        return "\n".join(told + [str(m.get("content")) for m in messages])

    @property
    def format_type(self) -> str | None:
        """The ``response_format`` (Responses: ``text.format``) type requested (None for plain text)."""
        fmt = self.body.get("response_format") or (self.body.get("text") or {}).get("format")
        return fmt["type"] if fmt else None


class OpenAIServer:
    """Serve scripted replies; ``url`` is the base URL to give an OpenAI client."""

    def __init__(self, *replies: Reply, default: Reply | None = None) -> None:
        self.replies: list[Reply] = list(replies)
        self.default = default
        self.received: list[Received] = []
        self._stopping = threading.Event()
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), _handler_for(self))
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, args=(0.01,), daemon=True)

    @property
    def url(self) -> str:
        host, port = self._httpd.server_address[:2]
        return f"http://{host!s}:{port}/v1"

    def push(self, *replies: Reply) -> None:
        """Script more replies, answered in order."""
        self.replies.extend(replies)

    def __enter__(self) -> OpenAIServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stopping.set()
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join()

    def _next(self, body: dict[str, Any]) -> Answer:
        reply = self.replies.pop(0) if self.replies else self.default
        if reply is None:
            return Failure(500, "test server: no scripted reply left")
        return reply(body) if callable(reply) else reply


def _handler_for(server: OpenAIServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        disable_nagle_algorithm = True  # else keep-alive replies wait ~40 ms for a delayed ACK

        def do_POST(self) -> None:
            data = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            body = json.loads(data or b"{}")
            headers = {k.lower(): v for k, v in self.headers.items()}
            server.received.append(Received(self.path, headers, body, data))
            reply = server._next(body)
            if isinstance(reply, Hang):
                server._stopping.wait(30)
                self.close_connection = True
                return
            if isinstance(reply, Body):
                self._send(reply.status, reply.text.encode(), {}, reply.content_type)
                return
            interval = reply.interval if isinstance(reply, Trickle) else 0.0
            answer = reply.answer if isinstance(reply, Trickle) else reply
            status, payload, headers = _render(answer, body, self.path)
            self._send(status, json.dumps(payload).encode(), headers, "application/json", interval)

        def _send(
            self, status: int, data: bytes, headers: dict[str, str], content_type: str, interval: float = 0.0
        ) -> None:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(data)))
            for name, value in headers.items():
                self.send_header(name, value)
            if interval:  # it closes the connection after the body: say so, or a client may reuse it
                self.send_header("Connection", "close")
            self.end_headers()
            if not interval:
                self.wfile.write(data)
                return
            self.wfile.flush()
            for i in range(len(data)):  # until done, the client gives up, or the server stops
                if server._stopping.wait(interval):
                    break
                try:
                    self.wfile.write(data[i : i + 1])
                    self.wfile.flush()
                except OSError:
                    break
            self.close_connection = True

        def log_message(self, format: str, *args: Any) -> None:
            pass

    return Handler


def _render(
    reply: Completion | Output | Failure | Raw, body: dict[str, Any], path: str
) -> tuple[int, dict[str, Any], dict[str, str]]:
    if isinstance(reply, Completion) and path.endswith("/responses"):
        reply = Output(reply.content, reply.prompt_tokens, reply.completion_tokens)
    if isinstance(reply, Output):
        return 200, _response(reply, body), {}
    if isinstance(reply, Raw):
        return 200, reply.payload, {}
    if isinstance(reply, Failure):
        error = {
            "message": reply.message,
            "type": "invalid_request_error",
            "code": None,
            "param": reply.param,
        }
        return reply.status, {"error": error}, reply.headers
    usage = {
        "prompt_tokens": reply.prompt_tokens,
        "completion_tokens": reply.completion_tokens,
        "total_tokens": reply.prompt_tokens + reply.completion_tokens,
    }
    choice = {
        "index": 0,
        "message": {"role": "assistant", "content": reply.content},
        "finish_reason": "stop",
        "logprobs": None,
    }
    completion = {
        "id": "chatcmpl-test",
        "object": "chat.completion",
        "created": 1_700_000_000,
        "model": body.get("model", "test-model"),
        "choices": [choice],
        "usage": usage,
    }
    return 200, completion, {}


def _response(reply: Output, body: dict[str, Any]) -> dict[str, Any]:
    """`reply` as a Responses API response object."""
    output: list[dict[str, Any]] = []
    if reply.reasoning:
        output.append({"type": "reasoning", "id": "rs-test", "summary": []})
    content = (
        [{"type": "output_text", "text": reply.text, "annotations": []}] if reply.text is not None else []
    )
    if reply.refusal is not None:
        content.append({"type": "refusal", "refusal": reply.refusal})
    if content:
        message = {"type": "message", "id": "msg-test", "role": "assistant", "status": "completed"}
        output.append({**message, "content": content})
    usage = {
        "input_tokens": reply.input_tokens,
        "input_tokens_details": {"cached_tokens": 0},
        "output_tokens": reply.output_tokens,
        "output_tokens_details": {"reasoning_tokens": 0},
        "total_tokens": reply.input_tokens + reply.output_tokens,
    }
    return {
        "id": "resp-test",
        "object": "response",
        "created_at": 1_700_000_000,
        "model": body.get("model", "test-model"),
        "status": "incomplete" if reply.incomplete else "completed",
        "incomplete_details": {"reason": reply.incomplete} if reply.incomplete else None,
        "error": None,
        "output": output,
        "parallel_tool_calls": True,
        "tool_choice": "auto",
        "tools": [],
        "usage": usage,
    }
