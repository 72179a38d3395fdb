"""Benchmark the schema generator against hypothesis-jsonschema, side by side, in one run.

Corpora: the JSON Schema Test Suite corpus (``shared/jsts/corpus_jsts.jsonl``) and the real-world
schemas vendored in the ``check-jsonschema`` wheel. The oracle is python-jsonschema with format
checking on. Results go to the "Generator" section of ``bench/RESULTS.md``.

    python bench/bench_generator.py [--corpus PATH] [--values 100] [--hyp-values 20]
        [--hyp-seconds 0.5] [--no-write]

``SYNTHWORLD_JSTS_CORPUS`` overrides the corpus path too.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jsonschema
import jsonschema.validators

from synthworld.errors import SchemaError
from synthworld.schema import compile_generator
from synthworld.schema._fallback import draw_once, strategy_for

REPO = Path(__file__).resolve().parents[1]
DEFAULT_CORPUS = Path(__file__).resolve().parents[2] / "shared/jsts/corpus_jsts.jsonl"
RESULTS = REPO / "bench" / "RESULTS.md"
START, END = "<!-- generator:start -->", "<!-- generator:end -->"
DIALECTS = {
    "http://json-schema.org/draft-04/schema#": jsonschema.Draft4Validator,
    "http://json-schema.org/draft-06/schema#": jsonschema.Draft6Validator,
    "http://json-schema.org/draft-07/schema#": jsonschema.Draft7Validator,
    "https://json-schema.org/draft/2019-09/schema": jsonschema.Draft201909Validator,
    "https://json-schema.org/draft/2020-12/schema": jsonschema.Draft202012Validator,
}


@dataclass
class Outcome:
    """One tool's result on one schema."""

    emitted: int = 0
    valid: int = 0
    seconds: float = 0.0
    error: str = ""

    @property
    def rate(self) -> float:
        return self.valid / self.seconds if self.seconds and self.valid else 0.0


@dataclass
class Row:
    corpus: str
    ident: str
    ours: Outcome = field(default_factory=Outcome)
    hyp: Outcome = field(default_factory=Outcome)
    compile_seconds: float = 0.0


def oracle(schema: Any, dialect: str | None) -> Any:
    default = DIALECTS.get(dialect or "", jsonschema.Draft202012Validator)
    cls = jsonschema.validators.validator_for(schema, default=default)
    return cls(schema, format_checker=cls.FORMAT_CHECKER)


def load_jsts(path: Path) -> list[tuple[str, str | None, Any]]:
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return [(r["id"], r["dialect"], r["schema"]) for r in rows]


def load_vendor() -> list[tuple[str, str | None, Any]]:
    spec = importlib.util.find_spec("check_jsonschema")
    assert spec is not None
    assert spec.origin is not None
    folder = Path(spec.origin).parent / "builtin_schemas" / "vendor"
    return [(p.name, None, json.loads(p.read_text())) for p in sorted(folder.glob("*.json"))]


def run_ours(schema: Any, check: Any, n: int, row: Row) -> None:
    start = time.perf_counter()
    try:
        gen = compile_generator(schema)
    except SchemaError as err:
        row.ours.error = f"{type(err).__name__}: {str(err)[:160]}"
        return
    row.compile_seconds = time.perf_counter() - start
    rng = random.Random(0)
    values = []
    start = time.perf_counter()
    for _ in range(n):
        try:
            values.append(gen.generate(rng))
        except SchemaError as err:
            row.ours.error = f"{type(err).__name__}: {str(err)[:160]}"
    row.ours.seconds = time.perf_counter() - start
    row.ours.emitted = len(values)
    row.ours.valid = sum(1 for v in values if check.is_valid(v))


def run_hyp(schema: Any, check: Any, n: int, budget: float, row: Row) -> None:
    from hypothesis.internal.conjecture.data import StopTest

    try:
        strategy = strategy_for(schema)
    except Exception as err:
        row.hyp.error = f"{type(err).__name__}: {str(err)[:160]}"
        return
    rng = random.Random(0)
    start = time.perf_counter()
    values = []
    while len(values) < n and time.perf_counter() - start < budget:
        try:
            values.append(draw_once(strategy, random.Random(rng.getrandbits(64))))
        except StopTest:
            continue
        except Exception as err:
            row.hyp.error = f"{type(err).__name__}: {str(err)[:160]}"
            break
    row.hyp.seconds = time.perf_counter() - start
    row.hyp.emitted = len(values)
    row.hyp.valid = sum(1 for v in values if check.is_valid(v))


