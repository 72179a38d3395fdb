"""A parse cache for big YAML cassettes: PyYAML builds Python objects slowly, JSON loads fast.

A YAML cassette of 100,000 interactions takes tens of seconds to load with PyYAML (even with
libyaml, object construction runs in Python) but about a second as JSON. For YAML files of at
least `MIN_BYTES`, the parsed document is kept as JSON in the user's cache directory
(``$SYNTHWORLD_CACHE_DIR``, else ``$XDG_CACHE_HOME/synthworld/cassettes``, else
``~/.cache/synthworld/cassettes``), one entry per cassette path, tagged with the SHA-256 of the
file's bytes: any edit to the file misses the cache, so a stale entry is never used. The cache is
best effort: an unwritable directory or a damaged entry only means parsing the YAML again.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from synthworld._files import atomic_write

__all__ = ["MIN_BYTES", "READER", "cache_dir", "get", "put"]

MIN_BYTES = 1 << 20
"""Smaller YAML files parse quickly enough; they are never cached."""
READER = 2
"""What the YAML reader makes of a file; raised when that changes (2: duplicate keys refused,
``12:30`` is text), so an entry an older reader wrote is not used."""


def cache_dir() -> Path:
    """Where entries live (see the module docstring)."""
    explicit = os.environ.get("SYNTHWORLD_CACHE_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "synthworld" / "cassettes"


def _entry(path: Path) -> Path:
    name = hashlib.sha256(str(path.resolve()).encode()).hexdigest()[:32]
    return cache_dir() / f"{name}.json"


def get(path: Path, raw: bytes) -> Any:
    """The cached document for `path` with exactly these bytes, or None."""
    if len(raw) < MIN_BYTES:
        return None
    try:
        entry = json.loads(_entry(path).read_bytes())
    except (OSError, ValueError):
        return None
    if not isinstance(entry, dict) or entry.get("sha256") != hashlib.sha256(raw).hexdigest():
        return None
    if entry.get("reader") != READER:
        return None
    return entry.get("document")


def put(path: Path, raw: bytes, document: Any) -> None:
    """Remember `document` as the parse of `path` with these bytes (silently skipped on errors)."""
    if len(raw) < MIN_BYTES:
        return
    entry = {"sha256": hashlib.sha256(raw).hexdigest(), "reader": READER, "document": document}
    try:
        target = _entry(path)
        atomic_write(target, json.dumps(entry, ensure_ascii=False, separators=(",", ":")), fsync=False)
    except OSError:
        return
