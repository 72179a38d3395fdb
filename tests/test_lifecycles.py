"""Lifecycles read from tool names and schemas: each verb family, overrides, identity, the trace,
state diffs, and every backend (random, function, script, recorded cassette)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

import pytest
from typing_extensions import TypedDict

from synthworld import (
    FixtureBackend,
    FunctionBackend,
    LLMBackend,
    ScenarioError,
    SimulatedClock,
    SyntheticWorld,
    ToolCall,
    ToolError,
    ToolSpec,
    Trace,
    UnknownToolError,
    load_scenario,
)
from synthworld.cassette import Cassette, Interaction, save_cassette
from synthworld.cassette.format import Fingerprint
from synthworld.world.lifecycle import TRANSITIONS, lifecycle_of
from synthworld.world.naming import VERBS, tool_kind
from tests._openai_server import Completion, OpenAIServer


class Ticket(TypedDict):
    ticket_id: str
    title: str
    status: Literal["open", "pending", "closed"]
    priority: Literal["low", "normal", "high"]
    created_at: str
    updated_at: str


class TicketPage(TypedDict):
    tickets: list[Ticket]
    count: int


class Deleted(TypedDict):
    ticket_id: str
    deleted: bool


class Ok(TypedDict):
    ok: bool


class Created(TypedDict):
    ticket_id: str


class Person(TypedDict):
    user_id: str
    name: str


class Author(TypedDict):
    login: str
    name: str


class Issue(TypedDict):
    id: int
    title: str
    author: Author


class GitUser(TypedDict):
    id: int
    login: str
    name: str


class Product(TypedDict):
    sku: str
    name: str
    price: float


def tracker(seed: int = 0, **options: Any) -> SyntheticWorld:
    """A ticket tracker: create, get, list, update, close, reopen, delete."""
    world = SyntheticWorld(seed, clock=SimulatedClock(tick=60), **options)

    @world.tool
    def create_ticket(title: str, priority: str = "normal") -> Ticket:
        """Open a ticket."""

    @world.tool
    def get_ticket(ticket_id: str) -> Ticket:
        """One ticket."""

    @world.tool
    def list_tickets(status: str | None = None, priority: str | None = None) -> TicketPage:
        """Tickets, optionally by status and priority."""

    @world.tool
    def update_ticket(ticket_id: str, priority: str) -> Ok:
        """Change a ticket's priority."""

    @world.tool
    def close_ticket(ticket_id: str) -> Ticket:
        """Close a ticket."""

    @world.tool
    def reopen_ticket(ticket_id: str) -> Ok:
        """Reopen a ticket."""

    @world.tool
    def delete_ticket(ticket_id: str) -> Deleted:
        """Delete a ticket."""

    return world


def ids(page: dict[str, Any]) -> list[str]:
    return [t["ticket_id"] for t in page["tickets"]]


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


