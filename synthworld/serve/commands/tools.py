"""`synthworld tools --openapi SPEC | --mcp SERVER`: the tools a twin would serve, as a table."""

from __future__ import annotations

import argparse
import sys
import warnings
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from synthworld.errors import SynthworldError, SynthworldWarning
from synthworld.serve.commands.serve import add_source_arguments
from synthworld.sources import mcp_tools, openapi_tools
from synthworld.spec import ToolSpec

__all__ = ["add_arguments", "run", "tools_table", "type_label"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_source_arguments(parser)


def run(args: argparse.Namespace) -> int:
    if (args.openapi is None) == (args.mcp is None):
        print("synthworld tools: give one of --openapi SPEC or --mcp SERVER", file=sys.stderr)
        return 2
    try:
        with warnings.catch_warnings(record=True) as notes:
            warnings.simplefilter("always", SynthworldWarning)
            specs = (
                openapi_tools(args.openapi, on_error="skip")
                if args.openapi is not None
                else mcp_tools(args.mcp)
            )
    except (SynthworldError, ImportError) as exc:  # ImportError: the mcp extra is missing
        print(f"synthworld tools: {exc}", file=sys.stderr)
        return 2
    for note in notes:  # keywords set aside, operations left out
        print(f"synthworld tools: {note.message}", file=sys.stderr)
    Console(soft_wrap=False).print(tools_table(specs, title=args.openapi or args.mcp))
    return 0 if specs else 2


def tools_table(specs: list[ToolSpec], *, title: str = "") -> Table:
    """One row per tool: its name, its parameters (``?`` marks optional ones) and what it returns."""
    table = Table(title=f"{len(specs)} tools from {title}" if title else None, show_lines=False)
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


def type_label(schema: Any) -> str:
    """A short name for what a schema describes: ``string``, ``list[Pet]``, ``integer | null``..."""
    if not isinstance(schema, dict):
        return "any" if schema is True or schema is None else "nothing"
    if isinstance(schema.get("$ref"), str):
        return str(schema["$ref"]).rsplit("/", 1)[-1]
    for key in ("anyOf", "oneOf"):
        if isinstance(schema.get(key), list):
            return " | ".join(type_label(branch) for branch in schema[key])
    kind = schema.get("type")
    if isinstance(kind, list):
        return " | ".join(str(k) for k in kind)
    if kind == "array":
        return f"list[{type_label(schema.get('items', True))}]"
    if kind == "object" or "properties" in schema:
        return str(schema.get("title") or "object")
    if "allOf" in schema:
        return " & ".join(type_label(branch) for branch in schema["allOf"])
    return str(kind) if kind else "any"
