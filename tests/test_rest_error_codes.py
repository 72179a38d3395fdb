"""A refusal in the document's own error shape says its code and status in the fields made for
them, not only its message: ``{"code": "invalid_input", "message": ...}`` for a 422 whose ``Error``
has a text ``code``, the status itself where ``code`` is a number, and ``status``/``statusCode``
fields the HTTP status. Before, those fields were drawn (``"code": "popular"``), so a client that
branches on the code (as SDKs do) read a word that means nothing."""

from __future__ import annotations

from typing import Any

import httpx

from synthworld import SyntheticWorld, ToolError
from synthworld.serve.rest import rest_server


def _error(code: dict[str, Any], status: dict[str, Any] | None = None) -> dict[str, Any]:
    props = {"code": code, "message": {"type": "string"}, **({"status": status} if status else {})}
    return {"type": "object", "required": list(props), "properties": props}


def _document(refused: dict[str, Any], missing: dict[str, Any]) -> dict[str, Any]:
    book = {
        "type": "object",
        "required": ["id", "title"],
        "properties": {
            "id": {"type": "string", "readOnly": True},
            "title": {"type": "string", "minLength": 1},
        },
    }
    content = {"application/json": {"schema": book}}
    return {
        "openapi": "3.0.3",
        "info": {"title": "Library", "version": "1"},
        "paths": {
            "/books": {
                "post": {
                    "operationId": "createBook",
                    "requestBody": {"content": content},
                    "responses": {
                        "201": {"description": "made", "content": content},
                        "422": {
                            "description": "refused",
                            "content": {"application/json": {"schema": refused}},
                        },
                    },
                }
            },
            "/books/{bookId}": {
                "parameters": [
                    {"name": "bookId", "in": "path", "required": True, "schema": {"type": "string"}}
                ],
                "get": {
                    "operationId": "getBook",
                    "responses": {
                        "200": {"description": "it", "content": content},
                        "404": {
                            "description": "no such book",
                            "content": {"application/json": {"schema": missing}},
                        },
                    },
                },
                "delete": {"operationId": "deleteBook", "responses": {"204": {"description": "gone"}}},
            },
        },
    }


def test_a_refusal_and_a_404_say_their_code_and_status_in_the_documented_fields() -> None:
    refused = _error({"type": "string"})
    missing = _error({"type": "integer"}, {"type": "string"})
    for seed in range(5):
        world = SyntheticWorld.from_openapi(_document(refused, missing), seed=seed)
        with rest_server(world) as base_url, httpx.Client(base_url=base_url) as client:
            bad = client.post("/books", json={"title": ""})
            made = client.post("/books", json={"title": "Dune"}).json()
            client.delete(f"/books/{made['id']}")
            gone = client.get(f"/books/{made['id']}")
        assert bad.status_code == 422
        assert bad.json()["code"] == "invalid_input", seed
        assert "should be non-empty" in bad.json()["message"]
        assert gone.status_code == 404
        assert (gone.json()["code"], gone.json()["status"]) == (404, "404"), seed


def test_a_code_field_its_schema_keeps_to_other_words_keeps_a_drawn_one() -> None:
    refused = _error({"type": "string", "enum": ["E_VALIDATION", "E_CONFLICT"]})
    world = SyntheticWorld.from_openapi(_document(refused, _error({"type": "string"})), seed=1)
    with rest_server(world) as base_url:
        bad = httpx.post(f"{base_url}/books", json={"title": ""})
    assert bad.status_code == 422
    assert bad.json()["code"] in {"E_VALIDATION", "E_CONFLICT"}


def test_a_documented_fault_body_says_its_code_message_and_status() -> None:
    """The same in Python: a fault raising a documented error carries a body that says it."""
    missing = _error({"type": "string"}, {"type": "integer"})
    world = SyntheticWorld.from_openapi(_document(_error({"type": "string"}), missing), seed=3)
    world.add_faults([{"tool": "getBook", "error": "not_found"}])
    try:
        world.call("getBook", {"bookId": "b-1"})
        raise AssertionError("the fault fails the call")
    except ToolError as error:
        body = error.details["body"]
    assert body == {"code": "not_found", "message": "no such book", "status": 404}