class TestOverridesAndIdentity:
    def test_a_declared_lifecycle(self) -> None:
        world = SyntheticWorld(seed=19)

        @world.tool
        def get_user(user_id: str) -> Person:
            """A user."""

        @world.tool
        def nuke_user(user_id: str) -> Ok:
            """Remove a user for good."""

        world.call("get_user", {"user_id": "u1"})
        world.call("nuke_user", {"user_id": "u1"})
        assert world.call("get_user", {"user_id": "u1"})["user_id"] == "u1"  # not a delete by name
        world.lifecycle("nuke_user", "delete")
        world.call("nuke_user", {"user_id": "u1"})
        with pytest.raises(ToolError, match="not_found"):
            world.call("get_user", {"user_id": "u1"})

    def test_a_declared_state_verb_and_kind(self) -> None:
        world = tracker(20)

        @world.tool
        def shelve(ticket_id: str) -> Ticket:
            """Put a ticket on hold."""

        world.lifecycle("shelve", "close", kind="ticket")
        made = world.call("create_ticket", {"title": "later"})
        assert world.call("shelve", {"ticket_id": made["ticket_id"]})["status"] == "closed"

    def test_bad_declarations_say_what_to_do(self) -> None:
        world = tracker(21)
        with pytest.raises(ValueError, match="choose one of: create, get, list, update, delete, none"):
            world.lifecycle("get_ticket", "yeet")
        with pytest.raises(UnknownToolError, match="get_ticket"):
            world.lifecycle("get_tiket", "get")
        with pytest.raises(ValueError, match="non-empty strings"):
            world.identity("user", "")

    def test_a_natural_key_finds_the_entity_under_another_kind(self) -> None:
        world = SyntheticWorld(seed=22)

        @world.tool
        def list_issues(repo: str) -> list[Issue]:
            """Issues of a repository."""

        @world.tool
        def get_user(login: str) -> GitUser:
            """A user by login."""

        world.identity("author", "login")
        issue = world.call("list_issues", {"repo": "a/b"})[0]
        user = world.call("get_user", {"login": issue["author"]["login"]})
        assert (user["login"], user["name"]) == (issue["author"]["login"], issue["author"]["name"])
        assert world.state.entities("author")

    def test_a_built_in_natural_key_names_the_entity(self) -> None:
        world = SyntheticWorld(seed=23)

        @world.tool
        def list_products() -> list[Product]:
            """Every product."""

        @world.tool
        def get_product(sku: str) -> Product:
            """A product by SKU."""

        @world.tool
        def remove_product(sku: str) -> Ok:
            """Take a product off the shelf."""

        first = world.call("list_products", {})[0]
        assert world.call("get_product", {"sku": first["sku"]}) == first
        world.call("remove_product", {"sku": first["sku"]})
        with pytest.raises(ToolError, match="not_found"):
            world.call("get_product", {"sku": first["sku"]})

    def test_remember_false_is_the_pure_function(self) -> None:
        world = tracker(24, remember=False)
        made = world.call("create_ticket", {"title": "x"})
        world.call("delete_ticket", {"ticket_id": made["ticket_id"]})
        assert world.call("get_ticket", {"ticket_id": made["ticket_id"]})["ticket_id"] != made["ticket_id"]
        assert world.state == {}
        assert all(not call.rules for call in world.trace)

    def test_the_same_seed_and_calls_give_the_same_world(self) -> None:
        def run() -> tuple[Any, list[Any]]:
            world = tracker(25)
            made = world.call("create_ticket", {"title": "x"})
            world.call("list_tickets", {})
            world.call("close_ticket", {"ticket_id": made["ticket_id"]})
            world.call("delete_ticket", {"ticket_id": made["ticket_id"]})
            world.call("list_tickets", {"status": "open"})
            return world.state.snapshot(), [call.to_dict() for call in world.trace]

        assert run() == run()


class TestEveryBackend:
    def test_an_answer_from_any_backend_goes_through_the_lifecycle(self) -> None:
        def backend(tool: str, args: dict[str, Any]) -> Any:
            base = {"ticket_id": "T9", "title": "from the model", "status": "closed", "priority": "low"}
            stamps = {"created_at": "2024-06-01T00:00:00Z", "updated_at": "2024-01-01T00:00:00Z"}
            if tool == "list_tickets":
                return {"tickets": [{**base, **stamps}], "count": 7}
            if tool == "delete_ticket":
                return {"ticket_id": args["ticket_id"], "deleted": False}
            return {**base, **stamps, "ticket_id": "T1", **args}

        world = tracker(26, backend=FunctionBackend(backend))
        made = world.call("create_ticket", {"title": "mine"})
        assert made["status"] == "open"
        assert made["created_at"] <= made["updated_at"]
        page = world.call("list_tickets", {})
        assert page["count"] == len(page["tickets"]) == 2
        assert page["tickets"][1]["created_at"] <= page["tickets"][1]["updated_at"]
        assert world.call("delete_ticket", {"ticket_id": "T9"})["deleted"] is True
        with pytest.raises(ToolError, match="not_found"):
            world.call("get_ticket", {"ticket_id": "T9"})

    def test_an_llm_backend_gets_the_same_treatment(self) -> None:
        stamps = {"created_at": "2024-06-01T00:00:00Z", "updated_at": "2024-01-01T00:00:00Z"}
        made = {"ticket_id": "T5", "title": "Printer", "status": "closed", "priority": "high", **stamps}
        other = {**made, "ticket_id": "T6", "title": "Other", "status": "open"}
        with OpenAIServer() as server:
            server.push(Completion(json.dumps(made)))
            server.push(Completion(json.dumps({"tickets": [other], "count": 9})))
            server.push(Completion(json.dumps({"ticket_id": "T5", "deleted": False})))
            backend = LLMBackend("test-model", base_url=server.url, api_key="sk-test-0000000000", timeout=5.0)
            with tracker(32, backend=backend) as world:
                created = world.call("create_ticket", {"title": "Printer"})
                assert created["status"] == "open"
                assert created["created_at"] == created["updated_at"] == "2025-01-01T00:00:00Z"
                page = world.call("list_tickets", {"status": "open"})
                assert (ids(page), page["count"]) == (["T5", "T6"], 2)
                assert world.call("delete_ticket", {"ticket_id": "T5"})["deleted"] is True
                with pytest.raises(ToolError, match="not_found"):
                    world.call("get_ticket", {"ticket_id": "T5"})
                assert len(server.received) == 3  # the world knew: the model was not asked
                assert [call.backend for call in world.trace] == ["llm", "llm", "llm", "lifecycle"]

    def test_scripted_answers_mix_with_generated_ones(self) -> None:
        world = tracker(27)
        scripted = {
            "ticket_id": "T-1",
            "title": "scripted",
            "status": "open",
            "priority": "high",
            "created_at": "2024-12-31T00:00:00Z",
            "updated_at": "2024-12-31T00:00:00Z",
        }
        world.script("create_ticket", output=scripted, when={"title": "scripted"})
        assert world.call("create_ticket", {"title": "scripted"}) == scripted  # a script is taken as it is
        assert "T-1" in ids(world.call("list_tickets", {}))
        assert world.call("close_ticket", {"ticket_id": "T-1"})["title"] == "scripted"
        world.script("delete_ticket", output={"ticket_id": "T-1", "deleted": True})
        world.call("delete_ticket", {"ticket_id": "T-1"})
        assert world.trace[-1].rules == ("delete",)
        with pytest.raises(ToolError, match="not_found"):
            world.call("get_ticket", {"ticket_id": "T-1"})

    def test_answers_recorded_before_mix_with_generated_ones(self, tmp_path: Path) -> None:
        world = tracker(28)
        spec = world.tools["get_ticket"]
        recorded = {
            "ticket_id": "T-77",
            "title": "recorded",
            "status": "pending",
            "priority": "normal",
            "created_at": "2024-05-02T00:00:00Z",
            "updated_at": "2024-05-01T00:00:00Z",  # out of order in the recording
        }
        path = tmp_path / "c.yaml"
        interaction = Interaction(tool="get_ticket", input={"ticket_id": "T-77"}, output=recorded)
        save_cassette(path, Cassette(interactions=(interaction,), tools={"get_ticket": Fingerprint.of(spec)}))
        with FixtureBackend(path, mode="new_episodes", fallback=world.backend) as fixtures:
            replay = tracker(28, backend=fixtures)
            got = replay.call("get_ticket", {"ticket_id": "T-77"})
            assert got["created_at"] <= got["updated_at"]
            assert replay.trace[-1].rules == ("time_order",)
            assert "T-77" in ids(replay.call("list_tickets", {"status": "pending"}))
            replay.call("close_ticket", {"ticket_id": "T-77"})
            assert replay.call("get_ticket", {"ticket_id": "T-77"})["status"] == "closed"


