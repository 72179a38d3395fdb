"""Path parameters named for their kind are its id (`synthworld.world.path_ids`): Stripe's
``/v1/customers/{customer}`` and ``/v1/prices/{price}`` find, answer, update and delete the entity a
create made, as ``{customer_id}`` and ``{id}`` paths do; only OpenAPI path parameters are read so."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from synthworld import SyntheticWorld, ToolError, ToolSpec
from synthworld.serve.rest import rest_server
from synthworld.world.consistency import plan_for
from synthworld.world.path_ids import path_ids
from tests._openapi_support import DOCS, doc3, returning

BILLING = DOCS / "billing-3.0.yaml"
STRIPE = DOCS / "stripe-products-slice.json"


def in_path(*names: str) -> list[dict[str, Any]]:
    return [{"name": name, "in": "path", "required": True, "schema": {"type": "string"}} for name in names]


def ref(name: str, *, listed: bool = False) -> dict[str, Any]:
    schema: dict[str, Any] = {"$ref": f"#/components/schemas/{name}"}
    return returning({"type": "array", "items": schema} if listed else schema)


def body(name: str) -> dict[str, Any]:
    return {"content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{name}"}}}}


READ_ONLY_ID = {"type": "string", "readOnly": True}
USER = {
    "type": "object",
    "required": ["id", "name"],
    "properties": {"id": READ_ONLY_ID, "name": {"type": "string"}, "email": {"type": ["string", "null"]}},
}
POST = {
    "type": "object",
    "required": ["id", "title", "user"],
    "properties": {"id": READ_ONLY_ID, "title": {"type": "string"}, "user": READ_ONLY_ID},
}
INVOICE = {  # Stripe's expandable field: the customer's id, or the customer itself
    "type": "object",
    "required": ["id", "total", "customer"],
    "properties": {
        "id": READ_ONLY_ID,
        "total": {"type": "integer", "minimum": 0},
        "customer": {"anyOf": [{"type": "string"}, {"$ref": "#/components/schemas/User"}]},
    },
}
USERS = doc3(
    {
        "/users": {
            "post": {"operationId": "createUser", "requestBody": body("User"), "responses": ref("User")},
        },
        "/users/{user}": {
            "parameters": in_path("user"),
            "get": {"operationId": "getUser", "responses": ref("User")},
            "patch": {"operationId": "updateUser", "requestBody": body("User"), "responses": ref("User")},
            "delete": {"operationId": "deleteUser", "responses": {"204": {"description": "gone"}}},
        },
        "/users/{user}/posts": {
            "parameters": in_path("user"),
            "get": {"operationId": "listPosts", "responses": ref("Post", listed=True)},
            "post": {"operationId": "createPost", "requestBody": body("Post"), "responses": ref("Post")},
        },
        "/customers/{customer}/invoices/{invoice}": {
            "parameters": in_path("customer", "invoice"),
            "get": {"operationId": "getInvoice", "responses": ref("Invoice")},
        },
        "/invoices": {
            "parameters": [{"name": "customer", "in": "query", "schema": {"type": "string"}}],
            "get": {"operationId": "listInvoices", "responses": ref("Invoice", listed=True)},
        },
        "/repos/{owner}/{repo}": {
            "parameters": in_path("owner", "repo"),
            "get": {"operationId": "getRepo", "responses": ref("User")},
        },
    },
    {"User": USER, "Post": POST, "Invoice": INVOICE},
    version="3.1.0",
)


def remembered(answer: dict[str, Any], made: dict[str, Any]) -> bool:
    """Whether `answer` holds everything the create answered (it may add optional fields)."""
    return {key: answer.get(key) for key in made} == made


def test_a_billing_customer_is_found_updated_and_deleted_by_its_customer_path_parameter() -> None:
    world = SyntheticWorld.from_openapi(BILLING, seed=1)
    made = world.call("createCustomer", {"email": "ann@example.com", "name": "Ann"})
    assert remembered(world.call("retrieveCustomer", {"customer": made["id"]}), made)  # was another
    updated = world.call("updateCustomer", {"customer": made["id"], "name": "Anna"})
    assert (updated["id"], updated["name"], updated["email"]) == (made["id"], "Anna", "ann@example.com")
    assert world.state["customer"][made["id"]]["name"] == "Anna"
    assert "customer" not in world.state["customer"][made["id"]]  # the id is no field of its own
    assert world.call("retrieveCustomer", {"customer": made["id"]})["name"] == "Anna"
    assert world.call("deleteCustomer", {"customer": made["id"]}) is None
    for tool in ("retrieveCustomer", "updateCustomer", "deleteCustomer"):
        with pytest.raises(ToolError) as gone:  # it answered 200 with a made-up customer
            world.call(tool, {"customer": made["id"]})
        assert gone.value.code == "not_found"
        assert (gone.value.details["kind"], gone.value.details["customer"]) == ("customer", made["id"])
        assert gone.value.details["status"] == ("default" if tool == "updateCustomer" else "404")


def test_a_billing_customers_invoices_are_its_own_and_listed_again_the_same() -> None:
    world = SyntheticWorld.from_openapi(BILLING, seed=1)
    ann, bob = "cus_Ann", "cus_Bob"  # customers from elsewhere, with invoices of their own
    anns = world.call("listInvoices", {"customer": ann})
    bobs = world.call("listInvoices", {"customer": bob})
    assert anns
    assert bobs
    assert {i["id"] for i in anns}.isdisjoint(i["id"] for i in bobs)
    assert {world.state["invoice"][i["id"]]["customer"] for i in anns} == {ann}
    assert world.call("listInvoices", {"customer": ann}) == anns
    assert world.call("listInvoices", {"customer": bob}) == bobs


def test_a_deleted_customers_invoices_and_a_deleted_products_features_are_not_found() -> None:
    # the path puts them under the deleted entity: they answered 200 (schemathesis' ST301)
    world = SyntheticWorld.from_openapi(BILLING, seed=1)
    ann, bob = (world.call("createCustomer", {"email": f"{n}@example.com"})["id"] for n in ("ann", "bob"))
    world.call("deleteCustomer", {"customer": ann})
    with pytest.raises(ToolError) as gone:
        world.call("listInvoices", {"customer": ann})
    assert (gone.value.code, gone.value.details) == ("not_found", {"kind": "customer", "customer": ann})
    assert world.call("listInvoices", {"customer": bob}) == []  # a new customer has none yet
    stripe = SyntheticWorld.from_openapi(STRIPE, seed=1)
    lamp = stripe.call("PostProducts", {"name": "Lamp"})["id"]
    assert stripe.call("GetProductsProductFeatures", {"product": lamp})["object"] == "list"
    stripe.call("DeleteProductsId", {"id": lamp})
    for tool, args in [
        ("GetProductsProductFeatures", {"product": lamp}),
        ("PostProductsProductFeatures", {"product": lamp, "entitlement_feature": "feat_1"}),
        ("GetProductsProductFeaturesId", {"product": lamp, "id": "pf_1"}),
    ]:
        with pytest.raises(ToolError, match=f"product product='{lamp}' was not found"):
            stripe.call(tool, args)


def test_a_stripe_price_is_found_and_updated_by_its_price_path_parameter() -> None:
    world = SyntheticWorld.from_openapi(STRIPE, seed=1)
    made = world.call("PostPrices", {"currency": "usd", "unit_amount": 500, "product": "prod_Lamp"})
    assert remembered(world.call("GetPricesPrice", {"price": made["id"]}), made)  # was another price
    updated = world.call("PostPricesPrice", {"price": made["id"], "nickname": "Pro"})
    assert (updated["id"], updated["nickname"], updated["unit_amount"]) == (made["id"], "Pro", 500)
    again = world.call("GetPricesPrice", {"price": made["id"]})
    assert (again["id"], again["nickname"], again["unit_amount"], again["product"]) == (
        made["id"],
        "Pro",
        500,
        "prod_Lamp",
    )


def test_petstore_pet_ids_keep_working() -> None:
    world = SyntheticWorld.from_openapi(DOCS / "petstore-3.1.yaml", seed=2)
    shown = world.call("showPetById", {"petId": "7"})
    assert world.call("showPetById", {"petId": "7"}) == shown
    assert path_ids(world.tools["showPetById"].metadata, "pet") == {}  # already spelt as an id
    assert plan_for(world.tools["showPetById"]).id_params == (("petId", "pet"),)


def test_a_user_is_found_updated_and_deleted_by_its_user_path_parameter() -> None:
    world = SyntheticWorld.from_openapi(USERS, seed=4)
    made = world.call("createUser", {"name": "Ann"})
    assert world.call("getUser", {"user": made["id"]}) == made
    assert world.call("updateUser", {"user": made["id"], "name": "Anna"}) == {**made, "name": "Anna"}
    assert world.call("getUser", {"user": made["id"]}) == {**made, "name": "Anna"}
    world.call("deleteUser", {"user": made["id"]})
    with pytest.raises(ToolError, match="deleted earlier"):
        world.call("getUser", {"user": made["id"]})


def test_a_sub_collection_holds_the_posts_of_the_user_its_path_names() -> None:
    world = SyntheticWorld.from_openapi(USERS, seed=4)
    ann, bob = (world.call("createUser", {"name": name})["id"] for name in ("Ann", "Bob"))
    post = world.call("createPost", {"user": ann, "title": "Hello"})
    assert post["user"] == ann
    anns, bobs = world.call("listPosts", {"user": ann}), world.call("listPosts", {"user": bob})
    assert (anns, bobs) == ([post], [])  # users made in this world have only the posts made for them
    cys = world.call("listPosts", {"user": "usr_Cy"})  # a user from elsewhere has a past
    assert cys
    assert {p["user"] for p in cys} == {"usr_Cy"}


def test_an_expanded_object_takes_the_id_its_path_parameter_names() -> None:
    world = SyntheticWorld.from_openapi(USERS, seed=4)
    ann = world.call("createUser", {"name": "Ann"})
    shapes = set()
    for number in range(8):  # the customer is drawn as an id or an object: both are the one named
        invoice = world.call("getInvoice", {"customer": ann["id"], "invoice": f"in_{number}"})
        assert invoice["id"] == f"in_{number}"
        customer = invoice["customer"]
        assert (customer["id"] if isinstance(customer, dict) else customer) == ann["id"], customer
        shapes.add(type(customer))
    assert shapes == {str, dict}


def test_paying_an_invoice_by_its_invoice_path_parameter_pays_the_one_created() -> None:
    invoice = {
        "type": "object",
        "required": ["id", "status", "total"],
        "properties": {
            "id": READ_ONLY_ID,
            "status": {"type": "string", "enum": ["draft", "open", "paid", "void"]},
            "total": {"type": "integer", "minimum": 0},
        },
    }
    one = in_path("invoice")
    doc = doc3(
        {
            "/invoices": {
                "post": {
                    "operationId": "PostInvoices",
                    "requestBody": body("Invoice"),
                    "responses": ref("Invoice"),
                }
            },
            "/invoices/{invoice}": {
                "parameters": one,
                "get": {"operationId": "GetInvoicesInvoice", "responses": ref("Invoice")},
            },
            "/invoices/{invoice}/pay": {
                "parameters": one,
                "post": {"operationId": "PostInvoicesInvoicePay", "responses": ref("Invoice")},
            },
        },
        {"Invoice": invoice},
    )
    world = SyntheticWorld.from_openapi(doc, seed=2)
    made = world.call("PostInvoices", {"total": 40})
    assert made["status"] == "draft"
    paid = {**made, "status": "paid"}
    assert world.call("PostInvoicesInvoicePay", {"invoice": made["id"]}) == paid  # was another invoice
    assert world.call("GetInvoicesInvoice", {"invoice": made["id"]}) == paid


def test_a_customer_filter_still_matches_an_id_or_an_expanded_customer() -> None:
    world = SyntheticWorld.from_openapi(USERS, seed=4)
    ann = world.call("createUser", {"name": "Ann"})["id"]
    for _ in range(2):
        for invoice in world.call("listInvoices", {"customer": ann}):
            customer = invoice["customer"]
            assert (customer["id"] if isinstance(customer, dict) else customer) == ann


def test_only_a_path_parameter_named_for_the_segment_before_it_or_the_kind_is_an_id() -> None:
    world = SyntheticWorld.from_openapi(USERS, seed=4)
    named = {"customer": "customer", "invoice": "invoice"}
    assert path_ids(world.tools["getInvoice"].metadata, "invoice") == named
    assert path_ids(world.tools["getRepo"].metadata, "repo") == {}  # a repo is named within its owner
    assert plan_for(world.tools["getRepo"]).id_params == ()
    assert path_ids(world.tools["listInvoices"].metadata, "invoice") == {}  # a query, not a path
    assert path_ids({"openapi": {"path": "/x/{customer}", "parameters": {}}}, "x") == {}
    meta = {"path": "/v1/prices/search/{price}", "parameters": {"price": {"in": "path", "name": "price"}}}
    assert path_ids({"openapi": meta}, "price") == {"price": "price"}  # the tool's own kind
    assert path_ids({"openapi": meta}, "product") == {}
    pay = {"path": "/invoices/{invoice}/pay", "parameters": {"invoice": {"in": "path", "name": "invoice"}}}
    assert path_ids({"openapi": pay}, "invoice") == {"invoice": "invoice"}


def test_a_hand_written_stubs_customer_parameter_stays_a_plain_input() -> None:
    # get_customer(customer) may take a name or an email: only OpenAPI path parameters are ids
    spec = ToolSpec(
        "get_customer",
        "",
        {"type": "object", "properties": {"customer": {"type": "string"}}, "required": ["customer"]},
        USER,
    )
    plan = plan_for(spec)
    assert (plan.id_params, plan.id_alias) == ((), None)


def test_the_rest_twin_finds_updates_and_deletes_a_customer_by_its_path() -> None:
    world = SyntheticWorld.from_openapi(BILLING, seed=5)
    with rest_server(world) as base_url, httpx.Client(base_url=f"{base_url}/v1") as client:
        made = client.post("/customers", data={"email": "ann@example.com", "name": "Ann"}).json()
        found = client.get(f"/customers/{made['id']}")
        assert found.status_code == 200
        assert remembered(found.json(), made)
        updated = client.post(f"/customers/{made['id']}", json={"name": "Anna"})
        answer = updated.json()
        assert (updated.status_code, answer["id"], answer["name"]) == (200, made["id"], "Anna")
        assert client.get(f"/customers/{made['id']}").json()["name"] == "Anna"
        assert client.delete(f"/customers/{made['id']}").status_code == 204
        gone = client.get(f"/customers/{made['id']}")
        invoices = client.get(f"/customers/{made['id']}/invoices")
    assert invoices.status_code == 404
    assert gone.status_code == 404  # the documented error body, for the deleted customer
    assert gone.json()["error"]["type"] in ("api_error", "card_error", "invalid_request_error")
    assert world.trace[-1].error is not None
    assert (world.trace[-1].error["code"], world.trace[-1].error["details"]["customer"]) == (
        "not_found",
        made["id"],
    )
