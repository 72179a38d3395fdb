"""A schema's refusal, kept where its compiled generator would be: a schema refused once is
refused again at once, with the same error, and is not compiled and probed again (the slowest
refusals of unsatisfiable schemas took half a second each)."""

from __future__ import annotations

import copy
from typing import TypeVar, final

from synthworld.errors import SchemaError

__all__ = ["Refused"]

E = TypeVar("E", bound=BaseException)


@final
class Refused:
    """The `SchemaError` a compile raised, kept without its traceback (whose frames would keep
    the half-compiled generator alive); `error` makes it again."""

    __slots__ = ("_error",)

    def __init__(self, error: SchemaError) -> None:
        self._error = _bare(error)

    def error(self) -> SchemaError:
        """A copy of the error: its type, message, ``path`` and cause, and a traceback of its own."""
        return _bare(self._error)


def _bare(err: SchemaError) -> SchemaError:
    """A copy of ``err`` (its type, message, ``path`` and cause) without a traceback."""
    made = _copied(err) or SchemaError(str(err), path=err.path)
    made.__cause__ = None if err.__cause__ is None else _copied(err.__cause__)
    made.__suppress_context__ = err.__suppress_context__
    return made


def _copied(err: E) -> E | None:
    """A copy of ``err`` without a traceback, cause or context; None when its arguments do not
    make it again."""
    try:
        made = copy.copy(err)
    except Exception:
        return None
    made.__traceback__ = made.__cause__ = made.__context__ = None
    return made
