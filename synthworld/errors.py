"""The synthworld exception tree.

Every error raised by synthworld subclasses :class:`SynthworldError` and the builtin that fits it,
so ``except ValueError`` keeps working for code that does not know synthworld::

    SynthworldError
    ├── ToolSpecError (TypeError)           a stub or spec that cannot describe a tool
    ├── ToolInputError (ValueError)         an agent passed input that breaks the tool's parameters
    ├── UnknownToolError (LookupError)      a call names a tool the world does not have
    ├── SchemaError (ValueError)            a JSON Schema that is invalid or unsupported
    │   └── UnsatisfiableSchemaError        a schema no value can satisfy
    ├── BackendError (RuntimeError)         a backend failed or broke the returns schema
    │   └── FixtureMissError (LookupError)  no recorded interaction matches a call
    ├── CassetteError (ValueError)          a cassette file is corrupt or of an unknown version
    │   └── CassetteIOError (OSError)       a cassette, its journal or lock cannot be read or written
    ├── ScenarioError (ValueError)          a scenario file is invalid
    ├── TraceError (ValueError)             a saved trace cannot be read
    ├── EvalReportError (ValueError)        a saved evaluation report cannot be read (file and line)
    ├── FaultConfigError (ValueError)       a fault plan entry is invalid (index and key)
    ├── FormatError (TypeError)             a provider message or tool definition has the wrong shape
    ├── SourceError (ValueError)            an OpenAPI document or MCP server cannot give tools
    └── ToolError (RuntimeError)            the simulated tool failed; the agent should handle it

Warnings: `SynthworldWarning` (UserWarning) and its `MissingReturnTypeWarning` (a stub without a
return annotation, whose answers can be any JSON value).

Messages name a JSON pointer with `show_pointer`: quoted, and the root ("") as `ROOT`. Warnings are
given with `warn_user`, which points them at the user's own line.
"""

from __future__ import annotations

import sys
import warnings
from collections.abc import Sequence
from typing import Any

__all__ = [
    "BackendError",
    "CassetteError",
    "CassetteIOError",
    "EvalReportError",
    "FaultConfigError",
    "FormatError",
    "MissingReturnTypeWarning",
    "FixtureMissError",
    "ScenarioError",
    "SchemaError",
    "SourceError",
    "SynthworldError",
    "SynthworldWarning",
    "ToolError",
    "ToolInputError",
    "ToolSpecError",
    "TraceError",
    "UnknownToolError",
    "UnsatisfiableSchemaError",
]


ROOT = "the root"
"""How a message names the root of a schema or document (its JSON pointer is "", which reads as a blank)."""


def show_pointer(pointer: str) -> str:
    """The JSON pointer `pointer` as a message names it: ``'/properties/a'``, or `ROOT` for ""."""
    return repr(pointer) if pointer else ROOT


def show_count(count: int) -> str:
    """A count as a message names it: ``10,000``, or ``about 1e+308`` past 15 digits (a bound of
    ``1e308`` read as an integer is 309 digits no one reads)."""
    return f"{count:,}" if count < 10**15 else f"about {float(count):.3g}"


class SynthworldError(Exception):
    """Root of every error synthworld raises."""


