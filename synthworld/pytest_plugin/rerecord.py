"""Record mode ``all`` re-records a cassette once per session, not once per world.

``all`` drops what a cassette held and records anew. Several tests (or a scenario's seeds) often
share one cassette; each dropping what the one before it recorded left only the last one's calls,
so the replay run after ``--synthworld-record-mode=all`` failed every other test. Here the first
world of the session that opens a cassette re-records it (``all``) and later ones record into it
(``new_episodes``: they replay what this session recorded and add the rest), so the cassette ends
with exactly the calls this session made. The sessions are counted per process: under pytest-xdist
keep the users of one cassette on one worker (``--dist loadfile``, ``loadscope`` or ``loadgroup``).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from synthworld.scenario import Scenario

__all__ = ["scenario_session_mode", "session_mode"]

_REWRITTEN = pytest.StashKey[set[str]]()


def session_mode(config: pytest.Config, cassette: Path, mode: str) -> str:
    """`mode` for a world about to open `cassette`: ``all`` only for the session's first such world."""
    if mode != "all":
        return mode
    rewritten = config.stash.setdefault(_REWRITTEN, set())
    key = os.path.realpath(cassette)  # one cassette reached by two paths or a link is one cassette
    if key in rewritten:
        return "new_episodes"
    rewritten.add(key)
    return mode


def scenario_session_mode(config: pytest.Config, scenario: Scenario, mode: str | None) -> str | None:
    """`session_mode` for a scenario's world: `mode` (None: the file's own) applied to its cassette."""
    backend = scenario.data.get("backend")
    if not (isinstance(backend, Mapping) and "fixtures" in backend):
        return mode
    asked = mode or str(backend.get("mode", "none"))
    chosen = session_mode(config, Path(scenario.path).parent / str(backend["fixtures"]), asked)
    return mode if chosen == asked else chosen  # None still leaves the file's mode to the file
