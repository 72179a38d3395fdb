"""Build a scenario's world: tools, backend, context, state, scripted responses, faults, clock and
latencies."""

from __future__ import annotations

import inspect
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from synthworld.backends import Backend, CallContext, FixtureBackend, LLMBackend, RandomBackend
from synthworld.backends.llm.openai import OPENAI
from synthworld.backends.llm.options import LLMOptions, option_problems
from synthworld.errors import BackendError, FaultConfigError, SynthworldError
from synthworld.scenario.documents import add_document_tools, is_document
from synthworld.scenario.imports import resolve
from synthworld.scenario.llm_key import llm_options
from synthworld.scenario.located import display_path
from synthworld.scenario.problems import DocPath, Problems
from synthworld.scenario.timing import add_latency, set_clock
from synthworld.spec import TOOL_MARK, ToolAnnotations, ToolSpec
from synthworld.world import SyntheticWorld
from synthworld.world.triggers import when_problems

if TYPE_CHECKING:
    from synthworld.scenario.model import Scenario

__all__ = [
    "BLOCKED_LLM_MESSAGE",
    "FILE_ARGUMENTS",
    "BlockedLLMBackend",
    "add_conventions",
    "add_faults",
    "add_responses",
    "backend_without_cassette",
    "build_world",
    "check_backend",
    "llm_file_options",
    "llm_option_problems",
    "make_backend",
    "populate",
    "recording_mode",
    "register_tools",
    "replay_problem",
    "tool_entries",
    "tools_cause",
]

BLOCKED_LLM_MESSAGE = "LLM calls are blocked by --synthworld-block-llm"


class BlockedLLMBackend:
    """Stands in for an LLM backend when LLM calls are blocked: every call fails."""

    name = "llm"

    def respond(self, ctx: CallContext) -> Any:
        raise BackendError(f"{BLOCKED_LLM_MESSAGE} (tool {ctx.spec.name!r})")


FILE_ARGUMENTS = ("backend", "context", "state", "faults", "clock", "latency")
"""The `SyntheticWorld` arguments a scenario file sets by keys of the same names."""


def build_world(
    scenario: Scenario,
    seed: int,
    *,
    record_mode: str | None,
    block_llm: bool,
    defaults: Mapping[str, Any] | None = None,
) -> SyntheticWorld:
    """A fresh `SyntheticWorld` for `scenario` at `seed`; `ScenarioError` listing every problem.
    `defaults`: more `SyntheticWorld` arguments, each used unless the file sets its key (see
    `FILE_ARGUMENTS`; the file's ``faults`` are added after the world is made)."""
    data = scenario.data
    arguments = {k: v for k, v in (defaults or {}).items() if k not in FILE_ARGUMENTS or k not in data}
    backend = make_backend(scenario, record_mode=record_mode, block_llm=block_llm)
    if "backend" in data or "backend" not in arguments:
        arguments["backend"] = backend
    arguments.update({key: data[key] for key in ("context", "state") if key in data})
    world = SyntheticWorld(seed, **arguments)
    problems = Problems(scenario)
    try:
        populate(world, scenario, problems)
        problems.raise_if_any()
    except BaseException:
        world.close()
        raise
    return world


def populate(world: SyntheticWorld, scenario: Scenario, problems: Problems) -> None:
    """Give `world` the scenario's tools, scripted responses, faults, clock and latencies; collect
    every problem."""
    register_tools(world, scenario, problems)
    # a tools entry that failed registered nothing: a name it would have given is no problem of its own
    partial = tools_cause(scenario, problems) is not None
    add_conventions(world, scenario, problems, partial=partial)
    add_responses(world, scenario, problems)
    add_faults(world, scenario, problems, partial=partial)
    set_clock(world, scenario, problems)
    add_latency(world, scenario, problems, partial=partial)


def tools_cause(scenario: Scenario, problems: Problems) -> DocPath | None:
    """Where the first problem with the ``tools`` key is (the root when there is no such key), so
    some tools may be missing from the world; None when every entry registered."""
    if "tools" not in scenario.data:
        return ()
    failed = [where for where, _ in problems.found if where[:1] == ("tools",)]
    return min(failed, key=lambda where: (scenario.lines.get(where, 1), where)) if failed else None


def tool_entries(data: Mapping[str, Any]) -> list[Any]:
    """The ``tools`` key as a list."""
    tools = data.get("tools", [])
    return list(tools) if isinstance(tools, list) else [tools]


def register_tools(world: SyntheticWorld, scenario: Scenario, problems: Problems) -> None:
    """Register every entry of ``tools`` on `world`; each bad entry is a problem."""
    base = Path(scenario.path).parent
    for index, entry in enumerate(tool_entries(scenario.data)):
        where: DocPath = ("tools", index) if isinstance(scenario.data["tools"], list) else ("tools",)
        if not problems.sound(where):  # the format check named its problem
            continue
        with problems.at(where):
            if isinstance(entry, Mapping):
                world.register_tool(_inline_spec(entry))
            elif is_document(entry):
                add_document_tools(world, entry, base=base)
            else:
                _register_ref(world, resolve(entry, base=base), entry)


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


