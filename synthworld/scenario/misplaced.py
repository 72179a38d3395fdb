"""Where a scenario key written in the wrong place goes: an expectation at the top of the file
(``not_called:`` beside ``expect:``), a top-level key under ``expect:`` (``responses:``), a
scripted answer inside a call pattern (``{tool: X, output: ...}`` under ``expect.calls``), and
the list a single value was meant to be (``not_called: cancel_event``)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

__all__ = ["list_hint", "misplaced_hint"]

_CALL_LISTS = ("calls", "calls_in_any_order", "not_called")


def misplaced_hint(path: tuple[str | int, ...], key: Any, schema: Mapping[str, Any]) -> str:
    """``; 'X' goes under 'expect:' ...`` for `key`, unknown at `path`, when it belongs elsewhere
    in a scenario of `schema` (the shipped scenario schema); '' when it belongs nowhere else."""
    root = _names(schema.get("properties"))
    expect = _names(schema.get("$defs", {}).get("expect", {}).get("properties"))
    if not path and key in expect:
        return f"; {key!r} is an expectation: move it under 'expect:' (expect: {{{key}: ...}})"
    if path == ("expect",) and key in root:
        return f"; {key!r} goes at the top level of the file, not under 'expect:' (unindent it)"
    if len(path) == 3 and path[:1] == ("expect",) and path[1] in _CALL_LISTS:
        return _call_hint(key)
    return ""


def _call_hint(key: Any) -> str:
    """For a key other than ``tool``/``input`` in a call pattern of ``expect:``."""
    if key in ("output", "error"):
        return (
            f"; a call pattern matches a tool and its input only: script the tool's {key} under the "
            f"top-level 'responses:' ({{tool: NAME, when: {{...}}, {key}: ...}}), or check the "
            "agent's final answer with expect.output"
        )
    if key in ("when", "args", "arguments", "with", "params", "parameters"):
        return "; a call pattern's arguments go under 'input:' ({tool: NAME, input: {...}})"
    return ""


def list_hint(path: tuple[str | int, ...], instance: Any) -> str:
    """``write not_called: [cancel_event]`` for a single value where a list goes; '' otherwise."""
    if not path or not isinstance(path[-1], str) or isinstance(instance, (list, Mapping)):
        return ""
    return f"; it takes a list: write {path[-1]}: [{json.dumps(instance)}]"


def _names(properties: Any) -> frozenset[str]:
    if not isinstance(properties, Mapping):
        return frozenset()
    return frozenset(k for k in properties if not k.startswith("$"))
