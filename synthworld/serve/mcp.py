"""A world served over MCP, with the official ``mcp`` package (the optional ``mcp`` extra).

`build_server` makes a low-level ``mcp.server.Server`` that lists the world's tools (input and
output schemas, annotations) and answers ``tools/call`` from the world: a value comes back as
``structuredContent`` plus its JSON text (the text alone for a tool without an output schema,
one whose returns are ``{}``); a simulated `ToolError` or input that breaks the schema
comes back as a result with ``isError: true`` and ``{"error": {...}}`` text, so the model can
react (a real server's error that `McpBackend` passed on or recorded comes back in the server's
own words). An unknown tool is a protocol error (invalid params), as MCP specifies, and so is a
`BackendError` (internal error, with its message): the world is broken, not the agent. `serve`
runs the server over stdio or streamable HTTP (bound to 127.0.0.1 unless told otherwise).
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import signal
import sys
import threading
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from synthworld._json import short_repr
from synthworld._version import __version__
from synthworld.backends.awaiting import loop_running
from synthworld.errors import BackendError, SynthworldError
from synthworld.formats.mcp import content_blocks, require_mcp, structured_content
from synthworld.formats.mcp_listing import answer_texts, error_text
from synthworld.serve.unreadable import UNREADABLE, ReadableBodies, ReadableStream
from synthworld.sources.mcp.identity import ServerIdentity
from synthworld.world.dispatch import ToolOutcome, invoke

if TYPE_CHECKING:
    from synthworld.spec import ToolSpec
    from synthworld.world import SyntheticWorld

__all__ = ["TRANSPORTS", "TWIN_EXTENSION", "build_server", "call_result", "http_app", "serve"]

TRANSPORTS = ("stdio", "streamable-http")
TWIN_EXTENSION = "dev.synthworld/twin"
"""The capabilities ``extensions`` key saying synthworld serves this world (unknown extensions
are ignored by clients): ``{"name": "synthworld", "version": ...}``."""


def build_server(world: SyntheticWorld, *, name: str | None = None) -> Any:
    """A low-level ``mcp.server.Server`` answering ``tools/list`` and ``tools/call`` from `world`.

    A twin of a live MCP server (its tools keep the server's identity, see
    `sources.mcp.ServerIdentity`) introduces itself as that server did: its ``serverInfo``
    (name, version, title...) and ``instructions``; any other world as "synthworld", with the
    world's ``context`` as instructions. `name` replaces the name either way. A twin claims the
    prompts and resources capabilities its server claimed, and lists none of them (their contents
    are not twinned). That it is synthworld answering shows in the capabilities, under
    ``extensions`` `TWIN_EXTENSION`.
    """
    types = require_mcp()
    import anyio
    from mcp.server import Server
    from mcp.shared.exceptions import MCPError

    async def list_tools(ctx: Any, params: Any) -> Any:
        return types.ListToolsResult(tools=world.to_mcp())

    async def call_tool(ctx: Any, params: Any) -> Any:
        spec = world.tools.get(params.name)
        if spec is None:
            known = ", ".join(world.tools) or "none"
            raise MCPError(types.INVALID_PARAMS, f"Unknown tool: {params.name!r}; this world has: {known}")
        unreadable = (params.arguments or {}).get(UNREADABLE)
        if isinstance(unreadable, str):  # the transport could not parse the arguments (serve.unreadable)
            return call_result(spec, ToolOutcome(error={"code": "invalid_input", "message": unreadable}))
        try:
            outcome = await anyio.to_thread.run_sync(invoke, world, params.name, params.arguments or {})
        except BackendError as exc:  # the world is broken, not the agent: say why, as a protocol error
            raise MCPError(types.INTERNAL_ERROR, f"synthworld backend error: {exc}") from exc
        except SynthworldError as exc:  # any other refusal is the caller's to read and act on
            return call_result(spec, ToolOutcome(error={"code": "invalid_call", "message": str(exc)}))
        except Exception as exc:  # a bug: say what happened rather than JSON-RPC code 0 and a traceback
            raise MCPError(types.INTERNAL_ERROR, f"synthworld failed: {type(exc).__name__}: {exc}") from exc
        return call_result(spec, outcome)

    def input_schema(name: str) -> Mapping[str, Any] | None:
        """The ``inputSchema`` ``tools/list`` gives `name`, for the streamable HTTP transport's
        ``Mcp-Param-*`` header check; without it ``mcp`` runs the whole listing for every call."""
        spec = world.tools.get(name)
        return None if spec is None else spec.parameters

    server = Server(
        **_introduction(world, types, name=name),
        **_claimed_handlers(ServerIdentity.of(world.tools.values()), types),
        get_tool_input_schema=input_schema,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
    )
    server.extensions[TWIN_EXTENSION] = {"name": "synthworld", "version": __version__}
    server.middleware.append(_object_arguments)
    return server


def _introduction(world: SyntheticWorld, types: Any, *, name: str | None) -> dict[str, Any]:
    """The ``Server`` identity keywords: the twinned server's own, else synthworld's."""
    identity = ServerIdentity.of(world.tools.values())
    if identity is None:
        return {"name": name or "synthworld", "version": __version__, "instructions": world.context}
    info = types.Implementation.model_validate(identity.info)
    return {
        "name": name or info.name,
        "version": info.version,
        "title": info.title,
        "description": info.description,
        "website_url": info.website_url,
        "icons": info.icons,
        "instructions": identity.instructions,
    }


def _claimed_handlers(identity: ServerIdentity | None, types: Any) -> dict[str, Any]:
    """The ``Server`` handlers for the prompts and resources capabilities the twinned server
    claimed (the ``mcp`` package claims a capability for each handler given), so a client asking
    for them is answered as the real server's empty lists answer: with no prompt, no resource and
    no resource template (their contents are not twinned), and ``Unknown prompt``/``Unknown
    resource`` (invalid params) for one asked for by name. A world that is not a twin claims tools."""
    from mcp.shared.exceptions import MCPError

    async def list_prompts(ctx: Any, params: Any) -> Any:
        return types.ListPromptsResult(prompts=[])

    async def get_prompt(ctx: Any, params: Any) -> Any:
        raise MCPError(types.INVALID_PARAMS, f"Unknown prompt: {params.name}")

    async def list_resources(ctx: Any, params: Any) -> Any:
        return types.ListResourcesResult(resources=[])

    async def list_resource_templates(ctx: Any, params: Any) -> Any:
        return types.ListResourceTemplatesResult(resource_templates=[])

    async def read_resource(ctx: Any, params: Any) -> Any:
        raise MCPError(types.INVALID_PARAMS, f"Unknown resource: {params.uri}")

    handlers: dict[str, Any] = {}
    if identity is not None and identity.claims("prompts"):
        handlers |= {"on_list_prompts": list_prompts, "on_get_prompt": get_prompt}
    if identity is not None and identity.claims("resources"):
        handlers |= {
            "on_list_resources": list_resources,
            "on_list_resource_templates": list_resource_templates,
            "on_read_resource": read_resource,
        }
    return handlers


async def _object_arguments(ctx: Any, call_next: Any) -> Any:
    """Server middleware: a ``tools/call`` whose arguments are no JSON object (``[1]``, ``"x"``)
    gets an ``isError`` result saying so, where the ``mcp`` package would answer only
    ``-32602 Invalid request parameters`` (it validates params before any handler runs)."""
    params = ctx.params
    if ctx.method == "tools/call" and isinstance(params, Mapping) and isinstance(params.get("name"), str):
        arguments = params.get("arguments")
        if arguments is not None and not isinstance(arguments, Mapping):
            why = (
                f"the arguments must be one JSON object of named parameters, got {_json_kind(arguments)} "
                f'{short_repr(arguments)}; send them as {{"parameter": value, ...}}'
            )
            ctx = dataclasses.replace(ctx, params={**params, "arguments": {UNREADABLE: why}})
    return await call_next(ctx)


def _json_kind(value: Any) -> str:
    kinds: list[tuple[type, str]] = [(bool, "a boolean"), (int, "a number"), (float, "a number")]
    kinds += [(str, "a string"), (list, "an array")]
    return next((name for kind, name in kinds if isinstance(value, kind)), type(value).__name__)


def call_result(spec: ToolSpec, outcome: ToolOutcome) -> Any:
    """The ``CallToolResult`` for one call: structured content and text, or ``isError``. A tool
    without an output schema whose value holds images, audio or resources (as `McpBackend`
    records a real server's) answers with those blocks, and its text as it is, as the real
    server did (see `formats.mcp_listing.answer_texts`). An error is ``{"error": {...}}`` text,
    but one a real server reported in its own words (as `McpBackend` records it) is sent back
    as those words, and an MCPServer tool's as MCPServer writes it (`formats.mcp_listing.error_text`)."""
    types = require_mcp()
    if not outcome.ok:
        text = [types.TextContent(type="text", text=error_text(spec, outcome.error or {}))]
        return types.CallToolResult(content=text, is_error=True)
    structured = structured_content(spec, outcome.value)
    blocks = content_blocks(outcome.value) if structured is None else None
    if blocks is None:
        texts = answer_texts(spec, outcome.value, structured=structured is not None)
        blocks = [types.TextContent(type="text", text=text) for text in texts]
    return types.CallToolResult(content=blocks, structured_content=structured)


def serve(
    world: SyntheticWorld,
    *,
    transport: str = "stdio",
    host: str = "127.0.0.1",
    port: int = 8000,
    trace: str | os.PathLike[str] | None = None,
    name: str | None = None,
) -> None:
    """Serve `world` over MCP until the client disconnects (stdio), or Ctrl-C / SIGTERM.

    ``transport="streamable-http"`` listens on ``http://{host}:{port}/mcp``. With `trace`, the
    world's trace is saved there when serving stops, however it stops. `name` replaces the
    ``serverInfo`` name the server introduces itself with (see `build_server`).
    """
    if transport not in TRANSPORTS:
        raise ValueError(f"transport={transport!r}; choose one of {', '.join(TRANSPORTS)}")
    _refuse_in_event_loop(port)
    server = build_server(world, name=name)
    try:
        with _sigterm_as_interrupt(), contextlib.suppress(KeyboardInterrupt):
            if transport == "stdio":
                _serve_stdio(server)
            else:
                _serve_http(server, host=host, port=port)
    finally:
        if trace is not None:
            world.trace.save(Path(trace))


def _refuse_in_event_loop(port: int) -> None:
    """`serve` blocks until stopped, on an event loop of its own: in a thread that already runs
    one (a notebook cell) uvicorn said only "Cannot run the event loop while another loop is
    running"; say how to serve from there instead."""
    if not loop_running():
        return
    raise RuntimeError(
        "serve() runs the MCP server until it is stopped, on an event loop of its own, so it cannot "
        "start in a thread that already runs one (a notebook cell, async code); serve from a thread "
        "of its own instead: threading.Thread(target=serve, args=(world,), kwargs={'transport': "
        f"'streamable-http', 'port': {port}}}, daemon=True).start(), then connect to "
        f"http://127.0.0.1:{port}/mcp (or run `synthworld serve FILE --transport streamable-http` "
        "in a terminal)"
    )


def _serve_stdio(server: Any) -> None:
    """Run the stdio server in a daemon thread, so Ctrl-C / SIGTERM never waits on a blocked stdin read."""
    import anyio
    from mcp.server.stdio import stdio_server

    started: list[tuple[Any, anyio.CancelScope]] = []
    failed: list[BaseException] = []

    async def main() -> None:
        with anyio.CancelScope() as scope:
            started.append((anyio.lowlevel.current_token(), scope))
            async with stdio_server() as (read_stream, write_stream):
                reader = ReadableStream(read_stream, write_stream)
                await server.run(reader, write_stream, server.create_initialization_options())

    def target() -> None:
        try:
            anyio.run(main)
        except BaseException as exc:  # handed to the main thread below
            failed.append(exc)

    thread = threading.Thread(target=target, name="synthworld-mcp-stdio", daemon=True)
    thread.start()
    try:
        while thread.is_alive():
            thread.join(0.1)
    finally:
        if thread.is_alive() and started:  # interrupted: stop the loop, leave a blocked read behind
            with contextlib.suppress(Exception):
                anyio.from_thread.run_sync(started[0][1].cancel, token=started[0][0])
            thread.join(2)
    if failed:
        raise failed[0]


def http_app(server: Any, *, host: str = "127.0.0.1") -> Any:
    """The ASGI app `serve` runs for streamable HTTP (``/mcp``), for a server bound to `host`."""
    return ReadableBodies(server.streamable_http_app(host=host))


def _serve_http(server: Any, *, host: str, port: int) -> None:
    import uvicorn

    app = http_app(server, host=host)
    print(f"synthworld: serving MCP on http://{host}:{port}/mcp", file=sys.stderr, flush=True)
    uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level="warning")).run()


@contextlib.contextmanager
def _sigterm_as_interrupt() -> Iterator[None]:
    """Treat SIGTERM like Ctrl-C while serving, so cleanup (saving the trace) runs."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
