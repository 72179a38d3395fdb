"""Consistency: input echo, entity memory and recall, for every backend, always schema-valid."""

from __future__ import annotations

import random
from types import MappingProxyType
from typing import Any, ClassVar, Literal

import pytest
from typing_extensions import NotRequired, TypedDict

from synthworld import FunctionBackend, SyntheticWorld, ToolSpec
from synthworld.world.consistency import plan_for, related_entities, singular, tool_kind


class Order(TypedDict):
    order_id: str
    customer_id: str
    status: str
    total: float
    note: NotRequired[str]


def shop(seed: int | str = 0, **options: Any) -> SyntheticWorld:
    """``search_orders`` (1-5 hits), ``get_order``, ``update_order``, ``get_order_status``."""
    world = SyntheticWorld(seed, **options)

    @world.tool
    def search_orders(query: str) -> list[Order]:
        """Find orders."""

    @world.tool
    def get_order(order_id: str) -> Order:
        """Fetch an order."""

    @world.tool
    def update_order(order_id: str, status: str) -> Order:
        """Change an order's status."""

    @world.tool
    def get_order_status(order_id: str) -> dict[str, str]:
        """An order's status."""

    widen(world, "search_orders", minItems=1, maxItems=5)
    widen(world, "get_order_status", properties={"status": {"type": "string"}}, required=["status"])
    return world


def widen(world: SyntheticWorld, name: str, **returns: Any) -> None:
    """Re-register tool `name` with extra keywords in its returns schema."""
    spec = world.tools[name]
    merged = {**spec.returns, **returns}
    world.register_tool(ToolSpec(spec.name, spec.description, spec.parameters, merged, spec.param_names))


def spec(name: str, parameters: dict[str, Any], returns: dict[str, Any]) -> ToolSpec:
    schema = {"type": "object", "properties": parameters, "required": list(parameters)}
    return ToolSpec(name, "", schema, returns)


class TestNaming:
    @pytest.mark.parametrize(
        ("tool", "kind"),
        [
            ("get_order", "order"),
            ("search_orders", "order"),
            ("list_categories", "category"),
            ("getOrderById", "order"),
            ("get_order_by_id", "order"),
            ("fetch-user", "user"),
            ("weather", "weather"),
            ("get_order_status", "order_status"),
        ],
    )
    def test_tool_kind(self, tool: str, kind: str) -> None:
        assert tool_kind(tool) == kind

    @pytest.mark.parametrize(
        ("plural", "one"),
        [
            ("orders", "order"),
            ("addresses", "address"),
            ("boxes", "box"),
            ("status", "status"),
            ("class", "class"),
        ],
    )
    def test_singular(self, plural: str, one: str) -> None:
        assert singular(plural) == one

    def test_plan_is_inactive_without_ids_or_shared_names(self) -> None:
        plan = plan_for(
            spec("add", {"a": {"type": "integer"}}, {"type": "object", "properties": {"sum": {}}})
        )
        assert not plan.active

    def test_plan_finds_echo_names_and_id_parameters(self) -> None:
        returns = {
            "type": "object",
            "properties": {"user": {"type": "object", "properties": {"user_id": {}}}},
        }
        plan = plan_for(spec("get_user", {"user_id": {"type": "string"}, "id": {"type": "string"}}, returns))
        assert plan.echo == {"user_id"}
        assert plan.id_params == (("user_id", "user"), ("id", "user"))
        assert plan.has_ids

    def test_a_plan_read_from_a_shared_schema_text_ignores_later_changes_to_a_spec(self) -> None:
        returns = {
            "type": "object",
            "properties": {
                "id": {"type": "string"},
                "status": {"type": "string", "enum": ["open", "closed"]},
            },
        }
        params = {"order_id": {"type": "string"}}
        first, second, third = (spec("get_order", params, returns) for _ in range(3))
        plans = [plan_for(first), plan_for(second)]  # the second reading of this text is kept
        for changed in (first, second):  # each spec's dicts changed in place afterwards
            changed.returns["properties"]["status"]["enum"].append("lost")
            changed.returns["properties"]["total"] = {"type": "number"}
        kept = plan_for(third)
        assert kept.shapes is not None
        assert kept.shapes.values("order", "status") == ("open", "closed")
        assert "total" not in kept.shapes.by_hint["order"]
        assert plans[1] == kept
        now = plan_for(second)  # a spec's own plan follows its own schema
        assert now.shapes is not None
        assert now.shapes.values("order", "status") == ("open", "closed", "lost")
        assert "total" in now.shapes.by_hint["order"]


