"""The twin of a real MCP server behaves as one backend across a workflow: MCPServer (and FastMCP)
answer a list as ``{"result": [...]}``, and that wrapped list is the tool's collection, so a note
the twin created is listed by ``list_notes`` (first, and kept by a filter it matches) as a
``list_items`` answering a bare list would. Before, the wrapper hid the list: every list answer was
freshly drawn notes, never the one just made, and a ``tag`` filter matched nothing."""

from __future__ import annotations

import sys
from typing import Any

import anyio
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

from synthworld import SyntheticWorld
from tests._mcp_support import SERVERS
from tests.test_mcp_e2e import LIMIT, ROOT, SERVE, server_env

NOTES = f"{sys.executable} {SERVERS / 'notes.py'}"
MADE = {"title": "Groceries", "body": "milk, eggs", "tags": ["home"]}


def listed(answer: dict[str, Any]) -> list[str]:
    return [note["note_id"] for note in answer["result"]]


def test_a_twin_lists_the_note_it_created_under_the_servers_result_wrapper() -> None:
    for seed in range(5):
        with SyntheticWorld.from_mcp(NOTES, seed=seed, timeout=LIMIT) as world:
            made = world.call("create_note", MADE)
            home = world.call("list_notes", {"tag": "home"})
            every = world.call("list_notes", {})
            assert listed(home)[0] == made["note_id"], seed
            assert home["result"][0] == made, seed
            assert all("home" in note["tags"] for note in home["result"]), seed
            assert listed(every)[0] == made["note_id"], seed
            assert world.call("get_note", {"note_id": made["note_id"]}) == made


async def served_workflow() -> tuple[dict[str, Any], dict[str, Any]]:
    params = StdioServerParameters(
        command=SERVE[0], args=[*SERVE[1:], "--mcp", NOTES, "--seed", "3"], env=server_env(), cwd=ROOT
    )
    with anyio.fail_after(LIMIT):
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            made = await session.call_tool("create_note", MADE)
            notes = await session.call_tool("list_notes", {"tag": "home"})
    assert made.structured_content is not None
    assert notes.structured_content is not None
    return made.structured_content, notes.structured_content


def test_synthworld_serve_of_a_twin_lists_what_an_mcp_client_created() -> None:
    made, notes = anyio.run(served_workflow)
    assert listed(notes)[0] == made["note_id"]
