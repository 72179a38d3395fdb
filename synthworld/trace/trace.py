"""The trace: every call a world answered, in order, with assertions for tests."""

from __future__ import annotations

import difflib
import json
import os
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, overload

from synthworld._files import atomic_write
from synthworld._json import has_lone_surrogate, json_problems, short_repr
from synthworld._redact import redact_text
from synthworld.errors import TraceError
from synthworld.trace.calls import ToolCall, redacted_calls
from synthworld.trace.html import render_trace_html

__all__ = ["Trace"]

_FORMAT_KEY = "synthworld_trace"
_FORMAT_VERSION = 1


class Trace(Sequence[ToolCall]):
    """An append-only sequence of `ToolCall` records, safe to append to from several threads."""

    def __init__(self, calls: Sequence[ToolCall] = ()) -> None:
        self._calls: list[ToolCall] = list(calls)
        self._lock = threading.Lock()

    # -- sequence ---------------------------------------------------------------------------

    @overload
    def __getitem__(self, index: int) -> ToolCall: ...
    @overload
    def __getitem__(self, index: slice) -> list[ToolCall]: ...
    def __getitem__(self, index: int | slice) -> ToolCall | list[ToolCall]:
        return self._calls[index]

    def __len__(self) -> int:
        return len(self._calls)

    def __iter__(self) -> Iterator[ToolCall]:
        return iter(list(self._calls))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Trace):
            return self._calls == other._calls
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<Trace of {len(self)} call(s)>"

    def _repr_html_(self) -> str:
        return render_trace_html(self)

    def __reduce__(self) -> tuple[type[Trace], tuple[list[ToolCall]]]:
        return (Trace, (list(self._calls),))  # the lock is not pickled; a copy gets its own

    def append(self, call: ToolCall) -> None:
        """Add a call at the end (the world records each call it answered here)."""
        with self._lock:
            self._calls.append(call)

    def clear(self) -> None:
        """Forget every call (``world.reset()`` does this)."""
        with self._lock:
            self._calls.clear()

    def read_only(self) -> Trace:
        """A view of this trace that reads every call as it is recorded and refuses `append` and
        `clear` (what a backend gets as ``ctx.trace``)."""
        return _ReadOnlyTrace(self)

    # -- queries ----------------------------------------------------------------------------

    def calls(self, tool: str | None = None, **where: Any) -> list[ToolCall]:
        """Calls to `tool` (any tool if None) whose input has every ``key=value`` in `where`."""
        return [
            c
            for c in self._calls
            if (tool is None or c.tool == tool)
            and all(c.input.get(k, _MISSING) == v for k, v in where.items())
        ]

    @property
    def tools(self) -> list[str]:
        """The tool name of every call, in order."""
        return [c.tool for c in self._calls]

    @property
    def errors(self) -> list[ToolCall]:
        """The calls that failed."""
        return [c for c in self._calls if c.error is not None]

    # -- assertions -------------------------------------------------------------------------

    def assert_called(self, tool: str, *, times: int | None = None, **where: Any) -> list[ToolCall]:
        """Assert `tool` was called (exactly `times` times, if given) with input matching `where`."""
        found = self.calls(tool, **where)
        what = _describe(tool, where)
        if times is None and not found:
            hint = self._hint(tool, where)
            raise AssertionError(f"expected a call to {what}, but there was none{hint}.\n{self.format()}")
        if times is not None and len(found) != times:
            raise AssertionError(
                f"expected {times} call(s) to {what}, but there were {len(found)}.\n{self.format()}"
            )
        return found

    def assert_called_once(self, tool: str, **where: Any) -> ToolCall:
        """Assert exactly one call to `tool` with input matching `where` was made (as
        `unittest.mock`'s ``assert_called_once``); return it."""
        return self.assert_called(tool, times=1, **where)[0]

    def _hint(self, tool: str, where: dict[str, Any]) -> str:
        """Why nothing matched, when it is a name: a tool never called but one like it was, or an
        input key no call to the tool has (``user`` where the calls have ``user_id``)."""
        called = dict.fromkeys(c.tool for c in self._calls)
        if tool not in called:
            close = difflib.get_close_matches(tool, called, n=1)
            return f" (no call to {tool!r} at all; did you mean {close[0]!r}?)" if close else ""
        keys = dict.fromkeys(k for c in self._calls if c.tool == tool for k in c.input)
        missing = [k for k in where if k not in keys]
        if not missing:
            return ""
        close = difflib.get_close_matches(missing[0], keys, n=1, cutoff=0.5)
        meant = f"; did you mean {close[0]!r}?" if close else f"; its inputs have {list(keys)}"
        return f" (no call to {tool!r} has an input {missing[0]!r}{meant})"

    def assert_not_called(self, tool: str, **where: Any) -> None:
        """Assert no call to `tool` with input matching `where` was made."""
        found = self.calls(tool, **where)
        if found:
            indexes = ", ".join(f"#{c.index}" for c in found)
            raise AssertionError(
                f"expected no call to {_describe(tool, where)}, but found {indexes}.\n{self.format()}"
            )

    def assert_order(self, *tools: str) -> None:
        """Assert calls to `tools` happened in this order (other calls may come between)."""
        position = 0
        for call in self._calls:
            if position < len(tools) and call.tool == tools[position]:
                position += 1
        if position < len(tools):
            raise AssertionError(
                f"expected calls in order {list(tools)}, but no {tools[position]!r} call followed "
                f"{list(tools[:position]) or 'the start'}.\n{self.format()}"
            )

    # -- text -------------------------------------------------------------------------------

    def format(self, *, width: int = 60) -> str:
        """The trace as a compact text table (one line per call), secrets masked."""
        if not self._calls:
            return "trace: (no calls)"
        lines = ["trace:"]
        for c in redacted_calls(self._calls):
            result = (
                f"ERROR {c.error.get('code')}: {c.error.get('message')}"
                if c.error
                else _short(c.output, width)
            )
            lines.append(f"  #{c.index} {c.tool}({_short(c.input, width)}) -> {result}  [{c.answered_by}]")
        return "\n".join(lines)

    # -- persistence ------------------------------------------------------------------------

    def to_json(self, *, redact: bool = True) -> str:
        """The trace as a JSON document (versioned); secrets masked unless `redact` is False.
        Always writable as UTF-8: lone surrogates are written as ``\\udXXX`` escapes, and a value
        JSON cannot hold (in a hand-made call) as a ``{"$not_json": repr, "problems": [...]}`` note."""
        shown = redacted_calls(self._calls) if redact else list(self._calls)
        try:
            calls = [c.to_dict(redact=False) for c in shown]
            document = {_FORMAT_KEY: _FORMAT_VERSION, "calls": calls}
            text = json.dumps(document, indent=2, ensure_ascii=False, sort_keys=False)
        except Exception:  # TypeError, ValueError, RecursionError: note the values, write the rest
            calls = [_writable(c) for c in shown]
            document = {_FORMAT_KEY: _FORMAT_VERSION, "calls": calls}
            text = json.dumps(document, indent=2, ensure_ascii=False, sort_keys=False)
        if has_lone_surrogate(text):
            text = json.dumps(document, indent=2, ensure_ascii=True, sort_keys=False)
        return text

    @classmethod
    def from_json(cls, text: str) -> Trace:
        """Rebuild a trace from `to_json` output; `TraceError` saying what is wrong otherwise."""
        try:
            document = json.loads(text)
        except (ValueError, TypeError, RecursionError) as exc:  # not JSON text, or nested past the limit
            raise TraceError(
                f"not a synthworld trace: cannot read it as JSON ({type(exc).__name__}: {exc})"
            ) from None
        if not isinstance(document, dict) or document.get(_FORMAT_KEY) != _FORMAT_VERSION:
            raise TraceError(f"not a synthworld trace (expected {{{_FORMAT_KEY!r}: {_FORMAT_VERSION}, ...}})")
        calls = document.get("calls")
        if not isinstance(calls, list):
            raise TraceError(f"'calls' must be a list of calls, got {type(calls).__name__}")
        return cls([_read_call(call, index) for index, call in enumerate(calls)])

    def save(self, path: str | os.PathLike[str], *, redact: bool = True) -> Path:
        """Write the trace as JSON, atomically (a crash never leaves a half file); secrets masked
        unless `redact` is False."""
        target = Path(path)
        atomic_write(target, self.to_json(redact=redact))
        return target

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Trace:
        """Read a trace written by `save`; `TraceError` naming the file when it cannot."""
        try:
            return cls.from_json(Path(path).read_text(encoding="utf-8"))
        except (TraceError, UnicodeDecodeError) as exc:  # a missing file stays a FileNotFoundError
            raise TraceError(f"{path}: {exc}") from None


