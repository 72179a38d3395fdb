"""What the framework adapters need of a world, and the call they all make."""

from __future__ import annotations

import importlib
import json
from collections.abc import Mapping
from typing import Any, Protocol

from synthworld.errors import ToolError, ToolInputError
from synthworld.spec import ToolSpec

__all__ = ["ToolSource", "error_text", "import_framework", "result_text"]


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
        raise ImportError(
            f"{method}() needs the {package!r} package; install it with "
            f"pip install 'synthworld[frameworks]' (or pip install {package})"
        ) from exc


def result_text(value: Any) -> str:
    """A tool's answer as the JSON text a model reads."""
    return json.dumps(value, ensure_ascii=False)


def error_text(exc: ToolError | ToolInputError) -> str:
    """A failed call as JSON a model reads: ``{"error": {"code", "message", ...}}``."""
    error = exc.to_dict() if isinstance(exc, ToolError) else exc.to_dict()["error"]
    return json.dumps({"error": error}, ensure_ascii=False)
