"""Worlds built from where tools already live: an OpenAPI document, a live MCP server, BFCL tool docs."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

from synthworld._gc import collector_paused
from synthworld.sources.bfcl import BfclSource, bfcl_tools
from synthworld.sources.mcp import DEFAULT_TIMEOUT, ServerLike, mcp_tools
from synthworld.sources.openapi import openapi_tools
from synthworld.sources.openapi.tools import checked
from synthworld.sources.skipping import OnError, Skipped
from synthworld.world.http_lifecycle import http_lifecycles

__all__ = ["FromSources"]

W = TypeVar("W", bound="FromSources")


class FromSources:
    """The ``from_openapi``, ``from_mcp`` and ``from_bfcl`` constructors of `SyntheticWorld`."""

    @classmethod
    def from_openapi(
        cls: type[W],
        spec: str | Path | Mapping[str, Any],
        *,
        include_tags: Sequence[str] | None = None,
        exclude_tags: Sequence[str] = (),
        include_paths: Sequence[str] | None = None,
        exclude_paths: Sequence[str] = (),
        on_error: OnError = "raise",
        **world_options: Any,
    ) -> W:
        """A world with one tool per operation of an OpenAPI 2.0/3.0/3.1 document (a path to a
        JSON or YAML file, or the parsed dict); see `synthworld.openapi_tools` for names,
        parameters, returns and the include/exclude options. `world_options` go to the
        constructor (``seed=``, ``backend=``, ``faults=``...). Documented error responses drive
        faults: ``{"tool": "getPet", "error": "not_found"}`` fails as the 404 is documented.
        What a tool does to its entities is read from its HTTP method and path where its name
        says nothing (``notes.create``) or only the method (``PostProductsId`` updates a product):
        see `synthworld.world.http_lifecycle`. Serve the world as the document's own HTTP API
        with `synthworld.serve.rest.rest_server` (or ``synthworld serve --openapi SPEC --rest``).
        ``on_error="skip"`` leaves out operations that cannot become tools (a `SynthworldWarning`
        lists them) instead of raising `SourceError`."""
        with collector_paused():
            tools = openapi_tools(
                spec,
                include_tags=include_tags,
                exclude_tags=exclude_tags,
                include_paths=include_paths,
                exclude_paths=exclude_paths,
                check=False,
                on_error=on_error,
            )
            world: Any = cls(**world_options)  # a SyntheticWorld: registration is its Registration part
            skipped = Skipped(on_error)
            for tool in tools:
                with skipped.guard():
                    checked(tool, world.register_tool)
            world._tools.declare_lifecycles(http_lifecycles(world.tools.values()))
        skipped.report(len(world.tools))
        result: W = world
        return result

    @classmethod
    def from_mcp(
        cls: type[W],
        server: ServerLike,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        on_error: OnError = "raise",
        **world_options: Any,
    ) -> W:
        """A synthetic twin of a live MCP server: its listed tools (only ``tools/list`` is asked),
        answered by the world's backend. `server` is a command run over stdio (a string split
        like a shell, or an argv list) or an ``http(s)://`` URL; `world_options` go to the
        constructor. Answer with the real server instead (to record it) with
        ``backend=FixtureBackend(path, fallback=McpBackend(server))``. ``on_error="skip"`` leaves
        out listed tools that cannot be tools here (a `SynthworldWarning` lists them) instead of
        raising `SourceError`."""
        world: Any = cls(**world_options)
        for tool in mcp_tools(server, timeout=timeout, on_error=on_error):
            world.register_tool(tool)
        result: W = world
        return result

    @classmethod
    def from_bfcl(
        cls: type[W], source: BfclSource, *, on_error: OnError = "raise", **world_options: Any
    ) -> W:
        """A world of the Berkeley Function Calling Leaderboard's tool docs: a path to a BFCL
        JSON-lines file (a ``multi_turn_func_doc/`` file, or a question file: the docs of every
        entry), a question entry, or a list of docs; see `synthworld.bfcl_tools`. Gorilla's types
        read as bfcl-eval reads them (`synthworld.formats.bfcl`); a doc's ``response`` is what the
        tool answers (``{}``, any value, without one); dotted names stay (``math.factorial``).
        `world_options` go to the constructor (``seed=``, ``backend=``...). ``on_error="skip"``
        leaves out docs that cannot be tools, or that document a name again differently (a
        `SynthworldWarning` lists them), instead of raising `SourceError`."""
        with collector_paused():
            tools = bfcl_tools(source, on_error=on_error)
            world: Any = cls(**world_options)
            for tool in tools:
                world.register_tool(tool)
        result: W = world
        return result
