"""Masking log records: a filter for one logger (`RedactingFilter`) and a record factory for
named loggers and every logger under them (`redact_logs`)."""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Callable
from typing import Any

from synthworld._redact.policy import redact_text
from synthworld._redact.urls import masked_query

__all__ = ["RedactingFilter", "mask_record", "redact_logs"]

_URL = re.compile(r"\b[A-Za-z][A-Za-z0-9+.-]*://[^\s\"'<>]+")


class RedactingFilter(logging.Filter):
    """A logging filter that masks each record as `mask_record` does (it sees only the records
    logged on the loggers it is added to, not those of the loggers under them)."""

    def filter(self, record: logging.LogRecord) -> bool:
        mask_record(record)
        return True


def _masked_log_text(text: str) -> str:
    return redact_text(_URL.sub(lambda url: masked_query(url[0]), text))


def mask_record(record: logging.LogRecord) -> None:
    """Mask `record`'s message with the process policy, and the secret query values of every URL
    in it as `redact_url` does (an HTTP library logs the URLs it requests, percent-encoded: a
    registered secret ``a+b/c=`` is written ``a%2Bb%2Fc%3D``); so too its traceback and stack.

    A traceback that held a secret is kept as masked text (``exc_text``, which every
    `logging.Formatter` prints) in place of the exception itself. A message whose arguments do not
    fit it is left for the handler to report, as logging does."""
    try:
        message = record.getMessage()
    except Exception:  # logging's handlers report a message that cannot be formatted
        return
    masked = _masked_log_text(message)
    if masked != message:
        record.msg, record.args = masked, ()
    if record.exc_info and not record.exc_text:
        trace = logging.Formatter().formatException(record.exc_info)
        if (masked := _masked_log_text(trace)) != trace:
            record.exc_info, record.exc_text = None, masked
    if record.stack_info:
        record.stack_info = _masked_log_text(record.stack_info)


class _RedactingRecords:
    """A log record factory: the records `inner` makes, those of the loggers `redact_logs` named
    (and of the loggers under them) masked."""

    def __init__(self, inner: Callable[..., logging.LogRecord]) -> None:
        self.inner = inner

    def __call__(self, *args: Any, **kwargs: Any) -> logging.LogRecord:
        record = self.inner(*args, **kwargs)
        names, under = _LOGGED[0]
        if record.name in names or record.name.startswith(under):
            mask_record(record)
        return record


_LOGGED: list[tuple[frozenset[str], tuple[str, ...]]] = [(frozenset(), ())]
"""The names `redact_logs` was given, and each followed by a dot (the loggers under it)."""
_LOGGED_LOCK = threading.Lock()


def redact_logs(*names: str) -> None:
    """Mask every record logged on the loggers `names` and on every logger under them, made now or
    later (``httpx``, ``openai._base_client``, ``httpcore.http2`` imported after this call), before
    any filter or handler sees it.

    Masking happens where records are made: a log record factory (`logging.setLogRecordFactory`)
    that wraps the one in place and masks the records of these loggers only (a test of their name;
    any other record is left as it was made). A filter on each logger would miss loggers made
    later, and a logger's filter does not see the records that loggers under it pass up; a filter
    on handlers would miss the handlers a user adds later, and patching `logging.Logger` or its
    manager would reach into every logger of the process. The factory is installed once, and again
    only if another one replaced it."""
    with _LOGGED_LOCK:
        every = _LOGGED[0][0] | set(names)
        _LOGGED[0] = (frozenset(every), tuple(sorted(n + "." for n in every)))
        current = logging.getLogRecordFactory()
        if not isinstance(current, _RedactingRecords):
            logging.setLogRecordFactory(_RedactingRecords(current))
