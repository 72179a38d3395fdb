"""A stub's failure in the form the calling framework shows its model, not as a crash of the run.

A stub handed to a framework directly (``Agent(tools=[stub])``, ``tool(stub)``) raises what the
world raised. `as_framework_failure` makes that error also an instance of each loaded framework's
own failure: pydantic-ai's ``ModelRetry`` for bad arguments (a retry prompt) and ``ToolFailed``
for a simulated `ToolError` (a failed result, no retry used up), and LangChain's
``ToolException`` for both (an error ``ToolMessage`` when the tool's ``handle_tool_error`` is
set). It stays the same `ToolError` or `ToolInputError` (same class, code and message) for code
that catches it; only frameworks already imported are mixed in, so none is imported here.
The Agents SDK hides an exception's text unless asked: see `openai_agents_failure`.
"""

from __future__ import annotations

import functools
import sys
from typing import Any

from synthworld.errors import ToolError, ToolInputError
from synthworld.frameworks.source import error_message, error_text, import_framework

__all__ = ["as_framework_failure", "openai_agents_failure"]

_Failure = ToolError | ToolInputError


def as_framework_failure(exc: _Failure) -> _Failure:
    """`exc`, made (in place) also an instance of each loaded framework's failure; returned."""
    bases = _framework_bases(isinstance(exc, ToolInputError))
    if bases:
        exc.__class__ = _mixed(type(exc), bases)  # type: ignore[arg-type]  # classes hash
        if isinstance(exc, ToolInputError):  # ModelRetry's text (ToolError keeps its own message)
            exc.message = error_message(exc)  # type: ignore[attr-defined]
    return exc


def openai_agents_failure(context: Any, error: Exception) -> str:
    """A ``failure_error_function`` for the Agents SDK's ``function_tool(stub, ...)``: a simulated
    failure or bad arguments as the ``{"error": {...}}`` text `to_openai_agents` sends; any other
    error as the SDK's default text (which hides the exception)."""
    if isinstance(error, (ToolError, ToolInputError)):
        return error_text(error)
    tool = import_framework("agents.tool", package="openai-agents", method="openai_agents_failure")
    text: str = tool.default_tool_error_function(context, error)
    return text


def _framework_bases(bad_arguments: bool) -> tuple[type[BaseException], ...]:
    """The failure classes of the frameworks imported so far, for bad arguments or a failure."""
    bases: list[type[BaseException]] = []
    pydantic_ai = sys.modules.get("pydantic_ai.exceptions")
    if pydantic_ai is not None:
        retry = pydantic_ai.ModelRetry
        bases.append(retry if bad_arguments else getattr(pydantic_ai, "ToolFailed", retry))
    langchain = sys.modules.get("langchain_core.tools.base")
    if langchain is not None:
        bases.append(langchain.ToolException)
    return tuple(bases)


@functools.cache
def _mixed(error: type[_Failure], bases: tuple[type[BaseException], ...]) -> type[_Failure]:
    """`error` with the framework failures `bases` mixed in (its name, equality and pickling kept)."""
    namespace = {
        "__module__": error.__module__,
        "__qualname__": error.__qualname__,
        "__eq__": BaseException.__eq__,  # ModelRetry compares (and hashes) by message
        "__hash__": BaseException.__hash__,
        "__reduce__": lambda self: (_rebuild, (error, self.args, self.__dict__)),
    }
    return type(error.__name__, (error, *bases), namespace)


def _rebuild(error: type[_Failure], args: tuple[Any, ...], state: dict[str, Any]) -> _Failure:
    """Unpickle a mixed failure as its plain synthworld error (the framework may be absent there)."""
    exc = error.__new__(error, *args)
    exc.args = args
    exc.__dict__.update(state)
    return exc
