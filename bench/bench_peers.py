"""Side by side with the peers users know: cassettes vs vcrpy, the MCP server vs a plain MCPServer.

Run from the repository root:  python bench/bench_peers.py [--full] [--reps 2] [--calls 200]
(``--skip-mcp``: the cassettes alone; ``--skip-cassettes``: the MCP servers alone)
Prints a Markdown report (bench/RESULTS.md, section "Peers: cassettes vs vcrpy, MCP server vs
FastMCP"). Needs vcrpy, requests and mcp (``pip install -e '.[dev]'``). Default: 100 and 1,000
interactions (under 2 minutes); ``--full`` adds 10,000.

1. Cassettes: the same ~1 KB JSON answers (`peers_servers.payload`) recorded, loaded and replayed.
   vcrpy records real ``requests`` calls to a ``http.server`` on 127.0.0.1; synthworld records
   ``world.call`` through ``FixtureBackend(mode="all", fallback=FunctionBackend(...))``. Each side
   is also run without its recorder (live HTTP; a world answering from the same function), so
   the recording's own cost per interaction shows. Load is a cold open through the first answer
   (synthworld's parse cache emptied first; vcrpy has none); replay then looks up the other
   interactions in shuffled order, at most ``--lookups`` and 200,000 / N in all (vcrpy scans the
   whole cassette on each lookup). The sides run interleaved, ``--reps`` times, best time kept;
   peak memory is tracemalloc's, in a separate run.
2. MCP: per-call latency of ``tools/call`` from one ``mcp.Client`` to ``synthworld serve`` and to
   a plain ``MCPServer`` (mcp 2's FastMCP) with the same tool returning the same payload, over
   stdio and streamable HTTP; the clients take turns in batches of 25 calls.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Iterator
from contextlib import AsyncExitStack, contextmanager
from pathlib import Path
from typing import Any

import anyio
import psutil
import requests
import vcr
from mcp import Client
from mcp.client.stdio import StdioServerParameters, stdio_client

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from peers_servers import get_item, payload, serve_http  # noqa: E402 - needs the path above

from synthworld import FixtureBackend, FunctionBackend, SyntheticWorld, ToolSpec  # noqa: E402
from synthworld.cassette import cache as cassette_cache  # noqa: E402

SPEC = ToolSpec.from_function(get_item)


# -- cassettes ------------------------------------------------------------------------------------


def answer(tool: str, args: dict[str, Any]) -> Any:
    return payload(args["item_id"])


def world_of(backend: Any) -> SyntheticWorld:
    """A world answering exactly what the backend gives (no echo or recall reshaping it)."""
    world = SyntheticWorld(seed=0, backend=backend, remember=False)
    world.register_tool(SPEC)
    return world


class Vcr:
    """vcrpy around ``requests`` to the local server."""

    name = "vcrpy"

    def __init__(self, base: str) -> None:
        self.base = base

    def live(self, path: Path, ids: list[int]) -> None:
        with requests.Session() as session:
            for i in ids:
                session.get(f"{self.base}/items/{i}").json()

    def record(self, path: Path, ids: list[int]) -> None:
        with vcr.VCR(record_mode="all").use_cassette(str(path)), requests.Session() as session:
            for i in ids:
                session.get(f"{self.base}/items/{i}").json()

    def load(self, path: Path, first: int) -> Any:
        """The cassette open and the session ready, through the answer to `first`."""
        context = vcr.VCR(record_mode="none").use_cassette(str(path))
        context.__enter__()
        session = requests.Session()
        assert session.get(f"{self.base}/items/{first}").json() == payload(first)
        return context, session

    def replay(self, loaded: Any, ids: list[int]) -> None:
        context, session = loaded
        for i in ids:
            assert session.get(f"{self.base}/items/{i}").json() == payload(i)
        session.close()
        context.__exit__(None, None, None)


class Synth:
    """synthworld's FixtureBackend behind ``world.call``."""

    name = "synthworld"

    def live(self, path: Path, ids: list[int]) -> None:
        with world_of(FunctionBackend(answer)) as world:
            for i in ids:
                world.call("get_item", {"item_id": i})

    def record(self, path: Path, ids: list[int]) -> None:
        with world_of(FixtureBackend(path, mode="all", fallback=FunctionBackend(answer))) as world:
            for i in ids:
                world.call("get_item", {"item_id": i})

    def load(self, path: Path, first: int) -> Any:
        """The cassette open and the world ready, through the answer to `first` (which builds the
        tool's replay table)."""
        world = world_of(FixtureBackend(path, mode="none"))
        assert world.call("get_item", {"item_id": first}) == payload(first)
        return world

    def replay(self, loaded: Any, ids: list[int]) -> None:
        with loaded as world:
            for i in ids:
                assert world.call("get_item", {"item_id": i}) == payload(i)


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    value = fn()
    return time.perf_counter() - start, value


