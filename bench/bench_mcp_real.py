"""Real MCP servers from the registry, twinned, and `synthworld serve` under real clients.

Run from the repository root, in a venv of its own with the servers installed::

    python -m venv /tmp/mcpvenv && /tmp/mcpvenv/bin/pip install -e '.[mcp]' fastmcp \\
        mcp-server-time mcp-server-fetch mcp-server-git
    (and a FastMCP server of four tools, bench/fastmcp_server.py)
    /tmp/mcpvenv/bin/python bench/bench_mcp_real.py [--seeds 3] [--calls 30]
        [--sqlite '/tmp/mcpvenv1/bin/mcp-server-sqlite --db-path /tmp/bench.db']

(``mcp-server-sqlite`` 2025.4.25 is written for ``mcp`` 1.x and fails to start with ``mcp`` 2,
so it runs from a second venv with ``mcp<2``; leave ``--sqlite`` out to skip it.)

1. Twins. For each server, the real one and its twin (``synthworld serve --mcp SERVER``, both
   over stdio, one ``mcp.Client`` each) are listed and given the same calls: a few written by
   hand that the real server answers (a local HTTP page for fetch, a throwaway repository for
   git), then ``--seeds`` argument sets per tool drawn from its ``inputSchema``, then a call
   without arguments. Reported per server: tools listed and listed alike; the twin's answers
   valid (``structuredContent`` valid against the ``outputSchema``, or, for a tool without one,
   one text block and no structured content, as every one of these servers answers); and of
   the calls the real server answered without error, how many the twin answered in the same
   shape (the same keys and leaf types of the structured content, the same number and kinds of
   content blocks, JSON text where the server's is JSON, its indentation); the calls both refuse
   for bad arguments, and whether their error text starts as the server's.
2. Latency: ``--calls`` calls of the first hand-written call, real server vs twin, alternating in
   batches of 10; median and p90 per call, from one client each.
3. Clients. ``synthworld serve`` of ``scenarios/shop_refund.yaml`` under the ``mcp`` package's
   ``Client`` (``auto``: the 2026-07-28 probe; ``legacy``: the 2025-11-25 handshake; pinned to
   2026-07-28), its ``ClientSession`` and FastMCP's ``Client``, over stdio and streamable HTTP:
   protocol version, tools listed, a list answer read back as the list, bad arguments as
   ``isError`` naming the missing parameter, an unknown tool as a protocol error.
4. Time agreement (``--agreement SEEDS``: this part alone). The time server and its twin, one
   twin per world seed, asked ``get_current_time`` in 12 zones and ``convert_time`` between
   neighbouring ones: of the time results in the answers (one per ``get_current_time``, a source
   and a target per ``convert_time``), how many name the zone asked for, write their
   ``datetime`` in that zone's UTC offset for its instant, name the weekday of its date and
   say ``is_dst`` as the zone keeps it then (the real server's answers, checked alike, are the
   yardstick: all of them agree).
Prints a Markdown report (bench/RESULTS.md, "Stop 40: real MCP servers and clients", and
"Stop 40: time twin answers that agree").
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import functools
import http.server
import json
import os
import shlex
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import zoneinfo
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import anyio
import jsonschema
from mcp import Client, ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError

from synthworld.schema import generate

ROOT = Path(__file__).resolve().parents[1]
SERVE = [sys.executable, "-m", "synthworld", "serve"]
LIMIT = 120.0
PAGE = "<html><head><title>Hi</title></head><body><h1>Hello</h1><p>Some <b>text</b> here.</p></body></html>"


def dumped(model: Any) -> Any:
    return model.model_dump(mode="json", by_alias=True, exclude_none=True)


def shape(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: shape(item) for key, item in value.items()}
    if isinstance(value, list):
        return [shape(item) for item in value[:1]]
    return type(value).__name__


def text_kind(text: str) -> str:
    """``json-indented``, ``json`` or ``text``: how a text block is written."""
    try:
        json.loads(text)
    except ValueError:
        return "text"
    return "json-indented" if "\n  " in text else "json"


def answer_shape(result: dict[str, Any]) -> Any:
    blocks = result.get("content", [])
    kinds = [
        block["type"] + (":" + text_kind(block["text"]) if block["type"] == "text" else "")
        for block in blocks
    ]
    return {"structured": shape(result.get("structuredContent")), "blocks": kinds}


# -- the servers ------------------------------------------------------------------------------


@contextlib.contextmanager
def local_site() -> Iterator[str]:
    """A page on 127.0.0.1 for the fetch server to fetch."""
    folder = tempfile.mkdtemp()
    Path(folder, "index.html").write_text(PAGE)
    handler = functools.partial(QuietHandler, directory=folder)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


def git_repository() -> str:
    folder = tempfile.mkdtemp()
    git = ["git", "-C", folder, "-c", "user.email=bench@example.com", "-c", "user.name=bench"]
    subprocess.run(["git", "init", "-q", folder], check=True)
    Path(folder, "a.txt").write_text("hello\n")
    subprocess.run([*git, "add", "a.txt"], check=True)
    subprocess.run([*git, "commit", "-qm", "add a"], check=True)
    Path(folder, "a.txt").write_text("hello\nmore\n")
    return folder


def servers(site: str, sqlite: str | None) -> list[tuple[str, list[str], list[tuple[str, dict[str, Any]]]]]:
    """Each server: its name, its command, and calls it answers."""
    repo = git_repository()
    found = [
        (
            "mcp-server-time",
            [sys.executable, "-m", "mcp_server_time", "--local-timezone", "Etc/UTC"],
            [
                ("get_current_time", {"timezone": "Europe/Warsaw"}),
                (
                    "convert_time",
                    {"source_timezone": "UTC", "time": "16:30", "target_timezone": "Asia/Tokyo"},
                ),
            ],
        ),
        (
            "mcp-server-fetch",
            [sys.executable, "-m", "mcp_server_fetch", "--ignore-robots-txt", "--allow-private-ips"],
            [("fetch", {"url": f"{site}/index.html"}), ("fetch", {"url": f"{site}/index.html", "raw": True})],
        ),
        (
            "mcp-server-git",
            [sys.executable, "-m", "mcp_server_git", "--repository", repo],
            [
                ("git_status", {"repo_path": repo}),
                ("git_log", {"repo_path": repo, "max_count": 2}),
                ("git_diff_unstaged", {"repo_path": repo}),
                ("git_branch", {"repo_path": repo, "branch_type": "local"}),
                ("git_show", {"repo_path": repo, "revision": "HEAD"}),
            ],
        ),
    ]
    found.append(
        (
            "FastMCP 4 (bench/fastmcp_server.py)",
            [sys.executable, str(ROOT / "bench" / "fastmcp_server.py")],
            [("nums", {"n": 3}), ("greet", {"name": "Ada"}), ("point", {"a": 1})],
        )
    )
    if sqlite:
        found.append(
            (
                "mcp-server-sqlite",
                shlex.split(sqlite),
                [
                    (
                        "create_table",
                        {"query": "CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY, name TEXT)"},
                    ),
                    ("write_query", {"query": "INSERT INTO t (name) VALUES ('a')"}),
                    ("read_query", {"query": "SELECT * FROM t"}),
                    ("list_tables", {}),
                    ("describe_table", {"table_name": "t"}),
                ],
            )
        )
    return found


# -- twins --------------------------------------------------------------------------------------


async def listing_and_answers(argv: list[str], calls: Callable[[list[Any]], list[Any]]) -> dict[str, Any]:
    params = StdioServerParameters(command=argv[0], args=argv[1:], env=dict(os.environ), cwd=str(ROOT))
    with open(os.devnull, "w") as quiet:
        async with Client(stdio_client(params, errlog=quiet), read_timeout_seconds=LIMIT) as client:
            tools = [dumped(tool) for tool in (await client.list_tools()).tools]
            answers = []
            for name, arguments in calls(tools):
                try:
                    answers.append(dumped(await client.call_tool(name, arguments)))
                except MCPError as exc:
                    answers.append({"protocol_error": str(exc)})
            return {"tools": tools, "answers": answers, "calls": calls(tools)}


def twin_row(name: str, argv: list[str], written: list[Any], seeds: int) -> dict[str, Any]:
    def calls(tools: list[Any]) -> list[Any]:
        drawn = [
            (tool["name"], generate(tool["inputSchema"], seed)) for tool in tools for seed in range(seeds)
        ]
        return [*written, *drawn, (tools[0]["name"], {})]

    real = anyio.run(listing_and_answers, argv, calls)
    twin = anyio.run(listing_and_answers, [*SERVE, "--mcp", shlex.join(argv), "--seed", "1"], calls)
    outputs = {tool["name"]: tool.get("outputSchema") for tool in twin["tools"]}
    row = {
        "server": name,
        "tools": len(real["tools"]),
        "alike": sum(a == b for a, b in zip(real["tools"], twin["tools"], strict=False)),
    }
    row.update(calls=len(real["calls"]), valid=0, real_ok=0, same_shape=0, both_refuse=0, error_alike=0)
    for (tool, arguments), theirs, mine in zip(real["calls"], real["answers"], twin["answers"], strict=True):
        row["valid"] += valid(mine, outputs.get(tool)) or (arguments == {} and bool(mine.get("isError")))
        if not theirs.get("isError") and "protocol_error" not in theirs:
            row["real_ok"] += 1
            row["same_shape"] += answer_shape(theirs) == answer_shape(mine)
        if arguments == {} and theirs.get("isError") and mine.get("isError"):
            row["both_refuse"] += 1
            row["error_alike"] += mine["content"][0]["text"][:22] == theirs["content"][0]["text"][:22]
    return row


def valid(result: dict[str, Any], output: Any) -> bool:
    if result.get("isError") or "protocol_error" in result:
        return False
    if output is None:
        return "structuredContent" not in result and [b["type"] for b in result["content"]] == ["text"]
    try:
        jsonschema.validate(result["structuredContent"], output, format_checker=jsonschema.FormatChecker())
    except (KeyError, jsonschema.ValidationError):
        return False
    return True


# -- time agreement ---------------------------------------------------------------------------

TIME = [sys.executable, "-m", "mcp_server_time", "--local-timezone", "Etc/UTC"]
ZONES = [
    "Europe/Oslo", "Europe/Warsaw", "America/New_York", "America/Sao_Paulo", "Australia/Sydney",
    "Asia/Tokyo", "Asia/Kolkata", "Etc/UTC", "America/Los_Angeles", "Pacific/Auckland",
    "Africa/Cairo", "Asia/Kathmandu",
]  # fmt: skip
DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def time_calls() -> list[tuple[str, dict[str, Any]]]:
    calls: list[tuple[str, dict[str, Any]]] = [("get_current_time", {"timezone": zone}) for zone in ZONES]
    pairs = zip(ZONES, ZONES[1:] + ZONES[:1], strict=True)
    calls += [
        ("convert_time", {"source_timezone": a, "time": "16:30", "target_timezone": b}) for a, b in pairs
    ]
    return calls


def time_results(name: str, arguments: dict[str, Any], answer: dict[str, Any]) -> list[tuple[str, Any]]:
    """``(zone asked for, time result)`` of an answer."""
    content = answer.get("structuredContent") or {}
    if name == "get_current_time":
        return [(arguments["timezone"], content)]
    return [(arguments[f"{side}_timezone"], content.get(side, {})) for side in ("source", "target")]


def agreement(zone_name: str, result: dict[str, Any]) -> dict[str, bool]:
    """Which of a time result's fields agree with the zone asked for and with each other."""
    zone = zoneinfo.ZoneInfo(zone_name)
    try:
        at = datetime.datetime.fromisoformat(result["datetime"].replace("Z", "+00:00"))
    except (KeyError, ValueError):
        return {"zone": result.get("timezone") == zone_name, "offset": False, "weekday": False, "dst": False}
    local = at.astimezone(zone)
    return {
        "zone": result.get("timezone") == zone_name,
        "offset": at.utcoffset() == local.utcoffset(),
        "weekday": result.get("day_of_week") == DAYS[at.weekday()],
        "dst": result.get("is_dst") == bool(local.dst()),
    }


