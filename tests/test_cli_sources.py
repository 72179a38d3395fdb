"""`synthworld tools` and `synthworld serve --openapi / --mcp [--record]`, the servers driven by the
real `mcp` client over stdio as tests/test_mcp_e2e.py does (every wait bounded)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
import yaml
from mcp import Client
from mcp.client.stdio import StdioServerParameters, stdio_client

from synthworld import FixtureBackend, SyntheticWorld
from synthworld.serve.cli import main
from tests._mcp_support import BROKEN, ZOO, server_specs
from tests._mcp_support import INVENTORY as INVENTORY_ARGV

ROOT = Path(__file__).resolve().parents[1]
PETSTORE = "tests/openapi/petstore-3.1.yaml"
BFCL_TRAVEL = "tests/data/bfcl/travel_booking.json"
INVENTORY = " ".join(INVENTORY_ARGV)
LIMIT = 90.0


def test_tools_lists_an_openapi_document(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tools", "--openapi", PETSTORE]) == 0
    out = capsys.readouterr().out
    assert "3 tools from" in out
    rows = [line for line in out.splitlines() if line.startswith("│")]
    cells = [[cell.strip() for cell in row.strip("│").split("│")] for row in rows]
    assert cells == [
        ["listPets", "limit?: integer", "list[object]"],
        ["createPets", "-", "null"],
        ["showPetById", "petId: string", "list[object]"],
    ]


def test_tools_labels_tuples_constants_enums_and_compositions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    point = {"type": "array", "prefixItems": [{"type": "number"}, {"type": "number"}], "items": False}
    card = {"type": "object", "properties": {"kind": {"const": "card"}}}
    paths = {
        "/point": {"get": {"operationId": "getPoint", "responses": _returning(point)}},
        "/cards": {
            "get": {
                "operationId": "listCards",
                "parameters": [{"name": "sort", "in": "query", "schema": {"enum": ["asc", "desc", None]}}],
                "responses": _returning({"allOf": [card, {"type": "object"}]}),
            }
        },
        "/row": {"get": {"operationId": "getRow", "responses": _returning({**point, "items": True})}},
        "/kind": {
            "get": {
                "operationId": "getKind",
                "responses": _returning({"oneOf": [{"const": "a"}, {"const": 2}]}),
            }
        },
    }
    spec = tmp_path / "api.yaml"
    spec.write_text(
        yaml.safe_dump(
            {"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": paths}, sort_keys=False
        )
    )
    assert main(["tools", "--openapi", str(spec)]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("│")]
    assert [[cell.strip() for cell in row.strip("│").split("│")] for row in rows] == [
        ["getPoint", "-", "[number, number]"],  # was list[nothing]: as if always empty
        ["listCards", "sort?: string | null", "object"],  # was any, and object & object
        ["getRow", "-", "[number, number, ...]"],
        ["getKind", "-", '"a" | 2'],  # was any | any
    ]


def _returning(schema: Any) -> dict[str, Any]:
    return {"200": {"description": "ok", "content": {"application/json": {"schema": schema}}}}


def test_tools_reports_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tools", "--openapi", "tests/openapi/prance-external-refs.yaml"]) == 2  # no tool left
    err = capsys.readouterr().err
    assert "3 of 3 operations left out" in err
    assert "'definitions.yaml#/Pets' points outside the document" in err
    assert main(["tools", "--openapi", "tests/openapi/missing.yaml"]) == 2
    assert "cannot read the OpenAPI document" in capsys.readouterr().err
    assert main(["tools"]) == 2
    assert "give one of --openapi SPEC, --mcp SERVER or --bfcl FILE" in capsys.readouterr().err
    assert main(["serve", "scenarios/shop_refund.yaml", "--record", "x.yaml"]) == 2
    assert "--record CASSETTE goes with --mcp, --openapi or --bfcl" in capsys.readouterr().err
    assert main(["serve", "scenarios/shop_refund.yaml", "--rest"]) == 2
    assert "--rest with --openapi" in capsys.readouterr().err


def test_a_document_with_no_operation_is_nothing_to_serve_and_says_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # serve used to start a server with no tool at all, and tools exited 2 without a word
    spec = tmp_path / "hooks.yaml"
    hooks = {"orderPaid": {"post": {"responses": {"200": {"description": "ok"}}}}}
    spec.write_text(
        yaml.safe_dump({"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "webhooks": hooks})
    )
    why = "no operation of the document can be a tool (tools come from the operations under 'paths'"
    assert main(["tools", "--openapi", str(spec)]) == 2
    assert f"synthworld tools: {why}" in capsys.readouterr().err
    assert main(["serve", "--openapi", str(spec)]) == 2
    assert f"synthworld serve: cannot load {str(spec)!r}: nothing to serve: {why}" in capsys.readouterr().err
    assert main(["serve", "--openapi", "tests/openapi/prance-external-refs.yaml"]) == 2  # every one left out
    err = capsys.readouterr().err
    assert "3 of 3 operations left out" in err
    assert "nothing to serve" in err


def test_tools_says_which_keywords_it_set_aside(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = yaml.safe_load((ROOT / PETSTORE).read_text())
    doc["components"]["schemas"]["Pet"]["properties"]["tag"]["type"] = "strin"
    spec = tmp_path / "petstore.yaml"
    spec.write_text(yaml.safe_dump(doc))
    assert main(["tools", "--openapi", str(spec)]) == 0
    err = capsys.readouterr().err
    assert err.startswith(
        f"synthworld tools: {spec}: 1 schema keyword is not valid JSON Schema, so synthworld set it "
        "aside and it limits nothing: /components/schemas/Pet/properties/tag/type ('strin'); fix: "
        "type must be one of 'string',"
    )
    assert err.count("not valid JSON Schema") == 1


def test_tools_lists_a_live_mcp_server(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tools", "--mcp", INVENTORY]) == 0
    out = capsys.readouterr().out
    assert "3 tools from" in out
    assert "get_item" in out
    assert "sku: string" in out
    assert "quantity: integer" in out


def test_tools_leaves_out_a_listed_tool_it_cannot_take_and_says_why(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["tools", "--mcp", " ".join([*ZOO, "--odd"])]) == 0
    out, err = capsys.readouterr()
    assert "7 tools from" in out
    assert "get-weather.v2" in out
    assert "synthworld tools: 1 of 8 tools left out (on_error='skip'):" in err
    assert "tool 'héllo wörld' cannot be a tool here: invalid ToolSpec" in err


def test_tools_waits_as_long_as_timeout_says_and_says_how_to_wait_longer(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["tools", "--mcp", " ".join([*BROKEN, "silent"]), "--timeout", "0.5"]) == 2
    err = capsys.readouterr().err
    assert "cannot connect: no answer within 0.5 s" in err
    assert "needs a longer timeout=; synthworld --timeout" in err
    with pytest.raises(SystemExit):
        main(["tools", "--mcp", INVENTORY, "--timeout", "0"])
    assert "'0' is no positive number of seconds" in capsys.readouterr().err


def serve_params(*options: str) -> StdioServerParameters:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    return StdioServerParameters(
        command=sys.executable, args=["-m", "synthworld", "serve", *options], env=env, cwd=ROOT
    )


def session(params: StdioServerParameters, errlog: Path, calls: list[tuple[str, dict[str, Any]]]) -> Any:
    async def main_() -> Any:
        with anyio.fail_after(LIMIT), errlog.open("w") as log:
            async with Client(stdio_client(params, errlog=log), read_timeout_seconds=LIMIT) as client:
                listed = await client.list_tools()
                answers = [(await client.call_tool(name, args)).structured_content for name, args in calls]
                return [tool.name for tool in listed.tools], answers

    return anyio.run(main_)


def test_serve_openapi_over_stdio(tmp_path: Path) -> None:
    calls = [("listPets", {"limit": 2}), ("showPetById", {"petId": "7"})]
    names, answers = session(serve_params("--openapi", PETSTORE, "--seed", "4"), tmp_path / "err.txt", calls)
    assert names == ["listPets", "createPets", "showPetById"]
    local = SyntheticWorld.from_openapi(ROOT / PETSTORE, seed=4)
    assert answers == [{"result": local.call(name, args)} for name, args in calls]  # arrays come wrapped


def test_tools_lists_a_bfcl_file_and_says_what_it_left_out(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tools", "--bfcl", BFCL_TRAVEL]) == 0
    out = capsys.readouterr().out
    assert "6 tools from tests/data/bfcl/travel_booking.json" in out
    assert "authenticate_travel" in out
    assert "retrieve_invoice" in out
    assert main(["tools", "--bfcl", "tests/data/bfcl/questions.json"]) == 0
    out, err = capsys.readouterr()
    assert "12 tools from" in out
    assert "math.hypot" in out
    assert "synthworld tools: 1 of 13 tool docs left out (on_error='skip'):" in err
    assert "tool 'solve_quadratic' is documented twice, differently" in err
    assert "the first is kept" in err
    assert main(["tools", "--bfcl", "tests/data/bfcl/missing.json"]) == 2
    assert "missing.json: cannot read the BFCL file" in capsys.readouterr().err


def test_serve_bfcl_over_stdio(tmp_path: Path) -> None:
    call = {"travel_from": "SFO", "travel_to": "LAX", "travel_date": "2024-11-15", "travel_class": "economy"}
    params = serve_params("--bfcl", BFCL_TRAVEL, "--seed", "4")
    names, answers = session(params, tmp_path / "err.txt", [("get_flight_cost", call)])
    local = SyntheticWorld.from_bfcl(ROOT / BFCL_TRAVEL, seed=4)
    assert names == list(local.tools)
    assert answers == [local.call("get_flight_cost", call)]
    assert set(answers[0]) == {"travel_cost_list"}


def test_serve_mcp_records_the_real_server(tmp_path: Path) -> None:
    cassette = tmp_path / "inventory.yaml"
    calls = [("get_item", {"sku": "sku-3"}), ("add_stock", {"sku": "sku-3", "quantity": 1})]
    params = serve_params("--mcp", INVENTORY, "--record", str(cassette))
    names, answers = session(params, tmp_path / "err.txt", calls)
    assert names == ["get_item", "list_items", "add_stock"]
    assert answers == [{"sku": "sku-3", "name": "Solaris", "stock": 15}, {"result": 16}]
    saved = yaml.safe_load(cassette.read_text())  # written when the client closed the server
    assert [(i["tool"], i["input"], i["output"]) for i in saved["interactions"]] == [
        (name, args, answer) for (name, args), answer in zip(calls, answers, strict=True)
    ]
    replay = SyntheticWorld(backend=FixtureBackend(cassette, mode="none"))  # the real server is gone
    for spec in server_specs():
        replay.register_tool(spec)
    assert [replay.call(name, args) for name, args in calls] == answers


def test_serve_mcp_serves_the_tools_it_can_take(tmp_path: Path) -> None:
    params = serve_params("--mcp", " ".join([*ZOO, "--odd"]), "--timeout", "60")
    names, answers = session(params, tmp_path / "err.txt", [("paint", {"color": "red"})])
    assert names == ["make_person", "paint", "get-weather.v2", "tree", "unstructured", "image", "resource"]
    assert set(answers[0]) == {"result"}
    assert "1 of 8 tools left out" in (tmp_path / "err.txt").read_text()


def test_without_the_mcp_extra_serve_and_tools_say_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "mcp", None)  # importing mcp now raises ImportError
    assert main(["serve", "synthworld.examples.shop"]) == 2
    assert capsys.readouterr().err == (
        "synthworld serve: MCP support needs the 'mcp' package: pip install 'synthworld[mcp]'\n"
    )
    assert main(["tools", "--mcp", INVENTORY]) == 2
    assert capsys.readouterr().err == (
        "synthworld tools: MCP support needs the 'mcp' package: pip install 'synthworld[mcp]'\n"
    )
    with pytest.raises(ImportError, match=r"pip install 'synthworld\[mcp\]'"):
        SyntheticWorld.from_mcp(INVENTORY)
