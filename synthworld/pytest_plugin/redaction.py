"""Masking secrets in a pytest failure report, keeping its layout.

A failed test's traceback shows the arguments of synthworld's own frames (``raw = {'password':
...}``) and the exception's message (``$.password: 'hunter2' is too long``): `redact_longrepr`
runs every text of the report pytest built through the process redaction policy, in place, so
the terminal, ``--junitxml`` and the short summary show it masked, formatted as before. The
policy may be one that also masks what a test's world was called with under secret keys
(`calls_policy`): a stub called positionally shows its arguments without their names
(``args = ('ann', 'hunter2')``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from synthworld._redact import Redactor, get_redactor, redact_text

__all__ = ["calls_policy", "redact_longrepr"]

Mask = Callable[[str], str]


def calls_policy(inputs: Iterable[Any]) -> Redactor:
    """The process policy, also masking every string these call inputs hold under secret keys."""
    return get_redactor().for_calls(inputs)


def redact_longrepr(longrepr: Any, text: Mask = redact_text) -> Any:
    """`longrepr` (a pytest report's) with secrets masked by `text` (default: the process policy):
    a string anew, a repr object in place."""
    if isinstance(longrepr, str):
        return text(longrepr)
    chain = getattr(longrepr, "chain", None) or [
        (getattr(longrepr, "reprtraceback", None), getattr(longrepr, "reprcrash", None), None)
    ]
    for reprtraceback, reprcrash, _ in chain:
        for entry in getattr(reprtraceback, "reprentries", ()):
            _redact_entry(entry, text)
        _redact_message(reprcrash, text)
    return longrepr


def _redact_entry(entry: Any, text: Mask) -> None:
    """One traceback entry: its exception lines (``E   ...``; the test's source lines are left as
    written), function arguments and locals; all lines of a native traceback."""
    lines = getattr(entry, "lines", None)
    if isinstance(lines, (list, tuple)):
        native = getattr(entry, "style", None) == "native"
        entry.lines = [_redact_line(line, text, every=native) for line in lines]
    args = getattr(entry, "reprfuncargs", None)
    if args is not None:
        args.args = [(name, text(str(value))) for name, value in args.args]
    local = getattr(entry, "reprlocals", None)
    if local is not None:
        local.lines = [text(line) for line in local.lines]
    _redact_message(getattr(entry, "reprfileloc", None), text)


def _redact_line(line: Any, text: Mask, *, every: bool) -> Any:
    if isinstance(line, str) and (every or line.startswith("E ")):
        return text(line)
    return line


def _redact_message(location: Any, text: Mask) -> None:
    message = getattr(location, "message", None)
    if isinstance(message, str):
        location.message = text(message)
