"""Build a scenario's world: tools, backend, context, state, scripted responses and faults."""

from __future__ import annotations

import inspect
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from synthworld.backends import Backend, CallContext, FixtureBackend, LLMBackend, RandomBackend
from synthworld.backends.llm.openai import OPENAI
from synthworld.errors import BackendError, FaultConfigError, SynthworldError
from synthworld.scenario.imports import ImportProblem, resolve
from synthworld.scenario.llm_key import llm_options
from synthworld.spec import TOOL_MARK, ToolAnnotations, ToolSpec
from synthworld.world import SyntheticWorld

if TYPE_CHECKING:
    from synthworld.scenario.model import Scenario

__all__ = ["BLOCKED_LLM_MESSAGE", "BlockedLLMBackend", "build_world", "register_tools", "tool_entries"]

BLOCKED_LLM_MESSAGE = "LLM calls are blocked by --synthworld-block-llm"


class BlockedLLMBackend:
    """Stands in for an LLM backend when LLM calls are blocked: every call fails."""

    name = "llm"

    def respond(self, ctx: CallContext) -> Any:
        raise BackendError(f"{BLOCKED_LLM_MESSAGE} (tool {ctx.spec.name!r})")


def build_world(scenario: Scenario, seed: int, *, record_mode: str | None, block_llm: bool) -> SyntheticWorld:
    """A fresh `SyntheticWorld` for `scenario` at `seed`."""
    data = scenario.data
    world = SyntheticWorld(
        seed,
        backend=make_backend(scenario, record_mode=record_mode, block_llm=block_llm),
        context=data.get("context"),
        state=data.get("state"),
    )
    try:
        register_tools(world, scenario)
        _add_responses(world, scenario)
        _add_faults(world, scenario)
    except BaseException:
        world.close()
        raise
    return world


def tool_entries(data: Mapping[str, Any]) -> list[Any]:
    """The ``tools`` key as a list."""
    tools = data.get("tools", [])
    return list(tools) if isinstance(tools, list) else [tools]


def register_tools(world: SyntheticWorld, scenario: Scenario) -> None:
    """Register every entry of ``tools`` on `world`; a bad entry raises `ScenarioError`."""
    base = Path(scenario.path).parent
    for index, entry in enumerate(tool_entries(scenario.data)):
        where: tuple[str | int, ...] = (
            ("tools", index) if isinstance(scenario.data["tools"], list) else ("tools",)
        )
        try:
            if isinstance(entry, Mapping):
                world.register_tool(_inline_spec(entry))
            else:
                _register_ref(world, resolve(entry, base=base), entry)
        except (ImportProblem, SynthworldError, TypeError, ValueError) as exc:
            raise scenario.error(where, str(exc)) from None


def _inline_spec(entry: Mapping[str, Any]) -> ToolSpec:
    notes = ToolAnnotations(idempotent=entry.get("idempotent"))
    return ToolSpec(
        entry["name"],
        entry.get("description", ""),
        dict(entry["parameters"]),
        entry.get("returns", {}),
        annotations=notes,
    )


def _register_ref(world: SyntheticWorld, target: Any, ref: str) -> None:
    if inspect.isfunction(target) or inspect.ismethod(target):
        options = getattr(target, TOOL_MARK, None)
        if options is None:
            world.tool(target)
        else:
            world.tool(
                name=options.name,
                description=options.description,
                idempotent=options.idempotent,
                annotations=options.annotations,
            )(target)
    elif isinstance(target, ToolSpec):
        world.register_tool(target)
    else:
        world.add_tools(target)


def make_backend(scenario: Scenario, *, record_mode: str | None, block_llm: bool) -> Backend | None:
    """The world backend the ``backend`` key describes (None: the default random backend)."""
    config = scenario.data.get("backend", "random")
    if config == "random":
        return None
    if "llm" in config:
        return BlockedLLMBackend() if block_llm else _llm_backend(scenario, config["llm"])
    return _fixture_backend(scenario, config, record_mode=record_mode)


def _llm_backend(scenario: Scenario, options: Mapping[str, Any]) -> Backend:
    try:
        backend: Backend = LLMBackend(**llm_options(options, OPENAI))  # the key: see llm_key
    except (ImportError, TypeError, ValueError, BackendError) as exc:
        raise scenario.error(("backend", "llm"), f"cannot build the LLM backend: {exc}") from None
    return backend


def _fixture_backend(scenario: Scenario, config: Mapping[str, Any], *, record_mode: str | None) -> Backend:
    path = Path(scenario.path).parent / str(config["fixtures"])
    mode = record_mode or config.get("mode", "none")
    fallback = RandomBackend() if config.get("fallback", "none") == "random" else None
    try:
        backend: Backend = FixtureBackend(path, mode=mode, fallback=fallback)
    except (SynthworldError, OSError, ValueError) as exc:
        raise scenario.error(("backend", "fixtures"), str(exc)) from None
    return backend


def _add_responses(world: SyntheticWorld, scenario: Scenario) -> None:
    for index, response in enumerate(scenario.data.get("responses") or []):
        answer = {"output": response["output"]} if "output" in response else {"error": response["error"]}
        try:
            world.script(response["tool"], when=response.get("when"), times=response.get("times"), **answer)
        except (SynthworldError, TypeError, ValueError) as exc:
            raise scenario.error(("responses", index), str(exc)) from None


def _add_faults(world: SyntheticWorld, scenario: Scenario) -> None:
    faults = scenario.data.get("faults")
    if not faults:
        return
    add_faults = getattr(world, "add_faults", None)
    if add_faults is None:
        raise scenario.error(("faults",), "faults are not supported by this version of synthworld yet")
    try:
        add_faults(faults)
    except FaultConfigError as exc:
        where: tuple[str | int, ...] = ("faults",)
        if exc.index is not None:
            where = ("faults", exc.index, *([exc.key] if exc.key else []))
        raise scenario.error(where, exc.detail) from None
    except (SynthworldError, TypeError, ValueError) as exc:
        raise scenario.error(("faults",), str(exc)) from None
