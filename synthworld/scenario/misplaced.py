"""Where a scenario key written in the wrong place goes: an expectation at the top of the file
(``not_called:`` beside ``expect:``), a top-level key under ``expect:`` (``responses:``), a
scripted answer inside a call pattern (``{tool: X, output: ...}`` under ``expect.calls``), the
list a single value was meant to be (``not_called: cancel_event``), and a match operator written
without its ``$`` (``subject: {regex: ...}``) or misspelt (``$regx``)."""

from __future__ import annotations

import difflib
import json
from collections.abc import Collection, Mapping
from typing import Any

__all__ = ["bare_operator_problem", "list_hint", "misplaced_hint", "operator_hint"]

_CALL_LISTS = ("calls", "calls_in_any_order", "not_called")


def misplaced_hint(
    path: tuple[str | int, ...], key: Any, schema: Mapping[str, Any], mapping: Mapping[Any, Any] | None = None
) -> str:
    """``; 'X' goes under 'expect:' ...`` for `key`, unknown at `path` (in `mapping`, when given),
    when it belongs elsewhere in a scenario of `schema` (the shipped scenario schema); '' when it
    belongs nowhere else."""
    root = _names(schema.get("properties"))
    expect = _names(schema.get("$defs", {}).get("expect", {}).get("properties"))
    below = _outdented_hint(mapping, key, schema) if mapping is not None and not path else ""
    if not path and key in expect:
        return f"; {key!r} is an expectation: move it under 'expect:' (expect: {{{key}: ...}})" + below
    if path == ("expect",) and key in root:
        return f"; {key!r} goes at the top level of the file, not under 'expect:' (unindent it)"
    if len(path) == 3 and path[:1] == ("expect",) and path[1] in _CALL_LISTS:
        return _call_hint(key)
    return below.replace("; or, if", "; if", 1)


def _outdented_hint(mapping: Mapping[Any, Any], key: Any, schema: Mapping[str, Any]) -> str:
    """For an unknown top-level `key` written right after a list of entries that take it
    (``output:`` after ``responses:``'s last entry, outdented to the top): indent it."""
    keys = list(mapping)
    before = keys[keys.index(key) - 1] if key in keys and keys.index(key) > 0 else None
    items = schema.get("properties", {}).get(before, {}).get("items", {}) if before else {}
    ref = items.get("$ref", "") if isinstance(items, Mapping) else ""
    entry = schema.get("$defs", {}).get(ref.rpartition("/")[2], {})
    if not (
        isinstance(mapping.get(before), list) and mapping[before] and key in _names(entry.get("properties"))
    ):
        return ""
    return f"; or, if it belongs to the last entry of {before!r} above it, indent it as that entry's keys"


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


def list_hint(path: tuple[str | int, ...], instance: Any, expected: Any) -> str:
    """How to write a value of the `expected` JSON type: ``write not_called: [cancel_event]`` for a
    single value where a list goes, ``write replyToTicket: 1`` for a number in quotes, items
    under a key left empty (``calls:`` whose items are not indented under it); else ''."""
    if not path or not isinstance(path[-1], str) or isinstance(instance, (list, Mapping)):
        return ""
    if instance is None and expected in ("array", "object"):  # a key with nothing after it
        items = "each item on its own line starting with '- '" if expected == "array" else "its keys"
        return (
            f"; nothing is given after '{path[-1]}:' (or what follows is not indented under it): "
            f"write {items} below it, indented more than '{path[-1]}:', or remove the key"
        )
    if expected == "array":
        return f"; it takes a list: write {path[-1]}: [{json.dumps(instance)}]"
    number = (
        isinstance(instance, str)
        and instance.strip().lstrip("-").isascii()
        and instance.strip().lstrip("-").isdigit()
    )
    if expected in ("integer", "number") and number:
        return f"; write the number without quotes: {path[-1]}: {instance.strip()}"
    return ""


def _names(properties: Any) -> frozenset[str]:
    if not isinstance(properties, Mapping):
        return frozenset()
    return frozenset(k for k in properties if not k.startswith("$"))


def operator_hint(op: str, operators: Collection[str]) -> str:
    """``; did you mean '$regex'?`` for a misspelt operator, or how to say what ``$in`` would."""
    if op in ("$in", "$eq", "$ne", "$nin", "$or"):
        return "; to match one of several texts, use $regex: '^(a|b)$'; a plain value matches itself"
    close = difflib.get_close_matches(op, list(operators), n=1)
    return f"; did you mean {close[0]!r}?" if close else ""


def bare_operator_problem(name: str, schema: Any, value: Any, operators: Collection[str]) -> str | None:
    """Why ``{regex: ...}`` given for parameter `name` (of `schema`) can never match: the
    parameter takes no object, and an operator starts with ``$``; None when that is not so."""
    if not isinstance(value, Mapping) or not isinstance(schema, Mapping):
        return None
    bare = [str(key) for key in value if f"${key}" in operators]
    kind = schema.get("type")
    if not bare or kind is None or kind == "object" or (isinstance(kind, list) and "object" in kind):
        return None
    written = ", ".join(f"${key}: ..." for key in bare)
    return (
        f"{name!r} takes no object, so {{{bare[0]}: ...}} never matches; an operator starts with "
        f"'$': write {{{written}}}"
    )
