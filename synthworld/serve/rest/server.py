"""Running a `RestApp` on the standard library's WSGI server, one thread per connection."""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from socketserver import ThreadingMixIn
from typing import TYPE_CHECKING, Any
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from synthworld.serve.mcp import _sigterm_as_interrupt
from synthworld.serve.rest.app import RestApp

if TYPE_CHECKING:
    from synthworld.world import SyntheticWorld

__all__ = ["rest_server", "serve_rest"]

_POLL = 0.02
"""Seconds between the background server's checks for shutdown: leaving the block waits this
long at most (the standard library's 0.5 s made a test of 20 servers wait 10 s)."""


class _ThreadingServer(ThreadingMixIn, WSGIServer):
    daemon_threads = True  # a client that keeps its connection open does not hold up shutdown
    allow_reuse_address = True


class _QuietHandler(WSGIRequestHandler):
    def get_environ(self) -> dict[str, Any]:
        """wsgiref's environ, with the request target as sent (``REQUEST_URI``, as uWSGI and
        werkzeug give it): ``PATH_INFO`` is percent-decoded, a ``%2F`` in it a plain ``/``."""
        environ = super().get_environ()
        environ["REQUEST_URI"] = self.path
        return environ

    def log_message(self, format: str, *args: Any) -> None:
        """No access log on stderr: the world's trace records every call."""


def _server(app: RestApp, host: str, port: int) -> WSGIServer:
    return make_server(host, port, app, server_class=_ThreadingServer, handler_class=_QuietHandler)


@contextlib.contextmanager
def rest_server(
    world: SyntheticWorld, *, host: str = "127.0.0.1", port: int = 0, require_credentials: bool = True
) -> Iterator[str]:
    """Serve `world`'s HTTP API (see `RestApp`) from a background thread while the block runs;
    yields the base URL, ``http://127.0.0.1:PORT`` (port 0: a free one). Paths are the
    document's, under its base path: ``f"{base_url}/v1/pets"``.

    ``with rest_server(world) as base_url: httpx.get(f"{base_url}/pets/p1")``;
    ``require_credentials=False`` answers requests without the credentials the document asks for.
    """
    server = _server(RestApp(world, require_credentials=require_credentials), host, port)
    thread = threading.Thread(target=server.serve_forever, args=(_POLL,), name="synthworld-rest", daemon=True)
    thread.start()
    try:
        yield f"http://{host}:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def serve_rest(
    world: SyntheticWorld,
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    trace: str | os.PathLike[str] | None = None,
    require_credentials: bool = True,
) -> None:
    """Serve `world`'s HTTP API on ``http://{host}:{port}`` until Ctrl-C or SIGTERM; with
    `trace`, save the world's trace there when serving stops (see `rest_server` for the rest)."""
    app = RestApp(world, require_credentials=require_credentials)
    server = _server(app, host, port)
    base = min(str(route.spec.metadata["openapi"].get("base_path", "")) for route in app.routes.routes)
    url = f"http://{host}:{server.server_port}{base}"
    print(f"synthworld: serving the REST API on {url}", file=sys.stderr, flush=True)
    try:
        with _sigterm_as_interrupt(), contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()
    finally:
        server.server_close()
        if trace is not None:
            world.trace.save(Path(trace))
