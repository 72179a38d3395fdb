"""End to end: `synthworld serve` as a subprocess, driven by the real `mcp` client.

Each test starts two servers with the same seed at once (to keep the file fast) and checks that
both give identical answers, equal to the same world called in-process. Every wait is bounded
and every server process is killed in a ``finally``.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any, TextIO

import anyio
import jsonschema
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.types import CallToolResult

from synthworld import Trace
from synthworld.serve.commands.serve import load_world
from tests._net import free_port

ROOT = Path(__file__).resolve().parents[1]
SHOP = "tests/mcp_worlds/shop.py"
MARKED = "tests/mcp_worlds/marked.py"
SERVE = [sys.executable, "-m", "synthworld", "serve"]
LIMIT = 90.0  # seconds for a whole test; servers start in a few seconds
ORDER = {"customer_id": "c1", "skus": ["sku-1", "sku-2"]}


def server_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    return env


def record(result: CallToolResult) -> dict[str, Any]:
    [content] = result.content
    assert content.type == "text"
    return {"is_error": result.is_error, "structured": result.structured_content, "text": content.text}


async def exercise_shop(client: Client) -> dict[str, Any]:
    """List the tools, call each, and hit the scripted fault; return every answer."""
    listed = await client.list_tools()
    answers: dict[str, Any] = {"tools": {tool.name: tool.output_schema for tool in listed.tools}}
    answers["customer"] = record(await client.call_tool("get_customer", {"customer_id": "c1"}))
    answers["search"] = record(await client.call_tool("search_products", {"query": "dune", "limit": 3}))
    answers["fault"] = record(await client.call_tool("place_order", ORDER))
    answers["order"] = record(await client.call_tool("place_order", ORDER))
    return answers


def check_shop_answers(answers: dict[str, Any]) -> None:
    """Schema-valid structured content, the fault as isError, and the same values as in-process."""
    schemas = answers["tools"]
    assert list(schemas) == ["get_customer", "search_products", "place_order"]
    for key, tool in [("customer", "get_customer"), ("search", "search_products"), ("order", "place_order")]:
        assert answers[key]["is_error"] is False
        jsonschema.validate(
            answers[key]["structured"], schemas[tool], format_checker=jsonschema.FormatChecker()
        )
    assert answers["fault"]["is_error"] is True
    assert json.loads(answers["fault"]["text"]) == {"error": {"code": "rate_limit", "message": "rate limit"}}
    local = load_world(f"{SHOP}:build", seed=0)
    assert answers["customer"]["structured"] == local.call("get_customer", {"customer_id": "c1"})
    assert answers["search"]["structured"] == {
        "result": local.call("search_products", {"query": "dune", "limit": 3})
    }


def stdio_params(target: str, *options: str) -> StdioServerParameters:
    return StdioServerParameters(
        command=SERVE[0], args=[*SERVE[1:], target, *options], env=server_env(), cwd=ROOT
    )


async def over_stdio(params: StdioServerParameters, errlog: TextIO) -> dict[str, Any]:
    async with Client(stdio_client(params, errlog=errlog), read_timeout_seconds=LIMIT) as client:
        return await exercise_shop(client)


def test_stdio_serves_the_same_world_twice(tmp_path: Path) -> None:
    traces = [tmp_path / "first.json", tmp_path / "second.json"]
    results: list[dict[str, Any]] = [{}, {}]

    async def main() -> None:
        with anyio.fail_after(LIMIT), (tmp_path / "stderr.txt").open("w") as errlog:
            async with anyio.create_task_group() as group:
                for index, trace in enumerate(traces):
                    params = stdio_params(SHOP, "--trace", str(trace))
                    group.start_soon(run_into, results, index, over_stdio(params, errlog))

    anyio.run(main)
    first, second = results
    check_shop_answers(first)
    assert first == second
    saved = [Trace.load(path) for path in traces]  # written when the client closed the server's stdin
    assert saved[0].tools == ["get_customer", "search_products", "place_order", "place_order"]
    assert [call.ok for call in saved[0]] == [True, True, False, True]
    assert saved[0] == saved[1]


async def run_into(results: list[dict[str, Any]], index: int, job: Any) -> None:
    results[index] = await job


def test_stdio_serves_marked_stubs_with_the_given_seed(tmp_path: Path) -> None:
    params = stdio_params(MARKED, "--seed", "3")

    async def session(client: Client) -> CallToolResult:
        return await client.call_tool("forecast_days", {"city": "Oslo", "days": 2})

    async def main() -> CallToolResult:
        with anyio.fail_after(LIMIT), (tmp_path / "stderr.txt").open("w") as errlog:
            async with Client(stdio_client(params, errlog=errlog), read_timeout_seconds=LIMIT) as client:
                return await session(client)

    result = anyio.run(main)
    local = load_world(MARKED, seed=3)
    assert result.structured_content == {"result": local.call("forecast_days", {"city": "Oslo", "days": 2})}


# -- streamable HTTP ----------------------------------------------------------------------------


@contextmanager
def http_servers(traces: list[Path], errlog: IO[str]) -> Iterator[list[tuple[subprocess.Popen[bytes], str]]]:
    """`synthworld serve --transport streamable-http` processes, each on a free 127.0.0.1 port."""
    started = []
    try:
        for trace in traces:
            port = free_port()
            command = [
                *SERVE,
                SHOP,
                "--transport",
                "streamable-http",
                "--port",
                str(port),
                "--trace",
                str(trace),
            ]
            process = subprocess.Popen(command, cwd=ROOT, env=server_env(), stdout=errlog, stderr=errlog)
            started.append((process, port))
        for process, port in started:
            wait_for_port(process, port)
        yield [(process, f"http://127.0.0.1:{port}/mcp") for process, port in started]
    finally:
        for process, _ in started:
            if process.poll() is None:
                process.kill()
            process.wait(timeout=LIMIT)


def wait_for_port(process: subprocess.Popen[bytes], port: int) -> None:
    deadline = time.monotonic() + LIMIT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"the server exited with code {process.returncode} before listening")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    pytest.fail(f"the server did not listen on port {port} within {LIMIT} s")


async def over_http(url: str) -> dict[str, Any]:
    async with Client(url, read_timeout_seconds=LIMIT) as client:
        return await exercise_shop(client)


def test_streamable_http_on_localhost_and_trace_on_sigterm(tmp_path: Path) -> None:
    traces = [tmp_path / "first.json", tmp_path / "second.json"]
    results: list[dict[str, Any]] = [{}, {}]
    with (tmp_path / "stderr.txt").open("w") as errlog, http_servers(traces, errlog) as servers:

        async def main() -> None:
            with anyio.fail_after(LIMIT):
                async with anyio.create_task_group() as group:
                    for index, (_, url) in enumerate(servers):
                        group.start_soon(run_into, results, index, over_http(url))

        anyio.run(main)
        for process, _ in servers:
            process.send_signal(signal.SIGTERM)
        assert [process.wait(timeout=LIMIT) for process, _ in servers] == [0, 0]
    check_shop_answers(results[0])
    assert results[0] == results[1]
    saved = [Trace.load(path) for path in traces]
    assert saved[0].tools == ["get_customer", "search_products", "place_order", "place_order"]
    assert saved[0] == saved[1]