class TestEcho:
    def test_output_property_named_like_a_parameter_takes_its_value(self) -> None:
        world = shop()
        assert world.call("get_order", {"order_id": "A1"})["order_id"] == "A1"

    def test_echo_reaches_nested_objects_but_not_their_own_identifier(self) -> None:
        world = SyntheticWorld(seed=1)
        friend = {"type": "object", "properties": {"user_id": {"type": "string"}}, "required": ["user_id"]}
        returns = {
            "type": "object",
            "properties": {
                "user_id": {"type": "string"},
                "friends": {"type": "array", "items": friend, "minItems": 2},
            },
            "required": ["user_id", "friends"],
        }
        world.register_tool(spec("get_user", {"user_id": {"type": "string"}}, returns))
        out = world.call("get_user", {"user_id": "u1"})
        assert out["user_id"] == "u1"
        assert all(f["user_id"] != "u1" for f in out["friends"])

    def test_a_wrapped_entity_is_echoed_and_recalled(self) -> None:
        world = SyntheticWorld(seed=0)
        order = {
            "type": "object",
            "properties": {"order_id": {"type": "string"}, "status": {"type": "string"}},
            "required": ["order_id", "status"],
        }
        returns = {"type": "object", "properties": {"order": order}, "required": ["order"]}
        world.register_tool(spec("get_order", {"order_id": {"type": "string"}}, returns))
        world.state.remember("order", "A1", {"order_id": "A1", "status": "shipped"})
        assert world.call("get_order", {"order_id": "A1"}) == {
            "order": {"order_id": "A1", "status": "shipped"}
        }

    def test_another_entity_of_the_same_kind_keeps_its_identifier(self) -> None:
        world = SyntheticWorld(seed=0)
        person = {"type": "object", "properties": {"user_id": {"type": "string"}}, "required": ["user_id"]}
        returns = {
            "type": "object",
            "properties": {"user_id": {"type": "string"}, "manager": person},
            "required": ["user_id", "manager"],
        }
        world.register_tool(spec("get_user", {"user_id": {"type": "string"}}, returns))
        out = world.call("get_user", {"user_id": "u1"})
        assert out["user_id"] == "u1"
        assert out["manager"]["user_id"] != "u1"

    def test_echo_fills_filters_in_every_result(self) -> None:
        world = SyntheticWorld(seed=2)
        item = {
            "type": "object",
            "properties": {"order_id": {"type": "string"}, "customer_id": {"type": "string"}},
            "required": ["order_id", "customer_id"],
        }
        returns = {"type": "array", "items": item, "minItems": 3, "maxItems": 3}
        world.register_tool(spec("list_orders", {"customer_id": {"type": "string"}}, returns))
        out = world.call("list_orders", {"customer_id": "C9"})
        assert [o["customer_id"] for o in out] == ["C9", "C9", "C9"]
        assert len({o["order_id"] for o in out}) == 3

    @pytest.mark.parametrize("seed", range(5))
    def test_a_value_the_output_schema_does_not_admit_is_not_echoed(self, seed: int) -> None:
        world = SyntheticWorld(seed=seed)
        returns = {
            "type": "object",
            "properties": {"order_id": {"type": "string", "pattern": "^[A-Z][0-9]$"}},
            "required": ["order_id"],
        }
        world.register_tool(spec("get_order", {"order_id": {"type": "string"}}, returns))
        out = world.call("get_order", {"order_id": "not-an-id"})
        assert out["order_id"] != "not-an-id"
        assert world.tools["get_order"].returns_validator.is_valid(out)

    def test_echo_applies_to_any_backend(self) -> None:
        answer = {"order_id": "Z9", "customer_id": "C", "status": "s", "total": 1.0}
        world = shop(backend=FunctionBackend(lambda tool, args: answer))
        assert world.call("get_order", {"order_id": "A1"})["order_id"] == "A1"
        assert answer["order_id"] == "Z9"  # the backend's own object is never changed

    def test_remember_false_turns_consistency_off(self) -> None:
        world = shop(seed=3, remember=False)
        assert world.call("get_order", {"order_id": "A1"})["order_id"] != "A1"
        assert world.state == {}


