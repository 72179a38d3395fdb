"""The REST twin answers a path that leaves a path parameter empty as web frameworks do: no match,
404 with a problem saying which parameter is empty, over a real server and httpx. Before,
``GET /v1/products/`` (``/v1/products/{id}`` documented beside ``/v1/products``) reached the list
through the tolerated trailing ``/``, and schemathesis found the list's body where the product's
schema was due. The trailing ``/`` stays tolerated where no template lies under the path."""

from __future__ import annotations

import httpx

from synthworld.serve.rest import rest_server
from tests.test_rest_twin import DOCS, _world

STRIPE = DOCS / "stripe-products-slice.json"


def test_an_empty_path_parameter_is_404_naming_it_and_reaches_no_operation() -> None:
    world = _world(STRIPE)
    with rest_server(world) as base_url, httpx.Client(base_url=base_url) as client:
        answers = {
            ("GET", "/v1/products/"): client.get("/v1/products/"),
            ("HEAD", "/v1/products/"): client.head("/v1/products/"),
            ("DELETE", "/v1/products/"): client.delete("/v1/products/"),
            ("OPTIONS", "/v1/products/"): client.options("/v1/products/"),
            ("GET", "/v1/products/prod_1/features/"): client.get("/v1/products/prod_1/features/"),
        }
        between = client.get("/v1/products//features")
    assert {key: answer.status_code for key, answer in answers.items()} == dict.fromkeys(answers, 404)
    assert answers["GET", "/v1/products/"].json() == {
        "type": "about:blank",
        "title": "Not Found",
        "status": 404,
        "detail": "the path '/v1/products/' leaves the path parameter 'id' of GET /v1/products/{id} "
        "empty; give it a value",
    }
    assert (
        answers["DELETE", "/v1/products/"]
        .json()["detail"]
        .startswith(
            "the path '/v1/products/' leaves the path parameter 'id' of DELETE /v1/products/{id} empty"
        )
    )
    assert (
        "'id' of GET /v1/products/{product}/features/{id}"
        in answers["GET", "/v1/products/prod_1/features/"].json()["detail"]
    )
    assert between.status_code == 404
    assert "parameter 'product' of GET /v1/products/{product}/features empty" in between.json()["detail"]
    assert len(world.trace) == 0  # no operation was called


def test_a_trailing_slash_still_reaches_an_operation_with_no_template_under_its_path() -> None:
    world = _world(STRIPE)
    with rest_server(world) as base_url, httpx.Client(base_url=base_url) as client:
        search = client.get("/v1/products/search/", params={"query": "name:'Lamp'"})
        made = client.post("/v1/products", data={"name": "Lamp"})
        one = client.get(f"/v1/products/{made.json()['id']}/")
        wrong = client.put("/v1/products/search/")
    assert (search.status_code, one.status_code) == (200, 200)
    assert one.json()["id"] == made.json()["id"]
    assert [call.tool for call in world.trace] == ["GetProductsSearch", "PostProducts", "GetProductsId"]
    assert (wrong.status_code, wrong.headers["allow"]) == (405, "DELETE, GET, HEAD, OPTIONS, POST")
