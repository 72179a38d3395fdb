"""Where things are: a YAML (or JSON) document with the line of every key and item in it, paths
inside it, and file paths as the user sees them."""

from __future__ import annotations

import json
import os
import pathlib
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from synthworld import _yaml
from synthworld._json import read_error, trailing_comma

__all__ = ["Located", "YamlProblem", "boolean_word_notes", "display_path", "format_path", "read_located"]

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


def read_located(text: str, *, as_json: bool = False) -> Located:
    """Parse `text` with the safe, bounded loader (`synthworld._yaml`); raise `YamlProblem` naming
    the line on bad input (a duplicate key too). With `as_json` the values are JSON's (``1e3`` is
    the number 1000.0, where YAML 1.1 reads a string) and a file that is not JSON (a trailing
    comma, a comment) says so; the YAML pass still gives the lines and checks the limits."""
    yaml_text = _SURROGATE_PAIR.sub(_join_pair, text) if as_json else text
    try:
        data, lines = _yaml.load_located(yaml_text, unique_keys=True)
    except _yaml.YamlLimitError as exc:
        if as_json:
            _json_data(text)  # a file that is not JSON says that first
        raise YamlProblem(str(exc), line=exc.line or 1) from None
    if as_json:
        data = _json_data(text)
    return Located(data, lines)


_SURROGATE_PAIR = re.compile(
    r"(?<!\\)((?:\\\\)*)\\u(d[89ab][0-9a-f]{2})\\u(d[c-f][0-9a-f]{2})", re.IGNORECASE
)
"""A JSON escaped surrogate pair (not itself escaped by a backslash)."""


def _join_pair(match: re.Match[str]) -> str:
    high, low = int(match[2], 16), int(match[3], 16)
    return match[1] + chr(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))


def _json_data(text: str) -> Any:
    """`text` read as JSON; `YamlProblem` at its line when it is not JSON."""
    try:
        return json.loads(text.removeprefix("\ufeff"))
    except json.JSONDecodeError as exc:
        comma = trailing_comma(exc)
        if comma is not None:
            closer, line = comma
            raise YamlProblem(
                f"invalid JSON: a trailing comma before '{closer}' (JSON allows none): remove the ','",
                line=line,
            ) from None
        raise YamlProblem(f"invalid JSON: {exc.msg}", line=exc.lineno) from None
    except (ValueError, RecursionError) as exc:
        raise YamlProblem(f"cannot read the JSON: {read_error(exc)}", line=1) from None


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


_BOOLEAN_WORD = re.compile(
    r"(?:^|[:\[{,]|-[ \t])[ \t]*(yes|Yes|YES|no|No|NO|on|On|ON|off|Off|OFF)[ \t]*(?=$|[,\]}:]|[ \t]#)"
)
"""An unquoted word YAML 1.1 (and so ``yaml.safe_load``) reads as a boolean, as a key or value."""
_BOOLEAN_IN_MESSAGE = re.compile(r"\b(True|False)\b")


def boolean_word_notes(text: str, shown: str, messages: Sequence[str]) -> list[str]:
    """When a problem is about a boolean, a note per line of `text` holding an unquoted ``NO``,
    ``yes``, ``on`` or ``off``: YAML read it as true or false, and the file may have meant text."""
    if not any(_BOOLEAN_IN_MESSAGE.search(message) for message in messages):
        return []
    notes = []
    for number, line in enumerate(text.splitlines(), 1):
        if line.lstrip().startswith("#"):
            continue
        for word in _BOOLEAN_WORD.findall(line):
            value = "true" if word.lower() in ("yes", "on") else "false"
            notes.append(
                f"{shown}:{number}: note: YAML reads the unquoted {word} as {value}; "
                f"if it means the text, quote it: '{word}'"
            )
    return notes
