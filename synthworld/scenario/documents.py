"""A ``tools:`` entry naming an OpenAPI document (``tools: openapi.yaml``): one tool per operation,
as `SyntheticWorld.from_openapi` makes them, read relative to the scenario file's folder."""

from __future__ import annotations

import difflib
from pathlib import Path

from synthworld.scenario.imports import ImportProblem
from synthworld.scenario.sniff import is_scenario_text
from synthworld.sources import openapi_tools
from synthworld.world import SyntheticWorld
from synthworld.world.http_lifecycle import http_lifecycles

__all__ = ["add_document_tools", "is_document"]

_SUFFIXES = (".yaml", ".yml", ".json")


def is_document(entry: str) -> bool:
    """Whether a ``tools:`` entry names a document (``api/openapi.yaml``), not Python code."""
    return ":" not in entry and Path(entry).suffix.lower() in _SUFFIXES


def add_document_tools(world: SyntheticWorld, entry: str, *, base: Path) -> None:
    """Register the operations of the OpenAPI document `entry` (relative to `base`) on `world`,
    with what each does read from its method and path as `from_openapi` reads it."""
    path = base / entry
    if not path.is_file():
        raise ImportProblem(
            f"no file {entry!r} beside the scenario (looked for {path}): a tools entry ending in "
            f".yaml, .yml or .json names an OpenAPI document, relative to the scenario file"
            f"{_close_file(path)}"
        )
    if is_scenario_text(path.read_text(encoding="utf-8", errors="replace")):
        raise ImportProblem(
            f"{entry!r} is a scenario file, not an OpenAPI document; name the tools it uses instead "
            "(its module, a file.py, or the OpenAPI document it names)"
        )
    specs = openapi_tools(path)
    for spec in specs:
        world.register_tool(spec)
    for name, (verb, kind) in http_lifecycles(specs).items():
        world.lifecycle(name, verb, kind=kind)


def _close_file(path: Path) -> str:
    """``; did you mean 'support.yaml'?`` for a document beside `path` named like it; else ''."""
    folder = path.parent
    names = (
        sorted(p.name for p in folder.iterdir() if p.suffix.lower() in _SUFFIXES) if folder.is_dir() else []
    )
    close = difflib.get_close_matches(path.name, names, n=1)
    return f"; did you mean {close[0]!r}?" if close else ""
