"""Lifecycles read from tool names and schemas: each verb family (create, get, list, update,
transition, delete), ids, collections and state diffs."""

from __future__ import annotations

import datetime

import pytest
from typing_extensions import TypedDict

from synthworld import SyntheticWorld, ToolError, ToolSpec
from synthworld.world.lifecycle import TRANSITIONS, lifecycle_of
from synthworld.world.naming import VERBS, tool_kind
from tests._lifecycle_worlds import (
    Created,
    Ok,
    Ticket,
    ids,
    tracker,
)


class FareOffer(TypedDict):
    offer_id: str
    airline: str
    price: float


class TestNames:
    @pytest.mark.parametrize(
        ("tool", "family", "lists"),
        [
            ("create_ticket", "create", False),
            ("addUser", "create", False),
            ("register_customer", "create", False),
            ("new_note", "create", False),
            ("get_ticket", "get", False),
            ("fetch_order", "get", False),
            ("retrieve_invoice", "get", False),
            ("get_orders", "list", True),
            ("list_tickets", "list", True),
            ("search_products", "list", True),
            ("find_user_by_email", "get", False),
            ("update_ticket", "update", False),
            ("rename_file", "update", False),
            ("patch_issue", "update", False),
            ("delete_ticket", "delete", False),
            ("remove_member", "delete", False),
            ("drop_table", "delete", False),
            ("close_ticket", "transition", False),
            ("cancel_order", "transition", False),
            ("approve_request", "transition", False),
            ("weather", "none", False),
            ("purge_user", "delete", False),
            ("github_list_issues", "list", True),
            ("jira.create_issue", "create", False),
            ("terminate_employee", "transition", False),
            ("add", "none", False),
        ],
    )
    def test_family_from_the_verb_and_the_answer(self, tool: str, family: str, lists: bool) -> None:
        assert lifecycle_of(tool, lists=lists).family == family

    def test_every_lifecycle_verb_is_stripped_from_the_kind(self) -> None:
        assert set(TRANSITIONS) <= VERBS
        assert [tool_kind(n) for n in ("jira.create_issue", "slack_post_message", "cancel_order")] == [
            "issue",
            "message",
            "order",
        ]

    @pytest.mark.parametrize(
        ("verb", "status", "stamp"),
        [
            ("close", "closed", "closed_at"),
            ("cancel", "cancelled", "cancelled_at"),
            ("ship", "shipped", "shipped_at"),
            ("acknowledge", "acknowledged", "acknowledged_at"),
            ("ack", "acknowledged", "acked_at"),
            ("return", "returned", "returned_at"),
        ],
    )
    def test_a_state_verb_names_its_status_and_stamp(self, verb: str, status: str, stamp: str) -> None:
        life = lifecycle_of(f"{verb}_order")
        assert (life.statuses[0], life.stamp) == (status, stamp)


