"""What the framework adapters need of a world, and the call they all make."""

from __future__ import annotations

import importlib
import json
from collections.abc import Mapping
from typing import Any, Protocol

from synthworld.errors import ToolError, ToolInputError
from synthworld.frameworks.python_floor import install_advice
from synthworld.spec import ToolSpec

__all__ = ["ToolSource", "error_message", "error_text", "import_framework", "result_text"]


class ToolSource(Protocol):
    """The tools to hand over and the calls that answer them (a `SyntheticWorld` is one)."""

    @property
    def tools(self) -> Mapping[str, ToolSpec]: ...

    def call(self, name: str, input: Mapping[str, Any] | None = None, /) -> Any: ...

    async def acall(self, name: str, input: Mapping[str, Any] | None = None, /) -> Any: ...


def import_framework(module: str, *, package: str, method: str) -> Any:
    """Import `module`, or fail with an ImportError naming the extra that installs it."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        advice = install_advice(module, package)
        raise ImportError(f"{method}() needs the {package!r} package; {advice}") from exc


def result_text(value: Any) -> str:
    """A tool's answer as the JSON text a model reads."""
    return json.dumps(value, ensure_ascii=False)


def error_text(exc: ToolError | ToolInputError) -> str:
    """A failed call as JSON a model reads: ``{"error": {"code", "message", ...}}``."""
    error = exc.to_dict() if isinstance(exc, ToolError) else exc.to_dict()["error"]
    return json.dumps({"error": error}, ensure_ascii=False)


def error_message(exc: ToolError | ToolInputError) -> str:
    """A failed call as one line of plain text, for a framework that wraps it in its own error form.

    ``invalid input for tool 'get_user': $.user_id: 7 is not of type 'string'. Parameters: ...``;
    ``rate_limit: rate limit (retry after 2 s); details: {"quota": 5}``. JSON text there would
    reach the model as a string inside the framework's JSON, every quote escaped.
    """
    if isinstance(exc, ToolInputError):
        return str(exc)
    text = f"{exc.code}: {exc.message}"
    if exc.retry_after is not None:
        text += f" (retry after {exc.retry_after:g} s)"
    if exc.details:
        text += f"; details: {json.dumps(exc.details, ensure_ascii=False)}"
    return text
