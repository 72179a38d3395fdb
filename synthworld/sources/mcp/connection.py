"""One live connection to an MCP server, used from synchronous code.

The official ``mcp`` client is async; a `Connection` runs it on an event loop in a background
thread (an anyio blocking portal), so a world's synchronous ``call`` can ask the server and wait.
"""

from __future__ import annotations

import math
import os
import shlex
import threading
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import AbstractContextManager, asynccontextmanager
from typing import Any

from synthworld.errors import SourceError
from synthworld.formats.mcp import require_mcp
from synthworld.sources.mcp.identity import ServerIdentity

__all__ = ["DEFAULT_TIMEOUT", "Connection", "ServerLike", "describe", "transport"]

ServerLike = str | Sequence[str]
"""An MCP server: a command (a string split like a shell, or an argv list) run over stdio, or an
``http(s)://`` URL of a streamable HTTP endpoint."""
DEFAULT_TIMEOUT = 60.0
"""Seconds to wait for the server to start or to answer one request."""
_MAX_PAGES = 10_000
_GONE = "the server exited or dropped the connection; its own messages, if any, are on stderr"


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
        self.identity: ServerIdentity | None = None
        """How the server introduced itself at the last connection (``None`` before one)."""

    def __repr__(self) -> str:
        return f"Connection({describe(self.server)!r})"

    def list_tools(self) -> list[Any]:
        """Every tool the server lists (``mcp.types.Tool``), following ``nextCursor`` to the end."""
        pages: list[list[Any]] = []

        def request() -> str:  # how far the listing got, should it fail
            read = f"{sum(map(len, pages))} tools on {len(pages)} page{'s' * (len(pages) > 1)}"
            return f"tools/list (after {read})" if pages else "tools/list"

        self._run(lambda client: _all_tools(client, pages), request, one_shot=True)
        return [tool for page in pages for tool in page]

    def call_tool(self, name: str, arguments: dict[str, Any]) -> Any:
        """The server's ``CallToolResult`` for one call."""
        return self._run(lambda client: client.call_tool(name, arguments), lambda: f"tools/call {name}")

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

    def _run(self, job: Callable[[Any], Any], request: Callable[[], str], *, one_shot: bool = False) -> Any:
        """`job`'s answer; a `SourceError` naming the `request` (and, unless `one_shot`, saying a
        server that went away is started again at the next request)."""
        from mcp.shared.exceptions import MCPError
        from mcp.types import CONNECTION_CLOSED

        with self._lock:
            self._open()
            portal, client = self._portal, self._client
        source = f"MCP server {describe(self.server)}"
        try:
            return portal.call(_bounded, job, client, self.timeout)
        except TimeoutError:
            raise SourceError(
                f"{request()}: no answer within {_waited(self.timeout)}", source=source
            ) from None
        except MCPError as exc:  # the server answered with an error, or is gone
            why = _reason(exc)
            if exc.code == CONNECTION_CLOSED:  # gone: the next request starts it (or a session) anew
                self.close()
                why += f"{'' if one_shot else ' (the next request reconnects)'}: {_GONE}"
            raise SourceError(f"{request()} failed: {why}", source=source) from None

    def _open(self) -> None:
        if self._client is not None:
            return
        import anyio.from_thread
        from mcp import Client
        from mcp.shared.exceptions import MCPError
        from mcp.types import CONNECTION_CLOSED

        self._portal_cm = anyio.from_thread.start_blocking_portal()
        self._portal = self._portal_cm.__enter__()
        try:
            client = Client(self._target, read_timeout_seconds=self.timeout)
            self._client_cm = self._portal.wrap_async_context_manager(_connected(client, self.timeout))
            self._client = self._client_cm.__enter__()
            self.identity = ServerIdentity.from_client(self._client)
        except BaseException as exc:
            portal_cm, self._portal_cm, self._portal, self._client_cm = self._portal_cm, None, None, None
            portal_cm.__exit__(None, None, None)
            inner = _innermost(exc)
            if isinstance(inner, TimeoutError):
                reason = f"no answer within {_waited(self.timeout)}"
            elif isinstance(inner, MCPError) and inner.code == CONNECTION_CLOSED:
                reason = f"{_reason(exc)}: {_GONE}"
            else:
                reason = _reason(exc)
            raise SourceError(
                f"cannot connect: {reason}; check the command or URL, and that the server speaks MCP on it",
                source=f"MCP server {describe(self.server)}",
            ) from None


@asynccontextmanager
async def _connected(client: Any, timeout: float) -> AsyncIterator[Any]:
    """`client` entered within `timeout` seconds in all (the client alone would wait 10 s for its
    ``server/discover`` probe before a bounded ``initialize``); no deadline once it is open."""
    import anyio

    with anyio.fail_after(timeout) as scope:
        async with client as entered:
            scope.deadline = math.inf
            yield entered


async def _bounded(job: Callable[[Any], Any], client: Any, timeout: float) -> Any:
    import anyio

    with anyio.fail_after(timeout):
        return await job(client)


async def _all_tools(client: Any, pages: list[list[Any]]) -> None:
    """Every page of ``tools/list``, each appended to `pages` as it comes (so a failure part-way
    can say how far it got)."""
    cursor, seen = None, set()
    for _ in range(_MAX_PAGES):
        page = await client.list_tools(cursor=cursor)
        pages.append(list(page.tools))
        cursor = page.next_cursor
        if not cursor or cursor in seen:
            return
        seen.add(cursor)


def _waited(timeout: float) -> str:
    """How long was waited, and how to wait longer."""
    return f"{timeout:g} s (a server slow to start or answer needs a longer timeout=; synthworld --timeout)"


def _innermost(exc: BaseException) -> BaseException:
    """The real failure inside `exc` (task groups wrap it in exception groups)."""
    inner = getattr(exc, "exceptions", None)
    while isinstance(inner, tuple) and inner and isinstance(inner[0], BaseException):
        exc = inner[0]
        inner = getattr(exc, "exceptions", None)
    return exc


def _reason(exc: BaseException) -> str:
    """The innermost message of `exc`."""
    exc = _innermost(exc)
    return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
