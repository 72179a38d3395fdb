"""SyntheticWorld scripts: scripted outputs and errors, in order, matched by ``when``, checked
against the returns schema, and rewound by ``reset``."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from synthworld import ToolError
from tests._order_world import make_world


class TestScripts:
    def test_output_then_error_then_backend(self) -> None:
        world = make_world(remember=False)  # with memory, the random answer would recall the script
        order = {"order_id": "A1", "status": "delivered", "total": 20.0}
        world.script("get_order", output=order, when={"order_id": "A1"}, times=1)
        world.script(
            "get_order",
            error={"code": "not_found", "message": "no such order"},
            when={"order_id": "A1"},
            times=1,
        )
        assert world.call("get_order", {"order_id": "A1"}) == order
        with pytest.raises(ToolError, match="not_found: no such order"):
            world.call("get_order", {"order_id": "A1"})
        third = world.call("get_order", {"order_id": "A1"})
        assert [c.backend for c in world.trace] == ["script", "script", "random"]
        assert third != order

    def test_when_must_match(self) -> None:
        world = make_world()
        world.script("get_order", error="not_found", when={"order_id": "B"})
        world.call("get_order", {"order_id": "A"})
        with pytest.raises(ToolError):
            world.call("get_order", {"order_id": "B"})
        with pytest.raises(ToolError):
            world.call("get_order", {"order_id": "B"})

    def test_script_output_must_match_returns(self) -> None:
        world = make_world()
        with pytest.raises(
            ValueError,
            match=r"script\('get_order'\): output does not match .*'status' is a required property",
        ):
            world.script("get_order", output={"order_id": "A1", "total": 1})

    def test_a_scripted_object_is_told_to_be_json(self) -> None:
        # a dataclass or model as output was told "pass partial=True", which cannot help
        found = dataclasses.make_dataclass("Found", ["order_id", "status", "total"])
        with pytest.raises(ValueError, match=r"is not JSON data \(pass JSON data, e\.g\. model\.model_dump"):
            make_world().script("get_order", output=found("A1", "paid", 3.0))

    @pytest.mark.parametrize(
        ("kwargs", "message"),
        [
            ({}, "give exactly one of output=... or error=..."),
            ({"output": None, "error": "x"}, "give exactly one of output=... or error=..."),
            ({"error": "x", "times": 0}, "times=0 must be a positive number or None"),
            ({"error": 3}, "error=3 must be a code string"),
        ],
    )
    def test_script_arguments(self, kwargs: dict[str, Any], message: str) -> None:
        with pytest.raises((ValueError, TypeError), match=message):
            make_world().script("get_order", **kwargs)

    def test_reset_rewinds_scripts_and_clears_trace(self) -> None:
        world = make_world()
        world.script("get_order", error="timeout", times=1)
        with pytest.raises(ToolError):
            world.call("get_order", {"order_id": "A"})
        world.reset()
        assert len(world.trace) == 0
        with pytest.raises(ToolError):
            world.call("get_order", {"order_id": "A"})
