"""`synthworld run SCENARIO [--seed N] [--backend random] [--agent module:fn]`: run a scenario, show
the trace and the verdict (exit 0 pass, 1 fail, 2 invalid file)."""

from __future__ import annotations

import argparse
import dataclasses
import sys
from pathlib import Path

from rich.console import Console

from synthworld.cassette import RecordMode
from synthworld.errors import ScenarioError
from synthworld.scenario import load_scenario
from synthworld.scenario.console import print_result

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scenario", type=Path, help="a scenario file (YAML or JSON)")
    parser.add_argument(
        "--seed", type=int, default=None, help="run this seed only (default: the file's seeds)"
    )
    parser.add_argument(
        "--backend",
        choices=["random"],
        default=None,
        help="answer every call with this backend instead of the file's",
    )
    parser.add_argument(
        "--agent",
        default=None,
        metavar="MODULE:CALLABLE",
        help="run this agent instead of the file's (e.g. to try another version)",
    )
    parser.add_argument(
        "--record-mode",
        choices=[mode.value for mode in RecordMode],
        default=None,
        help="record mode for a fixtures backend (default: the file's)",
    )


def run(args: argparse.Namespace) -> int:
    console = Console(highlight=False, soft_wrap=False, width=None if sys.stdout.isatty() else 140)
    try:
        scenario = load_scenario(args.scenario)
        if args.backend is not None:
            scenario = dataclasses.replace(scenario, data={**scenario.data, "backend": args.backend})
        seeds = [args.seed] if args.seed is not None else scenario.seeds
        results = [scenario.run(seed, agent=args.agent, record_mode=args.record_mode) for seed in seeds]
    except ScenarioError as exc:
        print(f"synthworld run: {exc}", file=sys.stderr)
        return 2
    for result in results:
        print_result(console, result)
    return 0 if all(r.passed for r in results) else 1
