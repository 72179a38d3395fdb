"""Scenario results drawn with rich, for the command line: values wrap instead of being cut."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table
from rich.text import Text

from synthworld._redact import redact_text
from synthworld.scenario.report import CELL, abbreviate, answer_text, format_call
from synthworld.scenario.result import ScenarioResult

__all__ = ["RICH_CELL", "print_result", "trace_rich_table"]

RICH_CELL = 6 * CELL
"""Characters a cell shows (wrapped over several lines) before it is cut; ``--full`` shows all."""


def trace_rich_table(result: ScenarioResult, *, full: bool = False) -> Table:
    """The trace as a rich table (secrets masked): long values wrap, errors are red, the diverging
    call is flagged."""
    width = None if full else RICH_CELL
    mark = None if result.passed else result.diverged_at
    table = Table(title=f"{result.scenario} [seed={result.seed}]", title_justify="left", expand=False)
    if mark is not None:
        table.add_column("", no_wrap=True)
    for column in ("#", "tool", "input", "output", "backend"):
        table.add_column(column, overflow="fold")
    for call in result.trace:
        cells: list[str | Text] = [
            str(call.index),
            Text(call.tool, style="bold"),
            abbreviate(call.input, width),
            Text(answer_text(call, width), style="red" if call.error is not None else ""),
            call.answered_by,
        ]
        flag: list[str | Text] = []
        if mark is not None:
            flag.append(Text(">", style="bold yellow") if call.index == mark else "")
        table.add_row(*flag, *cells, style="on grey23" if call.index == mark else None)
    return table


def print_result(console: Console, result: ScenarioResult, *, full: bool = False) -> None:
    """Trace table, agent output and verdict with one line per failed expectation."""
    console.print(trace_rich_table(result, full=full))
    if result.error is not None:
        console.print(Text(redact_text(f"agent raised {result.error}"), style="red"))
    else:
        console.print(Text("agent output: ") + Text(abbreviate(result.output, None if full else RICH_CELL)))
    if result.diverged_at is not None and not result.passed:
        console.print(
            Text(f"> call #{result.diverged_at}: where the run first left the expected path", style="yellow")
        )
        if result.diverged_at < len(result.trace):
            console.print(Text(format_call(result.trace[result.diverged_at])))
    verdict = Text("PASS", style="bold green") if result.passed else Text("FAIL", style="bold red")
    console.print(Text("verdict: ") + verdict + Text(f"  {result.scenario} [seed={result.seed}]"))
    for failure in result.failures:
        console.print(Text(redact_text(f"  - {failure}"), style="red"))
    console.print()
