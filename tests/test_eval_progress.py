"""The progress reporter: runs done, passing so far, time left."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from synthworld.eval.progress import make_reporter, progress_text


def test_rich_bar_shows_runs_done_and_passing() -> None:
    out = io.StringIO()
    reporter = make_reporter(4, enabled=True, console=Console(file=out, width=100, force_terminal=False))
    for passed in (True, False, True):
        reporter.advance(passed)
    reporter.close()
    text = out.getvalue()
    assert "runs" in text
    assert "3/4" in text
    assert "passing 2" in text
    assert "left" in text


def test_disabled_reporter_prints_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    reporter = make_reporter(3, enabled=False)
    reporter.advance(True)
    reporter.close()
    assert capsys.readouterr() == ("", "")


def test_notebook_text() -> None:
    assert progress_text(12, 40, 9, 3.4) == "runs 12/40 · passing 9 · 3s left"
    assert progress_text(0, 40, 0, None) == "runs 0/40 · passing 0 · - left"
