"""SyntheticWorld: registration, the call path, backends and threads (scripts are tested in
``test_world_scripts.py``)."""

from __future__ import annotations

import asyncio
import threading
import types
from typing import Any

import pytest

import synthworld
from synthworld import (
    Answer,
    BackendError,
    CallContext,
    FunctionBackend,
    SyntheticWorld,
    ToolError,
    ToolInputError,
    ToolSpec,
    ToolSpecError,
    UnknownToolError,
)
from tests._order_world import make_world


class TestRegistration:
    def test_bare_decorator_registers_and_stub_calls_the_world(self) -> None:
        world = SyntheticWorld()
        body_ran = []

        @world.tool
        def get_user(user_id: str) -> dict:
            """Fetch a user."""
            body_ran.append(True)
            return {}

        result = get_user("u1")
        assert isinstance(result, dict)
        assert body_ran == []
        assert get_user.spec is world.tools["get_user"]  # type: ignore[attr-defined]
        assert get_user.__name__ == "get_user"
        assert world.trace[0].input == {"user_id": "u1"}

    def test_decorator_with_options(self) -> None:
        world = make_world()
        assert list(world.tools) == ["get_order", "create_ticket"]
        spec = world.tools["create_ticket"]
        assert spec.idempotent is False
        assert spec.annotations.idempotent is False

    def test_tools_is_read_only(self) -> None:
        world = make_world()
        with pytest.raises(TypeError):
            world.tools["x"] = world.tools["get_order"]  # type: ignore[index]

    def test_register_tool_rejects_a_function(self) -> None:
        with pytest.raises(
            ToolSpecError, match=r"register_tool\(\) takes a ToolSpec or a tool object .* got function"
        ):
            SyntheticWorld().register_tool(make_world)  # type: ignore[arg-type]

    def test_register_tool_validates_the_spec(self) -> None:
        spec = ToolSpec("bad", "d", {"type": "object", "required": ["x"]}, {})
        with pytest.raises(ToolSpecError, match="required parameter 'x' is not among the properties"):
            SyntheticWorld().register_tool(spec)

    def test_bad_stub_fails_at_decoration(self) -> None:
        world = SyntheticWorld()
        with pytest.raises(ToolSpecError, match="parameter 'x' has no type annotation"):

            @world.tool
            def f(x) -> dict:  # type: ignore[no-untyped-def]
                """No annotation."""

    def test_add_tools_from_a_module_and_an_object(self) -> None:
        module = types.ModuleType("shop_tools")

        @synthworld.tool
        def lookup(sku: str) -> dict:
            """Look up a product."""

        def helper(x: int) -> int:
            return x

        module.lookup = lookup  # type: ignore[attr-defined]
        module.helper = helper  # type: ignore[attr-defined]

        class Service:
            @synthworld.tool(name="ping_service")
            def ping(self, host: str) -> bool:
                """Ping a host."""
                return True

        world = SyntheticWorld()
        assert [s.name for s in world.add_tools(module)] == ["lookup"]
        assert [s.name for s in world.add_tools(Service())] == ["ping_service"]
        assert world.tools["ping_service"].param_names == ["host"]
        assert isinstance(world.call("ping_service", {"host": "h"}), bool)
        with pytest.raises(ToolSpecError, match=r"has no @synthworld\.tool-marked stubs"):
            world.add_tools(types.ModuleType("empty"))

    def test_stub_by_name(self) -> None:
        world = make_world()
        order = world.stub("get_order")("A1")
        assert order == world.call("get_order", {"order_id": "A1"})