class ToolSpecError(SynthworldError, TypeError):
    """A function or spec cannot describe a tool; ``problems`` lists every reason."""

    def __init__(self, message: str, *, problems: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.problems: list[str] = list(problems)


class ToolInputError(SynthworldError, ValueError):
    """Input given to a tool breaks its parameters schema; ``problems`` lists every violation."""

    def __init__(self, message: str, *, tool: str = "", problems: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.tool = tool
        self.problems: list[str] = list(problems)

    def to_dict(self) -> dict[str, Any]:
        """The error as an object an agent can read (used by ``on_invalid_input="return_error"``)."""
        return {"error": {"code": "invalid_input", "message": str(self), "problems": self.problems}}


class UnknownToolError(SynthworldError, LookupError):
    """A call names a tool that is not registered."""

    def __str__(self) -> str:  # LookupError would quote the message like a key
        return str(self.args[0]) if self.args else ""


class SchemaError(SynthworldError, ValueError):
    """A JSON Schema is invalid or uses something synthworld does not support.

    ``path`` is the JSON pointer of the offending subschema ("" for the root).
    """

    def __init__(self, message: str, *, path: str = "") -> None:
        super().__init__(message)
        self.path = path


class UnsatisfiableSchemaError(SchemaError):
    """No value can satisfy the schema (at ``path``)."""


class BackendError(SynthworldError, RuntimeError):
    """A backend failed to answer, or answered with a value that breaks the returns schema."""


class FixtureMissError(BackendError, LookupError):
    """No recorded interaction matches a call; the message shows the closest recorded ones."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


class CassetteError(SynthworldError, ValueError):
    """A cassette file is corrupt, invalid or of an unknown version (names file and location)."""


class CassetteIOError(CassetteError, OSError):
    """A cassette, its journal or its lock cannot be read or written (names the path and the fix)."""


class ScenarioError(SynthworldError, ValueError):
    """A scenario file is invalid (names file, line and path inside it)."""


class TraceError(SynthworldError, ValueError):
    """A saved trace cannot be read: not JSON, not a synthworld trace, or a call of the wrong shape."""


class EvalReportError(SynthworldError, ValueError):
    """A saved evaluation report cannot be read: not one, not JSON, or a line of the wrong shape
    (names the file and the line)."""


class FaultConfigError(SynthworldError, ValueError):
    """A fault plan entry is invalid; ``index`` and ``key`` say where (None when unknown), and
    ``also`` lists the entry's other problems as ``(key, message)`` pairs."""

    def __init__(
        self,
        message: str,
        *,
        index: int | None = None,
        key: str | None = None,
        also: Sequence[tuple[str | None, str]] = (),
    ) -> None:
        where = f"faults[{index}]" if index is not None else "fault"
        more = "".join(f"; {'.'.join(filter(None, [where, k]))}: {m}" for k, m in also)
        super().__init__(f"{where}{'.' + key if key else ''}: {message}{more}")
        self.index = index
        self.key = key
        self.detail = message
        self.also = tuple(also)


class FormatError(SynthworldError, TypeError):
    """A provider message, tool call or tool definition is not of the shape its format requires
    (the message says what was given and what to pass instead)."""


class SourceError(SynthworldError, ValueError):
    """A tool source cannot give tools: an OpenAPI document that is unreadable, invalid or refers
    outside itself (``pointer`` is the JSON pointer at fault, ``source`` the file or server), or an
    MCP server that cannot be reached or listed."""

    def __init__(self, message: str, *, source: str = "", pointer: str | None = None) -> None:
        where = f"{source}: " if source else ""
        at = f" (at {pointer or ROOT})" if pointer is not None else ""
        super().__init__(f"{where}{message}{at}")
        self.source = source
        self.pointer = pointer
        self.detail = message


class ToolError(SynthworldError, RuntimeError):
    """A simulated tool failure the agent is meant to see and handle.

    ``code`` is one of ``timeout``, ``rate_limit``, ``not_found``, ``internal_error``,
    ``bad_request``, ``unavailable`` (or any string a script chose).
    """

    def __init__(
        self,
        code: str,
        message: str = "",
        *,
        retry_after: float | None = None,
        details: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(f"{code}: {message}" if message else code)
        self.code = code
        self.message = message or code.replace("_", " ")
        self.retry_after = retry_after
        self.details = details or {}

    def to_dict(self) -> dict[str, Any]:
        """The error as a JSON object (the form stored in traces and cassettes)."""
        out: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.retry_after is not None:
            out["retry_after"] = self.retry_after
        if self.details:
            out["details"] = self.details
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ToolError:
        """Rebuild an error stored by :meth:`to_dict`."""
        return cls(
            str(data.get("code", "internal_error")),
            str(data.get("message", "")),
            retry_after=data.get("retry_after"),
            details=data.get("details"),
        )


class SynthworldWarning(UserWarning):
    """Root of the warnings synthworld gives."""


class MissingReturnTypeWarning(SynthworldWarning):
    """A stub has no return annotation, so its tool may answer with any JSON value."""


def warn_user(message: str, category: type[Warning] = SynthworldWarning) -> None:
    """`warnings.warn` at the first frame outside synthworld: the user's line that registered the
    tool, loaded the document or made the call (as pandas' ``find_stack_level``), however deep in
    the library the warning arose, so a filter by module and the printed location are the user's."""
    frame = sys._getframe(1)
    level = 2  # `frame` is the caller's: what `warnings.warn(stacklevel=2)` would name
    while frame.f_back is not None and _in_synthworld(frame.f_globals.get("__name__", "")):
        frame = frame.f_back
        level += 1
    warnings.warn(message, category, stacklevel=level)


def _in_synthworld(module: str) -> bool:
    return module == "synthworld" or module.startswith("synthworld.")
