"""`synthworld schema [scenario|cassette]`: print the JSON Schema a file format is checked against.

Editors read it to check and complete files as they are written: save it beside the files
(``synthworld schema > scenario.schema.json``) and name it on a scenario's first line
(``# yaml-language-server: $schema=scenario.schema.json``) or, in a JSON scenario, under the
``"$schema"`` key. The schema is the format alone; ``synthworld validate`` also checks imports,
tool names, scripts, faults and state.
"""

from __future__ import annotations

import argparse
import sys
from importlib import resources

__all__ = ["FORMATS", "add_arguments", "run", "schema_text"]

FORMATS = ("scenario", "cassette")
"""The file formats whose schema the command prints."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "format",
        nargs="?",
        default="scenario",
        choices=FORMATS,
        help="the file format (default: scenario)",
    )


def schema_text(name: str) -> str:
    """The JSON Schema of format `name` as shipped in the package (JSON text, draft 2020-12)."""
    return resources.files("synthworld").joinpath(f"schemas/{name}.schema.json").read_text(encoding="utf-8")


def run(args: argparse.Namespace) -> int:
    text = schema_text(args.format)
    sys.stdout.write(text if text.endswith("\n") else text + "\n")
    return 0
