"""Reading a live MCP server's listing (tests/mcp_servers/many.py: 200 tools, 50 a page): a tool
whose schema cannot be compiled is refused while listing, not at its first call, and a server that
dies part-way says how far the listing got. Real servers over stdio; every wait bounded."""

from __future__ import annotations

import pytest

from synthworld import SourceError, SyntheticWorld, SynthworldWarning, ToolInputError, mcp_tools
from tests._mcp_support import MANY

LIMIT = 60.0


def test_a_ref_to_nothing_is_refused_while_listing_and_left_out_on_skip() -> None:
    with pytest.raises(SourceError) as caught:
        mcp_tools([*MANY, "dangling_ref"], timeout=LIMIT)
    message = str(caught.value)
    assert "tool 'tool_007' cannot be a tool here" in message
    assert "'/$defs/Missing' does not exist" in message
    assert message.endswith("; pass on_error='skip' to leave it out (the CLI does)")
    with pytest.warns(SynthworldWarning, match=r"1 of 200 tools left out") as warned:
        world = SyntheticWorld.from_mcp([*MANY, "dangling_ref"], timeout=LIMIT, on_error="skip")
    assert "pass on_error" not in str(warned[0].message)  # it was passed
    assert len(world.tools) == 199
    assert "tool_007" not in world.tools
    assert set(world.call("tool_008", {"q": "x"})) == {"n"}


def test_a_ref_loop_with_no_base_case_is_taken_and_a_bad_input_to_it_explained() -> None:
    """Before, a bad input to tool_007 died in a RecursionError (audit 11)."""
    world = SyntheticWorld.from_mcp([*MANY, "ref_loop"], timeout=LIMIT)
    assert len(world.tools) == 200
    with pytest.raises(ToolInputError, match=r"\$\.q: 5 is not of type \"string\""):
        world.call("tool_007", {"q": 5})
    assert set(world.call("tool_007", {"q": "x"})) == {"n"}


def test_a_server_that_dies_part_way_through_the_listing_says_how_far_it_got() -> None:
    with pytest.raises(SourceError) as caught:
        mcp_tools([*MANY, "crash_page2"], timeout=LIMIT)
    message = str(caught.value)
    assert "tools/list (after 50 tools on 1 page) failed: MCPError: Connection closed" in message
    assert message.endswith(
        "the server exited or dropped the connection; its own messages, if any, are on stderr"
    )
    assert "reconnects" not in message  # nothing is asked after a listing
