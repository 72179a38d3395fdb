"""`synthworld run SCENARIO [--seed N] [--backend B] [--agent fn] [--hazard H] [--full | --json]`: run a
scenario, show the trace and the verdict (exit 0 pass, 1 fail, 2 invalid file)."""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from pathlib import Path
from typing import Any

from rich.console import Console

from synthworld._json import is_json_data, json_problems, short_repr
from synthworld._redact import redact
from synthworld.backends.llm.options import API_NAMES
from synthworld.cassette import RecordMode
from synthworld.cassette.rerecords import Rerecords
from synthworld.errors import ScenarioError
from synthworld.scenario import Scenario, ScenarioResult, load_scenario
from synthworld.scenario.build import backend_without_cassette
from synthworld.scenario.console import print_result
from synthworld.scenario.rerecord import scenario_record_mode
from synthworld.trace import redacted_calls
from synthworld.world import HAZARD_KINDS
from synthworld.world.faults import closest_hazards

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scenario", type=Path, help="a scenario file (YAML or JSON)")
    parser.add_argument(
        "--seed", type=int, default=None, help="run this seed only (default: the file's seeds)"
    )
    parser.add_argument(
        "--backend",
        default=None,
        metavar="BACKEND",
        help="answer every call with this backend instead of the file's: 'random', 'fixtures:PATH' (a "
        "cassette; records misses with --record-mode new_episodes) or 'llm:MODEL' (an OpenAI-compatible "
        "server: the key from OPENAI_API_KEY, or none for a local server given by --base-url; a server "
        "that needs a key: OPENAI_BASE_URL and OPENAI_API_KEY)",
    )
    parser.add_argument(
        "--base-url", default=None, metavar="URL", help="the server of --backend llm:MODEL (e.g. Ollama's)"
    )
    parser.add_argument(
        "--api",
        choices=API_NAMES,
        default=None,
        help="the API of --backend llm:MODEL: chat (Chat Completions, the default) or responses (the "
        "Responses API, for models served only there such as OpenAI's -pro and codex models)",
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
    parser.add_argument(
        "--hazard",
        type=_hazard,
        default=None,
        metavar="HAZARD",
        help=f"inject this hazard into every tool's answers: one of {', '.join(HAZARD_KINDS)} (valid "
        "but hostile answers, see README)",
    )
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--full", action="store_true", help="show whole values in the trace (no cut)")
    output.add_argument(
        "--json", action="store_true", help="print each run as one JSON object per line, for tools"
    )


def run(args: argparse.Namespace) -> int:
    console = Console(highlight=False, soft_wrap=False, width=None if sys.stdout.isatty() else 140)
    for option, given in (("--base-url", args.base_url), ("--api", args.api)):
        if given is not None and not (args.backend or "").startswith("llm:"):
            print(f"synthworld run: {option} goes with --backend llm:MODEL", file=sys.stderr)
            return 2  # else ignored: the run would not use the server (or API) the user named
    try:
        scenario = load_scenario(args.scenario)
        if args.backend is not None:
            backend = backend_option(args.backend, base_url=args.base_url, api=args.api)
            scenario = dataclasses.replace(scenario, data={**scenario.data, "backend": backend})
        if args.record_mode is not None:
            check_records(scenario, args.record_mode)
        seeds = [args.seed] if args.seed is not None else scenario.seeds
        rerecords = Rerecords()  # record mode all: the first seed re-records, the others add to it
        results = [
            scenario.run(
                seed,
                agent=args.agent,
                record_mode=scenario_record_mode(rerecords, scenario, args.record_mode),
                hazard=args.hazard,
            )
            for seed in seeds
        ]
    except (ScenarioError, ValueError) as exc:
        print(f"synthworld run: {exc}", file=sys.stderr)
        return 2
    for result in results:
        if args.json:
            print(json.dumps(result_json(result), ensure_ascii=False))
        else:
            print_result(console, result, full=args.full)
    return 0 if all(r.passed for r in results) else 1


def backend_option(value: str, *, base_url: str | None, api: str | None = None) -> Any:
    """The scenario ``backend`` value that ``--backend`` names (with ``--base-url`` and ``--api`` for
    an LLM); `ValueError` saying what to write."""
    kind, _, rest = value.partition(":")
    if kind == "random" and not rest:
        return "random"
    if kind == "fixtures" and rest:
        return {"fixtures": str(Path(rest).resolve()), "mode": "none", "fallback": "random"}
    if kind == "llm" and rest:
        # --base-url is the user's own choice, and a local server needs no key: send none, never
        # OPENAI_API_KEY (the scenario-file rule of llm_key asks a file's base_url for api_key_env)
        local = {"base_url": base_url, "api_key": "unused"} if base_url else {}
        return {"llm": {"model": rest, **local, **({"api": api} if api else {})}}
    raise ValueError(
        f"--backend {value!r}: write 'random', 'fixtures:PATH' (a cassette) or 'llm:MODEL' "
        "(with --base-url URL for a local server that needs no key)"
    )


def check_records(scenario: Scenario, mode: str) -> None:
    """`ValueError` when `scenario`'s backend has no cassette, so ``--record-mode`` would be ignored
    (the run would neither record nor replay, while the user believes it does)."""
    backend = backend_without_cassette(scenario)
    if backend:
        raise ValueError(
            f"--record-mode {mode} has no effect: the backend of {scenario.shown} is {backend}, not a "
            "cassette, so nothing is recorded or replayed; to record (or replay), give the file a "
            f"fixtures backend (backend: {{fixtures: cassettes/{scenario.name}.yaml, fallback: random}}) "
            "or pass --backend fixtures:PATH, else drop --record-mode"
        )


def result_json(result: ScenarioResult) -> dict[str, Any]:
    """One run as JSON: verdict, failures, output and every call (secrets masked, as in the table)."""
    return {
        "scenario": result.scenario,
        "seed": result.seed,
        "passed": result.passed,
        "failures": redact(result.failures),
        "output": redact(_as_json(result.output)),
        "error": redact(result.error),
        "diverged_at": result.diverged_at,
        "hazard": result.hazard,
        "trace": [call.to_dict(redact=False) for call in redacted_calls(result.trace)],
    }


def _as_json(value: Any) -> Any:
    """`value` when it is JSON data, else a note of what it was (as a saved trace writes one)."""
    if is_json_data(value):
        return value
    return {"$not_json": short_repr(value), "problems": json_problems(value)}


def _hazard(text: str) -> str:
    """``--hazard``: a hazard kind, a misspelt one refused with the closest kind."""
    if text not in HAZARD_KINDS:
        raise argparse.ArgumentTypeError(
            f"unknown hazard {text!r}; choose from {', '.join(HAZARD_KINDS)}{closest_hazards([text])}"
        )
    return text