class TestRecall:
    @pytest.mark.parametrize("seed", range(20))
    def test_get_after_search_agrees(self, seed: int) -> None:
        world = shop(seed)
        results = world.call("search_orders", {"query": "late deliveries"})
        for found in results:
            got = world.call("get_order", {"order_id": found["order_id"]})
            assert got.items() >= found.items()  # it may add an optional field the search left out
            assert world.call("get_order_status", {"order_id": found["order_id"]}) == {
                "status": found["status"]
            }

    def test_update_after_search_keeps_other_fields_and_input_wins(self) -> None:
        world = shop(seed=5)
        found = world.call("search_orders", {"query": "x"})[0]
        updated = world.call("update_order", {"order_id": found["order_id"], "status": "cancelled"})
        assert updated == {**found, "status": "cancelled"}
        assert world.call("get_order", {"order_id": found["order_id"]})["status"] == "cancelled"

    def test_seeded_state_is_recalled(self) -> None:
        order = {"order_id": "A1", "customer_id": "C1", "status": "shipped", "total": 12.5, "note": "gift"}
        world = shop(state={"order": {"A1": order}})
        assert world.call("get_order", {"order_id": "A1"}) == order
        assert world.call("get_order_status", {"order_id": "A1"}) == {"status": "shipped"}

    def test_declared_optional_fields_are_recalled_even_when_not_generated(self) -> None:
        world = shop(state={"order": {"A1": {"note": "fragile"}}})
        outs = [world.call("update_order", {"order_id": "A1", "status": s}) for s in ("a", "b", "c", "d")]
        assert all(out["note"] == "fragile" for out in outs)

    def test_a_remembered_value_the_schema_rejects_is_not_recalled(self) -> None:
        world = SyntheticWorld(seed=0)
        status = {"type": "string", "enum": ["open", "closed"]}
        returns = {
            "type": "object",
            "properties": {"order_id": {"type": "string"}, "status": status},
            "required": ["order_id", "status"],
        }
        world.register_tool(spec("get_order", {"order_id": {"type": "string"}}, returns))
        world.state.remember("order", "A1", {"status": "weird"})
        assert world.call("get_order", {"order_id": "A1"})["status"] in ("open", "closed")

    def test_nested_entities_are_remembered_by_their_kind(self) -> None:
        world = SyntheticWorld(seed=0)
        customer = {
            "type": "object",
            "properties": {"id": {"type": "string"}, "name": {"type": "string"}},
            "required": ["id", "name"],
        }
        returns = {
            "type": "object",
            "properties": {"order_id": {"type": "string"}, "customer": customer},
            "required": ["order_id", "customer"],
        }
        world.register_tool(spec("get_order", {"order_id": {"type": "string"}}, returns))
        world.register_tool(spec("get_customer", {"id": {"type": "string"}}, customer))
        out = world.call("get_order", {"order_id": "A1"})
        assert set(world.state) == {"order", "customer"}
        assert world.call("get_customer", {"id": out["customer"]["id"]}) == out["customer"]

    def test_a_line_item_pointing_at_its_order_is_not_an_order(self) -> None:
        world = SyntheticWorld(seed=0)
        item = {
            "type": "object",
            "properties": {"order_id": {"type": "string"}, "sku": {"type": "string"}},
            "required": ["order_id", "sku"],
        }
        returns = {
            "type": "object",
            "properties": {
                "order_id": {"type": "string"},
                "items": {"type": "array", "items": item, "minItems": 2},
            },
            "required": ["order_id", "items"],
        }
        world.register_tool(spec("get_order", {"order_id": {"type": "string"}}, returns))
        world.state.remember("order", "A1", {"order_id": "A1"})
        out = world.call("get_order", {"order_id": "A1"})
        assert out["order_id"] == "A1"
        assert list(world.state.entities("order")) == ["A1"]
        assert "sku" not in world.state.entities("order")["A1"]

    def test_integer_ids(self) -> None:
        world = SyntheticWorld(seed=0)
        user = {
            "type": "object",
            "properties": {"id": {"type": "integer"}, "name": {"type": "string"}},
            "required": ["id", "name"],
        }
        world.register_tool(spec("list_users", {}, {"type": "array", "items": user, "minItems": 1}))
        world.register_tool(spec("get_user", {"id": {"type": "integer"}}, user))
        first = world.call("list_users", {})[0]
        assert world.call("get_user", {"id": first["id"]}) == first

    def test_scripted_outputs_are_remembered(self) -> None:
        world = shop()
        order = {"order_id": "A1", "customer_id": "C1", "status": "delivered", "total": 20.0}
        world.script("get_order", output=order, when={"order_id": "A1"}, times=1)
        assert world.call("get_order", {"order_id": "A1"}) == order
        assert world.call("get_order", {"order_id": "A1"}) == order
        assert [c.backend for c in world.trace] == ["script", "random"]

    def test_related_entities_for_prompt_backends(self) -> None:
        world = shop(state={"order": {"A1": {"status": "shipped"}}, "customer": {"C1": {"name": "Ann"}}})
        plan = plan_for(world.tools["get_order"])
        found = related_entities(plan, {"order_id": "A1"}, MappingProxyType(world.state))
        assert found == {"order": {"A1": {"status": "shipped"}}}
        assert related_entities(plan, {"order_id": "B2"}, world.state) == {}

    def test_outputs_stay_valid_under_consistency(self) -> None:
        world = shop(seed=9)
        status: Literal["x"] = "x"
        for query in ("a", "b", "c"):
            for found in world.call("search_orders", {"query": query}):
                for name, args in (("get_order", {}), ("update_order", {"status": status})):
                    out = world.call(name, {"order_id": found["order_id"], **args})
                    assert world.tools[name].returns_validator.is_valid(out)
        assert all(call.ok for call in world.trace)


