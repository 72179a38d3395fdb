"""A twin claims the capabilities its server claimed: `mcp-server-time` (a dev dependency) claims
prompts and resources beside tools, and lists none; its twin, served with ``synthworld serve --mcp``
over stdio and met by the real ``mcp`` ``ClientSession``, claims the same and answers
``prompts/list``, ``resources/list`` and ``resources/templates/list`` with the same empty lists,
where before it claimed tools alone and answered "Method not found". A world of its own claims
tools alone."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import anyio
from mcp import Client, ClientSession
from mcp.client.stdio import stdio_client
from mcp.shared.exceptions import MCPError
from mcp.types import INVALID_PARAMS

from synthworld import SyntheticWorld
from synthworld.serve.mcp import build_server
from tests.test_mcp_twin_roundtrip import LIMIT, params

TIME = [sys.executable, "-m", "mcp_server_time", "--local-timezone", "Etc/UTC"]
TWIN = [sys.executable, "-m", "synthworld", "serve", "--mcp", " ".join(TIME)]
CLAIMED = {"prompts", "resources", "tools"}


def dumped(model: Any) -> Any:
    return model.model_dump(mode="json", by_alias=True, exclude_none=True, exclude={"meta"})


async def met(session: Any) -> dict[str, Any]:
    """What `session` is told: the capabilities (without extensions), and the three listings."""
    capabilities = session.server_capabilities
    assert capabilities is not None
    return {
        "capabilities": dumped(capabilities.model_copy(update={"extensions": None})),
        "prompts": dumped(await session.list_prompts()),
        "resources": dumped(await session.list_resources()),
        "templates": dumped(await session.list_resource_templates()),
    }


async def unknown(session: ClientSession) -> list[tuple[int, str]]:
    """The errors ``resources/read`` and ``prompts/get`` of names never listed end with."""
    errors = []
    for ask in (lambda: session.read_resource("file:///nowhere"), lambda: session.get_prompt("nothing")):
        try:
            await ask()
        except MCPError as exc:
            errors.append((exc.code, exc.message))
    return errors


def over_stdio(argv: list[str], errlog: Path) -> tuple[dict[str, Any], list[tuple[int, str]]]:
    """What a ``ClientSession`` meets on `argv`, and its `unknown` errors."""

    async def main() -> tuple[dict[str, Any], list[tuple[int, str]]]:
        with anyio.fail_after(LIMIT), errlog.open("w") as log:
            async with (
                stdio_client(params(argv), errlog=log) as (read, write),
                ClientSession(read, write) as session,
            ):
                await session.initialize()
                return await met(session), await unknown(session)

    return anyio.run(main)


def test_the_served_twin_claims_and_lists_what_the_server_does(tmp_path: Path) -> None:
    real, real_errors = over_stdio(TIME, tmp_path / "real.txt")
    twin, twin_errors = over_stdio(TWIN, tmp_path / "twin.txt")
    assert set(real["capabilities"]) == CLAIMED
    assert twin == real
    assert (real["prompts"]["prompts"], real["resources"]["resources"]) == ([], [])
    assert real["templates"]["resourceTemplates"] == []
    # a resource never listed is unknown, in the real server's words (its unknown prompt is an
    # internal error, an MCPServer bug; the twin says invalid params there too, as MCP specifies)
    assert real_errors[0] == (INVALID_PARAMS, "Unknown resource: file:///nowhere")
    assert twin_errors == [
        (INVALID_PARAMS, "Unknown resource: file:///nowhere"),
        (INVALID_PARAMS, "Unknown prompt: nothing"),
    ]


def test_a_world_of_its_own_claims_tools_alone() -> None:
    world = SyntheticWorld()

    @world.tool
    def price(item: str) -> float:
        """The price of `item`."""

    async def main() -> tuple[set[str], str]:
        async with Client(build_server(world), read_timeout_seconds=LIMIT) as client:
            claimed = dumped(client.server_capabilities.model_copy(update={"extensions": None}))
            try:
                await client.list_prompts()
            except MCPError as exc:
                return set(claimed), exc.message
            raise AssertionError("prompts/list answered on a world that claims no prompts")

    claimed, refusal = anyio.run(main)
    assert claimed == {"tools"}
    assert refusal == "Method not found"
