"""The REST twin (`synthworld.serve.rest`): an OpenAPI document's own HTTP API answered by a world,
over a real server on 127.0.0.1 and a real client (httpx)."""

from __future__ import annotations

import threading
import warnings
from pathlib import Path
from typing import Any

import httpx
import jsonschema
import pytest

from synthworld import SyntheticWorld
from synthworld.serve.rest import RestApp, rest_server
from tests._openapi_support import DOCS, doc3, returning
from tests._rest_client import request_for, valid_input

DOCUMENTS = [
    "billing-3.0.yaml",
    "deployments-merge-patch-3.0.yaml",
    "docker-engine-1.53.yaml",
    "fleet-2.0.yaml",
    "inheritance-3.0.yaml",
    "kubernetes-apiextensions-slice.json",
    "openapi-core-petstore-3.0.yaml",
    "petstore-3.1.yaml",
    "shelter-3.1.yaml",
    "stripe-products-slice.json",
]
FLEET = DOCS / "fleet-2.0.yaml"
SHELTER = DOCS / "shelter-3.1.yaml"
VEHICLE = "1b4e28ba-2fa1-11d2-883f-0016d3cca427"


def _world(path: Path, seed: int = 5) -> SyntheticWorld:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # keywords some vendored documents misspell, on purpose
        return SyntheticWorld.from_openapi(path, seed=seed, on_error="skip")


def _documented_status(meta: dict[str, Any]) -> int:
    status = meta["status"] if meta["status"] is not None else meta.get("empty_status")
    return int(status) if str(status).isdigit() else 200


@pytest.mark.parametrize("name", DOCUMENTS)
def test_every_operation_answers_its_documented_status_with_a_valid_body(name: str) -> None:
    world = _world(DOCS / name)
    specs = sorted(world.tools.values(), key=lambda spec: spec.metadata["openapi"]["method"] == "DELETE")
    answered = 0
    with rest_server(world) as base_url, httpx.Client(base_url=base_url) as client:
        for spec in specs:
            meta = spec.metadata["openapi"]
            args = valid_input(spec)
            assert args is not None, spec.name
            response = client.request(**request_for(spec, args))
            assert response.status_code == _documented_status(meta), (spec.name, response.text)
            assert world.trace[-1].input == args, spec.name  # read back exactly
            if meta["status"] is None:
                assert response.content == b"", spec.name
            elif response.headers["content-type"].endswith("json"):
                jsonschema.validate(response.json(), spec.returns, format_checker=jsonschema.FormatChecker())
                assert response.json() == world.trace[-1].output, spec.name
            answered += 1
    assert answered == len(world.trace) == len(world.tools)


def test_the_same_seed_gives_byte_identical_answers_from_two_servers() -> None:
    bodies = []
    for _ in range(2):
        world = _world(DOCS / "stripe-products-slice.json", seed=11)
        with rest_server(world) as base_url, httpx.Client(base_url=base_url) as client:
            made = client.post("/v1/products", data={"name": "Lamp", "metadata[room]": "hall"})
            listed = client.get("/v1/products", params={"limit": 3, "expand[0]": "data.default_price"})
            bodies.append(
                [made.content, client.get(f"/v1/products/{made.json()['id']}").content, listed.content]
            )
    assert bodies[0] == bodies[1]
    assert b'"name":"Lamp"' in bodies[0][0]
    assert b'"metadata":{"room":"hall"}' in bodies[0][0]
    other = _world(DOCS / "stripe-products-slice.json", seed=12)
    with rest_server(other) as base_url:
        assert httpx.post(f"{base_url}/v1/products", data={"name": "Lamp"}).content != bodies[0][0]


def test_a_created_entity_is_found_and_a_deleted_one_answers_the_documented_404() -> None:
    world = _world(DOCS / "stripe-products-slice.json")
    with rest_server(world) as base_url, httpx.Client(base_url=base_url) as client:
        made = client.post("/v1/products", data={"name": "Kettle", "active": "false"}).json()
        found = client.get(f"/v1/products/{made['id']}")
        assert (found.status_code, found.json()["name"], found.json()["active"]) == (200, "Kettle", False)
        assert client.delete(f"/v1/products/{made['id']}").json()["deleted"] is True
        gone = client.get(f"/v1/products/{made['id']}")
    assert gone.status_code == 404
    assert "deleted earlier" in gone.json()["detail"]


