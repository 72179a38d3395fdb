"""Realism on a hold-out: do values look right in their context, on tool stubs the realism layer
was never tuned on?

The 60 stubs of ``holdout/tools.py`` (healthcare, banking, logistics, recruiting, real estate,
flights, code hosting, IoT, sports, recipes, courses, insurance, markets, music, ads...) are each
called once per seed with an input drawn from their parameters (the same seed), on
``SyntheticWorld(seed=s)`` with the default random backend. Every leaf of every answer is judged by
its field's name (``holdout/judges.py``) and every object by the relations between its fields
(``holdout/relations.py``); values the schema lists (enums) or the agent said (the input's
strings) are not judged. Prints the share judged plausible, by category, and the names no judge knows.
``--set holdout2`` judges the second hold-out (``holdout2/``: 60 stubs of law, pharmacy, telecom,
cloud billing, CI/CD, DNS, customs, manufacturing, fleets, agriculture, energy, libraries, museums,
parking, rides, food delivery, gaming, charity, elections, transit, genomics, astronomy...) with
its own judges, which fall back on the first one's for common names.

    python bench/bench_realism_holdout.py [--set holdout|holdout2] [--seeds 5] [--show 2]

Run with ``PYTHONPATH=<a checkout of main>`` for the "before" figures.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from pathlib import Path
from random import Random
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from synthworld.schema import compile_generator

Judge = Callable[[str, Any, str], "tuple[str, bool] | None"]
Relate = Callable[[dict[str, Any]], Iterator[tuple[str, bool]]]


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for child in value.values():
            yield from _strings(child)
    elif isinstance(value, list):
        for child in value:
            yield from _strings(child)


def _enums(schema: Any) -> Iterator[str]:
    if isinstance(schema, dict):
        for key, child in schema.items():
            if key in ("enum", "const"):
                yield from _strings(child)
            else:
                yield from _enums(child)
    elif isinstance(schema, list):
        for child in schema:
            yield from _enums(child)


def _verdicts(
    value: Any, skip: frozenset[str], judges: tuple[Judge, Relate], key: str = "", parent: str = ""
) -> Iterator[tuple[str, str, bool, Any]]:
    """(category, field, plausible, value) for every leaf and object inside ``value``."""
    judge_field, judge_object = judges
    if isinstance(value, dict):
        said = {k: v for k, v in value.items() if not (isinstance(v, str) and v in skip)}  # the agent's own
        for category, ok in judge_object(said):
            yield (
                category,
                key or "(object)",
                ok,
                {k: v for k, v in value.items() if not isinstance(v, (dict, list))},
            )
        for child_key, child in value.items():
            yield from _verdicts(child, skip, judges, child_key, key)
    elif isinstance(value, list):
        for child in value:
            yield from _verdicts(child, skip, judges, key, parent)
    elif not (isinstance(value, str) and value in skip):
        verdict = judge_field(key, value, parent)
        if verdict is None:
            if not isinstance(value, bool) and value is not None:
                yield "unjudged", key, True, value
        else:
            yield verdict[0], key, verdict[1], value


def run(seeds: int, which: str = "holdout") -> list[tuple[str, str, str, bool, Any]]:
    """(tool, category, field, plausible, value) of every verdict on the answers of hold-out
    ``which`` (a package beside this file: ``holdout`` or ``holdout2``) over seeds 0..seeds-1."""
    make_holdout_world = importlib.import_module(f"{which}.tools").make_holdout_world
    judges = (
        importlib.import_module(f"{which}.judges").judge_field,
        importlib.import_module(f"{which}.relations").judge_object,
    )
    rows: list[tuple[str, str, str, bool, Any]] = []
    for seed in range(seeds):
        world = make_holdout_world(seed)
        for name, spec in world.tools.items():
            args = compile_generator(spec.parameters).generate(Random(seed))
            answer = world.call(name, args)
            skip = frozenset(_enums(spec.returns)) | frozenset(_strings(args))
            rows.extend((name, *verdict) for verdict in _verdicts(answer, skip, judges))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", dest="which", choices=("holdout", "holdout2"), default="holdout")
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--show", type=int, default=2, help="wrong examples shown per category")
    args = parser.parse_args()
    rows = run(args.seeds, args.which)
    judged = [r for r in rows if r[1] != "unjudged"]
    checked: Counter[str] = Counter(r[1] for r in judged)
    wrong: Counter[str] = Counter(r[1] for r in judged if not r[3])
    examples: dict[str, list[str]] = defaultdict(list)
    for tool, category, field, ok, value in judged:
        if not ok and len(examples[category]) < args.show:
            examples[category].append(f"{tool}.{field}={value!r}"[:150])
    print("| category | checked | plausible | wrong |\n|---|---:|---:|---:|")
    for category in sorted(checked, key=lambda c: (-wrong[c], c)):
        right = checked[category] - wrong[category]
        print(f"| {category} | {checked[category]} | {right} | {wrong[category]} |")
    total, bad = len(judged), sum(wrong.values())
    print(f"\nplausible: {total - bad}/{total} ({100 * (total - bad) / total:.1f}%)")
    fields = len({(r[0], r[2]) for r in judged})
    print(f"tools: {len({r[0] for r in rows})}, fields judged: {fields}")
    unjudged = sorted({r[2] for r in rows if r[1] == "unjudged"})
    print(f"unjudged names: {', '.join(unjudged) or 'none'}")
    if args.show:
        print()
        for category in sorted(examples):
            print(f"{category}: {'; '.join(examples[category])}")


if __name__ == "__main__":
    main()
