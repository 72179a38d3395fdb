"""Scenario results drawn with rich, for the command line."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table
from rich.text import Text

from synthworld._redact import redact_text
from synthworld.scenario.report import abbreviate
from synthworld.scenario.result import ScenarioResult

__all__ = ["print_result", "trace_rich_table"]


def trace_rich_table(result: ScenarioResult, *, width: int = 48) -> Table:
    """The trace as a rich table (secrets masked); errors in red, the first diverging call flagged."""
    table = Table(title=f"{result.scenario} [seed={result.seed}]", title_justify="left", expand=False)
    for column in ("", "#", "tool", "input", "output", "error", "backend"):
        table.add_column(column, overflow="fold")
    mark = None if result.passed else result.diverged_at
    for call in result.trace:
        error = "" if call.error is None else f"{call.error.get('code')}: {call.error.get('message', '')}"
        table.add_row(
            Text(">", style="bold yellow") if call.index == mark else "",
            str(call.index),
            Text(call.tool, style="bold"),
            abbreviate(call.input, width),
            "" if call.error is not None else abbreviate(call.output, width),
            Text(abbreviate(error, width), style="red"),
            call.backend,
            style="on grey23" if call.index == mark else None,
        )
    return table


def print_result(console: Console, result: ScenarioResult) -> None:
    """Trace table, agent output and verdict with one line per failed expectation."""
    console.print(trace_rich_table(result))
    if result.error is not None:
        console.print(Text(redact_text(f"agent raised {result.error}"), style="red"))
    else:
        console.print(Text("agent output: ") + Text(abbreviate(result.output, 400)))
    if result.diverged_at is not None and not result.passed:
        console.print(
            Text(f"> call #{result.diverged_at}: where the run first left the expected path", style="yellow")
        )
    verdict = Text("PASS", style="bold green") if result.passed else Text("FAIL", style="bold red")
    console.print(Text("verdict: ") + verdict + Text(f"  {result.scenario} [seed={result.seed}]"))
    for failure in result.failures:
        console.print(Text(redact_text(f"  - {failure}"), style="red"))
    console.print()
