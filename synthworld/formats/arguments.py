"""Tool-call arguments as models send them: a dict, or JSON text (read without losing big integers)."""

from __future__ import annotations

import functools
import json
from typing import Any

from synthworld._json import MAX_DEPTH
from synthworld.errors import ToolInputError

__all__ = ["parse_arguments"]


def parse_arguments(name: str, arguments: Any) -> Any:
    """Arguments as a value: JSON text is parsed (empty text means no arguments)."""
    if arguments is None:
        return {}
    if not isinstance(arguments, (str, bytes)):
        return arguments
    if not arguments.strip():
        return {}
    try:
        return json.loads(arguments, parse_int=functools.partial(_read_int, name))
    except RecursionError:
        message = f"arguments for tool {name!r} nest deeper than {MAX_DEPTH} levels; send flatter JSON"
        raise ToolInputError(
            message, tool=name, problems=[f"$: nested deeper than {MAX_DEPTH} levels"]
        ) from None
    except ToolInputError:
        raise
    except ValueError as exc:
        message = (
            f"arguments for tool {name!r} are not valid JSON ({exc}); "
            'send the arguments as one JSON object, e.g. {"param": "value"}'
        )
        raise ToolInputError(message, tool=name, problems=[f"$: not valid JSON: {exc}"]) from None


def _read_int(name: str, digits: str) -> int:
    try:
        return int(digits)
    except ValueError:
        problem = f"an integer of {len(digits.lstrip('-'))} digits is too long to read; send it as a string"
        raise ToolInputError(
            f"arguments for tool {name!r}: {problem}", tool=name, problems=[f"$: {problem}"]
        ) from None
