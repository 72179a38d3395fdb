"""A long fuzz of stub types: drawn stubs must answer and send as their annotations read.

Writes `--stubs` stubs from the type space of ``tests/_type_space.py`` (the i-th from
``random.Random(i)``) and runs two passes over them:

- ``schema``: each stub on a world per seed (``--seeds``), called with arguments made from its
  parameters schema: every answer valid against ``spec.returns`` (python-jsonschema, formats
  checked) and read by ``pydantic.TypeAdapter(R)`` as JSON, the typed stub returning, each argument
  read into its type, sent by the typed stub and read back as the same value;
- ``drawn``: each stub called through its typed stub with arguments Hypothesis draws with
  ``st.from_type`` (`--drawn` examples a stub, derandomized), checked the same way.

It prints one JSON summary (stubs, calls, refused stubs, stubs pydantic cannot read, stubs with
a mismatch and mismatches by check, per pass) and, with ``--show``, each mismatch::

    PYTHONPATH=. python bench/fuzz_stub_types.py --stubs 2000 --seeds 3 --drawn 5
"""

from __future__ import annotations

import argparse
import collections
import json
import re
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pydantic
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from synthworld import SyntheticWorld, SynthworldError
from tests._stub_checks import Outcome, StubCheck, check_stub, drawn_arguments
from tests._type_space import stub_corpus

_KIND = re.compile(r": (returns|parses|arguments): ")


def kinds(outcome: Outcome) -> collections.Counter[str]:
    """How many of `outcome`'s mismatches each check found."""
    found: collections.Counter[str] = collections.Counter()
    for mismatch in outcome.mismatches:
        match = _KIND.search(mismatch)
        found[match.group(1) if match else "other"] += 1
    return found


def schema_pass(sources: list[str], seeds: int, show: bool) -> dict[str, Any]:
    summary = _summary()
    for index, source in enumerate(sources):
        _add(summary, index, check_stub(source, range(seeds)), show)
    return summary


def drawn_pass(sources: list[str], examples: int, show: bool) -> dict[str, Any]:
    summary = _summary()
    for index, source in enumerate(sources):
        outcome = Outcome()
        try:
            check = StubCheck(source)
        except pydantic.PydanticUserError as exc:
            outcome.unreadable = str(exc)
            _add(summary, index, outcome, show)
            continue
        except SynthworldError as exc:
            outcome.refused = f"{type(exc).__name__}: {exc}"
            _add(summary, index, outcome, show)
            continue

        _drawn_calls(check, outcome, examples)
        _add(summary, index, outcome, show)
    return summary


def _drawn_calls(check: StubCheck, outcome: Outcome, examples: int) -> None:
    """`examples` calls of `check`'s typed stub with arguments drawn for its parameter types."""

    @settings(
        max_examples=examples,
        derandomize=True,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(st.data())
    def run(data: st.DataObject) -> None:
        world = SyntheticWorld(seed=0)
        check.send(outcome, world, world.tool(check.fn), drawn_arguments(check, data.draw, 0), "drawn")

    run()


def _summary() -> dict[str, Any]:
    return {
        "stubs": 0,
        "calls": 0,
        "refused": 0,
        "unreadable": 0,
        "ambiguous": 0,
        "stubs_with_mismatch": 0,
        "by_check": {},
    }


def _add(summary: dict[str, Any], index: int, outcome: Outcome, show: bool) -> None:
    summary["stubs"] += 1
    summary["calls"] += outcome.calls
    summary["ambiguous"] += outcome.ambiguous
    summary["refused"] += outcome.refused is not None
    summary["unreadable"] += outcome.unreadable is not None
    summary["stubs_with_mismatch"] += bool(outcome.mismatches)
    for kind, count in kinds(outcome).items():
        summary["by_check"][kind] = summary["by_check"].get(kind, 0) + count
    if show and (outcome.mismatches or outcome.refused):
        print(f"stub {index}: {outcome.refused or ''}", *outcome.mismatches, sep="\n  ", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--stubs", type=int, default=1000)
    parser.add_argument("--first", type=int, default=0, help="the seed of the first stub")
    parser.add_argument("--seeds", type=int, default=3, help="world seeds a stub (schema pass)")
    parser.add_argument("--drawn", type=int, default=5, help="Hypothesis examples a stub (drawn pass)")
    parser.add_argument("--show", action="store_true", help="print each mismatch to stderr")
    args = parser.parse_args(argv)
    sources = stub_corpus(args.stubs, first=args.first)
    started = time.perf_counter()
    schema = schema_pass(sources, args.seeds, args.show)
    middle = time.perf_counter()
    drawn = drawn_pass(sources, args.drawn, args.show) if args.drawn else None
    seconds = {"schema": round(middle - started, 1), "drawn": round(time.perf_counter() - middle, 1)}
    print(json.dumps({"schema": schema, "drawn": drawn, "seconds": seconds}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
