"""OpenAPI 3.2's ``in: querystring`` parameter: the whole query string as one parameter whose
schema is its ``content``'s (a tool input like any other, its place kept in the metadata)."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest

from synthworld import SourceError, SyntheticWorld, openapi_tools
from tests._openapi_support import OK, doc3

FORM = {
    "type": "object",
    "properties": {"start": {"type": "string", "format": "date"}, "limit": {"type": "integer"}},
}


def searching(parameter: dict[str, Any]) -> dict[str, Any]:
    return doc3(
        {"/events": {"get": {"operationId": "search", "parameters": [parameter], "responses": OK}}},
        version="3.2.0",
    )


@pytest.mark.parametrize("named", [{"name": "criteria"}, {}])
def test_the_whole_query_string_is_one_parameter_with_its_content_schema(named: dict[str, Any]) -> None:
    parameter = {**named, "in": "querystring", "required": True}
    [tool] = openapi_tools(
        searching({**parameter, "content": {"application/x-www-form-urlencoded": {"schema": FORM}}})
    )
    name = named.get("name", "querystring")
    assert tool.parameters["properties"] == {name: FORM}
    assert tool.parameters["required"] == [name]
    assert tool.metadata["openapi"]["parameters"] == {name: {"in": "querystring", "name": name}}
    world = SyntheticWorld.from_openapi(
        searching({**parameter, "content": {"application/x-www-form-urlencoded": {"schema": FORM}}}), seed=1
    )
    jsonschema.validate(world.call("search", {name: {"limit": 3}}), {"type": "object"})


def test_a_querystring_parameter_without_content_is_refused_saying_how_to_write_it() -> None:
    with pytest.raises(
        SourceError, match="'querystring' parameter 'q' has no 'content' with a schema"
    ) as caught:
        openapi_tools(searching({"name": "q", "in": "querystring", "schema": FORM}))
    assert "application/x-www-form-urlencoded" in str(caught.value)
    assert caught.value.pointer == "/paths/~1events/get/parameters/0"