def agreement_row(who: str, argv: list[str]) -> dict[str, Any]:
    calls = time_calls()
    answered = anyio.run(listing_and_answers, argv, lambda tools: calls)
    checks = [
        agreement(zone, result)
        for (name, arguments), answer in zip(calls, answered["answers"], strict=True)
        for zone, result in time_results(name, arguments, answer)
    ]
    row: dict[str, Any] = {"answers": who, "time results": len(checks)}
    for key in ("zone", "offset", "weekday", "dst"):
        row[key] = sum(check[key] for check in checks)
    row["all four"] = sum(all(check.values()) for check in checks)
    return row


def agreement_rows(seeds: int) -> list[dict[str, Any]]:
    rows = [agreement_row("real server", TIME)]
    twin = [*SERVE, "--mcp", shlex.join(TIME), "--seed"]
    return rows + [agreement_row(f"twin, seed {seed}", [*twin, str(seed)]) for seed in range(1, seeds + 1)]


# -- latency ------------------------------------------------------------------------------------


async def call_times(argv: list[str], call: tuple[str, dict[str, Any]], count: int, out: list[float]) -> None:
    params = StdioServerParameters(command=argv[0], args=argv[1:], env=dict(os.environ), cwd=str(ROOT))
    with open(os.devnull, "w") as quiet:
        async with Client(stdio_client(params, errlog=quiet), read_timeout_seconds=LIMIT) as client:
            await client.call_tool(*call)  # warm
            for _ in range(count):
                start = time.perf_counter()
                await client.call_tool(*call)
                out.append(time.perf_counter() - start)


