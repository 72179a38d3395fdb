"""A backend reads the call and the world; it never changes what the world recorded (DESIGN §2:
"CallContext carries ... read access to the world's state and trace")."""

from __future__ import annotations

from typing import Any

import pytest

from synthworld import CallContext, FunctionBackend, SyntheticWorld, ToolSpec, Trace

PARAMETERS = {
    "type": "object",
    "properties": {"order_id": {"type": "string"}, "tags": {"type": "array", "items": {"type": "string"}}},
    "required": ["order_id"],
}
RETURNS = {"type": "object", "properties": {"ok": {"type": "boolean"}}, "required": ["ok"]}
ORDER = {
    "type": "object",
    "properties": {"order_id": {"type": "string"}, "status": {"type": "string"}},
    "required": ["order_id", "status"],
}
SPEC = ToolSpec("tag_order", "Tag an order.", PARAMETERS, RETURNS)
SENT = {"order_id": "A1", "tags": ["gift"]}


def world_with(backend: Any = None, handler: Any = None) -> SyntheticWorld:
    world = SyntheticWorld(seed=1, backend=backend) if backend is not None else SyntheticWorld(seed=1)
    world.register_tool(SPEC, handler=handler)
    return world


def test_ctx_trace_reads_the_calls_but_refuses_append_and_clear() -> None:
    seen: list[tuple[int, list[str]]] = []
    refused: list[str] = []
    views: list[Trace] = []

    def backend(ctx: CallContext) -> Any:
        views.append(ctx.trace)
        seen.append((len(ctx.trace), ctx.trace.tools))
        for change in (lambda: ctx.trace.append(object()), ctx.trace.clear):  # type: ignore[arg-type]
            try:
                change()
            except TypeError as exc:
                refused.append(str(exc))
        return {"ok": True}

    world = world_with(backend)
    world.call("tag_order", {"order_id": "A1"})
    world.call("tag_order", {"order_id": "A2"})
    assert seen == [(0, []), (1, ["tag_order"])]
    assert len(refused) == 4
    assert all("read-only" in message for message in refused)
    assert [call.input["order_id"] for call in world.trace] == ["A1", "A2"]
    assert world.trace.tools == ["tag_order", "tag_order"]
    view = views[0]  # a Trace that follows the world's: its calls, its reset
    assert isinstance(view, Trace)
    assert view == world.trace
    world.reset()
    assert len(view) == 0


def test_a_handler_that_changes_its_arguments_leaves_the_trace_as_sent() -> None:
    def tag_order(order_id: str, tags: list[str] | None = None) -> dict[str, bool]:
        assert tags is not None
        tags.append("seen")  # a real tool changing its argument in place
        tags.sort()
        return {"ok": True}

    world = world_with(handler=tag_order)
    world.call("tag_order", SENT)
    assert world.trace[0].input == {"order_id": "A1", "tags": ["gift"]}
    world.call("tag_order", SENT)
    assert world.trace[1].input == {"order_id": "A1", "tags": ["gift"]}


@pytest.mark.parametrize("wrap", [FunctionBackend, lambda fn: fn], ids=["FunctionBackend", "plain"])
def test_a_function_backend_that_changes_the_input_leaves_the_trace_as_sent(wrap: Any) -> None:
    def by_context(ctx: CallContext) -> Any:
        ctx.input["tags"].append("changed")  # type: ignore[index]
        ctx.input["order_id"] = "B2"  # type: ignore[index]
        return {"ok": True}

    def by_arguments(tool: str, args: dict[str, Any]) -> Any:
        args["tags"].clear()
        args.pop("order_id")
        return {"ok": True}

    reference = world_with(lambda ctx: {"ok": True})
    reference.call("tag_order", SENT)
    for fn in (by_context, by_arguments):
        world = world_with(wrap(fn))
        world.call("tag_order", SENT)
        world.call("tag_order", SENT)
        assert [call.input for call in world.trace] == [SENT, SENT], fn.__name__
        assert world.trace[1].seed == reference.trace[0].seed, fn.__name__


def test_what_a_backend_reads_of_the_state_is_a_copy() -> None:
    seen: list[Any] = []

    def backend(ctx: CallContext) -> Any:
        seen.append((dict(ctx.state), len(ctx.state), sorted(ctx.state)))
        with pytest.raises(TypeError):
            ctx.state["x"] = 1  # type: ignore[index]
        remembered = ctx.state.get("order", {}).get("A1")
        if remembered is not None:
            remembered["status"] = "changed by a backend"  # nested: the mapping proxy let it through
        return {"order_id": ctx.input["order_id"], "status": "new"}

    world = SyntheticWorld(seed=1, backend=backend, state={"currency": "EUR"})
    world.register_tool(ToolSpec("get_order", "Fetch an order.", PARAMETERS, ORDER))
    world.call("get_order", {"order_id": "A1"})
    assert world.call("get_order", {"order_id": "A1"})["status"] == "new"
    order = {"A1": {"order_id": "A1", "status": "new"}}
    assert world.state.snapshot() == {"currency": "EUR", "order": order}
    assert seen[1] == ({"currency": "EUR", "order": order}, 2, ["currency", "order"])


def test_an_effect_that_changes_its_input_leaves_the_trace_as_sent() -> None:
    world = world_with()

    @world.effect("tag_order")
    def tag(state: Any, args: dict[str, Any]) -> None:
        args["tags"].append("by the effect")

    @world.tool(effect=True)
    def label_order(order_id: str, tags: list[str]) -> dict[str, bool]:
        tags.append("by the body")
        return {"ok": True}

    world.call("tag_order", SENT)
    label_order("A1", ["gift"])
    assert [call.input for call in world.trace] == [SENT, SENT]
