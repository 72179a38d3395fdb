"""`synthworld validate FILE...`: check scenario files; each error names file, line and path.

In a folder, a cassette (a file holding the ``synthworld_cassette`` key and not the scenario key)
or an OpenAPI document (its ``openapi``/``swagger`` key: a scenario's ``tools:`` may name one) is
skipped, and said to be; named on its own, it is checked, and refused as no scenario.

Beyond loading, a file whose fixtures backend only replays (mode ``none``) from a cassette that
does not exist is a problem (run as written, it fails at its first call), listed with the others.
A valid file without ``agent:`` passes with a note on stderr saying what a run needs (a file may be
meant for ``evaluate(agent=...)``). Exit 0: every file valid; 1: one is not; 2: no scenario file.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from synthworld.cassette.format import VERSION_KEY
from synthworld.errors import ScenarioError
from synthworld.scenario import is_scenario_text, scenario_files, validate_scenario

__all__ = ["NO_AGENT", "add_arguments", "run"]

NO_AGENT = (
    "no 'agent:', so `synthworld run`, `synthworld eval` and pytest cannot run it as written; add "
    "'agent: module:callable', or give one: --agent module:callable (run, eval), agent=... (evaluate())"
)
"""The note on a valid file without an agent: valid, as a file meant for evaluate(agent=...) is."""

_CASSETTE_KEY = re.compile(rf'^{VERSION_KEY}\s*:|"{VERSION_KEY}"\s*:', re.MULTILINE)
_OPENAPI_KEY = re.compile(r'^(openapi|swagger)\s*:|"(openapi|swagger)"\s*:', re.MULTILINE)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "files", type=Path, nargs="+", metavar="FILE", help="scenario files (or folders of them) to check"
    )


def run(args: argparse.Namespace) -> int:
    bad = 0
    found = [
        (f, _other_file(f) if path.is_dir() else None) for path in args.files for f in scenario_files(path)
    ]
    files = [path for path, other in found if other is None]
    for path, other in found:
        if other is not None:
            print(f"{path}: skipped ({other}, not a scenario)")
    if not files:  # only empty folders (or cassettes): nothing checked is no pass
        names = ", ".join(str(path) for path in args.files)
        print(f"synthworld validate: no scenario files (.yaml, .yml, .json) in {names}", file=sys.stderr)
        return 2
    for path in files:
        try:
            scenario = validate_scenario(path)
        except ScenarioError as exc:
            bad += 1
            print(exc, file=sys.stderr)
            continue
        print(f"{path}: ok ({scenario.name}, {len(scenario.seeds)} seed(s))")
        if "agent" not in scenario.data:
            print(f"{path}: note: {NO_AGENT}", file=sys.stderr)
    if bad:
        print(f"{bad} of {len(files)} file(s) invalid", file=sys.stderr)
    return 1 if bad else 0


def _other_file(path: Path) -> str | None:
    """A cheap test of a file in a folder: what it is when it holds a cassette's or an OpenAPI
    document's key and no scenario's (``a cassette``), else None."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None  # validating it says what is wrong
    if is_scenario_text(text):
        return None
    if _CASSETTE_KEY.search(text):
        return "a cassette"
    return "an OpenAPI document" if _OPENAPI_KEY.search(text) else None