class TestCreate:
    def test_a_created_entity_echoes_its_input_starts_open_and_is_stamped_now(self) -> None:
        for seed in range(20):
            world = tracker(seed)
            ticket = world.call("create_ticket", {"title": "Printer on fire", "priority": "high"})
            now = world.trace[-1].started_at
            assert (ticket["title"], ticket["priority"], ticket["status"]) == (
                "Printer on fire",
                "high",
                "open",
            )
            assert ticket["created_at"] == ticket["updated_at"] == now.replace("+00:00", "Z")
            assert world.trace[-1].rules == ("echo", "create")

    def test_the_first_state_follows_the_enum(self) -> None:
        for enum, first in ((["closed", "draft", "published"], "draft"), (["active", "archived"], "active")):
            world = SyntheticWorld(seed=1)
            returns = {
                "type": "object",
                "properties": {"post_id": {"type": "string"}, "status": {"enum": enum}},
                "required": ["post_id", "status"],
            }
            params = {"type": "object", "properties": {"title": {"type": "string"}}}
            world.register_tool(ToolSpec("create_post", "", params, returns))
            assert {world.call("create_post", {"title": str(i)})["status"] for i in range(10)} == {first}

    def test_the_input_status_wins(self) -> None:
        world = SyntheticWorld(seed=2)

        @world.tool
        def create_ticket(title: str, status: str) -> Ticket:
            """Open a ticket in a given state."""

        assert world.call("create_ticket", {"title": "x", "status": "pending"})["status"] == "pending"

    def test_ids_are_unique_within_a_kind(self) -> None:
        world = SyntheticWorld(seed=3)
        returns = {
            "type": "object",
            "properties": {"id": {"type": "integer", "minimum": 1, "maximum": 3}, "name": {"type": "string"}},
            "required": ["id", "name"],
        }
        params = {"type": "object", "properties": {"name": {"type": "string"}}}
        world.register_tool(ToolSpec("create_tag", "", params, returns))
        made = [world.call("create_tag", {"name": n})["id"] for n in ("a", "b", "c")]
        assert sorted(made) == [1, 2, 3]
        assert world.call("create_tag", {"name": "d"})["id"] in (1, 2, 3)  # no id left: kept valid
        assert any("unique_id" in call.rules for call in world.trace)

    def test_a_repeated_idempotent_create_is_the_same_entity(self) -> None:
        world = tracker(4)
        first = world.call("create_ticket", {"title": "Same"})
        assert world.call("create_ticket", {"title": "Same"}) == first
        assert len(world.state.entities("ticket")) == 1

    def test_a_non_idempotent_create_makes_a_new_entity_each_time(self) -> None:
        world = SyntheticWorld(seed=5)

        @world.tool(idempotent=False)
        def create_ticket(title: str) -> Ticket:
            """Open a ticket."""

        made = {world.call("create_ticket", {"title": "Same"})["ticket_id"] for _ in range(5)}
        assert len(made) == 5

    def test_input_fields_the_answer_does_not_show_are_remembered(self) -> None:
        world = SyntheticWorld(seed=6)

        @world.tool
        def create_ticket(title: str, priority: str) -> Created:
            """Open a ticket; answers its id only."""

        @world.tool
        def get_ticket(ticket_id: str) -> Ticket:
            """One ticket."""

        made = world.call("create_ticket", {"title": "Lost badge", "priority": "low"})
        got = world.call("get_ticket", {"ticket_id": made["ticket_id"]})
        assert (got["title"], got["priority"]) == ("Lost badge", "low")


