"""OpenAPI documents at scale: an answer carries only the components it can reach, and the tools
of one document share their translated components without sharing anything with the document."""

from __future__ import annotations

import copy
import gc
import sys
from typing import Any

import jsonschema
import pytest

from synthworld import SourceError, SyntheticWorld, ToolSpec, openapi_tools
from synthworld._gc import collector_paused
from tests.test_openapi_translate import doc3, only, returning


def test_an_expandable_field_answers_its_id_and_brings_no_defs_of_what_it_expands_to() -> None:
    expandable = {
        "anyOf": [{"type": "string"}, {"$ref": "#/components/schemas/Customer"}],
        "nullable": True,
        "x-expansionResources": {"oneOf": [{"$ref": "#/components/schemas/Customer"}]},
    }
    schemas = {
        "Charge": {
            "type": "object",
            "properties": {"id": {"type": "string"}, "customer": expandable},
            "required": ["id", "customer"],
        },
        "Customer": {  # on a cycle, and big: it would be a $defs entry if an answer could reach it
            "type": "object",
            "properties": {
                "charges": {"type": "array", "items": {"$ref": "#/components/schemas/Charge"}},
                **{f"field_{i}": {"type": "string"} for i in range(30)},
            },
        },
    }
    tool = only(
        doc3({"/charge": {"get": {"responses": returning({"$ref": "#/components/schemas/Charge"})}}}, schemas)
    )
    assert set(tool.returns["$defs"]) == {"Charge"}
    assert tool.returns["$defs"]["Charge"]["properties"]["customer"] == {
        "anyOf": [{"anyOf": [{"type": "string"}]}, {"type": "null"}]
    }


BIG = {  # more than INLINE_LIMIT nodes: a $defs entry of each tool that answers it
    "type": "object",
    "properties": {
        "status": {"type": "string", "enum": ["open", "closed"]},
        "meta": {"type": "object", "properties": {"tags": {"type": "array", "items": {"type": "string"}}}},
        **{f"field_{i}": {"type": "string", "example": {"shown": [i]}} for i in range(25)},
    },
    "required": ["status"],
}


def _two_tools() -> tuple[dict[str, Any], list[ToolSpec]]:
    ref = {"$ref": "#/components/schemas/Big"}
    paths = {
        "/a": {"get": {"operationId": "a", "responses": returning(ref)}},
        "/b": {"get": {"operationId": "b", "responses": returning(ref)}},
    }
    doc = doc3(paths, {"Big": copy.deepcopy(BIG)})
    return doc, openapi_tools(doc)


def test_the_tools_of_a_document_share_one_translated_component() -> None:
    _, (a, b) = _two_tools()
    assert a.returns["$defs"]["Big"] is b.returns["$defs"]["Big"]  # one translation, not a copy each


def test_changing_the_document_afterwards_changes_no_tool_nor_its_registration() -> None:
    doc, (a, b) = _two_tools()
    world = SyntheticWorld(seed=1)
    world.register_tool(a)
    before = world.call("a", {})
    big = doc["components"]["schemas"]["Big"]
    big["properties"]["status"]["enum"].append("deleted")
    big["properties"]["field_0"]["example"]["shown"].append("changed")
    big["required"].append("meta")
    for tool in (a, b):
        body = tool.returns["$defs"]["Big"]
        assert body["properties"]["status"]["enum"] == ["open", "closed"]
        assert body["properties"]["field_0"]["examples"] == [{"shown": [0]}]
        assert body["required"] == ["status"]
    again = SyntheticWorld(seed=1)
    again.register_tool(a)
    assert again.call("a", {}) == before
    jsonschema.validate(before, a.returns)


def test_a_copy_of_a_shared_spec_is_its_own() -> None:
    _, (a, b) = _two_tools()
    mine = ToolSpec.from_dict(a.to_dict())
    mine.returns["$defs"]["Big"]["required"].append("meta")
    assert a.returns["$defs"]["Big"]["required"] == ["status"] == b.returns["$defs"]["Big"]["required"]


def test_building_from_a_document_leaves_the_garbage_collector_as_it_found_it() -> None:
    doc, _ = _two_tools()
    assert gc.isenabled()
    world = SyntheticWorld.from_openapi(doc)
    assert gc.isenabled()
    assert set(world.tools) == {"a", "b"}
    gc.disable()
    try:
        openapi_tools(doc)
        assert not gc.isenabled()  # a caller that turned it off keeps it off
    finally:
        gc.enable()
    with pytest.raises(SourceError), collector_paused():
        openapi_tools({"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": []})
    assert gc.isenabled()  # back on after an error too


def test_the_first_call_reading_every_tools_plan_runs_no_garbage_collection() -> None:
    """The first call that needs what every tool says about each kind reads all their plans at
    once (GitHub's REST API: 1,223); collections during that burst walked the heap of a world that
    had answered calls, doubling the call's CPU time. Collections are forced here at every
    allocation, and none may start while the plans are read."""
    order = {
        "type": "object",
        "properties": {"order_id": {"type": "string"}, "status": {"type": "string"}},
        "required": ["order_id", "status"],
    }
    world = SyntheticWorld(seed=1)
    for verb in ("get", "create", "cancel", "list"):
        parameters = {"type": "object", "properties": {"order_id": {"type": "string"}}}
        world.register_tool(ToolSpec(f"{verb}_order", "", parameters, order))
    during: list[bool] = []

    def watch(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            during.append(_reading_plans())

    threshold = gc.get_threshold()
    gc.callbacks.append(watch)
    gc.set_threshold(1, 1, 1)
    try:
        world.call("get_order", {"order_id": "A1"})
    finally:
        gc.set_threshold(*threshold)
        gc.callbacks.remove(watch)
    assert during  # collections did run during the call, outside the burst
    assert not any(during)


def _reading_plans() -> bool:
    """Whether the code a collection interrupted was reading a plan (`plan_for`) or the book of
    kinds (`KindBook`) for `ToolRegistry.kinds`."""
    frame = sys._getframe(1)
    inside: list[str] = []
    while frame is not None:
        code = frame.f_code
        inside.append(f"{code.co_filename.replace(chr(92), '/')}:{code.co_name}")
        frame = frame.f_back  # type: ignore[assignment]
    kinds = any(name.endswith("world/registry.py:kinds") for name in inside)
    reading = any(name.endswith(("consistency.py:plan_for", "world/kinds.py:__init__")) for name in inside)
    return kinds and reading