def peak(fn: Callable[[], Any]) -> tuple[float, Any]:
    """Peak traced MiB while `fn` runs, and what it returned."""
    tracemalloc.start()
    try:
        value = fn()
        return tracemalloc.get_traced_memory()[1] / 2**20, value
    finally:
        tracemalloc.stop()


def one_round(side: Any, folder: Path, n: int, lookups: list[int]) -> dict[str, float]:
    """Seconds to run live, record, load (cold), replay; the file's size."""
    path = folder / f"{side.name}_{n}.yaml"
    ids = list(range(n))
    live, _ = timed(lambda: side.live(path, ids))
    record, _ = timed(lambda: side.record(path, ids))
    shutil.rmtree(cassette_cache.cache_dir(), ignore_errors=True)
    load, loaded = timed(lambda: side.load(path, lookups[0]))
    replay, _ = timed(lambda: side.replay(loaded, lookups[1:]))
    return {"live": live, "record": record, "load": load, "replay": replay, "bytes": path.stat().st_size}


def memory(side: Any, folder: Path, n: int, lookups: list[int]) -> dict[str, float]:
    path = folder / f"{side.name}_{n}_mem.yaml"
    record, _ = peak(lambda: side.record(path, list(range(n))))
    shutil.rmtree(cassette_cache.cache_dir(), ignore_errors=True)
    load, _ = peak(lambda: side.replay(side.load(path, lookups[0]), lookups[1:]))
    return {"record_mib": record, "replay_mib": load}


