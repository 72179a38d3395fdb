"""The MCP server in-process (the real `mcp` client, no subprocess) and `synthworld serve` loading."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

import anyio
import jsonschema
import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError
from mcp.types import INTERNAL_ERROR, INVALID_PARAMS, CallToolResult

from synthworld import SyntheticWorld, ToolSpecError
from synthworld.serve.commands import serve as serve_command
from synthworld.serve.mcp import build_server, serve

WORLDS = Path(__file__).parent / "mcp_worlds"
SHOP = str(WORLDS / "shop.py")
SCENARIOS = Path(__file__).parents[1] / "scenarios"
T = TypeVar("T")


def shop(seed: int = 0) -> SyntheticWorld:
    world: SyntheticWorld = serve_command.load_world(f"{SHOP}:build", seed=seed)
    return world


def with_client(world: SyntheticWorld, session: Callable[[Client], Awaitable[T]]) -> T:
    async def main() -> T:
        with anyio.fail_after(30):
            async with Client(build_server(world)) as client:
                return await session(client)

    return anyio.run(main)


def call(world: SyntheticWorld, name: str, arguments: dict[str, Any]) -> CallToolResult:
    return with_client(world, lambda client: client.call_tool(name, arguments))


def text_of(result: CallToolResult) -> str:
    [content] = result.content
    assert content.type == "text"
    return content.text


class TestServer:
    def test_lists_the_worlds_tools(self) -> None:
        world = shop()
        listed = with_client(world, lambda client: client.list_tools())
        wire = [tool.model_dump(by_alias=True, exclude_none=True) for tool in listed.tools]
        assert wire == [tool.model_dump(by_alias=True, exclude_none=True) for tool in world.to_mcp()]
        assert wire[0]["annotations"] == {"readOnlyHint": True, "title": "Get customer"}

    def test_result_carries_structured_content_and_text(self) -> None:
        result = call(shop(), "get_customer", {"customer_id": "c9"})
        expected = shop().call("get_customer", {"customer_id": "c9"})
        assert result.is_error is False
        assert result.structured_content == expected
        assert json.loads(text_of(result)) == expected
        jsonschema.validate(result.structured_content, shop().to_mcp()[0].output_schema)

    def test_list_result_is_wrapped(self) -> None:
        result = call(shop(), "search_products", {"query": "dune", "limit": 2})
        expected = shop().call("search_products", {"query": "dune", "limit": 2})
        assert result.structured_content == {"result": expected}
        assert json.loads(text_of(result)) == expected

    def test_an_openapi_resource_is_its_object_whatever_the_size_of_its_schema(self) -> None:
        # a component over the inlining limit becomes {"$ref", "$defs"}: it was answered as
        # {"result": {...}}, while a small one was answered as the object itself
        big = {"type": "object", "properties": {f"field_{i}": {"type": "string"} for i in range(30)}}
        small = {"type": "object", "properties": {"id": {"type": "string"}}}
        ok = {
            "200": {
                "description": "ok",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Big"}}},
            }
        }
        paths = {
            "/big": {"get": {"operationId": "getBig", "responses": ok}},
            "/small": {
                "get": {
                    "operationId": "getSmall",
                    "responses": {"200": {**ok["200"], "content": {"application/json": {"schema": small}}}},
                }
            },
        }
        doc = {
            "openapi": "3.0.3",
            "info": {"title": "t", "version": "1"},
            "paths": paths,
            "components": {"schemas": {"Big": big}},
        }
        world = SyntheticWorld.from_openapi(doc, seed=2)
        assert world.tools["getBig"].returns["$ref"] == "#/$defs/Big"

        async def both(client: Client) -> list[CallToolResult]:  # the client checks each outputSchema
            return [await client.call_tool(name, {}) for name in ("getBig", "getSmall")]

        results = with_client(world, both)
        assert [result.structured_content for result in results] == [
            SyntheticWorld.from_openapi(doc, seed=2).call(name, {}) for name in ("getBig", "getSmall")
        ]
        assert all(
            isinstance(result.structured_content, dict) and "result" not in result.structured_content
            for result in results
        )

    def test_injected_fault_is_an_error_result(self) -> None:
        async def twice(client: Client) -> list[CallToolResult]:
            args = {"customer_id": "c1", "skus": ["a"]}
            return [await client.call_tool("place_order", args) for _ in range(2)]

        first, second = with_client(shop(), twice)
        assert first.is_error is True
        assert json.loads(text_of(first)) == {"error": {"code": "rate_limit", "message": "rate limit"}}
        assert first.structured_content is None
        assert second.is_error is False
        assert set(second.structured_content) == {"order_id", "status", "total"}

    def test_invalid_arguments_are_an_error_result(self) -> None:
        result = call(shop(), "search_products", {"query": 5, "category": "toys"})
        assert result.is_error is True
        problems = json.loads(text_of(result))["error"]["problems"]
        assert problems == [
            "$.category: 'toys' is not one of ['books', 'games']",
            "$.query: 5 is not of type 'string'",
        ]

    def test_unknown_tool_is_a_protocol_error(self) -> None:
        async def attempt(client: Client) -> MCPError | None:
            try:
                await client.call_tool("get_custmer", {})
            except MCPError as exc:  # caught here: leaving the client's task group would wrap it
                return exc
            return None

        error = with_client(shop(), attempt)
        assert error is not None
        assert error.code == INVALID_PARAMS
        assert "Unknown tool: 'get_custmer'" in error.message

    def test_broken_backend_is_an_internal_error_with_the_reason(self) -> None:
        world = SyntheticWorld(seed=0, backend=lambda ctx: "not an object")

        @world.tool
        def status() -> dict[str, int]:
            """Status."""

        async def attempt(client: Client) -> MCPError | None:
            try:
                await client.call_tool("status", {})
            except MCPError as exc:
                return exc
            return None

        error = with_client(world, attempt)
        assert error is not None
        assert error.code == INTERNAL_ERROR
        assert "synthworld backend error" in error.message
        assert "breaks its returns schema" in error.message

    def test_calls_are_recorded_in_the_worlds_trace(self) -> None:
        world = shop()
        call(world, "get_customer", {"customer_id": "c9"})
        world.trace.assert_called("get_customer", times=1, customer_id="c9")

    def test_unknown_transport_is_rejected(self) -> None:
        with pytest.raises(ValueError, match="transport='sse'; choose one of stdio, streamable-http"):
            serve(shop(), transport="sse")


class TestLoadWorld:
    def test_module_attribute_world(self) -> None:
        world = serve_command.load_world(SHOP)
        assert list(world.tools) == ["get_customer", "search_products", "place_order"]

    def test_factory_and_seed(self) -> None:
        assert serve_command.load_world(f"{SHOP}:build", seed=4).seed == 4
        assert serve_command.load_world(f"{SHOP}:world", seed=5).seed == 5

    def test_marked_stubs_get_a_fresh_world(self) -> None:
        world = serve_command.load_world(str(WORLDS / "marked.py"), seed=3)
        assert list(world.tools) == ["get_weather", "forecast_days"]
        assert world.seed == 3

    def test_a_module_in_the_working_directory(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        """`synthworld serve tracker` beside tracker.py, as `synthworld run` finds `tools: tracker`
        (the console script's sys.path does not hold the working directory)."""
        (tmp_path / "served_here_tracker.py").write_text((WORLDS / "marked.py").read_text())
        monkeypatch.chdir(tmp_path)
        monkeypatch.setattr("sys.path", [p for p in sys.path if p not in ("", ".", str(tmp_path))])
        before = list(sys.path)
        world = serve_command.load_world("served_here_tracker", seed=3)
        assert list(world.tools) == ["get_weather", "forecast_days"]
        assert sys.path == before
        monkeypatch.delitem(sys.modules, "served_here_tracker")

    def test_scenario_file(self) -> None:
        world = serve_command.load_world(str(SCENARIOS / "shop_refund_payment_error.yaml"))
        assert world.seed == 1  # the scenario's first seed
        assert serve_command.load_world(str(SCENARIOS / "shop_refund_payment_error.yaml"), seed=2).seed == 2
        result = call(world, "refund_order", {"order_id": "ORD-2201", "amount": 149.0, "reason": "leaks"})
        assert result.is_error is True
        error = json.loads(text_of(result))["error"]
        assert (error["code"], error["retry_after"]) == ("unavailable", 30)

    def test_attribute_of_the_wrong_kind(self) -> None:
        with pytest.raises(TypeError, match=r"shop.py:Customer is a dict; expected a SyntheticWorld"):
            serve_command.load_world(f"{SHOP}:Customer")

    def test_module_without_tools(self, tmp_path: Path) -> None:
        empty = tmp_path / "empty.py"
        empty.write_text("X = 1\n", encoding="utf-8")
        with pytest.raises(ToolSpecError, match=r"has no @synthworld\.tool-marked stubs"):
            serve_command.load_world(str(empty))

    def test_missing_file_fails_with_exit_code_2(self, capsys: pytest.CaptureFixture[str]) -> None:
        parser = argparse.ArgumentParser()
        serve_command.add_arguments(parser)
        code = serve_command.run(parser.parse_args(["no/such/world.py"]))
        assert code == 2
        assert (
            "synthworld serve: cannot load 'no/such/world.py': no such file: no/such/world.py"
            in capsys.readouterr().err
        )