class TestGetAndList:
    def test_a_created_entity_is_listed_and_got(self) -> None:
        for seed in range(10):
            world = tracker(seed)
            made = world.call("create_ticket", {"title": "Wifi down"})
            assert made["ticket_id"] in ids(world.call("list_tickets", {}))
            assert world.call("get_ticket", {"ticket_id": made["ticket_id"]}) == made

    def test_the_same_list_call_answers_the_same_collection(self) -> None:
        for seed in range(10):
            world = tracker(seed)
            first = world.call("list_tickets", {"status": "open"})
            for ticket in first["tickets"]:
                world.call("get_ticket", {"ticket_id": ticket["ticket_id"]})
            assert world.call("list_tickets", {"status": "open"}) == first

    def test_a_search_answering_another_kind_answers_it_again(self) -> None:
        # search_flights remembered its items as offers (offer_id) but listed flights: called
        # again with the same input, it kept only remembered flights and answered []
        for seed in range(8):
            world = SyntheticWorld(seed=seed)

            @world.tool
            def search_flights(origin: str, destination: str, day: datetime.date) -> list[FareOffer]:
                """Fare offers for one day."""

            query = {"origin": "JFK", "destination": "LHR", "day": "2025-05-01"}
            first = world.call("search_flights", query)
            assert world.call("search_flights", query) == first
            assert set(world.state.snapshot()) <= {"offer"}

    def test_filters_hold_for_remembered_and_generated_items(self) -> None:
        world = tracker(7)
        world.call("create_ticket", {"title": "a", "priority": "high"})
        world.call("create_ticket", {"title": "b", "priority": "low"})
        page = world.call("list_tickets", {"priority": "high"})
        assert page["tickets"]
        assert {t["priority"] for t in page["tickets"]} == {"high"}
        assert "b" not in [t["title"] for t in page["tickets"]]

    def test_count_equals_the_items_without_a_cursor(self) -> None:
        for seed in range(10):
            page = tracker(seed).call("list_tickets", {})
            assert page["count"] == len(page["tickets"])

    def test_a_count_on_a_page_with_a_cursor_may_exceed_the_items(self) -> None:
        world = SyntheticWorld(seed=8)
        item = {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]}
        returns = {
            "type": "object",
            "properties": {
                "items": {"type": "array", "items": item, "minItems": 2, "maxItems": 2},
                "total": {"type": "integer", "minimum": 0, "maximum": 5},
                "next_cursor": {"type": "string"},
            },
            "required": ["items", "total", "next_cursor"],
        }
        world.register_tool(ToolSpec("list_things", "", {"type": "object"}, returns))
        spec = world.tools["list_things"]
        params = {"type": "object", "properties": {"q": {"type": "string"}}}
        world.register_tool(ToolSpec("list_things", "", params, spec.returns))
        assert all(world.call("list_things", {"q": str(i)})["total"] >= 2 for i in range(20))

    def test_a_limit_caps_the_collection(self) -> None:
        world = tracker(9)
        for title in "abcdef":
            world.call("create_ticket", {"title": title})
        spec = world.tools["list_tickets"]
        params = {
            **spec.parameters,
            "properties": {**spec.parameters["properties"], "limit": {"type": "integer"}},
        }
        world.register_tool(ToolSpec("list_tickets", "", params, spec.returns))
        assert len(world.call("list_tickets", {"limit": 3})["tickets"]) == 3

    def test_ids_in_one_list_are_unique(self) -> None:
        world = SyntheticWorld(seed=10)
        item = {
            "type": "object",
            "properties": {
                "number": {"type": "integer", "minimum": 1, "maximum": 4},
                "id": {"type": "integer"},
            },
            "required": ["number", "id"],
        }
        returns = {"type": "array", "items": item, "minItems": 3, "maxItems": 3}
        params = {"type": "object", "properties": {"repo": {"type": "string"}}}
        world.register_tool(ToolSpec("list_issues", "", params, returns))
        for repo in ("a/b", "c/d", "e/f"):
            issues = world.call("list_issues", {"repo": repo})
            assert len({i["id"] for i in issues}) == len(issues)
            assert len({i["number"] for i in issues}) == len(issues)