def test_a_deleted_entity_answers_with_the_documented_error_body() -> None:
    world = _world(FLEET)
    with rest_server(world) as base_url, httpx.Client(base_url=f"{base_url}/api") as client:
        assert client.get(f"/vehicles/{VEHICLE}").status_code == 200
        deleted = client.delete(f"/vehicles/{VEHICLE}")
        assert (deleted.status_code, deleted.content) == (204, b"")
        gone = client.get(f"/vehicles/{VEHICLE}")
    assert (gone.status_code, gone.headers["content-type"]) == (404, "application/json")
    api_error = {
        "type": "object",
        "required": ["code", "message"],
        "properties": {"code": {"type": "integer"}, "message": {"type": "string"}},
    }
    jsonschema.validate(gone.json(), api_error)  # fleet's ApiError, not a problem document
    assert world.trace[-1].error["details"]["status"] == "404"


def test_a_fault_answers_the_documented_error_response() -> None:
    world = _world(SHELTER)
    world.add_faults([{"tool": "getPet", "error": "not_found"}, {"tool": "listPets", "error": "rate_limit"}])
    with rest_server(world) as base_url:
        missing = httpx.get(f"{base_url}/pets/0b7c6a4e-3f7e-4a53-9a8e-1d2c3b4a5f60")
        limited = httpx.get(f"{base_url}/pets")
    assert (missing.status_code, missing.headers["content-type"]) == (404, "application/problem+json")
    problem_schema = world.tools["getPet"].metadata["errors"][0]["schema"]
    jsonschema.validate(missing.json(), problem_schema)
    assert limited.status_code == 429  # documented only as 4XX: the code's own status
    assert limited.headers["content-type"] == "application/problem+json"
    assert [call.error["code"] for call in world.trace] == ["not_found", "rate_limit"]


def test_query_styles_headers_and_types_are_read_as_documented() -> None:
    world = _world(SHELTER)
    request_id = "0b7c6a4e-3f7e-4a53-9a8e-1d2c3b4a5f60"
    with rest_server(world) as base_url:
        headers = {"X-Request-ID": request_id}
        answer = httpx.get(f"{base_url}/pets?kind=cat&tags=a,b&page_size=7", headers=headers)
    assert answer.status_code == 200
    assert world.trace[-1].input == {
        "kind": "cat",
        "tags": ["a", "b"],
        "page_size": 7,
        "X-Request-ID": request_id,
    }


def test_a_request_the_parameters_refuse_is_400_with_a_problem_naming_each_problem() -> None:
    world = _world(FLEET)
    with rest_server(world) as base_url, httpx.Client(base_url=f"{base_url}/api") as client:
        wrong_type = client.get("/vehicles", params={"limit": "many", "status": "scrapped"})
        not_json = client.post("/vehicles", content=b"{plate", headers={"content-type": "application/json"})
        missing = client.post("/vehicles", json={"kind": "Truck"})
    assert wrong_type.status_code == 400
    assert wrong_type.headers["content-type"] == "application/json"  # fleet documents JSON, no problem+json
    problem = wrong_type.json()
    assert {problem["type"], problem["title"], problem["status"], problem["code"]} == {
        "about:blank",
        "Bad Request",
        400,
        "invalid_input",
    }
    assert any("'many' is not of type 'integer'" in error for error in problem["errors"])
    assert any("'scrapped' is not one of" in error for error in problem["errors"])
    assert not_json.status_code == 400
    assert not_json.json()["detail"].startswith("the request body is not valid JSON")
    assert missing.status_code == 400
    assert any("'plate' is a required property" in error for error in missing.json()["errors"])
    assert len(world.trace) == 2  # the refused inputs are traced; unreadable JSON never reached the world


def test_an_operation_documenting_422_and_not_400_refuses_with_422() -> None:
    world = _world(SHELTER)
    with rest_server(world) as base_url:
        refused = httpx.post(f"{base_url}/pets", json={"name": 7})
    assert refused.status_code == 422
    assert refused.json()["status"] == 422


