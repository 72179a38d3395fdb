"""Scenario files an evaluation could not load: they run no run, and the report says why.

As pytest reports a file it cannot collect as an error and (with
``--continue-on-collection-errors``) runs the rest, an evaluation over a folder runs every
scenario that loads and keeps each one that does not as a `BrokenScenario`: counted in the
report, shown under its table and in the files a CI job keeps, and failing ``synthworld eval``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from synthworld._redact import redact_text
from synthworld.errors import ScenarioError

__all__ = ["BrokenScenario", "broken_lines", "raise_broken"]


@dataclass(frozen=True)
class BrokenScenario:
    """A scenario file that could not be loaded."""

    path: str
    """The file, as the evaluation found it."""
    error: str
    """Why: the loader's message (the file, the line, what is wrong and how to fix it)."""

    def to_dict(self) -> dict[str, str]:
        return {"path": self.path, "error": self.error}

    @classmethod
    def from_dict(cls, data: Any) -> BrokenScenario:
        if not isinstance(data, dict) or not all(isinstance(data.get(k), str) for k in ("path", "error")):
            raise ValueError(f"a broken scenario is {{'path': str, 'error': str}}, not {data!r}")
        return cls(path=data["path"], error=data["error"])


def broken_lines(broken: tuple[BrokenScenario, ...]) -> str:
    """The text shown under a report's table ('' when every file loaded), secrets masked."""
    if not broken:
        return ""
    files = f"{len(broken)} scenario file{'s' if len(broken) > 1 else ''}"
    lines = [f"{files} could not be loaded (no runs; fix and evaluate again):"]
    lines += [f"  ERROR {redact_text(b.error)}" for b in broken]
    return "\n".join(lines)


def raise_broken(found: list[tuple[BrokenScenario, Exception]]) -> None:
    """Raise what a strict evaluation stops with: the one file's own error, or every file's."""
    if len(found) == 1:
        raise found[0][1]
    if found:
        listed = "\n".join(f"  {broken.error}" for broken, _ in found)
        raise ScenarioError(f"{len(found)} scenario files cannot be loaded:\n{listed}")
