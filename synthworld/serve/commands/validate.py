"""`synthworld validate FILE...`: check scenario files; each error names file, line and path.

Beyond loading, a file whose fixtures backend only replays (mode ``none``) from a cassette that
does not exist is a problem: run as written, it fails at its first call.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from synthworld.errors import ScenarioError
from synthworld.scenario import Scenario, load_scenario, scenario_files
from synthworld.scenario.build import replay_problem

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "files", type=Path, nargs="+", metavar="FILE", help="scenario files (or folders of them) to check"
    )


def run(args: argparse.Namespace) -> int:
    bad = 0
    files = [found for path in args.files for found in scenario_files(path)]
    if not files:  # only empty folders: nothing checked is no pass
        names = ", ".join(str(path) for path in args.files)
        print(f"synthworld validate: no scenario files (.yaml, .yml, .json) in {names}", file=sys.stderr)
        return 2
    for path in files:
        try:
            scenario = _checked(path)
        except ScenarioError as exc:
            bad += 1
            print(exc, file=sys.stderr)
            continue
        print(f"{path}: ok ({scenario.name}, {len(scenario.seeds)} seed(s))")
    if bad:
        print(f"{bad} of {len(files)} file(s) invalid", file=sys.stderr)
    return 1 if bad else 0


def _checked(path: Path) -> Scenario:
    """The scenario in `path`; `ScenarioError` also when a run of it would fail at its first call."""
    scenario = load_scenario(path)
    problem = replay_problem(scenario)
    if problem is not None:
        raise problem
    return scenario