def test_a_multipart_upload_is_read_and_a_body_the_twin_cannot_read_is_415_saying_so() -> None:
    world = _world(FLEET)
    with rest_server(world) as base_url:
        upload = httpx.post(
            f"{base_url}/api/vehicles/{VEHICLE}/photo",
            files={"file": ("p.jpg", b"\xff\xd8jpeg")},
            data={"caption": "side"},
        )
        xml = httpx.post(
            f"{base_url}/api/vehicles", content=b"<v/>", headers={"content-type": "application/xml"}
        )
    assert upload.status_code == 200
    assert world.trace[0].input == {"vehicleId": VEHICLE, "file": "\ufffd\ufffdjpeg", "caption": "side"}
    assert xml.status_code == 415
    assert "not 'application/xml'" in xml.json()["detail"]
    assert len(world.trace) == 1


def test_unknown_paths_are_404_and_other_methods_405_with_allow() -> None:
    world = _world(FLEET)
    with rest_server(world) as base_url, httpx.Client(base_url=base_url) as client:
        unknown = client.get("/api/boats")
        unprefixed = client.get("/vehicles")  # the paths live under basePath /api
        wrong = client.put("/api/vehicles")
        options = client.options(f"/api/vehicles/{VEHICLE}")
        head = client.head(f"/api/vehicles/{VEHICLE}")
        get = client.get(f"/api/vehicles/{VEHICLE}")
    assert unknown.status_code == unprefixed.status_code == 404
    assert "/api/vehicles/{vehicleId}" in unknown.json()["detail"]
    assert (wrong.status_code, wrong.headers["allow"]) == (405, "GET, HEAD, OPTIONS, POST")
    assert (options.status_code, options.headers["allow"]) == (204, "DELETE, GET, HEAD, OPTIONS")
    assert (head.status_code, head.content) == (200, b"")
    assert head.headers["content-length"] == get.headers["content-length"] != "0"


def test_server_urls_give_the_base_path_and_a_literal_path_outranks_a_template() -> None:
    spec = doc3(
        {
            "/pets/{petId}": {
                "get": {
                    "operationId": "getPet",
                    "parameters": [
                        {"name": "petId", "in": "path", "required": True, "schema": {"type": "string"}}
                    ],
                    "responses": returning({"type": "string"}),
                }
            },
            "/pets/mine": {"get": {"operationId": "myPets", "responses": returning({"type": "integer"})}},
        },
        version="3.1.0",
    )
    spec["servers"] = [
        {
            "url": "https://{region}.example.com/{version}/",
            "variables": {"region": {"default": "eu"}, "version": {"default": "v2"}},
        }
    ]
    world = SyntheticWorld.from_openapi(spec, seed=1)
    with rest_server(world) as base_url:
        mine = httpx.get(f"{base_url}/v2/pets/mine")
        other = httpx.get(f"{base_url}/v2/pets/p%20one")
    assert isinstance(mine.json(), int)
    assert isinstance(other.json(), str)
    assert [(call.tool, call.input) for call in world.trace] == [
        ("myPets", {}),
        ("getPet", {"petId": "p one"}),
    ]


def test_the_app_mounts_in_process_and_refuses_a_world_without_openapi_tools() -> None:
    world = _world(DOCS / "petstore-3.1.yaml")
    with httpx.Client(transport=httpx.WSGITransport(app=RestApp(world)), base_url="http://twin") as client:
        assert client.get("/v1/pets", params={"limit": 2}).status_code == 200
    with pytest.raises(ValueError, match="from_openapi"):
        RestApp(SyntheticWorld())


