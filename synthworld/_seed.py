"""Canonical JSON, stable call seeds (SHA-256, never `hash()`) and copies of JSON data."""

from __future__ import annotations

import hashlib
import json
import marshal
from collections.abc import Callable
from typing import Any

__all__ = ["canonical_json", "derive_seed", "json_copy", "owned_copy"]

_quote = json.encoder.encode_basestring_ascii  # what json.dumps does to a str with ensure_ascii
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


def derive_seed(world_seed: int | str, tool: str, canonical_input: str, occurrence: int) -> int:
    """A 64-bit call seed from the world seed, the tool name, the input and the occurrence.

    The digest is of ``json.dumps([world_seed, tool, canonical_input, occurrence])`` (compact);
    the common case builds that text directly, which is three times faster.
    """
    if type(world_seed) in (int, str) and type(occurrence) is int and type(canonical_input) is str:
        head = _quote(world_seed) if isinstance(world_seed, str) else str(world_seed)
        material = f"[{head},{_quote(tool)},{_quote(canonical_input)},{occurrence}]"
    else:
        material = json.dumps([world_seed, tool, canonical_input, occurrence], separators=(",", ":"))
    return int.from_bytes(hashlib.sha256(material.encode()).digest()[:8], "big")


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
