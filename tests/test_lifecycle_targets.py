"""Lifecycles of tools acting on one entity they name: an acknowledge verb's state reads back,
and a ``<kind>_id`` parameter names an answer whose identifier is ``id``. The verb families are
tested in ``test_lifecycles.py``."""

from __future__ import annotations

from typing import Literal

import pytest
from typing_extensions import TypedDict

from synthworld import SimulatedClock, SyntheticWorld


class Case(TypedDict):
    id: str
    title: str
    status: Literal["open", "pending", "closed"]
    created_at: str
    updated_at: str


class Refund(TypedDict):
    id: str
    order_id: str
    amount: int


class Numbered(TypedDict):
    id: int
    title: str


class Alert(TypedDict):
    alert_id: str
    service: str
    status: Literal["firing", "acknowledged", "resolved"]
    acknowledged: bool


class TestAcknowledge:
    """An on-call bot's ``acknowledge_alert``: before, the verb was unknown, so the answer kept
    the status drawn (``firing``) and a later read of the alert did not see the acknowledgement."""

    @pytest.mark.parametrize("seed", range(8))
    def test_an_acknowledged_alert_reads_back_acknowledged(self, seed: int) -> None:
        world = SyntheticWorld(seed=seed)

        @world.tool
        def list_alerts(service: str) -> list[Alert]: ...
        @world.tool
        def acknowledge_alert(alert_id: str, note: str) -> Alert: ...
        @world.tool
        def get_alert(alert_id: str) -> Alert: ...

        world.script("list_alerts", output=[{"alert_id": "AL-1", "service": "api", "status": "firing",
                                               "acknowledged": False}])  # fmt: skip
        world.call("list_alerts", {"service": "api"})
        acked = world.call("acknowledge_alert", {"alert_id": "AL-1", "note": "on it"})
        assert (acked["alert_id"], acked["service"], acked["status"], acked["acknowledged"]) == (
            "AL-1", "api", "acknowledged", True,
        )  # fmt: skip
        assert world.call("get_alert", {"alert_id": "AL-1"}) == acked


class TestKindIdParameterAndIdField:
    """Tools that take ``<kind>_id`` and answer an object whose identifier is ``id``."""

    @staticmethod
    def cases(seed: int) -> SyntheticWorld:
        world = SyntheticWorld(seed, clock=SimulatedClock(tick=60))

        @world.tool
        def create_case(title: str) -> Case:
            """Open a case."""

        @world.tool
        def get_case(case_id: str) -> Case:
            """One case."""

        @world.tool
        def update_case(case_id: str, title: str) -> Case:
            """Rename a case."""

        @world.tool
        def close_case(case_id: str) -> Case:
            """Close a case."""

        @world.tool
        def refund_order(order_id: str) -> Refund:
            """Refund an order."""

        @world.tool
        def get_numbered(numbered_id: str) -> Numbered:
            """A numbered thing."""

        return world

    @pytest.mark.parametrize("seed", range(8))
    def test_get_update_and_close_act_on_the_created_entity(self, seed: int) -> None:
        world = self.cases(seed)
        made = world.call("create_case", {"title": "Printer"})
        assert world.call("get_case", {"case_id": made["id"]}) == made
        renamed = world.call("update_case", {"case_id": made["id"], "title": "Scanner"})
        assert renamed == {**made, "title": "Scanner", "updated_at": renamed["updated_at"]}
        assert renamed["updated_at"] > made["updated_at"]
        closed = world.call("close_case", {"case_id": made["id"]})
        assert (closed["id"], closed["title"], closed["status"]) == (made["id"], "Scanner", "closed")
        assert world.call("get_case", {"case_id": made["id"]}) == closed
        assert world.trace[1].rules[:2] == ("echo", "recall")

    def test_an_entity_never_seen_is_the_one_asked_for(self) -> None:
        world = self.cases(3)
        first = world.call("get_case", {"case_id": "C-17"})
        assert first["id"] == "C-17"
        assert world.call("get_case", {"case_id": "C-17"}) == first
        assert world.call("get_numbered", {"numbered_id": "42"})["id"] == 42  # in the id's own type

    def test_an_answer_with_its_own_kind_id_keeps_its_id(self) -> None:
        refund = self.cases(1).call("refund_order", {"order_id": "o1"})
        assert refund["order_id"] == "o1"
        assert refund["id"] != "o1"
