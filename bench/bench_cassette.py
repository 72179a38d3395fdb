"""Cassette benchmarks: load time and replay lookups at 100,000 interactions; journal vs rewrite.

Run from the repository root:  python bench/bench_cassette.py [--size 100000]
Prints a Markdown report (paste it into bench/RESULTS.md, section "Cassettes").
``--durability-only`` prints only the journal append and compaction costs (issue 22 compares them
before and after crash-exact compaction: run it with PYTHONPATH pointing at each version).
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import tempfile
import time
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

from synthworld import ToolSpec
from synthworld.backends.base import CallContext
from synthworld.backends.fixtures import FixtureBackend
from synthworld.cassette import cache as _cassette_cache
from synthworld.cassette.format import Cassette, Fingerprint, Interaction, read_cassette, write_cassette
from synthworld.cassette.store import CassetteStore
from synthworld.trace import Trace

TOOLS = [
    ToolSpec(
        f"tool_{k}",
        "A tool.",
        {"type": "object", "properties": {"id": {"type": "integer"}, "q": {"type": "string"}}},
        {"type": "object", "properties": {"name": {"type": "string"}, "score": {"type": "number"}}},
    )
    for k in range(10)
]
NOW = datetime.datetime(2025, 1, 1, tzinfo=datetime.timezone.utc)


def interaction(i: int) -> Interaction:
    tool = TOOLS[i % len(TOOLS)]
    return Interaction(
        tool.name, {"id": i, "q": f"query {i}"}, {"name": f"item {i}", "score": i / 7}, None, i
    )


def cassette(size: int) -> Cassette:
    return Cassette(tuple(interaction(i) for i in range(size)), {t.name: Fingerprint.of(t) for t in TOOLS})


def ctx(i: int) -> CallContext:
    item = interaction(i)
    spec = TOOLS[i % len(TOOLS)]
    return CallContext(
        spec, dict(item.input), 0, random.Random(0), 0, types.MappingProxyType({}), Trace(), NOW
    )


def timed(fn: Callable[[], Any]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def load_and_lookup(path: Path, size: int, lookups: int) -> dict[str, float]:
    """Seconds to open (cold, then with the parse cache), first lookup per tool, lookups per second."""
    backend: list[FixtureBackend] = []
    for old in _cassette_cache.cache_dir().glob("*.json"):
        old.unlink()
    cold = timed(lambda: backend.append(FixtureBackend(path, mode="none", allow_repeats=True)))
    warm = timed(lambda: backend.append(FixtureBackend(path, mode="none", allow_repeats=True)))
    fb = backend[-1]
    first = timed(lambda: [fb.respond(ctx(k)) for k in range(len(TOOLS))])
    rng = random.Random(1)
    contexts = [ctx(rng.randrange(size)) for _ in range(lookups)]
    replay = timed(lambda: [fb.respond(c) for c in contexts])
    index = fb._index  # the lookup alone, without copying and validating the answer
    raw = timed(lambda: [index.take(c.spec.name, c.input) for c in contexts])
    return {"cold": cold, "warm": warm, "index": first, "per_s": lookups / replay, "raw_s": lookups / raw}


def durability(size: int, appends: int, tmp: Path, rewrites: int) -> dict[str, float]:
    """Seconds per recorded interaction: journal line (with and without fsync) vs atomic rewrite."""
    out = {}
    for fsync in (False, True):
        path = tmp / f"journal-{size}-{fsync}.yaml"
        write_cassette(path, cassette(size))
        store = CassetteStore(path, fsync=fsync)
        fp = Fingerprint.of(TOOLS[0])
        out[f"journal{'+fsync' if fsync else ''}"] = (
            timed(lambda s=store, f=fp: [s.append(interaction(size + k), f) for k in range(appends)])
            / appends
        )
    path = tmp / f"rewrite-{size}.yaml"
    write_cassette(path, cassette(size))
    store = CassetteStore(path)

    def rewrite_one(k: int) -> None:
        with store.locked():
            old = read_cassette(path)
            write_cassette(path, Cassette((*old.interactions, interaction(size + k)), old.tools))

    out["rewrite"] = timed(lambda: [rewrite_one(k) for k in range(rewrites)]) / rewrites
    return out


def compaction(size: int, lines: int, tmp: Path, repeats: int = 5) -> float:
    """Seconds to compact `lines` journal lines into a cassette of `size` interactions (median)."""
    times = []
    fp = Fingerprint.of(TOOLS[0])
    for r in range(repeats):
        path = tmp / f"compact-{size}-{r}.yaml"
        write_cassette(path, cassette(size))
        store = CassetteStore(path)
        for k in range(lines):
            store.append(interaction(size + k), fp)
        times.append(timed(store.compact))
    return sorted(times)[len(times) // 2]


def print_durability(tmp: Path) -> None:
    print("| cassette size | journal append | journal append + fsync | atomic rewrite | compact 10 lines |")
    print("|---|---|---|---|---|")
    for size in (100, 1_000, 10_000):
        d = durability(size, 200, tmp, rewrites={100: 50, 1_000: 10, 10_000: 3}[size])
        c = compaction(size, 10, tmp)
        print(
            f"| {size:,} | {d['journal'] * 1e6:,.0f} µs | {d['journal+fsync'] * 1e6:,.0f} µs | "
            f"{d['rewrite'] * 1e3:,.1f} ms | {c * 1e3:,.1f} ms |"
        )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", type=int, default=100_000)
    parser.add_argument("--lookups", type=int, default=50_000)
    parser.add_argument("--skip-durability", action="store_true")
    parser.add_argument("--durability-only", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = Path(tmpdir)
        os.environ["SYNTHWORLD_CACHE_DIR"] = str(tmp / "cache")
        if args.durability_only:
            print_durability(tmp)
            return
        print(
            "| cassette | file size | open, cold | open again | first lookup per tool "
            "(index build) | replays/s (respond) | index lookups/s |"
        )
        print("|---|---|---|---|---|---|---|")
        for size in (1_000, args.size):
            for ext in ("yaml", "json"):
                path = tmp / f"c{size}.{ext}"
                write_cassette(path, cassette(size))
                r = load_and_lookup(path, size, args.lookups)
                mb = path.stat().st_size / 1e6
                print(
                    f"| {size:,} interactions, {ext.upper()} | {mb:.1f} MB | {r['cold']:.2f} s | "
                    f"{r['warm']:.2f} s | "
                    f"{r['index'] * 1000:.0f} ms | {r['per_s']:,.0f} | {r['raw_s']:,.0f} |"
                )
        if args.skip_durability:
            return
        print()
        print_durability(tmp)


if __name__ == "__main__":
    main()