def latency_row(name: str, argv: list[str], call: tuple[str, dict[str, Any]], calls: int) -> dict[str, Any]:
    real: list[float] = []
    twin: list[float] = []
    for _ in range(max(1, calls // 10)):
        anyio.run(call_times, argv, call, 10, real)
        anyio.run(call_times, [*SERVE, "--mcp", shlex.join(argv), "--seed", "1"], call, 10, twin)
    return {"server": name, "call": call[0], "real": percentiles(real), "twin": percentiles(twin)}


def percentiles(times: list[float]) -> str:
    ordered = sorted(times)
    p90 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.9))]
    return f"{statistics.median(ordered) * 1000:.2f} / {p90 * 1000:.2f} ms"


# -- clients ------------------------------------------------------------------------------------

SEARCH = ("search_orders", {"customer_email": "ada@example.com"})
SHOP = [*SERVE, "scenarios/shop_refund.yaml"]


async def exercise(client: Any, version: str) -> dict[str, Any]:
    listed = await client.list_tools()
    tools = listed if isinstance(listed, list) else listed.tools
    answer = await client.call_tool(*SEARCH)
    seen = {"version": version, "tools": len(tools), "list": isinstance(getattr(answer, "data", None), list)}
    if not hasattr(answer, "data"):
        seen["list"] = answer.structured_content["result"] == json.loads(answer.content[0].text)
    try:
        bad = await client.call_tool(SEARCH[0], {})
        seen["bad"] = bad.is_error and "customer_email" in bad.content[0].text
    except Exception as exc:  # FastMCP raises its ToolError
        seen["bad"] = "customer_email" in str(exc)
    try:
        await client.call_tool("nope", {})
        seen["unknown"] = False
    except Exception as exc:
        seen["unknown"] = "Unknown tool" in str(exc)
    return seen