def summarise(rows: list[Row], tool: str) -> dict[str, float]:
    outs = [getattr(r, tool) for r in rows]
    emitted = sum(o.emitted for o in outs)
    rates = [o.rate for o in outs if o.valid]
    return {
        "coverage": 100.0 * sum(1 for o in outs if o.valid) / len(outs),
        "validity": 100.0 * sum(o.valid for o in outs) / emitted if emitted else 0.0,
        "median_rate": statistics.median(rates) if rates else 0.0,
    }


def ratios(rows: list[Row]) -> float:
    both = [r.ours.rate / r.hyp.rate for r in rows if r.ours.rate and r.hyp.rate]
    return statistics.median(both) if both else 0.0


def render(results: dict[str, list[Row]], command: str, seconds: float) -> str:
    lines = [START, "## Generator", "", f"Command: `{command}`  ", f"Total run time: {seconds:.0f} s",
             "", "| corpus | schemas | tool | coverage | validity | median valid values/s |",
             "|---|---|---|---|---|---|"]  # fmt: skip
    for corpus, rows in results.items():
        for tool, label in (("ours", "synthworld"), ("hyp", "hypothesis-jsonschema")):
            s = summarise(rows, tool)
            lines.append(f"| {corpus} | {len(rows)} | {label} | {s['coverage']:.1f}% | "
                         f"{s['validity']:.1f}% | {s['median_rate']:,.0f} |")  # fmt: skip
    lines.append("")
    for corpus, rows in results.items():
        ours, hyp = summarise(rows, "ours"), summarise(rows, "hyp")
        ratio = ours["median_rate"] / hyp["median_rate"] if hyp["median_rate"] else 0.0
        lines.append(f"- {corpus}: median throughput ratio {ratio:,.0f}x (medians), "
                     f"{ratios(rows):,.0f}x (median of per-schema ratios)")  # fmt: skip
        compiles = sorted(r.compile_seconds for r in rows if r.ours.valid)
        if compiles:
            lines.append(f"  - compile time per schema: median {statistics.median(compiles)*1e3:.1f} ms, "
                         f"max {compiles[-1]*1e3:.0f} ms")  # fmt: skip
    lines += ["", "Schemas synthworld does not cover (no valid value), with the reason:", ""]
    missed = [(c, r) for c, rows in results.items() for r in rows if not r.ours.valid]
    lines += [f"- {c} `{r.ident}`: {r.ours.error or 'values emitted but invalid'}" for c, r in missed]
    if not missed:
        lines.append("- none")
    bad = [(c, r) for c, rows in results.items() for r in rows if r.ours.valid < r.ours.emitted]
    lines += ["", "Schemas where synthworld emitted an invalid value:", ""]
    lines += [f"- {c} `{r.ident}`: {r.ours.emitted - r.ours.valid} of {r.ours.emitted}" for c, r in bad]
    if not bad:
        lines.append("- none")
    lines.append(END)
    return "\n".join(lines) + "\n"


def write(section: str) -> None:
    text = RESULTS.read_text() if RESULTS.exists() else "# Benchmark results\n\n"
    if START in text and END in text:
        head, rest = text.split(START, 1)
        text = head + section.rstrip("\n") + rest.split(END, 1)[1]
    else:
        text = text.rstrip("\n") + "\n\n" + section
    RESULTS.write_text(text)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    env = os.environ.get("SYNTHWORLD_JSTS_CORPUS")
    parser.add_argument("--corpus", type=Path, default=Path(env) if env else DEFAULT_CORPUS)
    parser.add_argument("--values", type=int, default=100, help="values per schema (synthworld)")
    parser.add_argument("--hyp-values", type=int, default=20, help="max values per schema (peer)")
    parser.add_argument("--hyp-seconds", type=float, default=0.5, help="time bound per schema")
    parser.add_argument("--no-write", action="store_true", help="print, do not touch RESULTS.md")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    results: dict[str, list[Row]] = {}
    for corpus, items in (("JSON Schema Test Suite", load_jsts(args.corpus)),
                          ("check-jsonschema vendor", load_vendor())):  # fmt: skip
        rows = results[corpus] = []
        for ident, dialect, schema in items:
            row = Row(corpus, ident)
            check = oracle(schema, dialect)
            run_ours(schema, check, args.values, row)
            run_hyp(schema, check, args.hyp_values, args.hyp_seconds, row)
            rows.append(row)
    command = "python bench/bench_generator.py " + " ".join(argv if argv is not None else sys.argv[1:])
    section = render(results, command.strip(), time.perf_counter() - started)
    print(section)
    if not args.no_write:
        write(section)
    return 0


if __name__ == "__main__":
    sys.exit(main())
