"""The REST twin at the edges of HTTP a mock server's user meets (Prism is the peer): a ``%2F``
inside a path parameter, ``in: cookie`` parameters, and the ``Prefer`` header (RFC 7240's
``return=``, Prism's ``code=``, ``example=`` and ``dynamic=``). Over a real server on 127.0.0.1
and a real client (httpx)."""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from synthworld import SyntheticWorld
from synthworld.serve.rest import RestApp, rest_server
from synthworld.serve.rest.prefer import preferences
from tests._openapi_support import doc3, returning

FILE = {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}}


def _files() -> dict[str, Any]:
    return doc3(
        {
            "/files/{name}": {
                "get": {
                    "operationId": "get_file",
                    "parameters": [
                        {"name": "name", "in": "path", "required": True, "schema": {"type": "string"}}
                    ],
                    "responses": returning(FILE),
                }
            },
            "/files/{name}/versions": {
                "get": {
                    "operationId": "file_versions",
                    "parameters": [
                        {"name": "name", "in": "path", "required": True, "schema": {"type": "string"}}
                    ],
                    "responses": returning({"type": "array", "items": {"type": "integer"}}),
                }
            },
        }
    )


@pytest.fixture
def files() -> Iterator[tuple[SyntheticWorld, httpx.Client]]:
    world = SyntheticWorld.from_openapi(_files(), seed=1)
    with rest_server(world) as base_url, httpx.Client(base_url=base_url) as client:
        yield world, client


# -- %2F in a path parameter ------------------------------------------------------------------


def test_an_encoded_slash_stays_inside_its_path_parameter(files: tuple[SyntheticWorld, httpx.Client]) -> None:
    """wsgiref decodes ``%2F`` before routing: ``/files/a%2Fb`` was ``/files/a/b``, no operation."""
    world, client = files
    response = client.get("/files/docs%2Freadme.md")
    assert response.status_code == 200, response.text
    assert world.trace[-1].tool == "get_file"
    assert world.trace[-1].input == {"name": "docs/readme.md"}


def test_an_encoded_slash_before_a_literal_segment_routes_to_the_longer_template(
    files: tuple[SyntheticWorld, httpx.Client],
) -> None:
    world, client = files
    assert client.get("/files/a%2Fb/versions").status_code == 200
    assert (world.trace[-1].tool, world.trace[-1].input) == ("file_versions", {"name": "a/b"})


def test_a_plain_slash_is_still_a_segment_boundary(files: tuple[SyntheticWorld, httpx.Client]) -> None:
    _, client = files
    assert client.get("/files/a/b").status_code == 404


def test_other_escapes_in_a_path_parameter_are_decoded_once(
    files: tuple[SyntheticWorld, httpx.Client],
) -> None:
    world, client = files
    assert client.get("/files/%252F%20caf%C3%A9").status_code == 200
    assert world.trace[-1].input == {"name": "%2F café"}  # %25 is a percent sign, not a slash


def _wsgi(app: RestApp, environ: dict[str, Any]) -> tuple[str, bytes]:
    said: list[str] = []
    base = {"REQUEST_METHOD": "GET", "QUERY_STRING": "", "wsgi.input": io.BytesIO(b"")}
    body = b"".join(app({**base, **environ}, lambda status, headers: said.append(status)))
    return said[0], body


@pytest.mark.parametrize("key", ["RAW_URI", "REQUEST_URI"])
def test_other_servers_raw_paths_are_read_too(key: str) -> None:
    """gunicorn gives ``RAW_URI``, uWSGI ``REQUEST_URI`` (werkzeug both), beside PATH_INFO decoded."""
    world = SyntheticWorld.from_openapi(_files(), seed=1)
    status, _ = _wsgi(RestApp(world), {"PATH_INFO": "/files/a/b", key: "/files/a%2Fb?x=1"})
    assert status == "200 OK"
    assert world.trace[-1].input == {"name": "a/b"}


def test_a_raw_path_that_is_not_the_path_info_is_not_trusted() -> None:
    """A proxy that rewrote PATH_INFO: the raw path is another request's, so PATH_INFO routes."""
    world = SyntheticWorld.from_openapi(_files(), seed=1)
    status, _ = _wsgi(RestApp(world), {"PATH_INFO": "/files/x", "REQUEST_URI": "/api/files/a%2Fb"})
    assert status == "200 OK"
    assert world.trace[-1].input == {"name": "x"}


def test_a_raw_path_under_a_script_name_is_read_without_it() -> None:
    world = SyntheticWorld.from_openapi(_files(), seed=1)
    environ = {"SCRIPT_NAME": "/api", "PATH_INFO": "/files/a/b", "REQUEST_URI": "/api/files/a%2Fb"}
    assert _wsgi(RestApp(world), environ)[0] == "200 OK"
    assert world.trace[-1].input == {"name": "a/b"}


# -- in: cookie ---------------------------------------------------------------------------------


def _cookie(name: str, schema: dict[str, Any], *, required: bool = False) -> dict[str, Any]:
    return {"name": name, "in": "cookie", "required": required, "schema": schema}


