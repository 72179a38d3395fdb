"""Backends as a user writes them (classes of their own, functions, the built-in ones), checked by
``mypy`` (strict) and run by pytest: each shape the README names type-checks where a world takes a
backend, and answers. ``# type: ignore[code]`` marks a mistake mypy must flag (unused ignores warn).
"""

# mypy: warn-unused-ignores

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from typing_extensions import assert_type

from synthworld import (
    Answer,
    Backend,
    CallContext,
    Fault,
    FaultConfigError,
    FixtureBackend,
    FunctionBackend,
    HandlerBackend,
    LLMBackend,
    RandomBackend,
    RecordMode,
    SyntheticWorld,
    ToolError,
    ToolSpec,
)
from synthworld.backends import BackendLike

ECHO = ToolSpec(
    "echo",
    "Echo the text.",
    {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]},
    {"type": "object", "properties": {"said": {"type": "string"}}, "required": ["said"]},
)


class Constant:
    """A backend class of the user's: ``respond(ctx)`` and an optional ``name``."""

    name = "constant"

    def respond(self, ctx: CallContext) -> dict[str, Any]:
        rng: random.Random = ctx.rng
        return {"said": f"{ctx.input['text']} {rng.randint(0, 9)} {ctx.seed % 7} {ctx.occurrence}"}


class WithExtras:
    """``prepare``, ``close`` and an `Answer` with provenance: all optional to the protocol."""

    def __init__(self) -> None:
        self.prepared: list[str] = []

    def prepare(self, spec: ToolSpec) -> None:
        self.prepared.append(spec.name)

    def respond(self, ctx: CallContext) -> Answer:
        return Answer({"said": "hi"}, source="mine", usage={"total_tokens": 1})

    def close(self) -> None:
        pass


class Later:
    async def respond(self, ctx: CallContext) -> dict[str, Any]:
        return {"said": "later"}


class Failing:
    def respond(self, ctx: CallContext) -> Any:
        raise ToolError("not_found", f"no {ctx.spec.name}")


def by_context(ctx: CallContext) -> dict[str, Any]:
    return {"said": str(ctx.input["text"])}


def by_name(tool_name: str, input: Mapping[str, Any]) -> dict[str, Any]:
    return {"said": tool_name}


async def later_by_context(ctx: CallContext) -> dict[str, Any]:
    return {"said": "later"}


def echo(text: str) -> dict[str, Any]:
    """The real tool."""
    return {"said": text}


def answer(backend: BackendLike) -> Any:
    world = SyntheticWorld(seed=1, backend=backend)
    world.register_tool(ECHO)
    return world.call("echo", {"text": "hi"})


def test_a_class_with_respond_is_a_backend() -> None:
    constant: Backend = Constant()
    extras: Backend = WithExtras()
    assert isinstance(constant, Backend)
    assert answer(constant)["said"].startswith("hi ")
    assert answer(extras) == {"said": "hi"}
    assert answer(Later()) == {"said": "later"}
    with pytest.raises(ToolError, match="no echo"):
        answer(Failing())


def test_functions_are_backends() -> None:
    assert answer(by_context) == {"said": "hi"}
    assert answer(by_name) == {"said": "echo"}
    assert answer(later_by_context) == {"said": "later"}
    assert answer(lambda ctx: {"said": "lambda"}) == {"said": "lambda"}
    assert answer(FunctionBackend(by_name)) == {"said": "echo"}
    assert answer(HandlerBackend(echo)) == {"said": "hi"}


def test_a_world_takes_each_backend_shape() -> None:
    for world in (
        SyntheticWorld(backend=Constant()),
        SyntheticWorld(backend=by_context),
        SyntheticWorld(backend=by_name),
        SyntheticWorld(backend=later_by_context),
        SyntheticWorld(backend=RandomBackend(realistic=False)),
    ):
        assert_type(world.backend, Backend)
        assert_type(world.register_tool(ECHO), ToolSpec)
        assert set(world.call("echo", {"text": "hi"})) == {"said"}


def test_a_cassette_records_a_fallback_and_replays(tmp_path: Path) -> None:
    cassette = tmp_path / "echo.yaml"
    recording = FixtureBackend(cassette, mode=RecordMode.ONCE, fallback=HandlerBackend(echo))
    with SyntheticWorld(backend=recording) as world:
        assert_type(world, SyntheticWorld)
        world.register_tool(ECHO, handler=None)
        assert world.call("echo", {"text": "hi"}) == {"said": "hi"}
    with SyntheticWorld(backend=FixtureBackend(str(cassette), mode="none")) as replay:
        replay.register_tool(ECHO)
        assert replay.call("echo", {"text": "hi"}) == {"said": "hi"}
    world = SyntheticWorld()
    world.register_tool(ToolSpec.from_function(echo), handler=echo)
    assert world.call("echo", {"text": "yo"}) == {"said": "yo"}


def test_an_llm_backend_takes_its_options_by_name() -> None:
    llm = LLMBackend("llama3.1", base_url="http://127.0.0.1:9/v1", api_key="k", timeout=5, context="A shop.")
    assert isinstance(llm, Backend)
    with pytest.raises(TypeError):
        LLMBackend("llama3.1", timout=5)  # type: ignore[call-arg]


def test_a_backend_class_or_a_function_of_three_is_refused() -> None:
    def three(a: str, b: str, c: str) -> Any:
        return {}

    with pytest.raises(TypeError, match="pass an instance"):
        SyntheticWorld(backend=Constant)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="fn\\(ctx\\)"):
        SyntheticWorld(backend=three)  # type: ignore[arg-type]


def test_faults_and_redaction_take_what_the_readme_shows(tmp_path: Path) -> None:
    world = SyntheticWorld(seed=1, faults=[Fault(tool="echo", error="timeout", on_call=(2,))])
    world.register_tool(ECHO)
    world.add_faults([{"tool": "echo", "on_call": 3, "error": "rate_limit", "retry_after": 2}])
    world.add_faults({"tool": "echo", "on_call": 4, "error": "not_found"})
    codes: list[str] = []
    for _ in range(4):
        try:
            world.call("echo", {"text": "hi"})
        except ToolError as error:
            codes.append(error.code)
    assert codes == ["timeout", "rate_limit", "not_found"]
    with pytest.raises(FaultConfigError, match="faults must be a list"):
        SyntheticWorld(faults="timeout")  # type: ignore[arg-type]
    FixtureBackend(tmp_path / "c.yaml", redact=["ssn"])
    FixtureBackend(tmp_path / "c.yaml", redact=None)
    FixtureBackend(tmp_path / "c.yaml", redact=lambda value: value)
    with pytest.raises(TypeError, match="redact=3"):
        FixtureBackend(tmp_path / "c.yaml", redact=3)  # type: ignore[arg-type]