class TestUpdateTransitionDelete:
    def test_update_merges_the_input_and_moves_updated_at(self) -> None:
        world = tracker(11)
        made = world.call("create_ticket", {"title": "Slow laptop"})
        assert world.call("update_ticket", {"ticket_id": made["ticket_id"], "priority": "high"}) is not None
        got = world.call("get_ticket", {"ticket_id": made["ticket_id"]})
        assert (got["title"], got["priority"]) == ("Slow laptop", "high")
        assert got["created_at"] == made["created_at"] < got["updated_at"]
        assert "update" in world.trace[-2].rules

    def test_close_sets_the_status_and_keeps_the_rest(self) -> None:
        for seed in range(10):
            world = tracker(seed)
            made = world.call("create_ticket", {"title": "Broken chair", "priority": "low"})
            closed = world.call("close_ticket", {"ticket_id": made["ticket_id"]})
            assert closed["status"] == "closed"
            assert {k: closed[k] for k in ("title", "priority", "created_at")} == {
                k: made[k] for k in ("title", "priority", "created_at")
            }
            assert closed["updated_at"] > made["updated_at"]
            assert made["ticket_id"] not in ids(world.call("list_tickets", {"status": "open"}))

    def test_a_transition_the_answer_does_not_show_still_happens(self) -> None:
        world = tracker(12)
        made = world.call("create_ticket", {"title": "t"})
        world.call("close_ticket", {"ticket_id": made["ticket_id"]})
        assert world.call("reopen_ticket", {"ticket_id": made["ticket_id"]}) is not None
        assert world.trace[-1].rules[-1] == "transition"
        assert world.call("get_ticket", {"ticket_id": made["ticket_id"]})["status"] == "open"

    def test_an_update_may_pass_the_whole_entity(self) -> None:
        world = tracker(30)

        @world.tool
        def save_ticket(ticket_id: str, ticket: Ticket) -> Ok:
            """Store a ticket as given."""

        made = world.call("create_ticket", {"title": "old"})
        world.call("save_ticket", {"ticket_id": made["ticket_id"], "ticket": {**made, "title": "new"}})
        assert world.call("get_ticket", {"ticket_id": made["ticket_id"]})["title"] == "new"

    def test_a_partial_script_goes_through_the_lifecycle(self) -> None:
        world = tracker(31)
        world.script("create_ticket", output={"priority": "high"}, partial=True)
        made = world.call("create_ticket", {"title": "partly scripted"})
        assert (made["priority"], made["status"]) == ("high", "open")
        world.call("delete_ticket", {"ticket_id": made["ticket_id"]})
        with pytest.raises(ToolError, match="not_found"):
            world.call("get_ticket", {"ticket_id": made["ticket_id"]})

    def test_a_status_the_enum_lacks_is_left_alone(self) -> None:
        world = SyntheticWorld(seed=13)
        returns = {
            "type": "object",
            "properties": {"job_id": {"type": "string"}, "status": {"enum": ["queued", "running"]}},
            "required": ["job_id", "status"],
        }
        params = {"type": "object", "properties": {"job_id": {"type": "string"}}}
        world.register_tool(ToolSpec("archive_job", "", params, returns))
        assert world.call("archive_job", {"job_id": "j1"})["status"] in ("queued", "running")

    def test_delete_then_get_is_not_found_and_the_list_leaves_it_out(self) -> None:
        for seed in range(10):
            world = tracker(seed)
            made = world.call("create_ticket", {"title": "Spam"})
            assert world.call("delete_ticket", {"ticket_id": made["ticket_id"]})["deleted"] is True
            with pytest.raises(ToolError) as caught:
                world.call("get_ticket", {"ticket_id": made["ticket_id"]})
            assert caught.value.code == "not_found"
            assert made["ticket_id"] in caught.value.message
            assert made["ticket_id"] not in ids(world.call("list_tickets", {}))
            failed = world.trace[-2]
            assert (failed.backend, failed.rules, failed.error["code"]) == (
                "lifecycle",
                ("not_found",),
                "not_found",
            )

    def test_every_call_on_a_deleted_entity_is_not_found(self) -> None:
        world = tracker(14)
        made = world.call("create_ticket", {"title": "x"})
        world.call("delete_ticket", {"ticket_id": made["ticket_id"]})
        for tool, extra in (
            ("update_ticket", {"priority": "low"}),
            ("close_ticket", {}),
            ("delete_ticket", {}),
        ):
            with pytest.raises(ToolError, match="not_found"):
                world.call(tool, {"ticket_id": made["ticket_id"], **extra})

    def test_a_generated_list_never_brings_a_deleted_entity_back(self) -> None:
        world = tracker(15)
        page = world.call("list_tickets", {})
        gone = page["tickets"][0]["ticket_id"]
        world.call("delete_ticket", {"ticket_id": gone})
        again = world.call("list_tickets", {})
        assert gone not in ids(again)
        assert ids(again) == [i for i in ids(page) if i != gone]

    def test_deleting_an_entity_never_seen_still_makes_it_gone(self) -> None:
        world = tracker(16)
        world.call("delete_ticket", {"ticket_id": "T-404"})
        with pytest.raises(ToolError, match="not_found"):
            world.call("get_ticket", {"ticket_id": "T-404"})

    def test_reset_forgets_deletions(self) -> None:
        world = tracker(17)
        world.call("delete_ticket", {"ticket_id": "T1"})
        world.reset()
        assert world.call("get_ticket", {"ticket_id": "T1"})["ticket_id"] == "T1"

    def test_state_diffs_show_the_lifecycle(self) -> None:
        world = tracker(18)
        before = world.state.snapshot()
        made = world.call("create_ticket", {"title": "Diff me"})
        key = f"ticket.{made['ticket_id']}"
        assert world.state.diff(before)["added"]["ticket"][made["ticket_id"]]["title"] == "Diff me"
        created = world.state.snapshot()
        world.call("close_ticket", {"ticket_id": made["ticket_id"]})
        assert world.state.diff(created)["changed"][f"{key}.status"] == {"old": "open", "new": "closed"}
        closed = world.state.snapshot()
        world.call("delete_ticket", {"ticket_id": made["ticket_id"]})
        assert world.state.diff(closed) == {"removed": {key: closed["ticket"][made["ticket_id"]]}}