async def mcp_client(target: Any, mode: Any) -> dict[str, Any]:
    async with Client(target, mode=mode, read_timeout_seconds=LIMIT) as client:
        return await exercise(client, client.protocol_version)


async def session_client(transport: Any) -> dict[str, Any]:
    async with transport as streams, ClientSession(streams[0], streams[1]) as session:
        initialized = await session.initialize()
        return await exercise(session, initialized.protocol_version)


async def fastmcp_client(target: Any) -> dict[str, Any]:
    import fastmcp

    async with fastmcp.Client(target, timeout=LIMIT) as client:
        return await exercise(client, str(getattr(client, "protocol_version", "?")))


def client_rows() -> list[dict[str, Any]]:
    from fastmcp.client.transports import StdioTransport

    env = dict(os.environ)
    stdio = StdioServerParameters(command=SHOP[0], args=SHOP[1:], env=env, cwd=str(ROOT))
    rows = []
    for mode in ("auto", "legacy", "2026-07-28"):
        rows.append(run_client(f"mcp.Client({mode!r})", "stdio", mcp_client, stdio, mode))
    rows.append(run_client("mcp ClientSession", "stdio", session_client, stdio_client(stdio)))
    transport = StdioTransport(command=SHOP[0], args=SHOP[1:], env=env, cwd=str(ROOT))
    rows.append(run_client("fastmcp.Client", "stdio", fastmcp_client, transport))
    with http_shop() as url:
        for mode in ("auto", "legacy", "2026-07-28"):
            rows.append(run_client(f"mcp.Client({mode!r})", "streamable HTTP", mcp_client, url, mode))
        rows.append(
            run_client("mcp ClientSession", "streamable HTTP", session_client, streamable_http_client(url))
        )
        rows.append(run_client("fastmcp.Client", "streamable HTTP", fastmcp_client, url))
    return rows


