"""Record mode ``all`` re-records a cassette once per session, not once per world.

The first world of the session that opens a cassette re-records it (``all``) and later ones
record into it (``new_episodes``), as `synthworld.cassette.rerecords` explains; ``synthworld run``
does the same for one command. The sessions are counted per process: under pytest-xdist keep the
users of one cassette on one worker (``--dist loadfile``, ``loadscope`` or ``loadgroup``).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from synthworld.cassette.rerecords import Rerecords

if TYPE_CHECKING:
    from synthworld.scenario import Scenario

__all__ = ["scenario_session_mode", "session_mode"]

_REWRITTEN = pytest.StashKey[Rerecords]()


def session_mode(config: pytest.Config, cassette: Path, mode: str) -> str:
    """`mode` for a world about to open `cassette`: ``all`` only for the session's first such world."""
    return config.stash.setdefault(_REWRITTEN, Rerecords()).mode(cassette, mode)


def scenario_session_mode(config: pytest.Config, scenario: Scenario, mode: str | None) -> str | None:
    """`session_mode` for a scenario's world: `mode` (None: the file's own) applied to its cassette."""
    from synthworld.scenario.rerecord import scenario_record_mode  # the plugin loads light: on use

    return scenario_record_mode(config.stash.setdefault(_REWRITTEN, Rerecords()), scenario, mode)
