"""Generators side by side on real corpora: synthworld, jsf and hypothesis-jsonschema, in one run.

For each corpus (the JSON Schema Test Suite corpus, SchemaStore's dev corpus, the schemas
vendored in check-jsonschema, and with ``--corpus cloudformation`` cfn-lint's CloudFormation
schemas, ``--corpus vegalite`` altair's Vega-Lite schema, ``--corpus kubernetes`` the Kubernetes
API types of kubernetes-validate) and each tool, every schema is compiled and asked for 5 values
(seeds 0-4), in a worker process with a memory cap and a per-schema time limit (a tool that hangs
or explodes on a schema fails that schema, not the run). The oracle is python-jsonschema with
format checking (jsonschema-rs where python-jsonschema cannot read a pattern).

Reported per corpus and tool: coverage (schemas with at least one valid value), schemas where
all 5 seeds gave a valid value, validity (valid values / values), cold first-call p50/p90 (compile
plus the first value), warm p50/p90 (later values), the slowest call, and the cold-start ratio to
jsf; and a "steady" p50: seeds 1-4 asked again, once whatever the first five values reached is
compiled (synthworld compiles a branch when a call first takes it, so its warm calls include compile
work that a world calling the same tool many times pays once; jsf compiles everything up front).
jsf fails on many schemas (mostly the larger ones) and its p50s are taken over the schemas it
answers, so a second table compares each tool with jsf on the same schemas: those where both gave
a first value. ``--tools`` picks tools; ``--limit`` the seconds per schema; ``--max`` schemas per
corpus.

    python bench/bench_corpora.py [--corpus NAME ...] [--tools synthworld,jsf,hypothesis]
        [--limit 20] [--max N]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import queue
import random
import re
import resource
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

SHARED = next(p / "shared" for p in Path(__file__).resolve().parents if (p / "shared" / "jsts").is_dir())
CORPORA = {
    "jsts": SHARED / "jsts" / "corpus_jsts.jsonl",
    "schemastore": SHARED / "schemastore" / "corpus_dev.jsonl",
}
SEEDS = 5
MEMORY = 3 * 2**30


def vendored() -> list[dict[str, Any]]:
    """The real-world schemas shipped inside the check-jsonschema wheel."""
    import check_jsonschema

    folder = Path(check_jsonschema.__file__).parent / "builtin_schemas" / "vendor"
    return [
        {"id": p.name, "dialect": None, "schema": json.loads(p.read_text("utf-8"))}
        for p in sorted(folder.glob("*.json"))
    ]


def cloudformation() -> list[dict[str, Any]]:
    """The CloudFormation resource and extension schemas shipped in cfn-lint (``pip install
    cfn-lint``): ~1,900 real-world schemas, many under a vendor's own ``$schema``."""
    import cfnlint

    rows = []
    for path in sorted((Path(cfnlint.__file__).parent / "data" / "schemas").rglob("*.json")):
        schema = json.loads(path.read_text("utf-8"))
        if isinstance(schema, dict) and schema.keys() & {"$schema", "properties", "definitions", "$defs"}:
            rows.append({"id": str(path).split("schemas/", 1)[1], "dialect": None, "schema": schema})
    return rows


def vegalite() -> list[dict[str, Any]]:
    """Vega-Lite's schema as shipped in altair (``pip install altair``): the whole document (its
    root is a top-level chart spec), then each of its ~460 definitions as a root: one 1.5 MB
    draft-07 document, deeply recursive, full of ``anyOf``."""
    import altair

    path = next((Path(altair.__file__).parent / "vegalite").glob("v*/schema/vega-lite-schema.json"))
    doc = json.loads(path.read_text("utf-8"))
    rows = [{"id": "vega-lite", "dialect": None, "schema": doc}]
    for name in sorted(doc["definitions"]):
        rows.append(
            {"id": f"vega-lite/{name}", "dialect": None, "schema": {**doc, "$ref": f"#/definitions/{name}"}}
        )
    return rows


