"""Workflows in worlds from OpenAPI documents: what each operation does to its entities, read from
its HTTP method and path where its name says nothing (``notes.create``) or only its method
(Stripe's ``PostProductsId``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from synthworld import SyntheticWorld, ToolError, openapi_tools
from synthworld.world.http_lifecycle import http_lifecycles
from synthworld.world.lifecycle import lifecycle_of
from synthworld.world.naming import tool_kind

DOCS = Path(__file__).parent / "openapi"


def doc3(paths: dict[str, Any], schemas: dict[str, Any]) -> dict[str, Any]:
    return {
        "openapi": "3.0.3",
        "info": {"title": "t", "version": "1"},
        "paths": paths,
        "components": {"schemas": schemas},
    }


def answers(ref: str, *, listed: bool = False) -> dict[str, Any]:
    schema: dict[str, Any] = {"$ref": f"#/components/schemas/{ref}"}
    schema = {"type": "array", "items": schema} if listed else schema
    return {"200": {"description": "ok", "content": {"application/json": {"schema": schema}}}}


def by_id(name: str) -> list[dict[str, Any]]:
    return [{"name": name, "in": "path", "required": True, "schema": {"type": "string"}}]


NOTE = {
    "type": "object",
    "required": ["id", "title", "status"],
    "properties": {
        "id": {"type": "string", "readOnly": True},
        "title": {"type": "string"},
        "status": {"type": "string", "enum": ["open", "cancelled"]},
    },
}
BODY = {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Note"}}}}
NOTES = doc3(
    {
        "/notes": {
            "get": {"operationId": "notes.list", "responses": answers("Note", listed=True)},
            "post": {"operationId": "notes.create", "requestBody": BODY, "responses": answers("Note")},
        },
        "/notes/{noteId}": {
            "parameters": by_id("noteId"),
            "get": {"operationId": "notes.get", "responses": answers("Note")},
            "patch": {"operationId": "notes.patch", "requestBody": BODY, "responses": answers("Note")},
            "delete": {"operationId": "notes.delete", "responses": {"204": {"description": "gone"}}},
        },
        "/notes/{noteId}/cancel": {
            "parameters": by_id("noteId"),
            "post": {"operationId": "NoteCancel", "responses": answers("Note")},
        },
    },
    {"Note": NOTE},
)


def test_names_with_the_verb_last_get_their_lifecycle_from_the_request() -> None:
    # notes.create, notes.get... said nothing the world could read: a created note was not found
    # again, nor listed, and a deleted one still answered
    # seed 7: a world whose created note drew a status the create rule must set (one that drew
    # "open" already, as seed 3 does since a note's title is drawn as one, records no create rule)
    world = SyntheticWorld.from_openapi(NOTES, seed=7)
    made = world.call("notes_create", {"title": "Buy milk"})
    assert made["status"] == "open"
    assert world.call("notes_get", {"noteId": made["id"]}) == made
    assert made in world.call("notes_list", {})
    assert (
        world.call("notes_patch", {"noteId": made["id"], "title": "Buy oat milk"})["title"] == "Buy oat milk"
    )
    assert world.call("NoteCancel", {"noteId": made["id"]})["status"] == "cancelled"
    assert world.call("notes_get", {"noteId": made["id"]})["title"] == "Buy oat milk"
    world.call("notes_delete", {"noteId": made["id"]})
    with pytest.raises(ToolError, match="not_found"):
        world.call("notes_get", {"noteId": made["id"]})
    rules = [call.rules for call in world.trace]
    assert rules[:5] == [
        ("echo", "create"),
        ("echo", "recall"),
        ("collection",),
        ("echo",),
        ("echo", "recall", "transition"),
    ]


def test_names_that_restate_the_method_are_read_from_the_request_stripe() -> None:
    # PostProductsId created a second product instead of updating, and GetProductsId looked for
    # a "products_id", so the product PostProducts made was never found
    world = SyntheticWorld.from_openapi(DOCS / "stripe-products-slice.json", seed=3)
    made = world.call("PostProducts", {"name": "Widget"})
    assert world.call("GetProductsId", {"id": made["id"]})["name"] == "Widget"
    assert world.call("PostProductsId", {"id": made["id"], "name": "Gadget"})["id"] == made["id"]
    assert world.call("GetProductsId", {"id": made["id"]})["name"] == "Gadget"
    world.call("DeleteProductsId", {"id": made["id"]})
    with pytest.raises(ToolError, match="not_found"):
        world.call("GetProductsId", {"id": made["id"]})


def test_what_the_request_says_and_what_it_does_not() -> None:
    specs = openapi_tools(DOCS / "docker-engine-1.53.yaml")
    read = http_lifecycles(specs)
    for said in ("ContainerList", "ContainerStop", "ContainerDelete"):
        assert said not in read  # the verb ending the name says what the request says
    assert [
        (lifecycle_of(n).verb, tool_kind(n)) for n in ("ContainerList", "ContainerStop", "ContainerDelete")
    ] == [
        ("list", "container"),
        ("stop", "container"),
        ("delete", "container"),
    ]
    assert read["ContainerArchive"] == ("none", "container")  # a GET of a state verb changes nothing
    for unknown in ("ContainerResize", "ContainerPrune", "SwarmInit"):
        assert unknown not in read  # an action the world cannot tell
    stripe = http_lifecycles(openapi_tools(DOCS / "stripe-products-slice.json"))
    assert stripe["GetPricesSearch"] == ("list", "price")
    mixed = http_lifecycles(openapi_tools(DOCS / "kubernetes-apiextensions-slice.json"))
    assert all(name.startswith("watch") for name in mixed)  # its names say enough but for watch
    assert http_lifecycles(openapi_tools(DOCS / "petstore-3.1.yaml")) == {}


def test_a_call_on_a_deleted_entity_fails_as_the_operation_documents_its_404() -> None:
    # the world's own not_found (the entity was deleted) carried no status and no body, so an
    # HTTP twin could not answer the API's documented 404 with a body of its documented schema
    world = SyntheticWorld.from_openapi(DOCS / "fleet-2.0.yaml", seed=3)
    vehicle = "1b4e28ba-2fa1-11d2-883f-0016d3cca427"
    world.call("DeleteVehicle", {"vehicleId": vehicle})
    with pytest.raises(ToolError) as caught:
        world.call("GetVehicle", {"vehicleId": vehicle})
    error = caught.value
    assert (error.code, error.details["status"]) == ("not_found", "404")
    assert "deleted earlier in this world" in error.message  # its own message, not the description
    assert set(error.details["body"]) == {"code", "message"}  # fleet's ApiError
    assert world.trace[-1].error == error.to_dict()
    again = SyntheticWorld.from_openapi(DOCS / "fleet-2.0.yaml", seed=3)
    again.call("DeleteVehicle", {"vehicleId": vehicle})
    with pytest.raises(ToolError) as repeated:
        again.call("GetVehicle", {"vehicleId": vehicle})
    assert repeated.value.details == error.details  # drawn from the call seed
