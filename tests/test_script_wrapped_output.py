"""A script for a tool whose answer is wrapped in an object of one property (an MCP server's
``{"result": [...]}`` around a list, as the twin of a FastMCP or MCPServer tool lists it): the
error says to write the wrapper. Before, it said only ``[...] is not of type 'object'``."""

from __future__ import annotations

import pytest

from synthworld import SyntheticWorld, ToolSpec

ALERT = {
    "type": "object",
    "properties": {"alert_id": {"type": "string"}, "severity": {"type": "string"}},
    "required": ["alert_id", "severity"],
}
LISTED = {
    "name": "list_alerts",
    "inputSchema": {"type": "object", "properties": {"service": {"type": "string"}}, "required": ["service"]},
    "outputSchema": {
        "type": "object",
        "properties": {"result": {"type": "array", "items": ALERT}},
        "required": ["result"],
    },
}


def twin() -> SyntheticWorld:
    world = SyntheticWorld(seed=1)
    world.register_tool(ToolSpec.from_mcp(LISTED))
    return world


@pytest.mark.parametrize("partial", [False, True])
def test_a_list_scripted_for_a_wrapped_answer_is_told_to_write_the_wrapper(partial: bool) -> None:
    alerts = [{"alert_id": "AL-1", "severity": "critical"}]
    with pytest.raises(
        ValueError,
        match=r"is not of type 'object' \(the tool answers it wrapped.*write \{'result': \.\.\.\}\)$",
    ):
        twin().script("list_alerts", output=alerts, partial=partial)
    world = twin()
    world.script("list_alerts", output={"result": alerts}, partial=partial)  # as the hint says
    assert world.call("list_alerts", {"service": "api"}) == {"result": alerts}


def test_a_value_that_would_not_fit_the_wrapper_either_gets_no_such_hint() -> None:
    with pytest.raises(ValueError, match="is not of type 'object'") as raised:
        twin().script("list_alerts", output=["AL-1"])
    assert "wrapped" not in str(raised.value)