def kubernetes() -> list[dict[str, Any]]:
    """Kubernetes' API types as shipped in kubernetes-validate (``pip install kubernetes-validate``):
    each of the ~860 definitions of the newest strict schema set, as a root over the one document that
    holds them all (its references to ``/api/_definitions.json`` read as local ones)."""
    import kubernetes_validate

    folder = Path(kubernetes_validate.__file__).parent / "kubernetes-json-schema"
    newest = max(
        folder.glob("v*-local-strict"), key=lambda p: [int(n) for n in p.name[1:].split("-")[0].split(".")]
    )
    text = (newest / "_definitions.json").read_text("utf-8").replace('"/api/_definitions.json#/', '"#/')
    doc = json.loads(text)
    return [
        {"id": f"kubernetes/{name}", "dialect": None, "schema": {**doc, "$ref": f"#/$defs/{name}"}}
        for name in sorted(doc["$defs"])
    ]


def load(name: str) -> list[dict[str, Any]]:
    if name == "vendored":
        return vendored()
    if name == "cloudformation":
        return cloudformation()
    if name == "vegalite":
        return vegalite()
    if name == "kubernetes":
        return kubernetes()
    return [json.loads(line) for line in CORPORA[name].read_text("utf-8").splitlines() if line.strip()]


# -- the tools, each: schema -> (make value from seed) ---------------------------------------------


def synthworld_tool(schema: Any) -> Callable[[int], Any]:
    from synthworld.schema import compile_generator

    generator = compile_generator(schema)
    return lambda seed: generator.generate(random.Random(seed))


def jsf_tool(schema: Any) -> Callable[[int], Any]:
    from jsf import JSF

    faker = JSF(schema)

    def make(seed: int) -> Any:
        random.seed(seed)  # jsf draws from the global RNG (and Faker's): the only way to seed it
        return faker.generate()

    return make


def hypothesis_tool(schema: Any) -> Callable[[int], Any]:
    from synthworld.schema._fallback import draw_once, strategy_for

    strategy = strategy_for(schema)
    return lambda seed: draw_once(strategy, random.Random(seed))


TOOLS = {"synthworld": synthworld_tool, "jsf": jsf_tool, "hypothesis": hypothesis_tool}


def oracle(schema: Any, dialect: str | None) -> Callable[[Any], bool]:
    import jsonschema
    import jsonschema_rs

    default = {
        "http://json-schema.org/draft-04/schema#": jsonschema.Draft4Validator,
        "http://json-schema.org/draft-06/schema#": jsonschema.Draft6Validator,
        "http://json-schema.org/draft-07/schema#": jsonschema.Draft7Validator,
    }.get(dialect or "", jsonschema.Draft202012Validator)
    cls = jsonschema.validators.validator_for(schema, default=default)
    python = cls(schema, format_checker=cls.FORMAT_CHECKER)

    def check(value: Any) -> bool:
        try:
            return bool(python.is_valid(value))
        except re.error:  # a pattern Python cannot read: ask jsonschema-rs
            return bool(jsonschema_rs.validator_for(schema, validate_formats=True).is_valid(value))

    return check


# -- one worker per tool and corpus, restarted when a schema kills it -------------------------------


def worker(tool: str, jobs: mp.Queue[Any], results: mp.Queue[Any]) -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
    make_tool = TOOLS[tool]
    while True:
        job = jobs.get()
        if job is None:
            return
        results.put(measure(make_tool, job))


def measure(make_tool: Callable[[Any], Callable[[int], Any]], job: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"id": job["id"], "calls": [], "valid": []}
    try:
        check = oracle(job["schema"], job.get("dialect"))
        start = time.perf_counter()
        make = make_tool(job["schema"])
        for seed in range(SEEDS):
            value = make(seed)
            out["calls"].append(time.perf_counter() - start)
            out["valid"].append(bool(check(value)))
            start = time.perf_counter()
        out["steady"] = []
        for seed in range(1, SEEDS):
            start = time.perf_counter()
            make(seed)
            out["steady"].append(time.perf_counter() - start)
    except BaseException as exc:  # a tool's own failure on this schema
        out["error"] = f"{type(exc).__name__}: {str(exc)[:120]}"
    return out