class TestCallPath:
    def test_unknown_tool_suggests_the_closest(self) -> None:
        world = make_world()
        with pytest.raises(UnknownToolError) as info:
            world.call("get_ordr", {"order_id": "A1"})
        assert str(info.value) == (
            "no tool named 'get_ordr' in this world. Did you mean 'get_order'? "
            "Registered tools: get_order, create_ticket."
        )
        assert isinstance(info.value, LookupError)

    def test_invalid_input_raises_and_is_traced(self) -> None:
        world = make_world()
        with pytest.raises(ToolInputError, match="'order_id' is a required property"):
            world.call("get_order", {"id": "A1"})
        call = world.trace[0]
        assert (call.tool, call.input, call.backend) == ("get_order", {"id": "A1"}, "validation")
        assert call.error is not None
        assert call.error["code"] == "invalid_input"

    def test_invalid_input_can_be_returned_to_the_agent(self) -> None:
        world = make_world(on_invalid_input="return_error")
        answer = world.call("get_order", {"order_id": 5})
        assert answer["error"]["code"] == "invalid_input"
        assert answer["error"]["problems"] == ["$.order_id: 5 is not of type 'string'"]

    def test_bad_policy_is_rejected(self) -> None:
        with pytest.raises(ValueError, match="on_invalid_input='ignore'; choose 'raise' or 'return_error'"):
            SyntheticWorld(on_invalid_input="ignore")  # type: ignore[arg-type]

    def test_outputs_conform_and_are_traced(self) -> None:
        world = make_world()
        order = world.call("get_order", {"order_id": "A1"})
        assert world.tools["get_order"].returns_validator.is_valid(order)
        call = world.trace[0]
        assert (call.index, call.tool, call.output, call.backend, call.error) == (
            0,
            "get_order",
            order,
            "random",
            None,
        )
        assert call.started_at == "2025-01-01T00:00:00+00:00"

    def test_returned_value_is_a_copy_of_the_trace(self) -> None:
        world = make_world()
        order = world.call("get_order", {"order_id": "A1"})
        order["status"] = "mutated"
        assert world.trace[0].output["status"] != "mutated"

    def test_same_call_same_answer_other_seed_other_answer(self) -> None:
        first = make_world().call("get_order", {"order_id": "A1"})
        assert make_world().call("get_order", {"order_id": "A1"}) == first
        other = SyntheticWorld(seed=8, backend=None)
        other.register_tool(make_world().tools["get_order"])
        assert other.call("get_order", {"order_id": "A1"}) != first

    def test_answer_does_not_depend_on_other_calls(self) -> None:
        alone = make_world().call("get_order", {"order_id": "A1"})
        busy = make_world()
        busy.call("create_ticket", {"subject": "hello"})
        busy.call("get_order", {"order_id": "B2"})
        assert busy.call("get_order", {"order_id": "A1"}) == alone

    def test_key_order_of_input_does_not_matter(self) -> None:
        world = SyntheticWorld(seed=1)

        @world.tool
        def pair(a: int, b: int) -> dict:
            """Two numbers."""

        assert world.call("pair", {"a": 1, "b": 2}) == world.call("pair", {"b": 2, "a": 1})

    def test_idempotent_repeats_agree_non_idempotent_repeats_differ(self) -> None:
        world = make_world()
        assert world.call("get_order", {"order_id": "A1"}) == world.call("get_order", {"order_id": "A1"})
        tickets = [world.call("create_ticket", {"subject": "s"}) for _ in range(3)]
        seeds = [c.seed for c in world.trace.calls("create_ticket")]
        assert len(set(seeds)) == 3
        assert [c.occurrence for c in world.trace.calls("create_ticket")] == [0, 1, 2]
        again = make_world()
        assert [again.call("create_ticket", {"subject": "s"}) for _ in range(3)] == tickets

    def test_backend_breaking_the_schema_is_a_backend_error(self) -> None:
        world = make_world(backend=FunctionBackend(lambda tool, args: {"order_id": 1}))
        with pytest.raises(BackendError) as info:
            world.call("get_order", {"order_id": "A1"})
        message = str(info.value)
        assert (
            "backend 'function' answered tool 'get_order' with a value that breaks its returns schema"
            in message
        )
        assert "$.order_id: 1 is not of type 'string'" in message
        assert world.trace[0].error is not None
        assert world.trace[0].error["code"] == "backend_error"

    def test_backend_crash_becomes_a_backend_error(self) -> None:
        def crash(ctx: CallContext) -> Any:
            raise KeyError("boom")

        world = make_world(backend=crash)
        with pytest.raises(
            BackendError, match=r"backend 'crash' failed on tool 'get_order': KeyError\('boom'\)"
        ):
            world.call("get_order", {"order_id": "A1"})

    def test_backend_tool_error_reaches_the_agent(self) -> None:
        def limited(ctx: CallContext) -> Any:
            raise ToolError("rate_limit", "slow down", retry_after=2.0)

        world = make_world(backend=limited)
        with pytest.raises(ToolError) as info:
            world.call("get_order", {"order_id": "A1"})
        assert (info.value.code, info.value.retry_after) == ("rate_limit", 2.0)
        assert world.trace[0].error == {"code": "rate_limit", "message": "slow down", "retry_after": 2.0}

    def test_context_given_to_backends(self) -> None:
        seen: list[CallContext] = []

        def spy(ctx: CallContext) -> Any:
            seen.append(ctx)
            return Answer(
                {"order_id": ctx.input["order_id"], "status": "shipped", "total": 1.5},
                source="spy",
                usage={"total_tokens": 3},
            )

        world = make_world(backend=spy, context="Order A1 shipped yesterday.")
        world.call("get_order", {"order_id": "A1"})
        ctx = seen[0]
        assert ctx.spec.name == "get_order"
        assert dict(ctx.input) == {"order_id": "A1"}
        assert ctx.occurrence == 0
        assert ctx.rng.random() == __import__("random").Random(ctx.seed).random()
        assert ctx.context == "Order A1 shipped yesterday."
        assert ctx.trace == world.trace  # a read-only view of it (tests/test_backend_read_access.py)
        with pytest.raises(TypeError):
            ctx.state["x"] = 1  # type: ignore[index]
        assert (world.trace[0].backend, world.trace[0].usage) == ("spy", {"total_tokens": 3})

    def test_two_argument_function_backend(self) -> None:
        world = make_world(
            backend=FunctionBackend(
                lambda tool, args: {"order_id": args["order_id"], "status": "pending", "total": 0}
            )
        )
        assert world.call("get_order", {"order_id": "Z"}) == {
            "order_id": "Z",
            "status": "pending",
            "total": 0,
        }

    def test_per_tool_backend(self) -> None:
        world = SyntheticWorld()

        @world.tool(backend=lambda ctx: "fixed")
        def motto() -> str:
            """A motto."""

        assert motto() == "fixed"
        assert world.trace[0].backend == "<lambda>"

    def test_not_a_backend(self) -> None:
        with pytest.raises(TypeError, match="is neither a backend"):
            SyntheticWorld(backend=42)  # type: ignore[arg-type]


