"""Masking secrets in a pytest failure report, keeping its layout.

A failed test's traceback shows the arguments of synthworld's own frames (``raw = {'password':
...}``) and the exception's message (``$.password: 'hunter2' is too long``): `redact_longrepr`
runs every text of the report pytest built through the process redaction policy, in place, so
the terminal, ``--junitxml`` and the short summary show it masked, formatted as before.
"""

from __future__ import annotations

from typing import Any

from synthworld._redact import redact_text

__all__ = ["redact_longrepr"]


def redact_longrepr(longrepr: Any) -> Any:
    """`longrepr` (a pytest report's) with secrets masked: a string anew, a repr object in place."""
    if isinstance(longrepr, str):
        return redact_text(longrepr)
    chain = getattr(longrepr, "chain", None) or [
        (getattr(longrepr, "reprtraceback", None), getattr(longrepr, "reprcrash", None), None)
    ]
    for reprtraceback, reprcrash, _ in chain:
        for entry in getattr(reprtraceback, "reprentries", ()):
            _redact_entry(entry)
        _redact_message(reprcrash)
    return longrepr


def _redact_entry(entry: Any) -> None:
    """One traceback entry: its exception lines (``E   ...``; the test's source lines are left as
    written), function arguments and locals; all lines of a native traceback."""
    lines = getattr(entry, "lines", None)
    if isinstance(lines, (list, tuple)):
        native = getattr(entry, "style", None) == "native"
        entry.lines = [_redact_line(line, every=native) for line in lines]
    args = getattr(entry, "reprfuncargs", None)
    if args is not None:
        args.args = [(name, redact_text(str(value))) for name, value in args.args]
    local = getattr(entry, "reprlocals", None)
    if local is not None:
        local.lines = [redact_text(line) for line in local.lines]
    _redact_message(getattr(entry, "reprfileloc", None))


def _redact_line(line: Any, *, every: bool) -> Any:
    if isinstance(line, str) and (every or line.startswith("E ")):
        return redact_text(line)
    return line


def _redact_message(location: Any) -> None:
    message = getattr(location, "message", None)
    if isinstance(message, str):
        location.message = redact_text(message)
