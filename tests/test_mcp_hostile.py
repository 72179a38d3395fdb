"""Hostile arguments over MCP, from the official ``mcp`` client to `synthworld serve` (issue 16).

The transports parse messages with pydantic, which refuses integers of more than 4300 digits,
lone surrogate escapes and nesting past ~200 levels. Before, over stdio such a call got no answer
at all (the client waited forever) and over HTTP the client's session closed; now each is an
``isError`` result the model can read, and the session goes on.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters, stdio_client

from synthworld.serve.unreadable import UNREADABLE, members, parse_error, readable_request
from tests.test_mcp_e2e import ROOT, SERVE, free_port, server_env, wait_for_port

ECHO = "tests/mcp_worlds/echo.py"


def deep(levels: int) -> Any:
    value: Any = 1
    for _ in range(levels):
        value = {"a": value}
    return value


async def hostile_then_plain(client: Client, data: Any) -> tuple[Any, Any]:
    with anyio.fail_after(30):  # before, a stdio call like this never got an answer
        hostile = await client.call_tool("echo", {"data": data})
        plain = await client.call_tool("echo", {"data": {"y": 1}})
    return hostile, plain


def check(hostile: Any, plain: Any, reason: str) -> None:
    assert hostile.is_error is True
    error = json.loads(hostile.content[0].text)["error"]
    assert error["code"] == "invalid_input"
    assert error["message"].startswith("synthworld could not read the arguments (")
    assert reason in error["message"]
    assert "integers have at most 4300 digits" in error["message"]
    assert plain.is_error is False


@pytest.mark.parametrize(
    ("data", "reason"),
    [({"x": 10**5000}, "number out of range"), (deep(250), "recursion limit exceeded")],
    ids=["huge-int", "deep"],
)
def test_over_stdio(data: Any, reason: str) -> None:
    params = StdioServerParameters(
        command=sys.executable, args=[*SERVE[1:], ECHO], env=server_env(), cwd=ROOT
    )

    async def main() -> tuple[Any, Any]:
        async with Client(stdio_client(params)) as client:
            return await hostile_then_plain(client, data)

    check(*anyio.run(main), reason)


def test_over_streamable_http(tmp_path: Path) -> None:
    port = free_port()
    command = [*SERVE, ECHO, "--transport", "streamable-http", "--port", str(port)]
    with (tmp_path / "log.txt").open("w") as log:
        server = subprocess.Popen(command, cwd=ROOT, env=server_env(), stdout=log, stderr=log)
        try:
            wait_for_port(server, port)

            async def main() -> tuple[Any, Any]:
                async with Client(f"http://127.0.0.1:{port}/mcp") as client:
                    return await hostile_then_plain(client, deep(250))

            hostile, plain = anyio.run(main)
        finally:
            server.kill()
            server.wait(timeout=30)
    check(hostile, plain, "recursion limit exceeded")
    assert "Traceback" not in (tmp_path / "log.txt").read_text()


LINE = (
    '{"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": "echo", '
    '"_meta": {"progressToken": 1, "k": [1, {"b": "]}"}]}, "arguments": {"data": {"x": 1%s}}}}' % ("0" * 5000)
)


def test_members_are_found_without_parsing() -> None:
    head = members(LINE)
    assert list(head) == ["jsonrpc", "id", "method", "params"]
    assert head["id"] == "7"
    assert members(head["params"])["_meta"] == '{"progressToken": 1, "k": [1, {"b": "]}"}]}'


def test_a_readable_request_keeps_all_but_the_arguments() -> None:
    request = readable_request(LINE, "number out of range")
    assert request is not None
    assert request["id"] == 7
    assert request["params"]["_meta"] == {"progressToken": 1, "k": [1, {"b": "]}"}]}
    assert list(request["params"]["arguments"]) == [UNREADABLE]


@pytest.mark.parametrize(
    "line",
    [
        '{"jsonrpc": "2.0", "method": "tools/call", "params": {"name": "echo", "arguments": 1}}',
        '{"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {"x": 1}}',
        '{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"arguments": {}}}',
        "[1, 2",
    ],
    ids=["notification", "other-method", "no-name", "not-an-object"],
)
def test_only_tool_calls_with_an_id_and_a_name_are_rewritten(line: str) -> None:
    assert readable_request(line, "why") is None


def test_a_line_that_is_no_json_gets_a_parse_error_with_a_null_id() -> None:
    """JSON-RPC 2.0 answers a line it cannot parse with ``-32700`` and ``id: null``, as the ``mcp``
    HTTP transport does; before, the stdio server dropped such a line without a word."""
    ping = {"jsonrpc": "2.0", "id": 5, "method": "ping"}
    replies = replies_until(["hello", "{not json", json.dumps(ping)], answer_id=5)
    assert [reply["id"] for reply in replies] == [None, None, 5]
    for reply in replies[:2]:
        assert reply["error"]["code"] == -32700
        assert reply["error"]["message"].startswith("synthworld could not read this request (Invalid JSON: ")
    pong = replies[2]
    assert pong["result"] == {}  # the session goes on


def test_other_requests_get_a_parse_error_with_their_id() -> None:
    error = parse_error('{"jsonrpc": "2.0", "id": "r1", "method": "x", "params": {"v": "\\ud800"}}', "bad")
    assert error is not None
    assert (error["id"], error["error"]["code"]) == ("r1", -32700)
    assert parse_error('{"jsonrpc": "2.0", "method": "x"}', "bad") is None


@pytest.mark.parametrize(
    ("arguments", "got"), [([1, 2], "an array [1, 2]"), ("x", "a string 'x'"), (5, "a number 5")]
)
def test_arguments_that_are_no_object_get_an_error_result_saying_so(arguments: Any, got: str) -> None:
    """Before, the ``mcp`` package answered ``-32602 Invalid request parameters`` and nothing more."""
    call = {"name": "echo", "arguments": arguments}
    start = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}
    lines = [
        {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": start},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": call},
    ]
    answer = exchange([json.dumps(line) for line in lines], answer_id=1)
    assert answer["result"]["isError"] is True
    error = json.loads(answer["result"]["content"][0]["text"])["error"]
    assert error == {
        "code": "invalid_input",
        "message": f"the arguments must be one JSON object of named parameters, got {got}; "
        'send them as {"parameter": value, ...}',
    }


def exchange(lines: list[str], *, answer_id: int) -> dict[str, Any]:
    """Send `lines` to a stdio server of `ECHO` and return its reply with `answer_id` (stdin stays
    open until then: a server that sees the end of its input may stop before answering)."""
    return replies_until(lines, answer_id=answer_id)[-1]


def replies_until(lines: list[str], *, answer_id: int) -> list[dict[str, Any]]:
    """Every reply of a stdio server of `ECHO` to `lines`, up to the one with `answer_id`."""
    replies: list[dict[str, Any]] = []
    with subprocess.Popen(
        [*SERVE, ECHO], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=server_env(), cwd=ROOT
    ) as server:
        killer = threading.Timer(60, server.kill)  # bounds every read: a killed server reads as EOF
        killer.start()
        try:
            assert server.stdin is not None
            assert server.stdout is not None
            server.stdin.write("".join(line + "\n" for line in lines))
            server.stdin.flush()
            for text in server.stdout:
                replies.append(json.loads(text))
                if replies[-1].get("id") == answer_id:
                    return replies
            raise AssertionError("the server ended without answering")
        finally:
            killer.cancel()
            server.kill()


SHAPE = '{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": ..., "arguments": {...}}}'


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (
            {"jsonrpc": "2.0", "id": 1},
            f"synthworld could not read this request (method: Field required); send {SHAPE}",
        ),
        (
            {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": [1, 2]},
            f"synthworld could not read this request (params: Input should be an object); send {SHAPE}",
        ),
        (
            [{"jsonrpc": "2.0", "id": 1, "method": "tools/list"}],
            "synthworld could not read this request (a batch (a JSON array of requests) is not part of "
            "MCP; send each request on its own line)",
        ),
    ],
    ids=["no-method", "params-array", "batch"],
)
def test_json_that_is_no_request_gets_an_invalid_request_error_with_its_id(line: Any, message: str) -> None:
    """Before, the ``mcp`` stdio transport dropped such a line: the client waited forever."""
    start = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}
    lines = [
        {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": start},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        line,
    ]
    answer = exchange([json.dumps(each) for each in lines], answer_id=1)
    assert answer == {"jsonrpc": "2.0", "id": 1, "error": {"code": -32600, "message": message}}
