"""OpenAPI documents that cannot become tools, or only in part, and how they are read: every
error names the file, the JSON pointer and the fix."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from synthworld import SchemaError, SourceError, SyntheticWorld, SynthworldWarning, openapi_tools
from tests._openapi_support import DOCS, OK, doc3, returning


def test_an_external_ref_is_an_error_naming_the_pointer() -> None:
    with pytest.raises(SourceError) as caught:
        openapi_tools(DOCS / "prance-external-refs.yaml")
    assert caught.value.pointer == "/paths/~1pets/get/responses/200/schema/$ref"
    assert "'definitions.yaml#/Pets' points outside the document" in str(caught.value)
    assert "prance-external-refs.yaml" in str(caught.value)
    assert isinstance(caught.value, ValueError)


@pytest.mark.parametrize(
    ("doc", "pointer", "words"),
    [
        ({"openapi": "4.0", "paths": {}}, "/openapi", "not an OpenAPI 2.0, 3.0 or 3.1 document"),
        ({"info": {}}, "", "not an OpenAPI 2.0, 3.0 or 3.1 document"),
        ({"swagger": "1.2"}, "/swagger", "not an OpenAPI 2.0, 3.0 or 3.1 document"),
        ({"openapi": "3.0.0", "paths": []}, "/paths", "'paths' must be an object"),
        ({"openapi": "3.0.0", "paths": {"/a": {"get": "x"}}}, "/paths/~1a/get", "must be an object"),
        (
            doc3({"/a": {"get": {"responses": returning({"$ref": "#/components/schemas/Missing"})}}}),
            "/paths/~1a/get/responses/200/content/application~1json/schema/$ref",
            "points at nothing",
        ),
        (
            doc3({"/a": {"get": {"parameters": [{"in": "query"}], "responses": OK}}}),
            "/paths/~1a/get/parameters/0",
            "needs a 'name'",
        ),
        (
            doc3({"/a": {"get": {"responses": returning(7)}}}),
            "/paths/~1a/get/responses/200/content/application~1json/schema",
            "a schema must be an object",
        ),
        (  # a YAML mapping where a list was meant: the path parameter was silently lost
            doc3({"/a/{id}": {"get": {"parameters": {"name": "id", "in": "path"}, "responses": OK}}}),
            "/paths/~1a~1{id}/get/parameters",
            "'parameters' must be a list of parameter objects, got dict; write each parameter as a list item",
        ),
        (
            doc3({"/a/{id}": {"parameters": {"id": {"in": "path"}}, "get": {"responses": OK}}}),
            "/paths/~1a~1{id}/parameters",
            "'parameters' must be a list of parameter objects, got dict",
        ),
        (
            doc3({"/a": {"post": {"requestBody": [{"content": {}}], "responses": OK}}}),
            "/paths/~1a/post/requestBody",
            "'requestBody' must be an object with a 'content' map, got list",
        ),
        (
            doc3({"/a": {"get": {"responses": [OK]}}}),
            "/paths/~1a/get/responses",
            "'responses' must be an object of responses by status code, got list",
        ),
    ],
)
def test_bad_documents_are_errors_with_the_pointer(doc: Any, pointer: str, words: str) -> None:
    with pytest.raises(SourceError) as caught:
        openapi_tools(doc)
    assert caught.value.pointer == pointer
    assert words in str(caught.value)


def test_null_parameters_and_request_body_mean_none_and_a_bad_list_is_skipped_alone() -> None:
    paths = {
        "/a": {"parameters": None, "get": {"operationId": "a", "parameters": None, "responses": OK}},
        "/b": {"post": {"operationId": "b", "requestBody": None, "responses": OK}},
        "/c": {"get": {"operationId": "c", "parameters": "id", "responses": OK}},
    }
    with pytest.warns(SynthworldWarning, match="1 of 3 operations left out") as warned:
        tools = openapi_tools(doc3(paths), on_error="skip")
    assert [(tool.name, tool.parameters["properties"]) for tool in tools] == [("a", {}), ("b", {})]
    assert "/paths/~1c/get/parameters" in str(warned[0].message)


def test_a_document_wrong_at_its_root_says_so_in_words() -> None:
    with pytest.raises(SourceError) as caught:
        openapi_tools({"info": {}})
    assert caught.value.pointer == ""
    assert str(caught.value) == (
        "<dict>: not an OpenAPI 2.0, 3.0 or 3.1 document (swagger: None); the root needs "
        "'swagger: \"2.0\"' or 'openapi: 3.x.y' (at the root)"
    )


def test_a_url_is_refused_with_how_to_get_the_document() -> None:
    url = "https://petstore3.swagger.io/api/v3/openapi.json"
    with pytest.raises(SourceError) as caught:
        SyntheticWorld.from_openapi(url)
    assert str(caught.value) == (
        f"{url}: synthworld never fetches URLs; download the document and pass its path "
        f"(curl -o openapi.json {url})"
    )


def test_an_invalid_schema_is_an_error_naming_the_operation() -> None:
    doc = doc3({"/a": {"get": {"responses": returning({"type": "string", "format": 5})}}})
    with pytest.raises(SourceError) as caught:
        openapi_tools(doc)
    assert caught.value.pointer == "/paths/~1a/get"
    assert "operation GET /a cannot be a tool" in str(caught.value)
    with pytest.raises(SourceError, match="operation GET /a cannot be a tool"):
        SyntheticWorld.from_openapi(doc)
    assert not isinstance(caught.value, SchemaError)


def test_on_error_skip_leaves_out_only_the_operations_that_cannot_be_tools() -> None:
    paths = {
        "/good": {"get": {"operationId": "good", "responses": OK}},
        "/dangling": {
            "get": {"operationId": "dangling", "responses": returning({"$ref": "#/components/schemas/Nope"})}
        },
        "/impossible": {
            "get": {
                "operationId": "impossible",
                "responses": returning({"type": "integer", "minimum": 5, "maximum": 1}),
            }
        },
    }
    doc = doc3(paths)
    with pytest.raises(SourceError, match="points at nothing"):
        openapi_tools(doc)
    with pytest.warns(SynthworldWarning, match="1 of 3 operations left out") as warned:
        assert [tool.name for tool in openapi_tools(doc, on_error="skip")] == ["good", "impossible"]
    assert "/paths/~1dangling/get" in str(warned[0].message)
    with pytest.raises(SourceError, match="operation GET /impossible cannot be a tool"):
        SyntheticWorld.from_openapi(doc3({"/impossible": paths["/impossible"]}))
    with pytest.warns(SynthworldWarning, match="operations left out") as warned:
        world = SyntheticWorld.from_openapi(doc, on_error="skip")
    assert list(world.tools) == ["good"]
    assert [str(w.message).splitlines()[0] for w in warned] == [
        "1 of 3 operations left out (on_error='skip'):",
        "1 of 2 operations left out (on_error='skip'):",
    ]
    with pytest.raises(ValueError, match="choose 'raise' or 'skip'"):
        openapi_tools(doc, on_error="ignore")  # type: ignore[arg-type]


def test_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(SourceError, match="cannot read the OpenAPI document"):
        openapi_tools(tmp_path / "missing.yaml")
    broken = tmp_path / "broken.yaml"
    broken.write_text("openapi: 3.0.0\npaths: [unclosed\n")
    with pytest.raises(SourceError, match="not a readable JSON or YAML document"):
        openapi_tools(broken)
    as_json = tmp_path / "api.json"
    as_json.write_text('{"openapi": "3.1.0", "paths": {"/a": {"get": {"operationId": "a"}}}}')
    assert [tool.name for tool in openapi_tools(as_json)] == ["a"]
    with pytest.raises(SourceError, match="neither a path"):
        openapi_tools(42)  # type: ignore[arg-type]


def test_a_yaml_document_is_read_as_yaml_1_2_so_on_and_no_stay_text(tmp_path: Path) -> None:
    # YAML 1.1 made the property `on` the key True (a crash: 'bool' object has no attribute
    # 'replace') and Norway's code `no` the enum value False; OpenAPI asks for YAML 1.2
    doc = tmp_path / "api.yaml"
    doc.write_text(
        "openapi: 3.0.3\n"
        "info: {title: t, version: 2024-01-01}\n"
        "paths:\n"
        "  /switches:\n"
        "    get:\n"
        "      operationId: getSwitch\n"
        "      parameters:\n"
        "        - {name: country, in: query, schema: {type: string, enum: [no, se, dk]}}\n"
        "        - {name: since, in: query, schema: {type: string, format: date, default: 2024-01-01}}\n"
        "      responses:\n"
        "        '200':\n"
        "          description: ok\n"
        "          content:\n"
        "            application/json:\n"
        "              schema:\n"
        "                type: object\n"
        "                required: [on]\n"
        "                properties:\n"
        "                  on: {type: boolean, example: true}\n"
        "                  off: {type: boolean, default: false}\n"
    )
    [tool] = openapi_tools(doc)
    assert tool.parameters["properties"] == {
        "country": {"type": "string", "enum": ["no", "se", "dk"]},
        "since": {"type": "string", "format": "date", "default": "2024-01-01"},
    }
    assert tool.returns == {
        "type": "object",
        "required": ["on"],
        "properties": {
            "on": {"type": "boolean", "examples": [True]},
            "off": {"type": "boolean", "default": False},
        },
    }
    world = SyntheticWorld(seed=1)
    world.register_tool(tool)
    assert isinstance(world.call("getSwitch", {"country": "no"})["on"], bool)


def test_yaml_numbers_in_examples_and_extensions_do_not_cost_the_operation(tmp_path: Path) -> None:
    # an integer enum described by `x-enum-descriptions: {0: off}` (its keys read as numbers) or an
    # `example: .inf` made the whole operation 'not JSON data'; keys become the text JSON writes,
    # an example JSON cannot hold is set aside with a warning naming where
    doc = tmp_path / "api.yaml"
    doc.write_text(
        "openapi: 3.0.3\n"
        "info: {title: t, version: '1'}\n"
        "paths:\n"
        "  /lamps:\n"
        "    get:\n"
        "      operationId: getLamp\n"
        "      parameters:\n"
        "        - name: level\n"
        "          in: query\n"
        "          schema: {type: integer, enum: [0, 1], x-enum-descriptions: {0: off, 1: on}}\n"
        "        - {name: ratio, in: query, schema: {type: number, example: .inf}}\n"
        "        - {name: scale, in: query, schema: {type: number, examples: [1.5, .nan]}}\n"
        "      responses:\n"
        "        '200':\n"
        "          description: ok\n"
        "          content:\n"
        "            application/json:\n"
        "              schema: {type: object, x-codes: {200: ok, true: yes}}\n"
    )
    with pytest.warns(SynthworldWarning, match="2 schema keywords are not valid JSON Schema") as warned:
        [tool] = openapi_tools(doc)
    assert tool.parameters["properties"] == {
        "level": {"type": "integer", "enum": [0, 1], "x-enum-descriptions": {"0": "off", "1": "on"}},
        "ratio": {"type": "number"},
        "scale": {"type": "number"},
    }
    assert tool.returns == {"type": "object", "x-codes": {"200": "ok", "true": "yes"}}
    message = str(warned[0].message)
    assert "/paths/~1lamps/get/parameters/1/schema/example (inf)" in message
    assert "/paths/~1lamps/get/parameters/2/schema/examples" in message
    assert "examples and x- extensions must be JSON data" in message


def test_extensions_of_the_paths_object_are_not_paths() -> None:
    # `x-` keys may extend the Paths object; one that was not an object stopped the whole document
    # ("path item 'x-internal' must be an object"), one that was became tools
    paths = {
        "x-internal": True,
        "x-drafts": {"get": {"operationId": "draft", "responses": OK}},
        "/a": {"get": {"operationId": "a", "responses": OK}},
    }
    assert [tool.name for tool in openapi_tools(doc3(paths))] == ["a"]


def test_a_media_type_yaml_read_as_a_number_is_read_as_its_text() -> None:
    # `content: {1: {schema: ...}}` crashed with AttributeError: 'int' object has no attribute 'split'
    responses = {"200": {"description": "ok", "content": {1: {"schema": {"type": "string"}}}}}
    body = {"content": {2: {"schema": {"type": "integer"}}}}
    paths = {"/a": {"post": {"operationId": "a", "requestBody": body, "responses": responses}}}
    [tool] = openapi_tools(doc3(paths))
    assert tool.returns == {"type": "string"}
    assert tool.parameters["properties"] == {"body": {"type": "integer"}}
    assert tool.metadata["openapi"]["status"] == "200"
