"""Problems found in one scenario file, each at a path inside it, reported together.

Checking a scenario does not stop at the first problem: every step (format, imports, tools,
scripted responses, faults, backend, expectations) adds what it finds here, and the file is refused
once, with one ``file:line: path: message`` line per problem, in file order. A part of the file the
format check refused (its *shaky* paths) is left out of the later steps, which would only trip on
it; a check that waits on another problem says so (`Problems.unchecked`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from synthworld.errors import ScenarioError, SynthworldError
from synthworld.scenario.imports import ImportProblem
from synthworld.scenario.located import boolean_word_notes, format_path

if TYPE_CHECKING:
    from synthworld.scenario.model import Scenario

__all__ = ["DocPath", "Problems"]

DocPath = tuple[str | int, ...]
_EXPECTED = (ImportProblem, SynthworldError, TypeError, ValueError, OSError)
"""What a step may raise about the user's file (anything else is a bug and propagates)."""


class Problems:
    """The problems of one scenario file found so far."""

    def __init__(self, scenario: Scenario, *, shaky: Iterable[DocPath] = ()) -> None:
        self.scenario = scenario
        self.found: list[tuple[DocPath, str]] = []
        self.shaky = {where for where in shaky if where}
        """Paths the format check refused (a problem at the root blocks nothing)."""

    def intact(self, where: DocPath) -> bool:
        """Is the value at `where` of the shape the format says? (No format problem at it or at a
        key around it; one inside it, at an item or a key of its own, is allowed.)"""
        return not any(where[: len(bad)] == bad for bad in self.shaky)

    def sound(self, where: DocPath) -> bool:
        """`intact`, and no format problem anywhere inside the value at `where` either."""
        return self.intact(where) and not any(bad[: len(where)] == where for bad in self.shaky)

    def unchecked(self, where: DocPath, what: str, cause: DocPath) -> None:
        """`what` at `where` cannot be checked until the problem at `cause` is fixed: say so."""
        line = _line(self.scenario, cause)
        self.add(
            where,
            f"{what} not checked: it depends on the problem at {format_path(cause)} (line {line}); "
            "fix that first, then check again",
        )

    def add(self, where: DocPath, message: str) -> None:
        """One problem at `where` (keys and indexes inside the file)."""
        self.found.append((where, message))

    @contextmanager
    def at(self, where: DocPath, describe: Callable[[Exception], str] = str) -> Iterator[None]:
        """Run a step; an error it raises about the file becomes a problem at `where`."""
        try:
            yield
        except ScenarioError as exc:  # already placed in the file by a nested step
            self.found.append((where, _strip_location(str(exc))))
        except _EXPECTED as exc:
            self.found.append((where, describe(exc)))

    def __bool__(self) -> bool:
        return bool(self.found)

    def error(self) -> ScenarioError:
        """All problems as one `ScenarioError`, a line each, in the order they appear in the file."""
        scenario = self.scenario
        found = sorted(
            self.found, key=lambda problem: (_line(scenario, problem[0]), _order(problem[0]), problem[1])
        )
        lines = [(_line(scenario, where), format_path(where), message) for where, message in found]
        shown = [f"{scenario.shown}:{line}: {path}: {message}" for line, path, message in lines]
        return ScenarioError("\n".join(shown + _notes(scenario, [message for *_, message in lines])))

    def raise_if_any(self) -> None:
        """Raise `error()` when anything was found."""
        if self.found:
            raise self.error()


def _notes(scenario: Scenario, messages: list[str]) -> list[str]:
    """Notes on the file's YAML words read as booleans, when a problem is about a boolean."""
    try:
        text = Path(scenario.path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):  # the file changed since it was read: no notes
        return []
    return boolean_word_notes(text, scenario.shown, messages)


def _line(scenario: Scenario, where: DocPath) -> int:
    key = where
    while key and key not in scenario.lines:
        key = key[:-1]
    return scenario.lines.get(key, 1)


def _order(where: DocPath) -> tuple[tuple[int, int, str], ...]:
    """A sort key for paths on one line: items by number (``[2]`` before ``[10]``), keys by name."""
    return tuple((0, part, "") if isinstance(part, int) else (1, 0, str(part)) for part in where)


def _strip_location(message: str) -> str:
    """A nested `ScenarioError`'s message without its ``file:line: path:`` prefix."""
    parts = message.split(": ", 2)
    return parts[2] if len(parts) == 3 and parts[0].count(":") == 1 else message
