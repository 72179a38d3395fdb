"""A path parameter declared under one name while the path holds another (``/books/{id}`` beside a
declared ``bookId``, one side renamed in an edit) is named as such in a warning: before, only the
``{id}`` was, with a fix to declare it, and the declared ``bookId`` stayed a required parameter no
request can carry without a word."""

from __future__ import annotations

from typing import Any

import pytest

from synthworld import SynthworldWarning, openapi_tools
from tests._openapi_support import OK, doc3


def _param(name: str) -> dict[str, Any]:
    return {"name": name, "in": "path", "required": True, "schema": {"type": "string"}}


def test_a_declared_path_parameter_its_path_does_not_hold_is_named_with_the_fix() -> None:
    doc = doc3(
        {
            "/books/{id}": {
                "parameters": [_param("bookId")],
                "get": {"operationId": "getBook", "responses": OK},
                "delete": {"operationId": "deleteBook", "responses": OK},
            },
            "/books/{bookId}/loans": {"parameters": [_param("bookId")], "post": {"responses": OK}},
        }
    )
    with pytest.warns(SynthworldWarning) as warned:
        get, _, lend = openapi_tools(doc)
    assert [str(w.message) for w in warned] == [
        "<dict>: 2 path parameter(s) declared but not in their path, so each is asked of the agent "
        "though no request can carry it: 'bookId' of GET /books/{id}, 'bookId' of DELETE /books/{id}; "
        "fix: give the parameter and the path's {...} one name (rename one of them)",
        "<dict>: 2 path parameter(s) used in a path but declared nowhere, so synthworld took each as a "
        "required string: {id} in GET /books/{id}, {id} in DELETE /books/{id}; fix: declare each under "
        "the operation's parameters (name, in: path, required: true, schema)",
    ]
    assert get.metadata["openapi"]["parameters"]["bookId"] == {
        "in": "path",
        "name": "bookId",
        "not_in_path": True,
    }
    assert lend.metadata["openapi"]["parameters"]["bookId"] == {"in": "path", "name": "bookId"}
