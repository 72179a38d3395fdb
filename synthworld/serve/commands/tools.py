"""`synthworld tools SCENARIO_OR_MODULE | --openapi SPEC | --mcp SERVER | --bfcl FILE`: the tools a
world (or a twin) would serve, as a table: what the agent is shown of each."""

from __future__ import annotations

import argparse
import json
import sys
import warnings
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from synthworld.errors import SynthworldError, SynthworldWarning
from synthworld.serve.commands.serve import NO_TOOLS, add_source_arguments, load_world
from synthworld.sources import bfcl_tools, mcp_tools, openapi_tools
from synthworld.sources.mcp import ServerIdentity
from synthworld.spec import ToolSpec

__all__ = ["add_arguments", "run", "tools_table", "type_label"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "target",
        metavar="SCENARIO_OR_MODULE",
        nargs="?",
        help="a scenario file, a module of @synthworld.tool stubs (pkg.mod or file.py), or module:attr",
    )
    add_source_arguments(parser)


_NO_STUBS = (
    "no tool: the module marks no stub with @synthworld.tool and has no `world` "
    "(or name the world with module:attr)"
)


def run(args: argparse.Namespace) -> int:
    given = [option for option in (args.target, args.openapi, args.mcp, args.bfcl) if option is not None]
    if len(given) != 1:
        print(
            "synthworld tools: give one of --openapi SPEC, --mcp SERVER or --bfcl FILE, "
            "or a scenario file or module (SCENARIO_OR_MODULE)",
            file=sys.stderr,
        )
        return 2
    try:
        with warnings.catch_warnings(record=True) as notes:
            warnings.simplefilter("always", SynthworldWarning)
            specs = _specs(args)
    except (SynthworldError, ImportError) as exc:  # ImportError: the mcp extra is missing
        print(f"synthworld tools: {exc}", file=sys.stderr)
        return 2
    for note in notes:  # keywords set aside, operations or tools left out
        print(f"synthworld tools: {note.message}", file=sys.stderr)
    Console(soft_wrap=False).print(tools_table(specs, title=given[0]))
    if not specs:
        why = _NO_STUBS if args.target is not None else NO_TOOLS[_source(args)]
        print(f"synthworld tools: {why}", file=sys.stderr)
        return 2
    return 0


def _source(args: argparse.Namespace) -> str:
    """Which source option was given: ``openapi``, ``mcp`` or ``bfcl``."""
    return next(name for name in ("openapi", "mcp", "bfcl") if getattr(args, name) is not None)


def _specs(args: argparse.Namespace) -> list[ToolSpec]:
    """The tools of the world, document, server or BFCL file the arguments name."""
    if args.openapi is not None:
        return openapi_tools(args.openapi, on_error="skip")
    if args.bfcl is not None:
        return bfcl_tools(args.bfcl, on_error="skip")
    if args.mcp is not None:
        return mcp_tools(args.mcp, timeout=args.timeout, on_error="skip")
    try:
        world = load_world(args.target)
    except SynthworldError:
        raise
    except Exception as exc:  # the user's module failed to import, or named no world
        raise SynthworldError(f"cannot load {args.target!r}: {type(exc).__name__}: {exc}") from None
    with world:
        return list(world.tools.values())


def tools_table(specs: list[ToolSpec], *, title: str = "") -> Table:
    """One row per tool: its name, its parameters (``?`` marks optional ones) and what it returns;
    under it, how the MCP server the tools were listed by introduces itself (its twin does too)."""
    title = f"{len(specs)} tools from {title}" if title else ""
    table = Table(title=title or None, caption=_introduction(specs), show_lines=False)
    table.add_column("tool", style="bold", overflow="fold")
    table.add_column("parameters", overflow="fold")
    table.add_column("returns", overflow="fold")
    for spec in specs:
        required = set(spec.required)
        params = [
            f"{name}{'' if name in required else '?'}: {type_label(schema)}"
            for name, schema in spec.parameters.get("properties", {}).items()
        ]
        table.add_row(Text(spec.name), Text(", ".join(params) or "-"), Text(type_label(spec.returns)))
    return table


def _introduction(specs: list[ToolSpec]) -> Text | None:
    """``serverInfo`` name, version and title, and ``instructions`` of the server `specs` share."""
    identity = ServerIdentity.of(specs)
    if identity is None:
        return None
    info = identity.info
    named = " ".join(str(info[key]) for key in ("name", "version") if info.get(key))
    named += f" ({info['title']})" if info.get("title") else ""
    instructions = f"; instructions: {identity.instructions}" if identity.instructions else ""
    return Text(f"server: {named}{instructions}")


def type_label(schema: Any) -> str:
    """A short name for what a schema describes: ``string``, ``list[Pet]``, ``integer | null``,
    ``[number, number]`` (a tuple), ``"card"`` (a constant)..."""
    if not isinstance(schema, dict):
        return "any" if schema is True or schema is None else "nothing"
    if isinstance(schema.get("$ref"), str):
        return str(schema["$ref"]).rsplit("/", 1)[-1]
    for key in ("anyOf", "oneOf"):
        if isinstance(schema.get(key), list):
            return _joined(schema[key], " | ")
    kind = schema.get("type")
    if isinstance(kind, list):
        return " | ".join(str(k) for k in kind)
    if kind == "array" or (kind is None and "prefixItems" in schema):
        return _array_label(schema)
    if kind == "object" or "properties" in schema:
        return str(schema.get("title") or "object")
    if "allOf" in schema and isinstance(schema["allOf"], list):
        return _joined(schema["allOf"], " & ")
    if kind is None and "const" in schema:
        return json.dumps(schema["const"], ensure_ascii=False)
    if kind is None and isinstance(schema.get("enum"), list):
        return " | ".join(dict.fromkeys(_json_type(value) for value in schema["enum"])) or "nothing"
    return str(kind) if kind else "any"


def _joined(branches: list[Any], sep: str) -> str:
    """The labels of `branches`, each once, joined by `sep`."""
    return sep.join(dict.fromkeys(type_label(branch) for branch in branches))


def _array_label(schema: dict[str, Any]) -> str:
    """``list[item]``, or ``[first, second]`` for a tuple (``, ...`` when more items may follow)."""
    prefix = schema.get("prefixItems")
    if not isinstance(prefix, list) or not prefix:
        return f"list[{type_label(schema.get('items', True))}]"
    more = "" if schema.get("items") is False else ", ..."
    return f"[{', '.join(type_label(item) for item in prefix)}{more}]"


def _json_type(value: Any) -> str:
    """The JSON type of a value (``null``, ``boolean``, ``integer``...)."""
    if value is None or isinstance(value, bool):
        return "null" if value is None else "boolean"
    names = {int: "integer", float: "number", str: "string", list: "array", dict: "object"}
    return names.get(type(value), "any")