def run_client(name: str, transport: str, job: Any, *args: Any) -> dict[str, Any]:
    try:
        seen = anyio.run(job, *args)
    except Exception as exc:
        seen = {"error": f"{type(exc).__name__}: {exc}"}
    return {"client": name, "transport": transport, **seen}


@contextlib.contextmanager
def http_shop() -> Iterator[str]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [*SHOP, "--transport", "streamable-http", "--port", str(port)]
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + LIMIT
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError):
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            time.sleep(0.1)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        process.terminate()
        process.wait(timeout=LIMIT)


# -- report -------------------------------------------------------------------------------------


def table(rows: list[dict[str, Any]]) -> str:
    keys = list(rows[0])
    lines = ["| " + " | ".join(keys) + " |", "|" + "---|" * len(keys)]
    lines += ["| " + " | ".join(str(row.get(key, "")) for key in keys) + " |" for row in rows]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3, help="argument sets drawn per tool (default 3)")
    parser.add_argument("--calls", type=int, default=30, help="calls timed per server and side (default 30)")
    parser.add_argument("--sqlite", default=None, help="the mcp-server-sqlite command (an mcp 1.x venv's)")
    parser.add_argument("--agreement", type=int, default=0, help="only the time agreement, over N twin seeds")
    options = parser.parse_args()
    if options.agreement:
        print("## Time agreement\n\n" + table(agreement_rows(options.agreement)))
        return
    with local_site() as site:
        found = servers(site, options.sqlite)
        print(
            "## Twins\n\n"
            + table([twin_row(name, argv, calls, options.seeds) for name, argv, calls in found])
        )
        latency = [latency_row(name, argv, calls[0], options.calls) for name, argv, calls in found]
        print("\n## Latency per call (median / p90), real vs twin over stdio\n\n" + table(latency))
    print("\n## Clients of synthworld serve\n\n" + table(client_rows()))


if __name__ == "__main__":
    main()
