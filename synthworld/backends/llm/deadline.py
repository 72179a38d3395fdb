"""A deadline for one LLM call: connecting, every read and write, retries and waits fit in it.

HTTP clients bound each socket operation, not a whole request: a server that sends one byte
every two seconds never trips a three-second read timeout. `Deadline` is the end time of one
backend call; while it is `active` (in this thread or task), the HTTP client built by
`deadline_http_client` gives every connect, TLS handshake, read and write at most the time that
is left, so the call fails with the SDK's timeout error once the deadline passes. The transport
is the SDK's own HTTP library (httpx, or its fork) with a network backend that applies the
deadline; proxies configured in the environment use the library's default transport, where each
request is bounded by the time left when it starts.
"""

from __future__ import annotations

import contextlib
import importlib
import time
from collections.abc import Iterator
from contextvars import ContextVar
from functools import cache
from typing import Any

__all__ = ["Deadline", "current_deadline", "deadline_http_client", "http_library"]

_END: ContextVar[float | None] = ContextVar("synthworld_llm_deadline", default=None)
_SOON = 0.001  # what an operation gets once the deadline has passed: it times out at once
_MAPPED = (  # most specific first: the first match wins
    "ConnectTimeout",
    "ReadTimeout",
    "WriteTimeout",
    "PoolTimeout",
    "TimeoutException",
    "ConnectError",
    "ReadError",
    "WriteError",
    "ProxyError",
    "UnsupportedProtocol",
    "RemoteProtocolError",
    "LocalProtocolError",
    "ProtocolError",
    "NetworkError",
)


class Deadline:
    """The end of one call, `seconds` from now (or at the monotonic time `end`)."""

    def __init__(self, seconds: float = 0.0, *, end: float | None = None) -> None:
        self.end = time.monotonic() + seconds if end is None else end

    def left(self) -> float:
        """Seconds until the deadline (negative once it passed)."""
        return self.end - time.monotonic()

    @contextlib.contextmanager
    def active(self) -> Iterator[Deadline]:
        """Bound the HTTP operations of this thread or task by this deadline."""
        token = _END.set(self.end)
        try:
            yield self
        finally:
            _END.reset(token)


def current_deadline(default: float) -> Deadline:
    """The active deadline, or a new one `default` seconds from now."""
    end = _END.get()
    return Deadline(default) if end is None else Deadline(end=end)


def _bounded(timeout: float | None) -> float | None:
    """`timeout`, cut to the time the active deadline leaves."""
    end = _END.get()
    if end is None:
        return timeout
    left = max(end - time.monotonic(), _SOON)
    return left if timeout is None else min(timeout, left)


class _Stream:
    """A network stream whose every operation ends by the deadline."""

    def __init__(self, inner: Any) -> None:
        self._inner = inner

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        data: bytes = self._inner.read(max_bytes, _bounded(timeout))
        return data

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        self._inner.write(buffer, _bounded(timeout))

    def close(self) -> None:
        self._inner.close()

    def start_tls(
        self, ssl_context: Any, server_hostname: str | None = None, timeout: float | None = None
    ) -> Any:
        return _Stream(self._inner.start_tls(ssl_context, server_hostname, _bounded(timeout)))

    def get_extra_info(self, info: str) -> Any:
        return self._inner.get_extra_info(info)


class _Network:
    """A network backend whose connections end by the deadline."""

    def __init__(self, inner: Any) -> None:
        self._inner = inner

    def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Any = None,
    ) -> _Stream:
        return _Stream(self._inner.connect_tcp(host, port, _bounded(timeout), local_address, socket_options))

    def connect_unix_socket(
        self, path: str, timeout: float | None = None, socket_options: Any = None
    ) -> _Stream:
        return _Stream(self._inner.connect_unix_socket(path, _bounded(timeout), socket_options))

    def sleep(self, seconds: float) -> None:
        self._inner.sleep(seconds)


def deadline_http_client(sdk: Any) -> Any:
    """The SDK's default HTTP client (``sdk.DefaultHttpxClient``) over a deadline transport."""
    client_class = sdk.DefaultHttpxClient
    transport = _transport_class(http_library(sdk))()
    return client_class(transport=transport)


def http_library(sdk: Any) -> str:
    """The HTTP library the SDK's client comes from (``httpx``, or a fork such as ``httpx2``)."""
    client_class = sdk.DefaultHttpxClient
    base = next(c for c in client_class.__mro__ if c.__name__ == "Client" and c is not client_class)
    return str(base.__module__.partition(".")[0])


@cache
def _transport_class(library: str) -> type:
    """A transport of `library` on its core library's connection pool with `_Network`."""
    http = importlib.import_module(library)
    core = importlib.import_module(library.replace("httpx", "httpcore", 1))

    class ResponseStream(http.SyncByteStream):  # type: ignore[misc,name-defined]
        def __init__(self, stream: Any) -> None:
            self._stream = stream

        def __iter__(self) -> Iterator[bytes]:
            with _mapped(http, core):
                yield from self._stream

        def close(self) -> None:
            self._stream.close()

    class DeadlineTransport(http.BaseTransport):  # type: ignore[misc,name-defined]
        def __init__(self) -> None:
            self._pool = core.ConnectionPool(
                ssl_context=http.create_ssl_context(),
                max_connections=100,
                max_keepalive_connections=20,
                keepalive_expiry=5.0,
                network_backend=_Network(core.SyncBackend()),
            )

        def handle_request(self, request: Any) -> Any:
            url = core.URL(
                scheme=request.url.raw_scheme,
                host=request.url.raw_host,
                port=request.url.port,
                target=request.url.raw_path,
            )
            sent = core.Request(
                method=request.method,
                url=url,
                headers=request.headers.raw,
                content=request.stream,
                extensions=request.extensions,
            )
            with _mapped(http, core):
                got = self._pool.handle_request(sent)
            return http.Response(
                status_code=got.status,
                headers=got.headers,
                stream=ResponseStream(got.stream),
                extensions=got.extensions,
            )

        def close(self) -> None:
            self._pool.close()

    return DeadlineTransport


@contextlib.contextmanager
def _mapped(http: Any, core: Any) -> Iterator[None]:
    """Raise the core library's errors as the HTTP library's (what the SDKs catch)."""
    try:
        yield
    except Exception as exc:
        for name in _MAPPED:
            if isinstance(exc, getattr(core, name)):
                raise getattr(http, name)(str(exc)) from exc
        raise
