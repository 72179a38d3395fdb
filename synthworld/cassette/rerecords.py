"""Record mode ``all`` re-records a cassette once per run, not once per world.

``all`` drops what a cassette held and records anew. Several worlds of one run (a scenario's seeds,
tests or scenarios sharing one cassette) often share a cassette; each dropping what the one before
it recorded left only the last one's calls, so the replay afterwards failed every other one. A
`Rerecords` is kept for one run (a pytest session, one ``synthworld run`` command): the first world
of the run that opens a cassette re-records it (``all``) and later ones record into it
(``new_episodes``: they replay what this run recorded and add the rest), so the cassette ends with
exactly the calls this run made.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["Rerecords"]


class Rerecords:
    """The cassettes one run has re-recorded, so that each is re-recorded only once in it."""

    def __init__(self) -> None:
        self._cassettes: set[str] = set()

    def mode(self, cassette: Path | str, mode: str) -> str:
        """`mode` for a world about to open `cassette`: ``all`` only for the run's first such world,
        ``new_episodes`` for later ones; any other mode as it is."""
        if mode != "all":
            return mode
        key = os.path.realpath(cassette)  # one cassette reached by two paths or a link is one cassette
        if key in self._cassettes:
            return "new_episodes"
        self._cassettes.add(key)
        return mode
