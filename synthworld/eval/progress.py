"""Progress of an evaluation: runs done, passing so far, time left (terminal or notebook)."""

from __future__ import annotations

import html
import importlib
import sys
import time
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:  # rich is imported when a terminal bar is first drawn
    from rich.console import Console

__all__ = ["Reporter", "make_reporter", "progress_text"]

_NOTEBOOK_REFRESH = 0.1
"""Seconds between two redraws of the notebook bar (each redraw is a message to the front end)."""


class Reporter(Protocol):
    """Told about every finished run; closed once at the end."""

    def advance(self, passed: bool) -> None: ...

    def close(self) -> None: ...


class _Silent:
    def advance(self, passed: bool) -> None:
        pass

    def close(self) -> None:
        pass


class _RichReporter:
    """A rich progress bar: ``runs ━━━━ 12/40 passing 9 0:00:03``."""

    def __init__(self, total: int, console: Console) -> None:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        self._progress = Progress(
            TextColumn("runs"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("passing {task.fields[passing]}"),
            TextColumn("left"),
            TimeRemainingColumn(),
            console=console,
        )
        self._task = self._progress.add_task("evaluate", total=total, passing=0)
        self._passing = 0
        self._progress.start()

    def advance(self, passed: bool) -> None:
        self._passing += passed
        self._progress.update(self._task, advance=1, passing=self._passing)

    def close(self) -> None:
        self._progress.stop()


class _Bar:
    """One drawing of the notebook bar: HTML, and its words as text (for text-only viewers)."""

    def __init__(self, done: int, total: int, words: str) -> None:
        self._done, self._total, self._words = done, total, words

    def _repr_html_(self) -> str:
        return (
            f'<progress value="{self._done}" max="{self._total}" style="width:40%"></progress> '
            f"{html.escape(self._words)}"
        )

    def __repr__(self) -> str:
        return self._words


class _NotebookReporter:
    """An HTML ``<progress>`` bar updated in place in a Jupyter output cell (no ipywidgets needed)."""

    def __init__(self, total: int) -> None:
        display_module: Any = importlib.import_module("IPython.display")  # untyped: keep it Any
        self._total, self._done, self._passing = total, 0, 0
        self._started = self._shown = time.monotonic()
        self._handle: Any = display_module.display(self._render(), display_id=True)

    def advance(self, passed: bool) -> None:
        self._done += 1
        self._passing += passed
        now = time.monotonic()
        if now - self._shown >= _NOTEBOOK_REFRESH or self._done == self._total:
            self._shown = now
            self._handle.update(self._render())

    def close(self) -> None:
        self._handle.update(self._render())

    def _render(self) -> _Bar:
        words = progress_text(self._done, self._total, self._passing, self._left())
        return _Bar(self._done, self._total, words)

    def _left(self) -> float | None:
        if not self._done:
            return None
        elapsed = time.monotonic() - self._started
        return elapsed / self._done * (self._total - self._done)


def progress_text(done: int, total: int, passing: int, left: float | None) -> str:
    """``runs 12/40 · passing 9 · 3s left`` (the notebook bar's words)."""
    eta = "-" if left is None else f"{left:.0f}s"
    return f"runs {done}/{total} · passing {passing} · {eta} left"


def make_reporter(total: int, *, enabled: bool, console: Console | None = None) -> Reporter:
    """A silent reporter, a notebook bar (in Jupyter) or a rich bar on stderr (or `console`)."""
    if not enabled:
        return _Silent()
    if console is None and _in_notebook():
        return _NotebookReporter(total)
    if console is None:
        from rich.console import Console

        console = Console(stderr=True)
    return _RichReporter(total, console)


def _in_notebook() -> bool:
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    return type(shell).__name__ == "ZMQInteractiveShell"
