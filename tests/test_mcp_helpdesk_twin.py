"""Outside in: a realistic MCP server (tests/mcp_servers/helpdesk.py: pydantic models, an enum,
optional arguments, lists, text, an image, a resource, a tool with a title, icons and ``_meta``)
and its twins from ``synthworld serve --mcp``, random and recording, driven by one real `mcp`
client over stdio and streamable HTTP: the twins list every tool as the server does, a recording
twin answers every call as the server did, and a random one answers each in the server's shape,
text for a text tool."""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import jsonschema
import pytest
from mcp import Client
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client

from synthworld import SyntheticWorld
from tests._mcp_support import SERVERS
from tests._net import free_port
from tests.test_mcp_e2e import ROOT, server_env, wait_for_port
from tests.test_mcp_twin_roundtrip import LIMIT, params

HELPDESK = [sys.executable, str(SERVERS / "helpdesk.py")]
CALLS = {
    "open_ticket": {"subject": "VPN down", "priority": "urgent", "tags": ["network"]},
    "search_tickets": {"query": "printer"},
    "count_open": {},
    "summarize_ticket": {"ticket_id": "T-1"},
    "draft_reply": {"ticket_id": "T-1"},
    "ticket_chart": {"ticket_id": "T-1"},
    "export_ticket": {"ticket_id": "T-1"},
}


def dump(model: Any) -> dict[str, Any]:
    data: dict[str, Any] = model.model_dump(mode="json", by_alias=True, exclude_none=True)
    return data


def drive(argv: list[str], errlog: Path) -> dict[str, Any]:
    """Every listed tool and the result of each call in `CALLS`, as JSON data."""

    async def main() -> dict[str, Any]:
        with anyio.fail_after(LIMIT), errlog.open("w") as log:
            async with Client(stdio_client(params(argv), errlog=log), read_timeout_seconds=LIMIT) as client:
                tools = {tool.name: dump(tool) for tool in (await client.list_tools()).tools}
                calls = {name: dump(await client.call_tool(name, args)) for name, args in CALLS.items()}
                for call in calls.values():  # the serverInfo stamp (test_mcp_twin_identity checks it)
                    call.pop("_meta", None)
                return {"tools": tools, "calls": calls}

    return anyio.run(main)


@pytest.fixture(scope="module")
def sessions(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    where = tmp_path_factory.mktemp("helpdesk")
    serve = [sys.executable, "-m", "synthworld", "serve", "--mcp", " ".join(HELPDESK)]
    return {
        "real": drive(HELPDESK, where / "real.txt"),
        "random": drive(serve, where / "random.txt"),
        "recording": drive([*serve, "--record", str(where / "calls.yaml")], where / "recording.txt"),
    }


@pytest.mark.parametrize("twin", ["random", "recording"])
def test_the_twin_lists_every_tool_as_the_server_does(sessions: dict[str, Any], twin: str) -> None:
    """Before, the title moved into the annotations, and the icons and _meta were dropped."""
    real = sessions["real"]["tools"]
    assert list(real) == list(CALLS)
    assert sessions[twin]["tools"] == real
    assert real["open_ticket"]["title"] == "Open a ticket"
    assert real["open_ticket"]["_meta"] == {"example.com/team": "support"}


def test_a_recording_twin_answers_as_the_server_did(sessions: dict[str, Any]) -> None:
    """Before, a text block held MCPServer's {"result": ...} wrapper (``{"result": 1}`` for
    ``1``), a model's JSON unindented and a text tool's answer quoted as a JSON string."""
    real, twin = sessions["real"]["calls"], sessions["recording"]["calls"]
    for name in CALLS:
        assert twin[name] == real[name], name
    assert twin["count_open"]["content"] == [{"type": "text", "text": "1"}]


def test_a_random_twin_answers_in_the_server_shape(sessions: dict[str, Any]) -> None:
    tools, calls = sessions["real"]["tools"], sessions["random"]["calls"]
    for name in ("open_ticket", "search_tickets", "count_open", "summarize_ticket"):
        jsonschema.validate(calls[name]["structuredContent"], tools[name]["outputSchema"])
    assert calls["count_open"]["content"] == [
        {"type": "text", "text": str(calls["count_open"]["structuredContent"]["result"])}
    ]
    assert calls["summarize_ticket"]["content"] == [
        {"type": "text", "text": calls["summarize_ticket"]["structuredContent"]["result"]}
    ]


def test_a_random_twin_answers_a_text_tool_with_readable_text(sessions: dict[str, Any]) -> None:
    """Before, a tool listed without an output schema answered random JSON (``true``, ``19``)."""
    [block] = sessions["random"]["calls"]["draft_reply"]["content"]
    assert block["type"] == "text"
    assert block["text"].startswith("Draft reply for ticket_id T-1. About ")
    with pytest.raises(json.JSONDecodeError):
        json.loads(block["text"])
    local = SyntheticWorld.from_mcp(HELPDESK, seed=0, timeout=LIMIT)
    assert local.call("draft_reply", CALLS["draft_reply"]) == block["text"]  # the same seed, the same text


def drive_http(url: str) -> dict[str, Any]:
    """`drive` over streamable HTTP."""

    async def main() -> dict[str, Any]:
        with anyio.fail_after(LIMIT):
            async with Client(streamable_http_client(url), read_timeout_seconds=LIMIT) as client:
                tools = {tool.name: dump(tool) for tool in (await client.list_tools()).tools}
                calls = {name: dump(await client.call_tool(name, args)) for name, args in CALLS.items()}
                for call in calls.values():
                    call.pop("_meta", None)
                return {"tools": tools, "calls": calls}

    return anyio.run(main)


@contextlib.contextmanager
def listening(argv: list[str], port: int, errlog: Path) -> Iterator[str]:
    """`argv` run until the block ends, once it listens on `port`; its ``/mcp`` URL."""
    with errlog.open("wb") as log, subprocess.Popen(argv, cwd=ROOT, env=server_env(), stderr=log) as process:
        try:
            wait_for_port(process, port)
            yield f"http://127.0.0.1:{port}/mcp"
        finally:
            process.terminate()
            process.wait(LIMIT)


def test_over_streamable_http_a_recording_twin_is_the_server(tmp_path: Path) -> None:
    """The server and its twin both over streamable HTTP: the same listing, the same answers."""
    real_port, twin_port = free_port(), free_port()
    with listening([*HELPDESK, "--port", str(real_port)], real_port, tmp_path / "real.txt") as real_url:
        serve = [sys.executable, "-m", "synthworld", "serve", "--mcp", real_url, "--record"]
        serve += [str(tmp_path / "calls.yaml"), "--transport", "streamable-http", "--port", str(twin_port)]
        with listening(serve, twin_port, tmp_path / "twin.txt") as twin_url:
            real, twin = drive_http(real_url), drive_http(twin_url)
    assert list(real["tools"]) == list(CALLS)
    assert twin == real