def bench_cassettes(sizes: list[int], reps: int, max_lookups: int, tools: list[str]) -> list[dict[str, Any]]:
    server = serve_http()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    rows = []
    try:
        with tempfile.TemporaryDirectory() as tmp:
            os.environ["SYNTHWORLD_CACHE_DIR"] = str(Path(tmp) / "cache")
            for n in sizes:
                count = min(n, max_lookups, 2 * 10**5 // n)  # vcrpy scans the whole cassette per lookup
                lookups = random.Random(n).sample(range(n), count)
                sides = [side for side in (Vcr(base), Synth()) if side.name in tools]
                best: dict[str, dict[str, float]] = {side.name: {} for side in sides}
                for _ in range(reps):  # interleaved: vcrpy, synthworld, vcrpy, ...
                    for side in sides:
                        for key, value in one_round(side, Path(tmp), n, lookups).items():
                            best[side.name][key] = min(best[side.name].get(key, value), value)
                for side in sides:
                    rows.append(
                        {"tool": side.name, "n": n, "lookups": len(lookups)}
                        | best[side.name]
                        | memory(side, Path(tmp), n, lookups)
                    )
    finally:
        server.shutdown()
    return rows


def cassette_table(rows: list[dict[str, Any]]) -> list[str]:
    lines = [
        "| tool | N | record µs/int. | of which recording | load ms (µs/int.) | replay µs/lookup "
        "(lookups) | file bytes/int. | peak MiB record | peak MiB load+replay |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        n = r["n"]
        recording = (r["record"] - r["live"]) / n * 1e6
        lines.append(
            f"| {r['tool']} | {n:,} | {r['record'] / n * 1e6:,.0f} | {recording:,.0f} "
            f"| {r['load'] * 1e3:,.1f} ({r['load'] / n * 1e6:,.0f}) "
            f"| {r['replay'] / (r['lookups'] - 1) * 1e6:,.0f} ({r['lookups'] - 1:,}) | {r['bytes'] / n:,.0f} "
            f"| {r['record_mib']:.1f} | {r['replay_mib']:.1f} |"
        )
    return lines


# -- MCP ------------------------------------------------------------------------------------------


def server_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    return env


def commands(port: int | None) -> dict[str, list[str]]:
    """The two servers' command lines, for stdio (`port` None) or streamable HTTP on `port`."""
    synth = [sys.executable, "-m", "synthworld", "serve", "bench/peers_servers.py:build_world"]
    peer = [sys.executable, "bench/peers_servers.py", "mcpserver"]
    if port is None:
        return {"synthworld serve": synth, "MCPServer": [*peer, "stdio"]}
    http = ["--transport", "streamable-http", "--port", str(port)]
    return {"synthworld serve": [*synth, *http], "MCPServer": [*peer, "streamable-http", str(port + 1)]}


def free_port() -> int:
    """A port on 127.0.0.1 whose next one is free too."""
    while True:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port: int = probe.getsockname()[1]
        with socket.socket() as other:
            try:
                other.bind(("127.0.0.1", port + 1))
                return port
            except OSError:
                continue


@contextmanager
def http_servers(port: int) -> Iterator[dict[str, str]]:
    """Both servers started over streamable HTTP; their URLs once they accept connections."""
    procs = []
    try:
        urls = {}
        for offset, (name, argv) in enumerate(commands(port).items()):
            quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
            procs.append(subprocess.Popen(argv, cwd=ROOT, env=server_env(), **quiet))
            urls[name] = f"http://127.0.0.1:{port + offset}/mcp"
            wait_for(port + offset)
        yield urls
    finally:
        for proc in procs:
            proc.terminate()
            proc.wait(10)


def wait_for(port: int, limit: float = 60.0) -> None:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise RuntimeError(f"nothing listens on 127.0.0.1:{port} after {limit:.0f} s")


def server_cpu() -> dict[str, float]:
    """CPU seconds each server process (a child of this one) has used so far, by server name."""
    used = {}
    for child in psutil.Process().children(recursive=True):
        command = " ".join(child.cmdline())
        name = "synthworld serve" if "synthworld serve" in command else "MCPServer"
        if "serve" in command or "mcpserver" in command:
            times = child.cpu_times()
            used[name] = times.user + times.system
    return used


async def latencies(targets: dict[str, Any], calls: int, batch: int = 25) -> dict[str, list[float]]:
    """Per-call seconds of ``tools/call get_item`` for each target, the clients taking turns; under
    the key ``(name, "cpu")``, the server's CPU seconds per call (steady when the machine is busy)."""
    times: dict[Any, list[float]] = {name: [] for name in targets}
    async with AsyncExitStack() as stack:
        clients = {name: await stack.enter_async_context(Client(t)) for name, t in targets.items()}
        answers = [
            (await c.call_tool("get_item", {"item_id": 3})).structured_content for c in clients.values()
        ]
        assert all(a == payload(3) for a in answers), answers  # the same answer from both
        for client in clients.values():  # warm up
            for i in range(batch):
                await client.call_tool("get_item", {"item_id": i})
        before = server_cpu()
        for start in range(0, calls, batch):
            for name, client in clients.items():
                for i in range(start, min(start + batch, calls)):
                    began = time.perf_counter()
                    result = await client.call_tool("get_item", {"item_id": i})
                    times[name].append(time.perf_counter() - began)
                    assert not result.is_error, result
        for name, used in server_cpu().items():
            times[name, "cpu"] = [(used - before[name]) / calls]
    return times


def bench_mcp(calls: int) -> list[tuple[str, str, list[float], float]]:
    rows = []
    stdio = {
        name: StdioServerParameters(command=argv[0], args=argv[1:], env=server_env(), cwd=ROOT)
        for name, argv in commands(None).items()
    }
    with open(os.devnull, "w") as devnull:
        targets = {name: stdio_client(params, errlog=devnull) for name, params in stdio.items()}
        rows += mcp_rows("stdio", anyio.run(latencies, targets, calls))
    with http_servers(free_port()) as urls:
        rows += mcp_rows("streamable HTTP", anyio.run(latencies, urls, calls))
    return rows


def mcp_rows(transport: str, times: dict[Any, list[float]]) -> list[tuple[str, str, list[float], float]]:
    return [
        (transport, name, seconds, times[name, "cpu"][0])
        for name, seconds in times.items()
        if name[1:2] != ("cpu",)
    ]


def mcp_table(rows: list[tuple[str, str, list[float], float]]) -> list[str]:
    lines = [
        "| transport | server | calls | median µs | p90 µs | mean µs | server CPU µs/call |",
        "|---|---|---:|---:|---:|---:|---:|",
    ]
    for transport, name, seconds, cpu in rows:
        us = sorted(s * 1e6 for s in seconds)
        lines.append(
            f"| {transport} | {name} | {len(us):,} | {statistics.median(us):,.0f} "
            f"| {us[int(len(us) * 0.9)]:,.0f} | {statistics.fmean(us):,.0f} | {cpu * 1e6:,.0f} |"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true", help="add the 10,000-interaction case")
    parser.add_argument("--reps", type=int, default=2, help="interleaved repetitions (best kept)")
    parser.add_argument("--lookups", type=int, default=1000, help="replay lookups per size, at most")
    parser.add_argument("--calls", type=int, default=200, help="timed MCP calls per server and transport")
    parser.add_argument("--skip-mcp", action="store_true", help="only the cassette comparison")
    parser.add_argument("--skip-cassettes", action="store_true", help="only the MCP comparison")
    parser.add_argument(
        "--tools", default="vcrpy,synthworld", help="cassette sides to run (vcrpy's 10,000 takes long)"
    )
    args = parser.parse_args()
    sizes = [100, 1000, 10000] if args.full else [100, 1000]
    started = time.perf_counter()
    lines = [f"Python {sys.version.split()[0]}, vcrpy {vcr.__version__}, requests {requests.__version__}", ""]
    if not args.skip_cassettes:
        lines += [*cassette_table(bench_cassettes(sizes, args.reps, args.lookups, args.tools.split(","))), ""]
    if not args.skip_mcp:
        lines += [*mcp_table(bench_mcp(args.calls)), ""]
    lines += [f"(whole run: {time.perf_counter() - started:.0f} s)"]
    print("\n".join(lines))


if __name__ == "__main__":
    main()
