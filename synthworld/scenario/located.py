"""Where things are: a YAML (or JSON) document with the line of every key and item in it, paths
inside it, and file paths as the user sees them."""

from __future__ import annotations

import os
import pathlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from synthworld import _yaml

__all__ = ["Located", "YamlProblem", "display_path", "format_path", "read_located"]

DocPath = tuple[str | int, ...]


class YamlProblem(ValueError):
    """The text is not valid YAML (or has a duplicate key); ``line`` is 1-based."""

    def __init__(self, message: str, *, line: int) -> None:
        super().__init__(message)
        self.line = line


@dataclass(frozen=True)
class Located:
    """A parsed document and the 1-based line where each path inside it starts."""

    data: Any
    lines: dict[DocPath, int] = field(default_factory=dict)

    def line(self, path: Sequence[str | int]) -> int:
        """The line of `path`, or of its nearest ancestor that has one (1 for the root)."""
        key = tuple(path)
        while key and key not in self.lines:
            key = key[:-1]
        return self.lines.get(key, 1)


def read_located(text: str) -> Located:
    """Parse `text` with the safe, bounded loader (`synthworld._yaml`); raise `YamlProblem` naming
    the line on bad input (a duplicate key too)."""
    try:
        data, lines = _yaml.load_located(text, unique_keys=True)
    except _yaml.YamlLimitError as exc:
        raise YamlProblem(str(exc), line=exc.line or 1) from None
    return Located(data, lines)


def format_path(path: Sequence[str | int]) -> str:
    """``expect.calls[1].tool`` for ``("expect", "calls", 1, "tool")``; ``(root)`` for ``()``."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(root)"


def display_path(path: str | os.PathLike[str]) -> str:
    """`path` relative to the working directory when it lies inside it, else absolute."""
    absolute = pathlib.Path(path).resolve()
    try:
        return str(absolute.relative_to(pathlib.Path.cwd()))
    except ValueError:
        return str(absolute)