class TestOneWalk:
    """`consistent` finds the entities to remember on its own walk; `remember` then need not walk."""

    CUSTOMER: ClassVar[dict[str, Any]] = {
        "type": "object",
        "properties": {"id": {"type": "string", "enum": ["C1", "C2"]}, "name": {"type": "string"}},
        "required": ["id", "name"],
    }
    ITEM: ClassVar[dict[str, Any]] = {
        "type": "object",
        "properties": {"order_id": {"type": "string", "enum": ["A1", "A2"]}, "sku": {"type": "string"}},
        "required": ["order_id", "sku"],
    }
    ORDER: ClassVar[dict[str, Any]] = {
        "type": "object",
        "properties": {
            "order_id": {"type": "string", "enum": ["A1", "A2", "A3"]},
            "customer": CUSTOMER,
            "items": {"type": "array", "items": ITEM, "maxItems": 3},
            "friends": {"type": "array", "items": CUSTOMER, "maxItems": 2},
        },
        "required": ["order_id"],
    }

    @pytest.mark.parametrize("seed", range(40))
    def test_found_entities_are_those_a_second_walk_finds(self, seed: int) -> None:
        from synthworld.schema import compile_generator
        from synthworld.world.consistency import consistent, remember
        from synthworld.world.state import WorldState

        tool = spec("get_order", {"order_id": {"type": "string"}}, self.ORDER)
        plan, valid = plan_for(tool), tool.returns_validator.is_valid
        seeded = {"order": {"A1": {"order_id": "A1", "note": "x"}}, "customer": {"C1": {"name": "Ann"}}}
        rng = random.Random(seed)
        value = compile_generator(self.ORDER).generate(rng)
        state = WorldState(seeded)
        args = {"order_id": rng.choice(["A1", "A2"])}
        value, found, checked, _ = consistent(plan, args, value, state, valid, owned=True)
        assert not checked or valid(value)
        one_walk, two_walks = WorldState(state.snapshot()), WorldState(state.snapshot())
        remember(plan, value, one_walk, found)
        remember(plan, value, two_walks)
        assert one_walk == two_walks
        assert found is None or len(found) >= 1

    def test_echo_follows_the_order_of_the_output_keys(self) -> None:
        """When echoing two parameters together breaks the schema, the first in the output wins,
        whatever the hash seed (sets of names are never iterated for edits)."""
        for first, second in (("a", "b"), ("b", "a")):
            world = SyntheticWorld(seed=0)
            returns = {
                "type": "object",
                "properties": {first: {"type": "string"}, second: {"type": "string"}},
                "required": [first, second],
                "not": {"properties": {"a": {"const": "x"}, "b": {"const": "y"}}, "required": ["a", "b"]},
            }
            parameters = {"a": {"type": "string"}, "b": {"type": "string"}}
            world.register_tool(spec("get_pair", parameters, returns))
            out = world.call("get_pair", {"a": "x", "b": "y"})
            assert list(out) == [first, second]
            assert out[first] == {"a": "x", "b": "y"}[first]
            assert out[second] != {"a": "x", "b": "y"}[second]
