"""A script's or a fault's ``when`` trigger that can never match a call.

Scripts and faults see a call's input after it passed the tool's parameters schema, and match
``when`` by equality: a key that is no parameter (``order_idd``), or a value the schema refuses
(``order_id: 7`` for a string), would silently never fire.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from typing import Any

from synthworld.spec import ToolSpec

__all__ = ["when_problems"]


def when_problems(spec: ToolSpec, when: Mapping[str, Any]) -> list[str]:
    """Why `when` can never match a valid input of `spec` (empty when it can), each message to
    follow ``when``."""
    properties = spec.parameters.get("properties", {})
    if not spec.parameters.get("additionalProperties", False):
        unknown = sorted(str(key) for key in when if key not in properties)
        if unknown:
            return [_unknown(unknown, list(properties))]
    found = []
    for key, value in when.items():
        refused = _refusal(spec, str(key), value)
        if refused:
            found.append(
                f"{key}={value!r} can never match: inputs are checked before scripts and faults "
                f"see them, and {refused}"
            )
    return found


def _unknown(unknown: list[str], parameters: list[str]) -> str:
    close = difflib.get_close_matches(unknown[0], parameters, n=1)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    return f"names no parameter {unknown} (parameters: {', '.join(parameters) or 'none'}){hint}"


def _refusal(spec: ToolSpec, key: str, value: Any) -> str:
    """What the parameters schema says about `value` as parameter `key` ('' when it takes it)."""
    own = f"$.{key}"
    problems = spec.parameters_validator.problems({key: value})
    return "; ".join(p for p in problems if p.startswith(own) and p[len(own)] in ":.[")
