"""Seeds: every random draw of a world comes from a seed derived here (SHA-256, never `hash()`).

A call's seed is a pure function of the world seed, the tool name, the canonical input and (for
tools declared ``idempotent=False``) the occurrence; faults, latency and malformed answers draw from
sub-seeds of it, so they never consume the backend's own random stream.
"""

from __future__ import annotations

import hashlib
import json
import operator
from typing import Any

__all__ = ["derive_seed", "sub_seed", "unit_draw", "world_seed"]

_quote = json.encoder.encode_basestring_ascii  # what json.dumps does to a str with ensure_ascii


def world_seed(seed: Any) -> int | str:
    """`seed` as a world seed: an int (any integer type, such as numpy's, counts as the same int)
    or a str. Anything else is refused now, with a TypeError, rather than at the first call: a
    float (``2.0`` would answer otherwise than ``2``), a bool, None (a world has no random seed)."""
    if type(seed) is int or isinstance(seed, str):
        return seed
    is_bool = isinstance(seed, bool) or getattr(getattr(seed, "dtype", None), "kind", "") == "b"
    if not is_bool and not isinstance(seed, float):  # numpy below 2.3 (Python 3.10) indexes np.True_
        try:
            return operator.index(seed)
        except TypeError:
            pass
    raise TypeError(
        f"seed={seed!r} is not a world seed; give an int (numpy's integers count) or a str, not a "
        f"{type(seed).__name__}, e.g. SyntheticWorld(seed=7)"
    )


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


def sub_seed(seed: int, occurrence: int, salt: str) -> int:
    """A 64-bit seed for fault and latency draws, derived from the call seed and occurrence."""
    material = f"{seed}:{occurrence}:{salt}".encode()
    return int.from_bytes(hashlib.sha256(material).digest()[:8], "big")


def unit_draw(seed: int, occurrence: int, salt: str) -> float:
    """A number in [0, 1) drawn from a sub-seed (compared with a fault's rate)."""
    return sub_seed(seed, occurrence, salt) / 2**64