def test_many_threads_at_once_all_answered_and_all_traced() -> None:
    world = _world(DOCS / "stripe-products-slice.json")
    failures: list[Any] = []

    def client_thread(n: int) -> None:
        with httpx.Client(base_url=base_url) as client:
            for i in range(40):
                if i % 2:
                    response = client.get(f"/v1/products/prod_{n}_{i}")
                else:
                    response = client.post("/v1/products", data={"name": f"thing {n} {i}"})
                if response.status_code != 200:
                    failures.append((n, i, response.status_code, response.text))

    with rest_server(world) as base_url:
        threads = [threading.Thread(target=client_thread, args=(n,)) for n in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert failures == []
    assert len(world.trace) == 320
    assert sorted({call.tool for call in world.trace}) == ["GetProductsId", "PostProducts"]


CORE = DOCS / "openapi-core-petstore-3.0.yaml"


def test_an_operation_under_security_answers_401_without_its_credentials() -> None:
    world = _world(CORE)
    with rest_server(world) as base_url, httpx.Client(base_url=f"{base_url}/v1") as client:
        bare = client.get("/pets/7")
        token = client.get("/pets/7", headers={"Authorization": "Bearer anything"})
        anonymous = client.get("/pets", params={"limit": 2})  # security: [api_key, {}] lets anyone in
    assert (bare.status_code, bare.headers["www-authenticate"]) == (401, "Bearer")
    assert "the request lacks header authorization" in bare.json()["message"]  # the documented Error
    assert (token.status_code, anonymous.status_code) == (200, 200)
    assert [call.tool for call in world.trace] == ["showPetById", "listPets"]  # the 401 never reached it
    with rest_server(world, require_credentials=False) as base_url:
        assert httpx.get(f"{base_url}/v1/pets/7").status_code == 200


def test_documented_answer_headers_come_with_the_answer_the_same_every_time() -> None:
    world = _world(CORE)
    with rest_server(world) as base_url, httpx.Client(base_url=f"{base_url}/v1") as client:
        first = client.request("DELETE", "/tags", json={"ids": [1, 2]})
        again = client.request("DELETE", "/tags", json={"ids": [1, 2]})
    assert first.status_code == 200
    assert first.headers["x-delete-confirm"] in ("true", "false")  # documented required, a boolean
    assert first.headers["x-delete-confirm"] == again.headers["x-delete-confirm"]
    assert first.headers["x-delete-date"] == again.headers["x-delete-date"]


def test_a_body_field_the_schema_does_not_name_is_refused_only_where_the_schema_closes_it() -> None:
    core, billing = _world(CORE), _world(DOCS / "billing-3.0.yaml")
    with rest_server(core) as core_url, rest_server(billing) as billing_url:
        closed = httpx.post(f"{core_url}/v1/tags", json={"name": "cute", "colour": "red"})
        made = httpx.post(f"{billing_url}/v1/customers", json={"email": "a@b.co", "colour": "red"})
    assert closed.status_code == 400  # TagCreate: additionalProperties: false
    assert "unexpected parameter 'colour'" in closed.json()["message"]
    assert made.status_code == 201  # an open body: the field is ignored
    assert "colour" not in billing.trace[-1].input


def test_an_error_body_takes_the_documented_shape_with_the_explanation_in_its_message() -> None:
    world = _world(DOCS / "petstore-3.1.yaml")
    with rest_server(world) as base_url:
        refused = httpx.get(f"{base_url}/v1/pets", params={"limit": "many"})
        again = httpx.get(f"{base_url}/v1/pets", params={"limit": "many"})
        too_big = httpx.get(f"{base_url}/v1/pets", params={"limit": 2**31})
    error = refused.json()  # the default response's Error: {code: int32, message: string}
    assert (refused.status_code, refused.headers["content-type"]) == (400, "application/json")
    assert set(error) == {"code", "message"}
    assert isinstance(error["code"], int)
    assert "'many' is not of type 'integer'" in error["message"]
    assert again.content == refused.content
    assert too_big.status_code == 400
    assert "2147483648 is out of the int32 range" in too_big.json()["message"]
    assert len(world.trace) == 2  # the int32 refusal is the twin's own, before the world


def test_a_wildcard_answer_media_type_is_sent_as_one_concrete_type() -> None:
    world = _world(CORE)
    with rest_server(world) as base_url:
        photo = httpx.get(f"{base_url}/v1/pets/7/photo")
    assert (photo.status_code, photo.headers["content-type"]) == (200, "image/png")
    assert photo.content.decode() == world.trace[-1].output


def test_the_wire_facts_of_each_operation_are_kept_in_its_metadata() -> None:
    core = {spec.name: spec.metadata for spec in _world(CORE).tools.values()}
    assert core["listPets"]["openapi"]["base_path"] == "/v1"  # servers[0].url, {version} defaulted
    assert core["listPets"]["openapi"]["parameters"]["tags"] == {
        "in": "query",
        "name": "tags",
        "explode": False,
    }
    assert core["listPets"]["openapi"]["parameters"]["color"]["style"] == "deepObject"
    assert core["createPets"]["openapi"]["empty_status"] == "201"
    assert core["createTag"]["openapi"]["body_closed"] is True
    assert core["showPetById"]["openapi"]["credentials"] == [[{"in": "header", "name": "Authorization"}]]
    assert "credentials" not in core["listPets"]["openapi"]  # security: [api_key, {}]
    assert core["showPetPhotoById"]["openapi"]["answer_media"] == "image/*"
    assert core["deleteTag"]["openapi"]["answer_headers"]["x-delete-confirm"]["required"] is True
    fleet = {spec.name: spec.metadata for spec in _world(FLEET).tools.values()}
    assert fleet["ListVehicles"]["openapi"]["parameters"]["status"]["explode"] is True  # multi
    assert fleet["UploadPhoto"]["openapi"]["body_media"] == "multipart/form-data"
    assert fleet["GetVehicle"]["openapi"]["base_path"] == "/api"
    shelter = {spec.name: spec.metadata for spec in _world(SHELTER).tools.values()}
    assert [e.get("media") for e in shelter["getPet"]["errors"]] == ["application/problem+json"]


def test_a_backend_that_breaks_the_schema_is_a_500_saying_so() -> None:
    world = SyntheticWorld.from_openapi(DOCS / "petstore-3.1.yaml", seed=1, backend=lambda ctx: "not pets")
    with rest_server(world) as base_url:
        broken = httpx.get(f"{base_url}/v1/pets")
    assert broken.status_code == 500
    assert broken.json()["detail"].startswith("synthworld backend error: backend")
    assert "breaks its returns schema" in broken.json()["detail"]


@pytest.mark.parametrize(
    "name", ["openapi-core-petstore-3.0.yaml", "shelter-3.1.yaml", "stripe-products-slice.json"]
)
def test_what_is_sent_is_what_the_world_gets_over_many_inputs(name: str) -> None:
    """Inputs of 12 seeds per operation, written as the document says (query styles, JSON
    query parameters, deep objects, nested form fields), reach the world exactly."""
    world = _world(DOCS / name)
    differences, sent = [], 0
    with rest_server(world, require_credentials=False) as base_url, httpx.Client(base_url=base_url) as client:
        for spec in world.tools.values():
            for seed in range(12):
                args = valid_input(spec, start=seed, tries=1)
                if args is None:
                    continue  # a path or header value no request carries as it is
                calls = len(world.trace)
                client.request(**request_for(spec, args))
                got = world.trace[-1].input if len(world.trace) > calls else None
                if got != args:
                    differences.append((spec.name, args, got))
                sent += 1
    assert differences == []
    assert sent > 6 * len(world.tools)


def test_a_browser_on_another_origin_may_call_the_twin() -> None:
    world = _world(FLEET)
    with rest_server(world) as base_url, httpx.Client(base_url=f"{base_url}/api") as client:
        asked = {"Origin": "http://app.test", "Access-Control-Request-Method": "POST"}
        preflight = client.options(
            "/vehicles", headers={**asked, "Access-Control-Request-Headers": "x-trace"}
        )
        answer = client.get("/health", headers={"Origin": "http://app.test"})
        same_origin = client.get("/health")
    assert preflight.status_code == 204
    assert preflight.headers["access-control-allow-methods"] == "GET, OPTIONS, POST"
    assert preflight.headers["access-control-allow-headers"] == "x-trace"
    assert preflight.headers["access-control-allow-origin"] == "http://app.test"
    assert answer.headers["access-control-allow-origin"] == "http://app.test"
    assert "access-control-allow-origin" not in same_origin.headers
    assert [call.tool for call in world.trace] == ["Health", "Health"]  # the preflight is no call
