"""A twin introduces itself as its server does: a real `mcp` client meets the same ``serverInfo``
(name, version, title) and ``instructions`` from tests/mcp_servers/helpdesk.py and from its twin
(``synthworld serve --mcp``), also in the ``_meta`` serverInfo stamp on a result, over stdio and
streamable HTTP, and from a twin built from tool specs saved with ``to_dict()``; only the
capabilities' ``dev.synthworld/twin`` extension tells them apart. Before, the twin called itself
"synthworld" and dropped the instructions."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client

from synthworld import SyntheticWorld, ToolSpec, mcp_tools
from synthworld.serve.cli import main
from synthworld.serve.mcp import TWIN_EXTENSION, build_server
from tests._net import free_port
from tests.test_mcp_helpdesk_twin import HELPDESK, listening
from tests.test_mcp_twin_roundtrip import LIMIT, params

SERVE = [sys.executable, "-m", "synthworld", "serve", "--mcp", " ".join(HELPDESK)]
REAL = {
    "serverInfo": {"name": "helpdesk", "title": "ACME Help Desk", "version": "3.1.4"},
    "instructions": "Search before opening a ticket; never open two tickets for one problem.",
}


def introduction(target: Any, call: tuple[str, dict[str, Any]] = ("count_open", {})) -> dict[str, Any]:
    """What a real client is told on connecting to `target`: ``serverInfo``, ``instructions``,
    the capabilities' extensions, and the ``_meta`` the result of `call` is stamped with."""

    async def main() -> dict[str, Any]:
        with anyio.fail_after(LIMIT):
            async with Client(target, read_timeout_seconds=LIMIT) as client:
                info = client.server_info
                assert info is not None
                extensions = client.server_capabilities.extensions or {}
                stamp = (await client.call_tool(*call)).meta
                return {
                    "serverInfo": info.model_dump(mode="json", by_alias=True, exclude_none=True),
                    "instructions": client.instructions,
                    "extensions": extensions,
                    "_meta": stamp,
                }

    return anyio.run(main)


def over_stdio(argv: list[str], errlog: Path) -> dict[str, Any]:
    with errlog.open("w") as log:
        return introduction(stdio_client(params(argv), errlog=log))


def without_twin_mark(met: dict[str, Any]) -> dict[str, Any]:
    twin = met["extensions"].get(TWIN_EXTENSION)
    assert twin is not None, met
    assert twin["name"] == "synthworld"
    assert met["_meta"] == {"io.modelcontextprotocol/serverInfo": met["serverInfo"]}
    return {key: met[key] for key in ("serverInfo", "instructions")}


def test_over_stdio_the_twin_introduces_itself_as_the_server(tmp_path: Path) -> None:
    real = over_stdio(HELPDESK, tmp_path / "real.txt")
    twin = over_stdio(SERVE, tmp_path / "twin.txt")
    assert {key: real[key] for key in REAL} == REAL
    assert TWIN_EXTENSION not in real["extensions"]
    assert real["_meta"] == {"io.modelcontextprotocol/serverInfo": REAL["serverInfo"]}
    assert without_twin_mark(twin) == {key: real[key] for key in REAL}


def test_over_streamable_http_the_twin_introduces_itself_as_the_server(tmp_path: Path) -> None:
    real_port, twin_port = free_port(), free_port()
    twin_argv = [*SERVE, "--transport", "streamable-http", "--port", str(twin_port)]
    with (
        listening([*HELPDESK, "--port", str(real_port)], real_port, tmp_path / "real.txt") as real_url,
        listening(twin_argv, twin_port, tmp_path / "twin.txt") as twin_url,
    ):
        real = introduction(streamable_http_client(real_url))
        twin = introduction(streamable_http_client(twin_url))
    assert {key: real[key] for key in REAL} == REAL
    assert without_twin_mark(twin) == REAL


def test_the_name_option_renames_the_twin_and_keeps_the_rest(tmp_path: Path) -> None:
    twin = over_stdio([*SERVE, "--name", "helpdesk-twin"], tmp_path / "twin.txt")
    assert without_twin_mark(twin) == {**REAL, "serverInfo": {**REAL["serverInfo"], "name": "helpdesk-twin"}}


def test_a_twin_from_saved_specs_introduces_itself_as_the_server(tmp_path: Path) -> None:
    saved = tmp_path / "tools.json"
    saved.write_text(json.dumps([spec.to_dict() for spec in mcp_tools(HELPDESK, timeout=LIMIT)]))
    world = SyntheticWorld()
    for data in json.loads(saved.read_text()):
        world.register_tool(ToolSpec.from_dict(data))
    assert without_twin_mark(introduction(build_server(world))) == REAL


def test_tools_shows_how_the_server_introduces_itself(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tools", "--mcp", " ".join(HELPDESK), "--timeout", str(LIMIT)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert f"server: helpdesk 3.1.4 (ACME Help Desk); instructions: {REAL['instructions']}" in out


def test_a_world_of_its_own_introduces_itself_as_synthworld() -> None:
    world = SyntheticWorld(context="A shop that sells tea.")

    @world.tool
    def price(item: str) -> float:
        """The price of `item`."""

    met = without_twin_mark(introduction(build_server(world), ("price", {"item": "tea"})))
    assert met["serverInfo"]["name"] == "synthworld"
    assert met["instructions"] == "A shop that sells tea."


def test_serve_help_says_mcp_alone_serves_the_twin_and_tools_help_does_not(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--mcp SERVER`` without ``--record`` serves the twin (the world answers): before, the
    help said only "a live MCP server", and the README only how to record the real one."""
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    said = " ".join(capsys.readouterr().out.split())
    assert "or an http(s):// URL; serves its twin (the world answers every call" in said
    assert "or with --record the server itself" in said
    with pytest.raises(SystemExit):
        main(["tools", "--help"])
    assert "twin (the world answers" not in " ".join(capsys.readouterr().out.split())
