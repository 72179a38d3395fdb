"""A script's or a fault's ``when`` that can never match a valid input is refused when it is added
(a misspelt parameter, or a value the parameters schema refuses), instead of never firing."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

import pytest

from synthworld import SyntheticWorld, ToolError
from synthworld.errors import FaultConfigError, ScenarioError
from synthworld.scenario import load_scenario


def tracker() -> SyntheticWorld:
    world = SyntheticWorld(seed=1)

    @world.tool
    def get_ticket(ticket_id: str, state: Literal["open", "closed"] = "open") -> dict[str, str]:
        """Fetch a ticket."""

    return world


NEVER = "can never match: inputs are checked before scripts and faults see them, and "


def test_a_fault_with_a_misspelt_when_key_is_refused_with_the_closest_parameter() -> None:
    world = tracker()
    with pytest.raises(FaultConfigError) as info:
        world.add_faults([{"tool": "get_ticket", "when": {"ticket": "T-7"}, "error": "not_found"}])
    assert str(info.value) == (
        "faults[0].when: names no parameter ['ticket'] (parameters: ticket_id, state); "
        "did you mean 'ticket_id'?"
    )
    assert len(world.add_faults([])) == 0  # nothing of the refused entry was added


@pytest.mark.parametrize(
    ("when", "problem"),
    [
        ({"ticket_id": 7}, "ticket_id=7 " + NEVER + "$.ticket_id: 7 is not of type 'string'"),
        ({"state": "gone"}, "state='gone' " + NEVER + "$.state: 'gone' is not one of ['open', 'closed']"),
    ],
)
def test_a_when_value_the_schema_refuses_is_refused(when: dict[str, object], problem: str) -> None:
    world = tracker()
    with pytest.raises(FaultConfigError) as info:
        world.add_faults([{"tool": "get_ticket", "when": when, "error": "not_found"}])
    assert str(info.value) == f"faults[0].when: {problem}"
    with pytest.raises(ValueError, match=r"^script") as script_info:
        world.script("get_ticket", output={}, when=when)
    assert str(script_info.value) == f"script('get_ticket'): when {problem}"


def test_a_when_that_can_match_is_taken_and_fires() -> None:
    world = tracker()
    world.add_faults([{"tool": "get_ticket", "when": {"state": "closed"}, "error": "not_found"}])
    world.add_faults([{"tool": "*", "when": {"anything": 1}, "error": "timeout"}])  # a pattern: not judged
    world.script("get_ticket", output={"title": "scripted"}, when={"ticket_id": "T-1"})
    assert world.call("get_ticket", {"ticket_id": "T-1"}) == {"title": "scripted"}
    with pytest.raises(ToolError, match="not_found"):
        world.call("get_ticket", {"ticket_id": "T-2", "state": "closed"})


def test_a_scenario_names_the_line_of_each_never_matching_when(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(
        "synthworld_scenario: 1\nname: s\ntools: synthworld.examples.shop\n"
        "responses:\n  - {tool: get_order, when: {order_id: 7}, output: {}}\n"
        "faults:\n  - {tool: refund_order, when: {order: A1}, error: timeout}\n"
    )
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    shown = str(info.value).replace(str(tmp_path) + "/", "")
    assert shown.splitlines() == [
        f"s.yaml:5: responses[0].when: order_id=7 {NEVER}$.order_id: 7 is not of type 'string'",
        "s.yaml:7: faults[0].when: names no parameter ['order'] (parameters: order_id, amount, reason); "
        "did you mean 'order_id'?",
    ]
