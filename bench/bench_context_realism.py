"""Context realism on other people's schemas: how many answers hold a value that looks wrong where
it stands, as a user reading a trace would see it?

Worlds are built from schemas synthworld's authors did not write: the OpenAPI documents vendored in
``tests/openapi/`` (Stripe, Kubernetes, Docker, billing, shelter, fleet...), the SchemaStore dev
corpus (its first ``--schemastore`` schemas, generated directly), the MCP servers in
``tests/mcp_servers/`` (their ``tools/list`` read once with ``mcp_tools``), and twenty typed stubs
in the style of real agent tools (``context_stubs.py``). Each tool is called once per seed with an
input drawn from its parameters' schema (the same seed). Every object of every answer is then read
by the judges in ``context_judges.py``, written apart from the generator: each judge counts the
places it could judge ("checked") and those that look wrong. Deterministic: the same tree gives the
same table.

    python bench/bench_context_realism.py [--seeds 10] [--show 2] [--schemastore 60]

Run with ``PYTHONPATH=<a checkout of main>`` for the "before" figures.
"""

from __future__ import annotations

import argparse
import json
import sys
import warnings
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from pathlib import Path
from random import Random
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from context_judges import enum_strings, judge_answer
from context_stubs import make_stub_world

from synthworld import SyntheticWorld, ToolSpec, mcp_tools
from synthworld.schema import compile_generator

ROOT = Path(__file__).resolve().parent.parent
MCP_SERVERS = ("helpdesk.py", "inventory.py", "zoo.py", "blocks.py", "unwrapped.py")


# -- sources --------------------------------------------------------------------------------------------


def _call_all(world: SyntheticWorld, seed: int) -> Iterator[tuple[str, Any, frozenset[str]]]:
    for name, spec in world.tools.items():
        try:
            args = compile_generator(spec.parameters).generate(Random(seed))
            answer = world.call(name, args)
        except Exception:  # a refused call (an injected or documented error) has no answer to read
            continue
        yield name, answer, enum_strings(spec.returns) | enum_strings({"enum": list(_strings(args))})


def _strings(value: Any) -> Iterator[str]:
    """The strings inside an input: what the agent said is echoed as it said it, and not judged."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for child in value.values():
            yield from _strings(child)
    elif isinstance(value, list):
        for child in value:
            yield from _strings(child)


def openapi_answers(seeds: int) -> Iterator[tuple[str, Any, frozenset[str]]]:
    for path in sorted((ROOT / "tests" / "openapi").glob("*.*")):
        if path.suffix not in (".json", ".yaml") or "prance" in path.name:
            continue
        for seed in range(seeds):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                world = SyntheticWorld.from_openapi(path, seed=seed, on_error="skip")
            for name, answer, allowed in _call_all(world, seed):
                yield f"openapi {path.stem}.{name}", answer, allowed


def mcp_answers(seeds: int) -> Iterator[tuple[str, Any, frozenset[str]]]:
    for server in MCP_SERVERS:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            specs: list[ToolSpec] = mcp_tools(
                [sys.executable, str(ROOT / "tests" / "mcp_servers" / server)], on_error="skip"
            )
        for seed in range(seeds):
            world = SyntheticWorld(seed=seed)
            for spec in specs:
                world.register_tool(spec)
            for name, answer, allowed in _call_all(world, seed):
                yield f"mcp {server}.{name}", answer, allowed


def stub_answers(seeds: int) -> Iterator[tuple[str, Any, frozenset[str]]]:
    for seed in range(seeds):
        for name, answer, allowed in _call_all(make_stub_world(seed), seed):
            yield f"stubs {name}", answer, allowed


def schemastore_answers(seeds: int, count: int) -> Iterator[tuple[str, Any, frozenset[str]]]:
    path = Path("/work/shared/schemastore/corpus_dev.jsonl")
    for line in path.read_text("utf-8").splitlines()[:count]:
        row = json.loads(line)
        try:
            generator = compile_generator(row["schema"])
            values = [generator.generate(Random(seed)) for seed in range(seeds)]
        except Exception:  # a schema the generator refuses: nothing to read
            continue
        allowed = enum_strings(row["schema"])
        for value in values:
            yield f"schemastore {row['id']}", value, allowed


# -- report ---------------------------------------------------------------------------------------------


def run(args: argparse.Namespace) -> None:
    sources: dict[str, Callable[[], Iterator[tuple[str, Any, frozenset[str]]]]] = {
        "openapi": lambda: openapi_answers(args.seeds),
        "mcp": lambda: mcp_answers(args.seeds),
        "stubs": lambda: stub_answers(args.seeds),
        "schemastore": lambda: schemastore_answers(args.seeds, args.schemastore),
    }
    checked: Counter[tuple[str, str]] = Counter()
    wrong: Counter[tuple[str, str]] = Counter()
    answers: Counter[str] = Counter()
    seen: dict[str, list[str]] = defaultdict(list)
    for source, make in sources.items():
        for where, answer, allowed in make():
            answers[source] += 1
            for category, bad, what in judge_answer(answer, allowed):
                checked[(source, category)] += 1
                if bad:
                    wrong[(source, category)] += 1
                    if len(seen[category]) < args.show:
                        seen[category].append(f"{where}: {what}")
    print("answers: " + ", ".join(f"{s} {n}" for s, n in answers.items()))
    categories = sorted({c for _, c in checked}, key=lambda c: -sum(wrong[(s, c)] for s in sources))
    print(f"| category | {' | '.join(sources)} | all |")
    print("|---|" + "---:|" * (len(sources) + 1))
    for category in categories:
        cells = [_cell(wrong[(s, category)], checked[(s, category)]) for s in sources]
        total = _cell(
            sum(wrong[(s, category)] for s in sources), sum(checked[(s, category)] for s in sources)
        )
        print(f"| {category} | {' | '.join(cells)} | {total} |")
    all_wrong, all_checked = sum(wrong.values()), sum(checked.values())
    print(f"| all | | | | | {_cell(all_wrong, all_checked)} |")
    for category in categories:
        for line in seen.get(category, []):
            print(f"  {category}: {line[:160]}")


def _cell(bad: int, total: int) -> str:
    return f"{bad}/{total} ({100 * bad / total:.1f}%)" if total else "-"


def main() -> None:
    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=raw)
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--show", type=int, default=2, help="wrong values shown per category")
    parser.add_argument("--schemastore", type=int, default=60, help="SchemaStore schemas read")
    parser.add_argument(
        "--root", type=Path, default=ROOT, help="checkout holding tests/openapi, tests/mcp_servers"
    )
    sys.setrecursionlimit(10_000)
    args = parser.parse_args()
    globals()["ROOT"] = args.root
    run(args)


if __name__ == "__main__":
    main()
