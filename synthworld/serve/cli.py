"""The `synthworld` command: each subcommand lives in `synthworld.serve.commands.<name>`.

A command module has a docstring (its help line), ``add_arguments(parser)`` and
``run(args) -> int`` (the exit code). Every module is imported to build the parser (its
``add_arguments``); what a command needs beyond that is imported inside its ``run``.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from typing import Any

from synthworld._version import __version__

__all__ = ["main"]

COMMANDS = {
    "run": "Run a scenario's agent against its world; show the trace and the verdict.",
    "validate": "Check scenario files against the format; errors name file, line and path.",
    "generate": "Print values generated from a JSON Schema, as JSON lines.",
    "serve": "Serve a world's tools over MCP (stdio or streamable HTTP).",
    "tools": "List the tools of a scenario's or module's world, an OpenAPI document or a live MCP server.",
    "eval": "Run scenarios over many seeds and print pass^k per scenario.",
    "new": "Write a world, an agent, a scenario and a test to start from (they pass).",
    "schema": "Print the JSON Schema of scenario (or cassette) files, for editors.",
}


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = argparse.ArgumentParser(
        prog="synthworld", description="Test LLM agents against synthetic, reproducible tool worlds."
    )
    parser.add_argument("--version", action="version", version=f"synthworld {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, help_text in COMMANDS.items():
        command = sub.add_parser(name, help=help_text, description=help_text)
        command.set_defaults(command_parser=command)  # to report a wrong flag with its own usage
        _module(name).add_arguments(command)
    return parser


def _module(name: str) -> Any:
    return importlib.import_module(f"synthworld.serve.commands.{name}")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    parser = build_parser()
    args, unknown = parser.parse_known_args(argv)
    if unknown:
        owner = parser if args.command is None else args.command_parser
        owner.error(f"unrecognized arguments: {' '.join(unknown)}")
    if args.command is None:
        parser.print_help()
        return 2
    try:
        code: int = _module(args.command).run(args)
    except KeyboardInterrupt:  # Ctrl-C: one line, no traceback; the shell's code for SIGINT
        print(f"synthworld {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # `synthworld run --json | head`: the reader has all it wanted
        _silence_stdout()
        return 141  # the shell's code for SIGPIPE, as a program the signal ended
    return code


def _silence_stdout() -> None:
    """Point stdout at the null device, so the flush at exit does not fail on the closed pipe."""
    try:
        descriptor = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # not a real file (captured): nothing to flush
        return
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, descriptor)
    os.close(null)


if __name__ == "__main__":
    sys.exit(main())
