"""JSON helpers every part uses: canonical text, fast copies, and where a value is not JSON data."""

from __future__ import annotations

import json
import marshal
import math
from collections.abc import Callable
from typing import Any

__all__ = ["canonical_json", "json_copy", "json_problems", "owned_copy"]

_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def _c_encoder_factory() -> Callable[[], Callable[[Any, int], list[str]]] | None:
    """What `_CANONICAL.encode` builds per call in C, without its Python set-up (twice as fast
    for small inputs); None where the C encoder is missing or differs."""
    make = getattr(json.encoder, "c_make_encoder", None)

    def new() -> Callable[[Any, int], list[str]]:
        args: tuple[Any, ...] = (
            {},
            _CANONICAL.default,
            json.encoder.encode_basestring,
            None,
            ":",
            ",",
            True,
            False,
            False,
        )
        encoder: Callable[[Any, int], list[str]] = make(*args)  # type: ignore[misc]
        return encoder

    probe = {"b": [1.5, None, True], "a": "é"}
    try:
        return new if make is not None and "".join(new()(probe, 0)) == _CANONICAL.encode(probe) else None
    except TypeError:
        return None


_new_c_encoder = _c_encoder_factory()


def canonical_json(value: Any) -> str:
    """JSON with sorted keys and no spaces: equal inputs give equal text on every platform."""
    if _new_c_encoder is None or isinstance(value, str):
        return _CANONICAL.encode(value)
    return "".join(_new_c_encoder()(value, 0))


def json_copy(value: Any) -> Any:
    """A deep copy of JSON data, faster than `copy.deepcopy`; tuples become lists.

    Raises `TypeError` for anything that is not JSON data (a date, bytes, a set...).
    """
    if isinstance(value, dict):
        return {k: json_copy(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_copy(v) for v in value]
    if value is None or isinstance(value, (str, int, float)):
        return value
    raise TypeError(f"{value!r} ({type(value).__name__}) is not JSON data")


def owned_copy(value: Any) -> Any:
    """A deep copy of a value already known to be plain JSON data (dicts, lists, str, int, float,
    bool, None), such as a validated answer: twice as fast as `json_copy`.

    A round trip through `marshal` copies in C. Format version 2 keeps no shared references, so
    the copy never aliases one object under two keys; anything marshal refuses goes to `json_copy`.
    """
    try:
        return marshal.loads(marshal.dumps(value, 2))
    except ValueError:
        return json_copy(value)


def json_problems(value: Any, path: str = "$") -> list[str]:
    """Where `value` is not JSON data (a date, bytes, a NaN, a non-string key...), and how to fix it."""
    if isinstance(value, dict):
        problems = [
            f"{path}: key {k!r} is not a string; JSON object keys are strings"
            for k in value
            if not isinstance(k, str)
        ]
        for key, item in value.items():
            problems += json_problems(item, f"{path}.{key}")
        return problems
    if isinstance(value, (list, tuple)):
        return [p for i, item in enumerate(value) for p in json_problems(item, f"{path}[{i}]")]
    if isinstance(value, float) and not math.isfinite(value):
        return [f"{path}: {value!r} is not a JSON number; use a finite number or null"]
    if value is None or isinstance(value, (str, int, float)):
        return []
    hint = "; pass value.isoformat()" if hasattr(value, "isoformat") else ""
    return [f"{path}: {value!r} ({type(value).__name__}) is not JSON data{hint}"]