class TestTrace:
    def test_rules_survive_to_dict_and_old_traces_still_load(self) -> None:
        world = tracker(29)
        world.call("create_ticket", {"title": "x"})
        data = json.loads(world.trace.to_json())
        assert data["calls"][0]["rules"] == ["echo", "create"]
        assert Trace.from_json(world.trace.to_json())[0] == world.trace[0]
        old = {"index": 0, "tool": "t", "input": {}, "output": 1, "seed": 0, "backend": "random"}
        assert ToolCall.from_dict(old).rules == ()
        assert "rules" not in ToolCall.from_dict(old).to_dict()


SCENARIO = """\
synthworld_scenario: 1
name: keys
tools:
  - name: get_account
    parameters: {type: object, properties: {handle: {type: string}}}
    returns:
      type: object
      properties: {account_id: {type: string}, handle: {type: string}, plan: {type: string}}
      required: [account_id, handle, plan]
  - name: zap_account
    parameters: {type: object, properties: {account_id: {type: string}}}
    returns: {type: object, properties: {ok: {type: boolean}}, required: [ok]}
identity:
  account: [handle]
lifecycle:
  zap_account: delete
state:
  account:
    A1: {account_id: A1, handle: ada, plan: pro}
"""


class TestScenarioKeys:
    def test_lifecycle_and_identity_keys_shape_the_world(self, tmp_path: Path) -> None:
        path = tmp_path / "keys.yaml"
        path.write_text(SCENARIO, encoding="utf-8")
        world = load_scenario(path).build_world(1)
        assert world.call("get_account", {"handle": "ada"}) == {
            "account_id": "A1",
            "handle": "ada",
            "plan": "pro",
        }
        world.call("zap_account", {"account_id": "A1"})
        with pytest.raises(ToolError, match="not_found"):
            world.call("get_account", {"handle": "ada"})

    def test_a_bad_lifecycle_names_the_file_and_key(self, tmp_path: Path) -> None:
        path = tmp_path / "keys.yaml"
        path.write_text(SCENARIO.replace("zap_account: delete", "zap_account: obliterate"), encoding="utf-8")
        with pytest.raises(
            ScenarioError, match=r"keys\.yaml:\d+: lifecycle\.zap_account: lifecycle 'obliterate'"
        ):
            load_scenario(path).build_world(1)