def _profile() -> dict[str, Any]:
    cookies = [
        _cookie("session", {"type": "string", "minLength": 3}, required=True),
        _cookie("lang", {"type": "string", "enum": ["en", "fr"]}),
        _cookie("page", {"type": "integer", "minimum": 1, "format": "int32"}),
    ]
    get = {"operationId": "get_profile", "parameters": cookies, "responses": returning(FILE)}
    return doc3({"/profile": {"get": get}})


@pytest.fixture
def profile() -> Iterator[tuple[SyntheticWorld, httpx.Client]]:
    world = SyntheticWorld.from_openapi(_profile(), seed=1)
    with rest_server(world) as base_url, httpx.Client(base_url=base_url) as client:
        yield world, client


def test_cookies_are_no_tool_input_but_the_twin_knows_them() -> None:
    spec = SyntheticWorld.from_openapi(_profile(), seed=1).tools["get_profile"]
    assert spec.parameters.get("properties", {}) == {}
    assert sorted(spec.metadata["openapi"]["cookies"]) == ["lang", "page", "session"]


def test_cookies_that_fit_are_answered(profile: tuple[SyntheticWorld, httpx.Client]) -> None:
    world, client = profile
    response = client.get(
        "/profile", headers={"Cookie": 'session=abc123; lang=fr; page=2; theme="dark mode"'}
    )
    assert response.status_code == 200, response.text
    assert world.trace[-1].input == {}


def test_a_required_cookie_missing_is_refused_before_the_world(
    profile: tuple[SyntheticWorld, httpx.Client],
) -> None:
    world, client = profile
    response = client.get("/profile", headers={"Cookie": "lang=en"})
    assert response.status_code == 400
    assert response.json()["errors"] == [
        "cookie 'session': the operation requires it; send it (Cookie: session=...)"
    ]
    assert list(world.trace) == []


@pytest.mark.parametrize(
    ("cookie", "named"),
    [
        ("session=ab", "session"),
        ("session=abc; lang=de", "lang"),
        ("session=abc; page=x", "page"),
        ("session=abc; page=0", "page"),
        ("session=abc; page=2147483648", "page"),
    ],
)
def test_a_cookie_its_schema_refuses_is_named(
    profile: tuple[SyntheticWorld, httpx.Client], cookie: str, named: str
) -> None:
    world, client = profile
    response = client.get("/profile", headers={"Cookie": cookie})
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert len(errors) == 1
    assert errors[0].startswith(f"cookie {named!r}: ")
    assert list(world.trace) == []


# -- Prefer ---------------------------------------------------------------------------------------

PET = {
    "type": "object",
    "required": ["name"],
    "properties": {"name": {"type": "string"}, "id": {"type": "integer"}},
}
PROBLEM = {"type": "object", "required": ["message"], "properties": {"message": {"type": "string"}}}


def _pets() -> dict[str, Any]:
    examples = {"cat": {"value": {"name": "Fluffy"}}, "dog": {"$ref": "#/components/examples/dog"}}
    ok = {"description": "ok", "content": {"application/json": {"schema": PET, "examples": examples}}}
    missing = {"description": "no such pet", "content": {"application/json": {"schema": PROBLEM}}}
    pet_id = {"name": "id", "in": "path", "required": True, "schema": {"type": "integer"}}
    doc = doc3(
        {
            "/pets/{id}": {
                "get": {
                    "operationId": "get_pet",
                    "parameters": [pet_id],
                    "responses": {"200": ok, "404": missing},
                }
            },
            "/pets": {
                "post": {
                    "operationId": "add_pet",
                    "requestBody": {"content": {"application/json": {"schema": PET}}},
                    "responses": returning(PET),
                }
            },
        }
    )
    doc["components"]["examples"] = {"dog": {"value": {"name": "Spot", "id": 1}}}
    return doc


@pytest.fixture
def pets() -> Iterator[tuple[SyntheticWorld, httpx.Client]]:
    world = SyntheticWorld.from_openapi(_pets(), seed=1)
    with rest_server(world) as base_url, httpx.Client(base_url=base_url) as client:
        yield world, client


def test_prefer_code_answers_the_documented_error_without_the_world(
    pets: tuple[SyntheticWorld, httpx.Client],
) -> None:
    world, client = pets
    response = client.get("/pets/7", headers={"Prefer": "code=404"})
    assert response.status_code == 404
    assert set(response.json()) >= {"message"}  # the documented error's shape
    assert (response.headers["preference-applied"], response.headers["vary"]) == ("code=404", "Prefer")
    assert list(world.trace) == []


def test_prefer_code_of_the_success_is_the_worlds_answer(pets: tuple[SyntheticWorld, httpx.Client]) -> None:
    world, client = pets
    response = client.get("/pets/7", headers={"Prefer": "code=200"})
    assert response.status_code == 200
    assert response.json() == world.trace[-1].output
    assert response.headers["preference-applied"] == "code=200"