class TestConcurrency:
    def test_threads_share_one_consistent_trace(self) -> None:
        world = make_world()
        inputs = [{"order_id": f"O{i}"} for i in range(40)]
        serial = {o["order_id"]: make_world().call("get_order", o) for o in inputs}
        results: dict[str, Any] = {}

        def worker(chunk: list[dict[str, str]]) -> None:
            for item in chunk:
                results[item["order_id"]] = world.call("get_order", item)

        threads = [threading.Thread(target=worker, args=(inputs[i::4],)) for i in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert results == serial
        assert sorted(c.index for c in world.trace) == list(range(40))

    def test_acall_and_async_stub(self) -> None:
        world = SyntheticWorld(seed=3)

        @world.tool
        async def fetch(url: str) -> dict:
            """Fetch a page."""

        async def main() -> tuple[Any, Any]:
            return await fetch("https://a.test"), await world.acall("fetch", {"url": "https://a.test"})

        by_stub, by_acall = asyncio.run(main())
        assert by_stub == by_acall == world.call("fetch", {"url": "https://a.test"})


class TestLifecycle:
    def test_context_manager_closes_backends_once(self) -> None:
        closed = []

        class Closing:
            name = "closing"

            def respond(self, ctx: CallContext) -> Any:
                return {}

            def close(self) -> None:
                closed.append(True)

        backend = Closing()
        with SyntheticWorld(backend=backend) as world:

            @world.tool(backend=backend)
            def t() -> dict:
                """T."""

        assert closed == [True]

    def test_prepare_is_called_at_registration(self) -> None:
        prepared = []

        class Preparing:
            def prepare(self, spec: ToolSpec) -> None:
                prepared.append(spec.name)

            def respond(self, ctx: CallContext) -> Any:
                return None

        world = SyntheticWorld(backend=Preparing())

        @world.tool
        def noop() -> None:
            """Nothing."""

        assert prepared == ["noop"]

    def test_unsatisfiable_returns_fail_at_registration(self) -> None:
        world = SyntheticWorld()
        spec = ToolSpec("never", "d", {"type": "object"}, {"type": "string", "minLength": 3, "maxLength": 2})
        with pytest.raises(synthworld.UnsatisfiableSchemaError) as info:
            world.register_tool(spec)
        assert str(info.value).startswith("tool 'never': returns: minLength 3 exceeds maxLength 2")

    def test_repr(self) -> None:
        assert (
            repr(make_world())
            == "SyntheticWorld(seed=7, tools=['get_order', 'create_ticket'], backend=random)"
        )


class TestNonJsonData:
    """Values that are not JSON never pass for input or output, and the error says how to fix them."""

    @pytest.mark.parametrize(
        ("given", "problem"),
        [
            (
                {"order_id": __import__("datetime").date(2025, 1, 2)},
                "$.order_id: datetime.date(2025, 1, 2) (date) is not JSON data; pass value.isoformat()",
            ),
            (
                {"order_id": b"A1"},
                "$.order_id: b'A1' (bytes) is not JSON data; pass text: value.decode() "
                "if it is text, else base64.b64encode(value).decode()",
            ),
        ],
    )
    def test_input(self, given: dict[str, Any], problem: str) -> None:
        with pytest.raises(ToolInputError) as info:
            make_world().call("get_order", given)
        assert info.value.problems == [problem]

    def test_non_finite_number(self) -> None:
        world = SyntheticWorld()

        @world.tool
        def scale(factor: float) -> float:
            """Scale."""

        with pytest.raises(ToolInputError) as info:
            scale(float("nan"))
        assert info.value.problems == ["$.factor: nan is not a JSON number; use a finite number or null"]

    def test_backend_output(self) -> None:
        class Opaque:
            pass

        world = SyntheticWorld(backend=FunctionBackend(lambda tool, args: {"when": Opaque()}))

        @world.tool
        def anything(x: str) -> dict:
            """Anything."""

        with pytest.raises(BackendError, match=r"backend 'function' answered with non-JSON data: \$\.when: "):
            anything("a")
        assert world.trace[0].error is not None

    def test_script_output(self) -> None:
        with pytest.raises(ValueError, match=r"\$\.order_id: \{1, 2\} \(set\) is not JSON data"):
            make_world().script("get_order", output={"order_id": {1, 2}, "status": "pending", "total": 1.0})
