"""One live connection to an MCP server, used from synchronous code.

The official ``mcp`` client is async; a `Connection` runs it on an event loop in a background
thread (an anyio blocking portal), so a world's synchronous ``call`` can ask the server and wait.
"""

from __future__ import annotations

import os
import shlex
import threading
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from typing import Any

from synthworld.errors import SourceError
from synthworld.formats.mcp import require_mcp

__all__ = ["DEFAULT_TIMEOUT", "Connection", "ServerLike", "describe", "transport"]

ServerLike = str | Sequence[str]
"""An MCP server: a command (a string split like a shell, or an argv list) run over stdio, or an
``http(s)://`` URL of a streamable HTTP endpoint."""
DEFAULT_TIMEOUT = 60.0
"""Seconds to wait for the server to start or to answer one request."""
_MAX_PAGES = 10_000


def describe(server: ServerLike) -> str:
    """`server` as text, for messages."""
    return server if isinstance(server, str) else shlex.join(server)


def transport(server: ServerLike) -> Any:
    """What ``mcp.Client`` connects to: the URL itself, or ``StdioServerParameters`` for a command."""
    if isinstance(server, str) and server.startswith(("http://", "https://")):
        return server
    argv = shlex.split(server) if isinstance(server, str) else [str(part) for part in server]
    if not argv:
        raise SourceError(
            f"server={server!r} names no MCP server; pass a command such as 'python server.py' "
            "(or an argv list) or an http(s):// URL"
        )
    from mcp.client.stdio import StdioServerParameters

    return StdioServerParameters(command=argv[0], args=argv[1:], env=dict(os.environ))


class Connection:
    """A lazily opened, thread-safe connection to one MCP server; `close` ends it (and the
    server process, for a command)."""

    def __init__(self, server: ServerLike, *, timeout: float = DEFAULT_TIMEOUT) -> None:
        require_mcp()  # without the extra: an ImportError saying what to install, before anything
        self.server = server
        self.timeout = timeout
        self._target = transport(server)
        self._lock = threading.Lock()
        self._portal_cm: AbstractContextManager[Any] | None = None
        self._client_cm: AbstractContextManager[Any] | None = None
        self._portal: Any = None
        self._client: Any = None

    def __repr__(self) -> str:
        return f"Connection({describe(self.server)!r})"

    def list_tools(self) -> list[Any]:
        """Every tool the server lists (``mcp.types.Tool``), following ``nextCursor`` to the end."""
        return list(self._run(_all_tools))

    def call_tool(self, name: str, arguments: dict[str, Any]) -> Any:
        """The server's ``CallToolResult`` for one call."""
        return self._run(lambda client: client.call_tool(name, arguments))

    def close(self) -> None:
        """End the session (and the server process); a later request opens a new one."""
        with self._lock:
            client_cm, portal_cm = self._client_cm, self._portal_cm
            self._client_cm = self._portal_cm = self._portal = self._client = None
        try:
            if client_cm is not None:
                client_cm.__exit__(None, None, None)
        except Exception:  # a server that died already: nothing left to close
            pass
        finally:
            if portal_cm is not None:
                portal_cm.__exit__(None, None, None)

    def _run(self, job: Callable[[Any], Any]) -> Any:
        with self._lock:
            self._open()
            portal, client = self._portal, self._client
        try:
            return portal.call(_bounded, job, client, self.timeout)
        except TimeoutError:
            raise SourceError(
                f"no answer within {self.timeout:g} s", source=f"MCP server {describe(self.server)}"
            ) from None

    def _open(self) -> None:
        if self._client is not None:
            return
        import anyio.from_thread
        from mcp import Client

        self._portal_cm = anyio.from_thread.start_blocking_portal()
        self._portal = self._portal_cm.__enter__()
        try:
            client = Client(self._target, read_timeout_seconds=self.timeout)
            self._client_cm = self._portal.wrap_async_context_manager(client)
            self._client = self._client_cm.__enter__()
        except BaseException as exc:
            portal_cm, self._portal_cm, self._portal, self._client_cm = self._portal_cm, None, None, None
            portal_cm.__exit__(None, None, None)
            raise SourceError(
                f"cannot connect: {_reason(exc)}; check the command or URL, and that the server "
                "speaks MCP on it",
                source=f"MCP server {describe(self.server)}",
            ) from None


async def _bounded(job: Callable[[Any], Any], client: Any, timeout: float) -> Any:
    import anyio

    with anyio.fail_after(timeout):
        return await job(client)


async def _all_tools(client: Any) -> list[Any]:
    tools: list[Any] = []
    cursor, seen = None, set()
    for _ in range(_MAX_PAGES):
        page = await client.list_tools(cursor=cursor)
        tools += page.tools
        cursor = page.next_cursor
        if not cursor or cursor in seen:
            return tools
        seen.add(cursor)
    return tools


def _reason(exc: BaseException) -> str:
    """The innermost message of `exc` (task groups wrap the real failure in exception groups)."""
    inner = getattr(exc, "exceptions", None)
    while isinstance(inner, tuple) and inner and isinstance(inner[0], BaseException):
        exc = inner[0]
        inner = getattr(exc, "exceptions", None)
    return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
