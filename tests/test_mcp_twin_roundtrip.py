"""A live MCP server (tests/mcp_servers/zoo.py: pydantic models, enums, ``Annotated`` fields, a
dotted name, tools listed without an output schema) twinned by ``synthworld serve --mcp``: a real
`mcp` client lists the same tools with the same schemas from the twin as from the server, a tool
listed without an output schema is answered with text alone, as its server answers it, and a
recording twin answers an image or a resource with that block, as the server does."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import anyio
from mcp import Client
from mcp.client.stdio import StdioServerParameters, stdio_client

from synthworld import SyntheticWorld
from tests._mcp_support import ZOO

ROOT = Path(__file__).resolve().parents[1]
LIMIT = 90.0
FIELDS = ("name", "description", "input_schema", "output_schema")


def params(argv: list[str]) -> StdioServerParameters:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    return StdioServerParameters(command=argv[0], args=argv[1:], env=env, cwd=ROOT)


def listing_and_call(argv: list[str], errlog: Path) -> tuple[list[dict[str, Any]], Any]:
    """Every listed tool's name, description and schemas, and the result of calling `unstructured`."""

    async def main() -> tuple[list[dict[str, Any]], Any]:
        with anyio.fail_after(LIMIT), errlog.open("w") as log:
            async with Client(stdio_client(params(argv), errlog=log), read_timeout_seconds=LIMIT) as client:
                tools = (await client.list_tools()).tools
                listed = [{field: getattr(tool, field) for field in FIELDS} for tool in tools]
                return listed, await client.call_tool("unstructured", {"x": "q"})

    return anyio.run(main)


def test_the_twin_lists_what_the_server_lists(tmp_path: Path) -> None:
    real, real_result = listing_and_call(ZOO, tmp_path / "real.txt")
    serve = [ZOO[0], "-m", "synthworld", "serve", "--mcp", " ".join(ZOO), "--seed", "3"]
    twin, twin_result = listing_and_call(serve, tmp_path / "twin.txt")
    assert twin == real
    assert [tool["name"] for tool in real if tool["output_schema"] is None] == [
        "unstructured",
        "image",
        "resource",
    ]
    assert real_result.structured_content is twin_result.structured_content is None  # text alone
    [text] = twin_result.content
    local = SyntheticWorld.from_mcp(ZOO, seed=3, timeout=LIMIT)
    assert text.text == local.call("unstructured", {"x": "q"})  # readable text, as it is
    assert text.text.startswith("Unstructured for x q. ")


def contents(argv: list[str], errlog: Path, names: list[str]) -> list[list[dict[str, Any]]]:
    """The content blocks of a call to each of `names` (no arguments)."""

    async def main() -> list[list[dict[str, Any]]]:
        with anyio.fail_after(LIMIT), errlog.open("w") as log:
            async with Client(stdio_client(params(argv), errlog=log), read_timeout_seconds=LIMIT) as client:
                results = [await client.call_tool(name, {}) for name in names]
                return [[block.model_dump(by_alias=True) for block in result.content] for result in results]

    return anyio.run(main)


def test_a_recording_twin_answers_images_and_resources_as_blocks(tmp_path: Path) -> None:
    names = ["image", "resource"]
    real = contents(ZOO, tmp_path / "real.txt", names)
    assert [[block["type"] for block in blocks] for blocks in real] == [["image"], ["resource"]]
    cassette = str(tmp_path / "zoo.yaml")
    serve = [ZOO[0], "-m", "synthworld", "serve", "--mcp", " ".join(ZOO), "--record", cassette]
    assert contents(serve, tmp_path / "twin.txt", names) == real  # asked of the server, recorded
    assert contents(serve, tmp_path / "again.txt", names) == real  # replayed from the cassette
