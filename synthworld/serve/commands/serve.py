"""`synthworld serve SCENARIO_OR_MODULE`: serve a world's tools over MCP (stdio or streamable HTTP).

SCENARIO_OR_MODULE is a scenario file (``.yaml``, ``.yml``, ``.json``); a module (``pkg.mod``
or ``path/to/file.py``) with a ``world`` attribute or with ``@synthworld.tool``-marked stubs;
or ``module:attr`` naming a `SyntheticWorld` or a zero-argument function that returns one.

``--openapi SPEC`` serves a twin of an OpenAPI document instead (one tool per operation),
``--bfcl FILE`` the tools of a BFCL tool-doc file (a ``multi_turn_func_doc/`` file, or a
``BFCL_v4_*.json`` question file: each name once, the first doc of a name kept);
``--mcp SERVER`` a twin of a live MCP server (a command or an http(s):// URL; ``--timeout``
seconds for it to start or answer), whose real answers ``--record CASSETTE`` records (new calls
are asked of the server, recorded ones replayed). Operations or listed tools that cannot be
tools are left out, each named in a warning on stderr. A twin introduces itself as its server
does (``serverInfo``, ``instructions``); ``--name NAME`` renames it.

``--openapi SPEC --rest`` serves the document's own HTTP API instead of MCP, as a mock server
such as Prism does: each operation at its method and path under ``--host``/``--port``, answered
by the world (seeded by ``--seed``, traced to ``--trace``); see `synthworld.serve.rest`. With
``--openapi``, ``--record CASSETTE`` keeps the twin's answers in a cassette and replays them
on later runs.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import importlib.util
import sys
import types
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from synthworld.backends import FixtureBackend, RandomBackend
from synthworld.errors import SourceError, SynthworldWarning
from synthworld.formats.mcp import require_mcp
from synthworld.scenario import SCENARIO_SUFFIXES, load_scenario
from synthworld.serve.mcp import serve
from synthworld.serve.rest import serve_rest
from synthworld.sources import McpBackend
from synthworld.sources.mcp import DEFAULT_TIMEOUT
from synthworld.world import SyntheticWorld

__all__ = ["NO_TOOLS", "add_arguments", "add_source_arguments", "load_world", "run", "source_world"]

NO_TOOLS = {
    "openapi": "no operation of the document can be a tool (tools come from the operations under "
    "'paths', not from webhooks; any left out are listed above)",
    "mcp": "the server's tools/list lists no tool",
    "bfcl": "the file holds no tool doc that can be a tool (any left out are listed above)",
}
"""Why a twin has nothing to serve, by source (``--openapi``, ``--mcp``, ``--bfcl``)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "target",
        metavar="SCENARIO_OR_MODULE",
        nargs="?",
        help="a scenario file, a module (pkg.mod or file.py), or module:attr naming a world or factory",
    )
    add_source_arguments(
        parser,
        mcp_note="; serves its twin (the world answers every call; the server is asked only for its "
        "tools), or with --record the server itself",
    )
    parser.add_argument(
        "--record",
        type=Path,
        metavar="CASSETTE",
        default=None,
        help="with --mcp: answer with the real server and record its answers to this cassette; with "
        "--openapi or --bfcl: record the twin's answers, and replay the recorded ones on later runs",
    )
    parser.add_argument("--seed", type=int, default=None, help="world seed (default: the world's own, or 0)")
    parser.add_argument(
        "--transport",
        choices=("stdio", "streamable-http"),
        default="stdio",
        help="MCP transport (default stdio)",
    )
    parser.add_argument(
        "--rest",
        action="store_true",
        help="with --openapi: serve the document's own HTTP API (each operation at its method and "
        "path, JSON answers with the documented statuses) instead of MCP; no extra needed",
    )
    parser.add_argument(
        "--no-credentials",
        dest="credentials",
        action="store_false",
        help="with --rest: answer requests that lack the credentials the document's security asks "
        "for (by default they get 401; only presence is checked, never the value)",
    )
    parser.add_argument("--host", default="127.0.0.1", help="HTTP host to bind (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="HTTP port (default 8000)")
    parser.add_argument("--trace", type=Path, default=None, help="save the trace to this JSON file on exit")
    parser.add_argument(
        "--name",
        default=None,
        help="serverInfo name to introduce the server with (default: the twinned server's, or synthworld)",
    )


def add_source_arguments(parser: argparse.ArgumentParser, *, mcp_note: str = "") -> None:
    """``--openapi SPEC``, ``--mcp SERVER`` and ``--bfcl FILE`` (shared with `synthworld tools`);
    `mcp_note`: what the command does with the server, after its description."""
    parser.add_argument("--openapi", metavar="SPEC", default=None, help="an OpenAPI document (JSON or YAML)")
    parser.add_argument(
        "--mcp",
        metavar="SERVER",
        default=None,
        help="a live MCP server: a command run over stdio ('python server.py') or an http(s):// URL"
        + mcp_note,
    )
    parser.add_argument(
        "--bfcl",
        metavar="FILE",
        default=None,
        help="a BFCL tool-doc file (JSON lines): multi_turn_func_doc/*.json or a BFCL_v4_*.json file",
    )
    parser.add_argument(
        "--timeout",
        type=_seconds,
        metavar="SECONDS",
        default=DEFAULT_TIMEOUT,
        help=f"with --mcp: seconds to wait for the server to start or answer (default {DEFAULT_TIMEOUT:g})",
    )


def _seconds(text: str) -> float:
    value = float(text)
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{text!r} is no positive number of seconds")
    return value


def run(args: argparse.Namespace) -> int:
    given = [option for option in (args.target, args.openapi, args.mcp, args.bfcl) if option is not None]
    sourced = args.target is None
    if len(given) != 1 or (args.record is not None and not sourced) or (args.rest and args.openapi is None):
        print(
            "synthworld serve: give one of SCENARIO_OR_MODULE, --openapi SPEC, --mcp SERVER or --bfcl FILE "
            "(--record CASSETTE goes with --mcp, --openapi or --bfcl, --rest with --openapi)",
            file=sys.stderr,
        )
        return 2
    try:
        if not args.rest:
            require_mcp()
    except ImportError as exc:  # before loading the world, whose modules may take a while
        print(f"synthworld serve: {exc}", file=sys.stderr)
        return 2
    try:
        with contextlib.redirect_stdout(sys.stderr):  # stdout is the MCP wire under stdio
            if args.target is not None:
                world = load_world(args.target, seed=args.seed)
            else:
                world = source_world(
                    args.openapi,
                    args.mcp,
                    bfcl=args.bfcl,
                    seed=args.seed,
                    record=args.record,
                    timeout=args.timeout,
                )
    except Exception as exc:  # any failure to load the user's world is reported, not a traceback
        print(f"synthworld serve: cannot load {given[0]!r}: {exc}", file=sys.stderr)
        return 2
    with world:
        if args.rest:
            rest = {"require_credentials": args.credentials}
            try:
                serve_rest(world, host=args.host, port=args.port, trace=args.trace, **rest)
            except OSError as exc:  # the port is taken, or the host is not this machine's
                print(
                    f"synthworld serve: cannot listen on {args.host}:{args.port}: {exc.strerror or exc}; "
                    "choose another --port (or --host)",
                    file=sys.stderr,
                )
                return 2
        else:
            options = {"host": args.host, "port": args.port, "trace": args.trace}
            serve(world, transport=args.transport, name=args.name, **options)
    return 0


def source_world(
    openapi: str | None,
    mcp: str | None,
    *,
    bfcl: str | None = None,
    seed: int | None = None,
    record: Path | None = None,
    timeout: float = DEFAULT_TIMEOUT,
) -> SyntheticWorld:
    """The twin of an OpenAPI document, of a live MCP server (recording its answers to `record`)
    or the world of a BFCL tool-doc file; what cannot be a tool (an operation, a listed tool, a
    doc, a name documented again differently) is left out, with a warning on stderr."""
    options: dict[str, Any] = {"seed": 0 if seed is None else seed, "on_error": "skip"}
    if record is not None:  # new calls answered by the server (or the seeded twin), recorded
        backend = McpBackend(mcp, timeout=timeout) if mcp is not None else RandomBackend()
        options["backend"] = FixtureBackend(record, mode="new_episodes", fallback=backend)
    with warnings.catch_warnings(record=True) as notes:
        warnings.simplefilter("always", SynthworldWarning)
        if openapi is not None:
            world = SyntheticWorld.from_openapi(openapi, **options)
        elif bfcl is not None:
            world = SyntheticWorld.from_bfcl(bfcl, **options)
        else:
            assert mcp is not None
            world = SyntheticWorld.from_mcp(mcp, timeout=timeout, **options)
    for note in notes:  # keywords set aside, operations or tools left out
        print(f"synthworld serve: {note.message}", file=sys.stderr)
    return _with_tools(world, "openapi" if openapi is not None else "bfcl" if bfcl is not None else "mcp")


def _with_tools(world: SyntheticWorld, kind: str) -> SyntheticWorld:
    """`world`, or a `SourceError` when its source (``openapi``, ``mcp``) gave it no tool."""
    if not world.tools:
        world.close()
        raise SourceError(f"nothing to serve: {NO_TOOLS[kind]}")
    return world


def load_world(target: str, *, seed: int | None = None) -> Any:
    """The `SyntheticWorld` named by a scenario file, a module, or ``module:attr``."""
    path = Path(target)
    if path.suffix in SCENARIO_SUFFIXES:
        return _scenario_world(path, seed)
    module_name, _, attr = target.rpartition(":") if _has_attr(target) else (target, "", "")
    module = _import(module_name)
    if attr:
        return _reseed(_as_world(getattr(module, attr), f"{module_name}:{attr}"), seed)
    found = getattr(module, "world", None)
    if found is not None:
        return _reseed(_as_world(found, f"{module_name}.world"), seed)
    world = SyntheticWorld(seed=0 if seed is None else seed)
    world.add_tools(module)
    return world


def _has_attr(target: str) -> bool:
    head, sep, tail = target.rpartition(":")
    return bool(sep and head and tail.isidentifier())


def _import(name: str) -> types.ModuleType:
    if not name.endswith(".py"):  # found in the working directory too, as ``python -m`` finds it
        with _searching(Path.cwd()):
            return importlib.import_module(name)
    path = Path(name).resolve()
    if not path.is_file():
        raise FileNotFoundError(f"no such file: {name}")
    module_name = f"_synthworld_served_{path.stem}"
    spec = importlib.util.spec_from_file_location(module_name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot import {name} as a module")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module  # dataclasses and pickling look the module up by name
    with _searching(path.parent):  # its own `from models import ...`, as `python tracker.py` finds it
        spec.loader.exec_module(module)
    return module


@contextlib.contextmanager
def _searching(folder: Path) -> Iterator[None]:
    """`folder` at the front of ``sys.path`` while a module (and what it imports) loads: the
    ``synthworld`` command's own ``sys.path`` does not hold it."""
    here = str(folder)
    added = here not in sys.path
    if added:
        sys.path.insert(0, here)
    try:
        yield
    finally:
        if added:
            with contextlib.suppress(ValueError):
                sys.path.remove(here)


def _as_world(obj: Any, where: str) -> Any:
    if not isinstance(obj, SyntheticWorld) and callable(obj):
        obj = obj()
    if not isinstance(obj, SyntheticWorld):
        raise TypeError(
            f"{where} is a {type(obj).__name__}; expected a SyntheticWorld or a function returning one"
        )
    return obj


def _reseed(world: Any, seed: int | None) -> Any:
    if seed is not None:
        world.reset(seed=seed)
    return world


def _scenario_world(path: Path, seed: int | None) -> Any:
    scenario = load_scenario(path)
    return scenario.build_world(seed)