def test_prefer_a_code_not_documented_is_refused_naming_those_that_are(
    pets: tuple[SyntheticWorld, httpx.Client],
) -> None:
    _, client = pets
    response = client.get("/pets/7", headers={"Prefer": "code=503"})
    assert response.status_code == 400
    assert response.json()["detail"].endswith("ask for one it documents: 200, 404")


@pytest.mark.parametrize(
    ("prefer", "body"), [("example=cat", {"name": "Fluffy"}), ('example="dog"', {"name": "Spot", "id": 1})]
)
def test_prefer_example_sends_the_named_example(
    pets: tuple[SyntheticWorld, httpx.Client], prefer: str, body: dict[str, Any]
) -> None:
    world, client = pets
    response = client.get("/pets/7", headers={"Prefer": prefer})
    assert (response.status_code, response.json()) == (200, body)
    assert list(world.trace) == []


def test_prefer_an_unknown_example_lists_the_examples(pets: tuple[SyntheticWorld, httpx.Client]) -> None:
    _, client = pets
    response = client.get("/pets/7", headers={"Prefer": "example=bird"})
    assert response.status_code == 400
    assert response.json()["detail"].endswith("its examples: 'cat', 'dog'")


def test_prefer_dynamic_false_sends_the_first_example_and_true_the_worlds(
    pets: tuple[SyntheticWorld, httpx.Client],
) -> None:
    world, client = pets
    assert client.get("/pets/7", headers={"Prefer": "dynamic=false"}).json() == {"name": "Fluffy"}
    drawn = client.get("/pets/7", headers={"Prefer": "dynamic=true"})
    assert drawn.json() == world.trace[-1].output
    assert drawn.headers["preference-applied"] == "dynamic=true"


def test_input_the_parameters_refuse_is_refused_whatever_is_preferred(
    pets: tuple[SyntheticWorld, httpx.Client],
) -> None:
    _, client = pets
    response = client.get("/pets/seven", headers={"Prefer": "code=404, example=cat"})
    assert response.status_code == 400
    assert "id" in response.text


def test_prefer_return_minimal_drops_the_body_of_a_change(pets: tuple[SyntheticWorld, httpx.Client]) -> None:
    world, client = pets
    response = client.post(
        "/pets", json={"name": "Rex"}, headers={"Prefer": "return=minimal; charset=x, respond-async"}
    )
    assert (response.status_code, response.content) == (204, b"")
    assert "content-type" not in response.headers
    assert response.headers["preference-applied"] == "return=minimal"
    assert world.trace[-1].tool == "add_pet"  # the change was made


def test_prefer_return_minimal_leaves_a_read_whole(pets: tuple[SyntheticWorld, httpx.Client]) -> None:
    _, client = pets
    response = client.get("/pets/7", headers={"Prefer": "return=minimal"})
    assert response.status_code == 200
    assert response.json()["name"]
    assert "preference-applied" not in response.headers


def test_prefer_return_representation_is_what_the_twin_does(
    pets: tuple[SyntheticWorld, httpx.Client],
) -> None:
    _, client = pets
    response = client.post("/pets", json={"name": "Rex"}, headers={"Prefer": "return=representation"})
    assert response.status_code == 200
    assert response.json()["name"]
    assert response.headers["preference-applied"] == "return=representation"


def test_no_prefer_header_no_preference_headers(pets: tuple[SyntheticWorld, httpx.Client]) -> None:
    _, client = pets
    response = client.get("/pets/7")
    assert "vary" not in response.headers
    assert "preference-applied" not in response.headers


def test_preferences_are_parsed_as_rfc_7240_writes_them() -> None:
    header = 'respond-async, wait=10, return=minimal; foo="a, b", example="a \\"q\\"", RETURN=representation'
    assert preferences(header) == {"respond-async": "", "wait": "10", "return": "minimal", "example": 'a "q"'}


def test_a_cookie_written_as_json_is_read_as_json() -> None:
    userdata = {"name": "userdata", "in": "cookie", "content": {"application/json": {"schema": FILE}}}
    doc = doc3(
        {"/me": {"get": {"operationId": "me", "parameters": [userdata], "responses": returning(FILE)}}}
    )
    world = SyntheticWorld.from_openapi(doc, seed=1)
    with rest_server(world) as base_url, httpx.Client(base_url=base_url) as client:
        assert client.get("/me", headers={"Cookie": 'userdata={"name":"ann"}'}).status_code == 200
        refused = client.get("/me", headers={"Cookie": 'userdata={"age":3}'})
    assert refused.status_code == 400
    assert refused.json()["errors"] == ["cookie 'userdata': 'name' is a required property"]


def test_prefer_a_success_code_other_than_the_documented_one_is_refused(
    pets: tuple[SyntheticWorld, httpx.Client],
) -> None:
    world, client = pets
    response = client.post("/pets", json={"name": "Rex"}, headers={"Prefer": "code=201"})
    assert response.status_code == 400
    assert response.json()["detail"].startswith("Prefer: code=201: the operation documents no such response")
    assert list(world.trace) == []