class _ReadOnlyTrace(Trace):
    """A trace's calls, shared as they grow, without `append` or `clear`."""

    def __init__(self, trace: Trace) -> None:  # no super().__init__: the calls are the trace's own
        self._calls = trace._calls
        self._lock = trace._lock

    def append(self, call: ToolCall) -> None:
        raise TypeError(
            "ctx.trace is the world's trace, read-only for a backend: the world records each call "
            "itself; keep notes of your own on the backend object"
        )

    def clear(self) -> None:
        raise TypeError("ctx.trace is the world's trace, read-only for a backend; world.reset() clears it")


def _read_call(data: Any, index: int) -> ToolCall:
    """One saved call; `TraceError` naming its index when it is not one."""
    if not isinstance(data, dict) or not {"index", "tool", "input"} <= set(data):
        raise TraceError(f"calls[{index}]: a call is an object with index, tool and input at least")
    try:
        return ToolCall.from_dict(data)
    except (ValueError, TypeError) as exc:
        raise TraceError(f"calls[{index}]: {exc}") from None


class _Missing:
    def __repr__(self) -> str:
        return "<missing>"


_MISSING = _Missing()


def _writable(call: ToolCall) -> dict[str, Any]:
    """`call.to_dict()` with each field JSON cannot hold replaced by a note of what it was."""
    data: dict[str, Any] = {}
    for name in ToolCall.__dataclass_fields__:
        data[name] = value = getattr(call, name)
        try:
            json.dumps(value)
        except Exception:  # not JSON data, however it fails
            data[name] = {"$not_json": short_repr(value), "problems": json_problems(value)}
    return {k: v for k, v in data.items() if v is not None or k not in ("error", "started_at", "usage")}


def _describe(tool: str, where: dict[str, Any]) -> str:
    if not where:
        return repr(tool)
    args = ", ".join(f"{k}={v!r}" for k, v in where.items())
    return redact_text(f"{tool!r} with {args}")


def _short(value: Any, width: int) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= width else text[: width - 1] + "…"
