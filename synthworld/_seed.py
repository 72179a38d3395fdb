"""Canonical JSON and stable call seeds (SHA-256, never `hash()`)."""

from __future__ import annotations

import hashlib
import json
from typing import Any

__all__ = ["canonical_json", "derive_seed", "json_copy"]


def canonical_json(value: Any) -> str:
    """JSON with sorted keys and no spaces: equal inputs give equal text on every platform."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def derive_seed(world_seed: int | str, tool: str, canonical_input: str, occurrence: int) -> int:
    """A 64-bit call seed from the world seed, the tool name, the input and the occurrence."""
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
