"""Lifecycles: overrides and natural keys, every backend (random, function, script, recorded
cassette, LLM), the trace and scenario keys."""

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
    SyntheticWorld,
    ToolCall,
    ToolError,
    Trace,
    UnknownToolError,
    load_scenario,
)
from synthworld.cassette import Cassette, Interaction, save_cassette
from synthworld.cassette.format import Fingerprint
from synthworld.world.identity import id_kind, is_id_key
from tests._lifecycle_worlds import (
    GitUser,
    Issue,
    Ok,
    Person,
    Product,
    Ticket,
    ids,
    tracker,
)
from tests._openai_server import Completion, OpenAIServer


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


class Event(TypedDict):
    eventId: str
    title: str
    status: Literal["tentative", "confirmed", "canceled"]
    createdAt: str
    updatedAt: str


class TestCamelCaseKeys:
    @pytest.mark.parametrize(
        ("key", "is_id", "kind"),
        [
            ("eventId", True, "event"),
            ("lineItemId", True, "line_item"),
            ("userID", True, "user"),
            ("order_id", True, "order"),
            ("paid", False, None),
            ("Id", False, None),
            ("void", False, None),
        ],
    )
    def test_identifier_keys(self, key: str, is_id: bool, kind: str | None) -> None:
        assert is_id_key(key) is is_id
        if kind is not None:
            assert id_kind(key) == kind

    @pytest.mark.parametrize("seed", range(6))
    def test_a_camel_case_api_keeps_its_entities(self, seed: int) -> None:
        world = SyntheticWorld(seed)

        @world.tool
        def createEvent(title: str) -> Event:
            """Create an event."""

        @world.tool
        def getEvent(eventId: str) -> Event:
            """One event."""

        @world.tool
        def cancelEvent(eventId: str) -> Ok:
            """Cancel an event."""

        @world.tool
        def listEvents(status: str | None = None) -> list[Event]:
            """Events, optionally by status."""

        made = world.call("createEvent", {"title": "Standup"})
        assert made["status"] != "canceled"  # a new event starts in a first state
        assert world.call("getEvent", {"eventId": made["eventId"]}) == made
        world.call("cancelEvent", {"eventId": made["eventId"]})
        assert world.call("getEvent", {"eventId": made["eventId"]})["status"] == "canceled"
        canceled = world.call("listEvents", {"status": "canceled"})
        assert made["eventId"] in [event["eventId"] for event in canceled]
        assert {event["status"] for event in canceled} == {"canceled"}