class Worker:
    """One tool's worker process, restarted when a schema kills it or runs past the limit."""

    def __init__(self, tool: str) -> None:
        self.tool = tool
        self.process: Any = None

    def ask(self, row: dict[str, Any], limit: float) -> dict[str, Any]:
        if self.process is None:
            context = mp.get_context("fork")
            self.jobs, self.results = context.Queue(), context.Queue()
            args = (self.tool, self.jobs, self.results)
            self.process = context.Process(target=worker, args=args, daemon=True)
            self.process.start()
        self.jobs.put(row)
        try:
            return dict(self.results.get(timeout=limit))
        except queue.Empty:
            self.process.kill()
            self.process.join(5)
            self.process = None
            return {"id": row["id"], "calls": [], "valid": [], "error": f"over {limit:g} s"}

    def stop(self) -> None:
        if self.process is not None:
            self.jobs.put(None)
            self.process.join(5)
            self.process = None


def run(tools: list[str], rows: list[dict[str, Any]], limit: float) -> dict[str, list[dict[str, Any]]]:
    """Every schema by every tool, interleaved: schema after schema, the tools in turn (first one,
    then the other first), so a machine that slows down during the run slows every tool alike."""
    workers = [Worker(tool) for tool in tools]
    done: dict[str, list[dict[str, Any]]] = {tool: [] for tool in tools}
    try:
        for i, row in enumerate(rows):
            turn = workers[i % len(workers) :] + workers[: i % len(workers)]
            for w in turn:
                done[w.tool].append(w.ask(row, limit))
    finally:
        for w in workers:
            w.stop()
    return done


# -- the table --------------------------------------------------------------------------------------


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def summarize(results: list[dict[str, Any]]) -> dict[str, Any]:
    cold = [r["calls"][0] for r in results if r["calls"]]
    warm = [c for r in results for c in r["calls"][1:]]
    steady = [c for r in results for c in r.get("steady", ())]
    values = [v for r in results for v in r["valid"]]
    return {
        "schemas": len(results),
        "covered": sum(1 for r in results if any(r["valid"])),
        "all_seeds": sum(1 for r in results if len(r["valid"]) == SEEDS and all(r["valid"])),
        "validity": sum(values) / len(values) if values else float("nan"),
        "cold_p50": quantile(cold, 0.5),
        "cold_p90": quantile(cold, 0.9),
        "warm_p50": quantile(warm, 0.5),
        "warm_p90": quantile(warm, 0.9),
        "steady_p50": quantile(steady, 0.5),
        "slowest": max([*cold, *warm], default=float("nan")),
    }


def paired(results: dict[str, list[dict[str, Any]]]) -> Iterator[str]:
    """Each tool against jsf on the schemas both answered (gave a first value): cold and warm p50."""
    if "jsf" not in results:
        return
    jsf = {r["id"]: r["calls"] for r in results["jsf"] if r["calls"]}
    steady_of = {tool: {r["id"]: r.get("steady", []) for r in rows} for tool, rows in results.items()}
    yield (
        "\n| schemas jsf answered too | schemas | cold p50 | jsf cold p50 | warm p50 | jsf warm p50 "
        "| steady p50 | jsf steady p50 | cold / jsf, per schema p50 | warm / jsf, per schema p50 |"
    )
    yield "|---|---|---|---|---|---|---|---|---|---|"
    for tool, rows in results.items():
        if tool == "jsf":
            continue
        mine = {r["id"]: r["calls"] for r in rows if r["calls"] and r["id"] in jsf}
        cold, cold_jsf = [c[0] for c in mine.values()], [jsf[i][0] for i in mine]
        warm = [t for c in mine.values() for t in c[1:]]
        warm_jsf = [t for i in mine for t in jsf[i][1:]]
        steady = [t for i in mine for t in steady_of[tool][i]]
        steady_jsf = [t for i in mine for t in steady_of["jsf"][i]]
        yield (
            f"| {tool} | {len(mine)} | {ms(cold, 2)} ({ratio(cold, cold_jsf)}) | {ms(cold_jsf, 2)} | "
            f"{ms(warm, 3)} ({ratio(warm, warm_jsf)}) | {ms(warm_jsf, 3)} | "
            f"{ms(steady, 3)} ({ratio(steady, steady_jsf)}) | {ms(steady_jsf, 3)} | "
            f"{per_schema(mine, jsf, slice(0, 1))} | {per_schema(mine, jsf, slice(1, None))} |"
        )


