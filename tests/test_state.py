"""WorldState: a JSON mapping with entities, snapshots and readable diffs; seeded, reset, determined."""

from __future__ import annotations

import json
from typing import TypedDict

import pytest

from synthworld import CallContext, FunctionBackend, SyntheticWorld, ToolSpec
from synthworld.world.state import WorldState


class Order(TypedDict):
    order_id: str
    status: str
    total: float


def order_world(seed: int | str = 0, **options: object) -> SyntheticWorld:
    """A shop: ``search_orders`` (always at least one hit) and ``update_order``."""
    world = SyntheticWorld(seed, **options)  # type: ignore[arg-type]

    @world.tool
    def search_orders(query: str) -> list[Order]:
        """Find orders."""

    spec = world.tools["search_orders"]
    returns = {**spec.returns, "minItems": 1, "maxItems": 3}
    world.register_tool(ToolSpec(spec.name, spec.description, spec.parameters, returns, spec.param_names))

    @world.tool
    def update_order(order_id: str, status: str) -> Order:
        """Change an order's status."""

    return world


class TestEntities:
    def test_remember_merges_and_later_values_win(self) -> None:
        state = WorldState()
        state.remember("order", "A1", {"order_id": "A1", "status": "new"})
        state.remember("order", "A1", {"status": "paid", "total": 3})
        assert state == {"order": {"A1": {"order_id": "A1", "status": "paid", "total": 3}}}
        assert state.entity("order", "A1") == {"order_id": "A1", "status": "paid", "total": 3}

    def test_integer_ids_are_keyed_as_strings(self) -> None:
        state = WorldState()
        state.remember("user", 7, {"id": 7})
        assert state.entity("user", 7) == state.entity("user", "7") == {"id": 7}
        assert list(state.entities("user")) == ["7"]

    def test_entities_view_is_read_only_and_empty_for_unknown_kinds(self) -> None:
        state = WorldState({"order": {"A1": {"status": "new"}}})
        view = state.entities("order")
        with pytest.raises(TypeError):
            view["B2"] = {}  # type: ignore[index]
        assert dict(state.entities("invoice")) == {}
        assert state.entity("invoice", "A1") is None

    def test_entity_returns_a_copy(self) -> None:
        state = WorldState({"order": {"A1": {"items": [1]}}})
        copy = state.entity("order", "A1")
        assert copy is not None
        copy["items"].append(2)
        assert state["order"]["A1"] == {"items": [1]}

    def test_remembered_fields_are_copied_in(self) -> None:
        state, fields = WorldState(), {"order_id": "A1", "items": [1]}
        state.remember("order", "A1", fields)
        fields["items"].append(2)
        assert state["order"]["A1"]["items"] == [1]

    def test_plain_data_of_the_same_name_is_never_overwritten(self) -> None:
        state = WorldState({"order": "not a table"})
        state.remember("order", "A1", {"status": "new"})
        assert state == {"order": "not a table"}
        assert dict(state.entities("order")) == {}


class TestSnapshotAndDiff:
    def test_unchanged_state_diffs_empty(self) -> None:
        state = WorldState({"order": {"A1": {"status": "new"}}, "balance": 3})
        assert state.diff(state.snapshot()) == {}

    def test_snapshot_is_a_deep_copy(self) -> None:
        state = WorldState({"order": {"A1": {"status": "new"}}})
        snap = state.snapshot()
        state["order"]["A1"]["status"] = "paid"
        assert snap == {"order": {"A1": {"status": "new"}}}
        assert type(snap) is dict

    def test_diff_names_added_removed_and_changed_paths(self) -> None:
        state = WorldState({"order": {"A1": {"status": "new", "note": "x"}}, "balance": 10, "tags": [1]})
        snap = state.snapshot()
        state.remember("order", "B2", {"status": "new"})
        state["order"]["A1"]["status"] = "cancelled"
        del state["order"]["A1"]["note"]
        state["balance"] = 4
        state["tags"] = [1, 2]
        assert state.diff(snap) == {
            "added": {"order.B2": {"status": "new"}},
            "removed": {"order.A1.note": "x"},
            "changed": {
                "balance": {"old": 10, "new": 4},
                "order.A1.status": {"old": "new", "new": "cancelled"},
                "tags": {"old": [1], "new": [1, 2]},
            },
        }

    def test_diff_is_json_ready_and_ordered_by_path(self) -> None:
        state = WorldState()
        snap = state.snapshot()
        for key in ("b", "a", "c"):
            state[key] = {"x": 1}
        diff = state.diff(snap)
        assert list(diff["added"]) == ["a", "b", "c"]
        assert json.loads(json.dumps(diff)) == diff

    def test_a_type_change_is_a_change(self) -> None:
        state = WorldState({"flag": 1})
        snap = state.snapshot()
        state["flag"] = True
        assert state.diff(snap) == {"changed": {"flag": {"old": 1, "new": True}}}

    def test_restore_replaces_everything_in_place(self) -> None:
        state = WorldState({"a": 1})
        snap = state.snapshot()
        state["b"] = {"c": 2}
        state.restore(snap)
        assert state == {"a": 1}


class TestWorldState:
    def test_world_state_is_seeded_with_a_copy(self) -> None:
        seed = {"order": {"A1": {"order_id": "A1", "status": "new", "total": 1.0}}}
        world = order_world(state=seed)
        assert isinstance(world.state, WorldState)
        world.state["order"]["A1"]["status"] = "paid"
        assert seed["order"]["A1"]["status"] == "new"

    def test_reset_restores_the_initial_state_in_place(self) -> None:
        world = order_world(state={"balance": 5})
        state = world.state
        world.call("search_orders", {"query": "x"})
        state["balance"] = 0
        assert state.entities("order")
        world.reset()
        assert world.state is state
        assert state == {"balance": 5}

    def test_backends_see_a_read_only_state(self) -> None:
        seen: list[object] = []

        def backend(ctx: CallContext) -> object:
            seen.append(ctx.state.get("balance"))
            with pytest.raises(TypeError):
                ctx.state["balance"] = 0  # type: ignore[index]
            return {"order_id": "A1", "status": "s", "total": 1.0}

        world = order_world(backend=FunctionBackend(backend), state={"balance": 5})
        world.call("update_order", {"order_id": "A1", "status": "s"})
        assert seen == [5]

    def test_outcome_check_with_a_diff(self) -> None:
        world = order_world(seed=4)
        found = world.call("search_orders", {"query": "late"})
        snap = world.state.snapshot()
        world.call("update_order", {"order_id": found[0]["order_id"], "status": "cancelled"})
        old = found[0]["status"]
        path = f"order.{found[0]['order_id']}.status"
        assert world.state.diff(snap) == {"changed": {path: {"old": old, "new": "cancelled"}}}

    @pytest.mark.parametrize("seed", [0, 1, "a"])
    def test_state_is_part_of_what_the_seed_determines(self, seed: int | str) -> None:
        def run() -> dict[str, object]:
            world = order_world(seed)
            for query in ("a", "b"):
                first = world.call("search_orders", {"query": query})[0]
                world.call("update_order", {"order_id": first["order_id"], "status": "held"})
            return world.state.snapshot()

        assert run() == run()
        assert len(run()["order"]) >= 2  # type: ignore[arg-type]
