"""`synthworld validate FILE...`: check scenario files; each error names file, line and path.

In a folder, a cassette (a file holding the ``synthworld_cassette`` key and not the scenario key)
is skipped, and said to be; named on its own, it is checked, and refused as no scenario.

Beyond loading, a file whose fixtures backend only replays (mode ``none``) from a cassette that
does not exist is a problem (run as written, it fails at its first call), listed with the others.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from synthworld.cassette.format import VERSION_KEY
from synthworld.errors import ScenarioError
from synthworld.scenario import is_scenario_text, scenario_files, validate_scenario

__all__ = ["add_arguments", "run"]

_CASSETTE_KEY = re.compile(rf'^{VERSION_KEY}\s*:|"{VERSION_KEY}"\s*:', re.MULTILINE)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "files", type=Path, nargs="+", metavar="FILE", help="scenario files (or folders of them) to check"
    )


def run(args: argparse.Namespace) -> int:
    bad = 0
    found = [(f, path.is_dir() and _is_cassette(f)) for path in args.files for f in scenario_files(path)]
    files = [path for path, cassette in found if not cassette]
    for path in (path for path, cassette in found if cassette):
        print(f"{path}: skipped (a cassette, not a scenario)")
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
    if bad:
        print(f"{bad} of {len(files)} file(s) invalid", file=sys.stderr)
    return 1 if bad else 0


def _is_cassette(path: Path) -> bool:
    """A cheap test of a file in a folder: a cassette's key, and no scenario's."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return False  # validating it says what is wrong
    return bool(_CASSETTE_KEY.search(text)) and not is_scenario_text(text)