def per_schema(mine: dict[str, list[float]], jsf: dict[str, list[float]], calls: slice) -> str:
    """The median over schemas of each schema's ratio to jsf (its calls' median to jsf's): a
    schema-by-schema comparison, steadier than a ratio of two medians over different calls."""
    ratios = [
        quantile(mine[i][calls], 0.5) / quantile(jsf[i][calls], 0.5)
        for i in mine
        if mine[i][calls] and jsf[i][calls] and quantile(jsf[i][calls], 0.5) > 0
    ]
    return f"{quantile(ratios, 0.5):.2f}x" if ratios else "-"


def ms(times: list[float], digits: int) -> str:
    return f"{quantile(times, 0.5) * 1e3:.{digits}f} ms"


def ratio(times: list[float], jsf: list[float]) -> str:
    return f"{quantile(times, 0.5) / quantile(jsf, 0.5):.2f}x" if jsf else "-"


def table(corpus: str, summaries: dict[str, dict[str, Any]]) -> Iterator[str]:
    jsf = summaries.get("jsf")
    yield f"\n{corpus} ({next(iter(summaries.values()))['schemas']} schemas)\n"
    yield (
        "| tool | coverage | all 5 seeds valid | validity | cold p50 / p90 | warm p50 / p90 | steady p50 "
        "| slowest | cold p50 vs jsf |"
    )
    yield "|---|---|---|---|---|---|---|---|---|"
    for tool, s in summaries.items():
        jsf_p50 = jsf["cold_p50"] if jsf else float("nan")
        ratio = f"{s['cold_p50'] / jsf_p50:.2f}x" if jsf_p50 > 0 else "-"  # NaN: jsf answered none
        yield (
            f"| {tool} | {s['covered'] / s['schemas']:.1%} | {s['all_seeds'] / s['schemas']:.1%} | "
            f"{s['validity']:.1%} | {s['cold_p50'] * 1e3:.2f} / {s['cold_p90'] * 1e3:.1f} ms | "
            f"{s['warm_p50'] * 1e3:.3f} / {s['warm_p90'] * 1e3:.2f} ms | {s['steady_p50'] * 1e3:.3f} ms | "
            f"{s['slowest']:.2f} s | {ratio} |"
        )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--corpus", nargs="*", default=["jsts", "schemastore", "vendored"])
    parser.add_argument("--tools", default="synthworld,jsf,hypothesis")
    parser.add_argument("--limit", type=float, default=20.0, help="seconds per schema and tool")
    parser.add_argument("--max", type=int, default=None, help="schemas per corpus (default: all)")
    parser.add_argument("--failures", action="store_true", help="also list synthworld's failures")
    args = parser.parse_args()
    for corpus in args.corpus:
        rows = load(corpus)[: args.max]
        results = run(args.tools.split(","), rows, args.limit)
        summaries = {tool: summarize(done) for tool, done in results.items()}
        if args.failures and "synthworld" in results:
            for r in results["synthworld"]:
                if not (r["valid"] and all(r["valid"])):
                    print(f"  {corpus} {r['id']}: {r.get('error') or r['valid']}")
        print("\n".join([*table(corpus, summaries), *paired(results)]), flush=True)


if __name__ == "__main__":
    main()
