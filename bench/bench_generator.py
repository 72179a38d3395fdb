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
import contextlib
import importlib.util
import json
import multiprocessing
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


def run_ours(schema: Any, check: Any, n: int, budget: float, row: Row) -> None:
    start = time.perf_counter()
    try:
        gen = compile_generator(schema)
    except SchemaError as err:
        row.ours.error = f"{type(err).__name__}: {str(err)[:160]}"
        return
    row.compile_seconds = time.perf_counter() - start
    rng = random.Random(0)
    values = []
    with contextlib.suppress(SchemaError):  # untimed first value: lazy parts get compiled
        gen.generate(random.Random(-1))
    start = time.perf_counter()
    while len(values) < n and time.perf_counter() - start < budget:
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
    with contextlib.suppress(Exception, StopTest):  # untimed first draw: lazy parts get built
        draw_once(strategy, random.Random(-1))
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


def progress(row: Row) -> None:
    """One line per schema on stderr, so a long run shows where it is."""
    ours, hyp = row.ours, row.hyp
    line = f"{row.ident}: ours {ours.valid}/{ours.emitted} {ours.rate:,.0f}/s"
    print(f"{line}, hyp {hyp.valid}/{hyp.emitted} {hyp.rate:,.0f}/s", file=sys.stderr, flush=True)


NOTES = [
    "Method: 100 values per schema for synthworld (bounded at 1 s), up to 20 for hypothesis-jsonschema",
    "(bounded at 0.3 s of drawing, and 15 s in all per schema in a forked child, since it can spend",
    "minutes canonicalising one large schema). Both get one untimed first value (lazy compilation),",
    "compile time is reported separately. hypothesis-jsonschema is drawn through a bare",
    "`ConjectureData` (no test engine), with caches warmed in the parent, so it runs ~10x faster here",
    "than its usual ~130 values/s; the ratios above are against this faster figure. The oracle is",
    "python-jsonschema `validator_for(schema, default=<dialect>)` with `format_checker` on",
    "(`jsonschema[format-nongpl]` installed).",
]

WARM_UP = [
    {"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "integer"}}},
    {"type": "array", "items": {"type": "number"}, "uniqueItems": True},
    {"anyOf": [{"type": "string", "pattern": "^a+$"}, {"type": "boolean"}, {"type": "null"}]},
    {"type": "string", "format": "date-time"},
]


def warm_up(args: argparse.Namespace) -> None:
    """Warm Hypothesis' caches in the parent, so every forked child starts warm (fair to it)."""
    for schema in WARM_UP:
        run_hyp(schema, oracle(schema, None), 200, 2.0, Row("warm-up", "warm-up"))


def run_hyp_bounded(schema: Any, dialect: str | None, args: argparse.Namespace, row: Row) -> None:
    """``run_hyp`` in a forked child, killed after ``--hyp-timeout`` seconds: hypothesis-jsonschema
    can spend minutes canonicalising one large schema before drawing anything."""
    ctx = multiprocessing.get_context("fork")
    queue: Any = ctx.Queue()

    def child() -> None:
        run_hyp(schema, oracle(schema, dialect), args.hyp_values, args.hyp_seconds, row)
        queue.put(row.hyp)

    proc = ctx.Process(target=child)
    proc.start()
    try:
        row.hyp = queue.get(timeout=args.hyp_timeout)
    except Exception:  # queue.Empty: the child ran out of time
        row.hyp.error = f"timeout: no result within {args.hyp_timeout:.0f} s"
    proc.join(timeout=1)
    if proc.is_alive():
        proc.kill()
        proc.join()


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
    lines += ["", *NOTES]
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
    parser.add_argument("--seconds", type=float, default=1.0, help="time bound per schema (ours)")
    parser.add_argument("--hyp-values", type=int, default=20, help="max values per schema (peer)")
    parser.add_argument("--hyp-seconds", type=float, default=0.3, help="time bound per schema")
    parser.add_argument("--hyp-timeout", type=float, default=15.0, help="hard bound per schema")
    parser.add_argument("--no-write", action="store_true", help="print, do not touch RESULTS.md")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    warm_up(args)
    results: dict[str, list[Row]] = {}
    for corpus, items in (("JSON Schema Test Suite", load_jsts(args.corpus)),
                          ("check-jsonschema vendor", load_vendor())):  # fmt: skip
        rows = results[corpus] = []
        for ident, dialect, schema in items:
            row = Row(corpus, ident)
            check = oracle(schema, dialect)
            run_ours(schema, check, args.values, args.seconds, row)
            run_hyp_bounded(schema, dialect, args, row)
            rows.append(row)
            progress(row)
    command = "python bench/bench_generator.py " + " ".join(argv if argv is not None else sys.argv[1:])
    section = render(results, command.strip(), time.perf_counter() - started)
    print(section)
    if not args.no_write:
        write(section)
    return 0


if __name__ == "__main__":
    sys.exit(main())
