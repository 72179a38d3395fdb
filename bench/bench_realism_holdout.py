"""Realism on a hold-out: do values look right in their context, on tool stubs the realism layer
was never tuned on?

The 60 stubs of ``holdout/tools.py`` (healthcare, banking, logistics, recruiting, real estate,
flights, code hosting, IoT, sports, recipes, courses, insurance, markets, music, ads...) are each
called once per seed with an input drawn from their parameters (the same seed), on
``SyntheticWorld(seed=s)`` with the default random backend. Every leaf of every answer is judged by
its field's name (``holdout/judges.py``) and every object by the relations between its fields
(``holdout/relations.py``); values the schema lists (enums) or the agent said (the input's
strings) are not judged. Prints the share judged plausible, by category, and the names no judge knows.

    python bench/bench_realism_holdout.py [--seeds 5] [--show 2]

Run with ``PYTHONPATH=<a checkout of main>`` for the "before" figures.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from collections.abc import Iterator
from pathlib import Path
from random import Random
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from holdout.judges import judge_field
from holdout.relations import judge_object
from holdout.tools import make_holdout_world

from synthworld.schema import compile_generator


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
    value: Any, skip: frozenset[str], key: str = "", parent: str = ""
) -> Iterator[tuple[str, str, bool, Any]]:
    """(category, field, plausible, value) for every leaf and object inside ``value``."""
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
            yield from _verdicts(child, skip, child_key, key)
    elif isinstance(value, list):
        for child in value:
            yield from _verdicts(child, skip, key, parent)
    elif not (isinstance(value, str) and value in skip):
        verdict = judge_field(key, value, parent)
        if verdict is None:
            if not isinstance(value, bool) and value is not None:
                yield "unjudged", key, True, value
        else:
            yield verdict[0], key, verdict[1], value


def run(seeds: int) -> list[tuple[str, str, str, bool, Any]]:
    rows: list[tuple[str, str, str, bool, Any]] = []
    for seed in range(seeds):
        world = make_holdout_world(seed)
        for name, spec in world.tools.items():
            args = compile_generator(spec.parameters).generate(Random(seed))
            answer = world.call(name, args)
            skip = frozenset(_enums(spec.returns)) | frozenset(_strings(args))
            rows.extend((name, *verdict) for verdict in _verdicts(answer, skip))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--show", type=int, default=2, help="wrong examples shown per category")
    args = parser.parse_args()
    rows = run(args.seeds)
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