def check_backend(scenario: Scenario, problems: Problems) -> None:
    """The ``backend`` key's problems, found without a network call or an API key."""
    if not problems.sound(("backend",)):  # the format check named its problem
        return
    config = scenario.data.get("backend", "random")
    if isinstance(config, Mapping) and "llm" in config:
        for problem in llm_option_problems(config["llm"]):
            problems.add(("backend", "llm"), problem)
        return
    with problems.at(("backend",)):
        backend = make_backend(scenario, record_mode=None, block_llm=True)
        closer = getattr(backend, "close", None)
        if callable(closer):
            closer()


def replay_problem(scenario: Scenario) -> str | None:
    """What is wrong when the file's fixtures backend only replays (mode ``none``) from a
    cassette that does not exist, so a run as written fails at its first call; else None. Not
    a loading problem: ``--record-mode once`` may be about to record that cassette."""
    config = scenario.data.get("backend", "random")
    if not isinstance(config, Mapping) or "fixtures" not in config:
        return None
    with _fixture_backend(scenario, config, record_mode=None) as backend:
        if not backend.replays_nothing:
            return None
    mode = f"mode {backend.mode.value!r}{'' if 'mode' in config else ' (the default)'}"
    how = "" if config.get("fallback") == "random" else " (after setting fallback: random)"
    return (
        f"cassette {display_path(backend.path)} does not exist and {mode} only replays, so a run "
        f"would fail at its first call; correct the path, or record it{how}: "
        f"synthworld run {scenario.shown} --record-mode once"
    )


def recording_mode(scenario: Scenario) -> str | None:
    """The record mode the file's fixtures backend asks for when a run as written would record
    (``new_episodes``, ``all``, or ``once`` while the cassette does not exist); else None."""
    config = scenario.data.get("backend", "random")
    if not isinstance(config, Mapping) or "fixtures" not in config:
        return None
    asked = str(config.get("mode", "none"))
    cassette = Path(scenario.path).parent / str(config["fixtures"])
    if asked in ("new_episodes", "all") or (asked == "once" and not cassette.exists()):
        return asked
    return None


def llm_option_problems(options: Mapping[str, Any]) -> list[str]:
    """What is wrong with the options of an ``llm`` backend in a scenario file: unknown keys, and
    values the backend would refuse (checked by its own rules, without building it)."""
    allowed = llm_file_options()
    problems = [
        f"{key!r} is not an LLMBackend option; use some of {', '.join(sorted(allowed))}"
        for key in options
        if key not in allowed
    ]
    if "model" not in options:
        problems.append("no model; give one, e.g. model: gpt-4o-mini")
    problems += option_problems(options, max_temperature=OPENAI.max_temperature)
    return [f"cannot build the LLM backend: {problem}" for problem in problems]


def llm_file_options() -> set[str]:
    """The keys an ``llm`` backend takes in a scenario file: every argument of `LLMBackend` but
    ``client`` (an object, for code), and ``api_key_env``. Read from the backend itself, so a new
    option cannot be left out."""
    arguments = inspect.signature(LLMBackend).parameters
    named = {name for name, p in arguments.items() if p.kind is not p.VAR_KEYWORD} - {"client"}
    return named | set(LLMOptions.__annotations__) | {"api_key_env"}


def backend_without_cassette(scenario: Scenario) -> str:
    """The scenario's backend when it has no cassette for a record mode to act on (``random (the
    default)``, ``llm (model 'gpt-4o-mini')``); "" for a fixtures backend."""
    config = scenario.data.get("backend")
    if isinstance(config, Mapping) and "fixtures" in config:
        return ""
    if isinstance(config, Mapping) and "llm" in config:
        return f"llm (model {config['llm'].get('model')!r})"
    return "random" if config is not None else "random (the default)"


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


def _fixture_backend(
    scenario: Scenario, config: Mapping[str, Any], *, record_mode: str | None
) -> FixtureBackend:
    path = Path(scenario.path).parent / str(config["fixtures"])
    mode = record_mode or config.get("mode", "none")
    fallback = RandomBackend() if config.get("fallback", "none") == "random" else None
    note = _replay_note(scenario, config) if mode == "none" else None
    try:
        again = f"synthworld run {scenario.shown} --record-mode all"
        backend = FixtureBackend(path, mode=mode, fallback=fallback, replay_note=note, rerecord_note=again)
    except (SynthworldError, OSError, ValueError) as exc:
        raise scenario.error(("backend", "fixtures"), str(exc)) from None
    return backend


