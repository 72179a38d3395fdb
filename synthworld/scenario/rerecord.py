"""A scenario's record mode within a run that may re-record its cassette for several seeds (see
`synthworld.cassette.rerecords`): shared by ``synthworld run`` and the pytest plugin."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from synthworld.cassette.rerecords import Rerecords
from synthworld.scenario.model import Scenario

__all__ = ["scenario_record_mode"]


def scenario_record_mode(rerecords: Rerecords, scenario: Scenario, mode: str | None) -> str | None:
    """The record mode for a world of `scenario` in the run of `rerecords`: `mode` (None: the file's
    own) applied to its cassette, ``new_episodes`` in place of a second ``all``."""
    backend = scenario.data.get("backend")
    if not (isinstance(backend, Mapping) and "fixtures" in backend):
        return mode
    asked = mode or str(backend.get("mode", "none"))
    chosen = rerecords.mode(Path(scenario.path).parent / str(backend["fixtures"]), asked)
    return mode if chosen == asked else chosen  # None still leaves the file's mode to the file