def _replay_note(scenario: Scenario, config: Mapping[str, Any]) -> str | None:
    """Why a run only replays though the file asks to record (an evaluation always only replays),
    and how to record first; when the file itself says mode ``none``, only how to record (in the
    command's words, not the Python ``mode='once'`` of `FixtureBackend`)."""
    asked = config.get("mode", "none")
    how = "" if config.get("fallback") == "random" else " (after setting fallback: random)"
    cassette = Path(scenario.path).parent / str(config["fixtures"])
    if asked == "none":
        mode = "new_episodes" if cassette.exists() else "once"
        return (
            f"record{' more' if cassette.exists() else ''} first{how}: synthworld run {scenario.shown} "
            f"--record-mode {mode} (under pytest: --synthworld-record-mode {mode})"
        )
    mode = "new_episodes" if asked == "once" and cassette.exists() else asked  # once records no more
    return (
        f"this run only replays (record mode 'none'), though the file asks for mode {asked!r}: an "
        "evaluation (synthworld eval, evaluate()) never records, nor does a run given record mode "
        f"'none'; record first{how}: synthworld run {scenario.shown} --record-mode {mode}"
    )


def add_responses(world: SyntheticWorld, scenario: Scenario, problems: Problems) -> None:
    """Script every entry of ``responses`` (an output that is not a whole answer is laid over a
    generated one unless it says ``partial: false``); each bad entry is a problem."""
    if not problems.intact(("responses",)):
        return
    for index, response in enumerate(scenario.data.get("responses") or []):
        if not problems.sound(("responses", index)) or response["tool"] not in world.tools:
            continue  # named by the format check, or by the check of tool names
        when = response.get("when")
        never = when_problems(world.tools[response["tool"]], when) if isinstance(when, Mapping) else []
        for message in never:  # said under `when`, and the output is still checked
            problems.add(("responses", index, "when"), message)
        with problems.at(("responses", index)):
            world.script(
                response["tool"],
                when=None if never else when,
                times=response.get("times"),
                **_scripted(world.tools[response["tool"]], response),
            )


def _scripted(spec: ToolSpec, response: Mapping[str, Any]) -> dict[str, Any]:
    if "output" not in response:
        return {"error": response["error"]}
    partial = response.get("partial")
    if partial is None:  # a whole answer replaces the backend's; a part of one is laid over it
        partial = not spec.returns_validator.is_valid(response["output"])
    return {"output": response["output"], "partial": partial}


def add_conventions(
    world: SyntheticWorld, scenario: Scenario, problems: Problems, *, partial: bool = False
) -> None:
    """The ``identity`` and ``lifecycle`` keys: natural keys per kind, lifecycles per tool (with
    `partial`, some tools failed to register: a lifecycle of a tool not registered is left out)."""
    identity = scenario.data.get("identity") if problems.intact(("identity",)) else None
    for kind, keys in (identity or {}).items():
        if not problems.sound(("identity", kind)):
            continue
        for key in [keys] if isinstance(keys, str) else keys:
            with problems.at(("identity", kind)):
                world.identity(kind, key)
    lifecycle = scenario.data.get("lifecycle") if problems.intact(("lifecycle",)) else None
    for tool, verb in (lifecycle or {}).items():
        if not problems.sound(("lifecycle", tool)):
            continue
        if partial and tool not in world.tools:
            _tool_unchecked(scenario, problems, ("lifecycle", tool), tool)
            continue
        with problems.at(("lifecycle", tool)):
            world.lifecycle(tool, verb)


def add_faults(
    world: SyntheticWorld, scenario: Scenario, problems: Problems, *, partial: bool = False
) -> None:
    """Add every entry of ``faults``; each bad entry is a problem at its key (with `partial`, some
    tools failed to register: an entry naming a tool not registered is left out)."""
    faults = scenario.data.get("faults") if problems.intact(("faults",)) else None
    for index, entry in enumerate(faults or []):
        if not problems.sound(("faults", index)):
            continue
        named = entry.get("tool") if isinstance(entry, Mapping) else None
        pattern = isinstance(named, str) and any(c in named for c in "*?[")  # '*': still checked
        if partial and isinstance(named, str) and named not in world.tools and not pattern:
            _tool_unchecked(scenario, problems, ("faults", index, "tool"), named)
            continue
        try:
            world.add_faults([entry])
        except FaultConfigError as exc:
            for key, detail in [(exc.key, exc.detail), *exc.also]:
                problems.add(("faults", index, *([key] if key else [])), detail)
        except (SynthworldError, TypeError, ValueError) as exc:
            problems.add(("faults", index), str(exc))


def _tool_unchecked(scenario: Scenario, problems: Problems, where: DocPath, tool: str) -> None:
    """A tool name that may belong to a tools entry that failed: checked once that is fixed."""
    cause = tools_cause(scenario, problems)
    problems.unchecked(where, f"tool {tool!r}", () if cause is None else cause)
