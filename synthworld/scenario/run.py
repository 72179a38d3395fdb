"""Run a scenario's agent against a fresh world at one seed and judge the result."""

from __future__ import annotations

import asyncio
import contextvars
import inspect
import threading
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path
from typing import TYPE_CHECKING, Any

from synthworld._json import json_copy
from synthworld.backends.awaiting import loop_running, settled
from synthworld.errors import ScenarioError
from synthworld.scenario.expect import Verdict, check_calls, check_output
from synthworld.scenario.imports import ImportProblem, resolve
from synthworld.scenario.located import display_path
from synthworld.scenario.result import AgentLike, ScenarioResult
from synthworld.world.faults import HAZARD_KINDS, closest_hazards

if TYPE_CHECKING:
    from synthworld.scenario.model import Scenario
    from synthworld.world import SyntheticWorld

__all__ = [
    "AGENT_CALL",
    "CHECK_CALL",
    "resolve_agent",
    "resolve_callable",
    "run_scenario",
    "run_scenario_async",
]


def run_scenario(
    scenario: Scenario,
    seed: int,
    *,
    agent: AgentLike | None,
    record_mode: str | None,
    block_llm: bool,
    hazard: str | None = None,
    on_world: Callable[[SyntheticWorld], object] | None = None,
) -> ScenarioResult:
    """Build the world (with `hazard` injected into every answer), hand it to `on_world`, call
    ``agent(world, task)``, close the world, check every expectation."""
    call_agent, world = _start(scenario, seed, agent, record_mode, block_llm, hazard, on_world)
    output: Any = None
    error: str | None = None
    try:
        output = _off_event_loop(lambda: _answer_of(call_agent, world, scenario.task), world)
    except (Exception, SystemExit) as exc:  # sys.exit() in an agent fails its run, not the session
        error = _describe_exception(exc)
    finally:
        world.close()
    return _result(scenario, seed, world, output, error, hazard)


async def run_scenario_async(
    scenario: Scenario,
    seed: int,
    *,
    agent: AgentLike | None,
    record_mode: str | None,
    block_llm: bool,
    hazard: str | None = None,
) -> ScenarioResult:
    """`run_scenario` for code that runs in an event loop (a notebook cell, an async test): an
    ``async def`` agent is awaited on the running loop, so the clients it made there before (an
    ``AsyncOpenAI``) keep working; any other agent plays in a thread of its own, awaited."""
    call_agent, world = _start(scenario, seed, agent, record_mode, block_llm, hazard, None)
    output: Any = None
    error: str | None = None
    try:
        if inspect.iscoroutinefunction(call_agent) or inspect.iscoroutinefunction(
            getattr(call_agent, "__call__", None)  # noqa: B004 - an object with an async __call__
        ):
            output = await call_agent(world, scenario.task)
        else:
            output = await _awaited_in_thread(lambda: _answer_of(call_agent, world, scenario.task), world)
    except (Exception, SystemExit) as exc:  # as in run_scenario
        error = _describe_exception(exc)
    finally:
        world.close()
    return _result(scenario, seed, world, output, error, hazard)


def _start(
    scenario: Scenario,
    seed: int,
    agent: AgentLike | None,
    record_mode: str | None,
    block_llm: bool,
    hazard: str | None,
    on_world: Callable[[SyntheticWorld], object] | None,
) -> tuple[Callable[..., Any], SyntheticWorld]:
    """The agent to call and its world, built for `seed` with `hazard` injected, shown to `on_world`."""
    _check_hazard(hazard)
    call_agent = resolve_agent(scenario, agent)
    world = scenario.build_world(seed, record_mode=record_mode, block_llm=block_llm)
    try:
        if hazard is not None:
            world.add_faults([{"tool": "*", "inject": hazard}])
        if on_world is not None:
            on_world(world)
    except BaseException:
        world.close()
        raise
    return call_agent, world


def _result(
    scenario: Scenario, seed: int, world: SyntheticWorld, output: Any, error: str | None, hazard: str | None
) -> ScenarioResult:
    """The run judged against the scenario's expectations."""
    verdict = _judge(scenario, world.trace, output, error)
    return ScenarioResult(
        scenario=scenario.name,
        path=scenario.path,
        seed=seed,
        passed=not verdict.failures,
        failures=verdict.failures,
        output=None if error else output,
        trace=world.trace,
        error=error,
        state=json_copy(dict(world.state)),
        diverged_at=verdict.diverged_at,
        hazard=hazard,
        coverage=world.coverage(),
    )


def _check_hazard(hazard: str | None) -> None:
    """Refuse a `hazard` that is not one of `HAZARD_KINDS`, naming the argument (not the fault
    entry it would become)."""
    if hazard is not None and hazard not in HAZARD_KINDS:
        raise ValueError(
            f"hazard={hazard!r} is not a hazard; choose one of {', '.join(HAZARD_KINDS)}"
            + closest_hazards([hazard])
        )


def _answer_of(call_agent: Callable[..., Any], world: Any, task: Any) -> Any:
    """``call_agent(world, task)``, awaited on a loop of its own when the agent is ``async def``
    (`settled`, as the world awaits an ``async def`` tool)."""
    output = call_agent(world, task)
    return settled(output) if inspect.isawaitable(output) else output


def _describe_exception(exc: BaseException) -> str:
    """``"ExcType: message"``, never raising (an exception whose ``__str__`` fails is named alone)."""
    try:
        message = str(exc)
    except Exception:
        return f"{type(exc).__name__}: <str() of the exception failed>"
    return f"{type(exc).__name__}: {message}"


def _off_event_loop(call: Callable[[], Any], world: SyntheticWorld) -> Any:
    """``call()``; in a daemon thread when this thread runs an event loop (Jupyter, an async test),
    so an agent that starts its own loop (``asyncio.run``, ``run_sync``) runs there too.

    An interrupt while that thread plays (Ctrl-C, a notebook's "interrupt the kernel") is raised
    at once rather than after the agent ends: the world is given up, so the agent stops at its
    next tool call, and a daemon thread never holds up the interpreter's exit."""
    if not loop_running():
        return call()
    done = _in_thread(call)
    try:
        return done.result()
    except BaseException:
        _give_up_unless_done(done, world)
        raise


async def _awaited_in_thread(call: Callable[[], Any], world: SyntheticWorld) -> Any:
    """``call()`` in a daemon thread, awaited: the loop goes on (a progress bar, a cancellation)."""
    done = _in_thread(call)
    try:
        return await asyncio.wrap_future(done)
    except BaseException:
        _give_up_unless_done(done, world)
        raise


def _in_thread(call: Callable[[], Any]) -> Future[Any]:
    """``call()`` started in a daemon thread (with this thread's context); its outcome."""
    done: Future[Any] = Future()
    thread = threading.Thread(
        target=contextvars.copy_context().run,
        args=(_settle, done, call),
        name="synthworld-agent",
        daemon=True,
    )
    thread.start()
    return done


def _give_up_unless_done(done: Future[Any], world: SyntheticWorld) -> None:
    """Stop the agent still playing in `world` (interrupted or cancelled while it played) at its
    next tool call; nothing when it ended (what it raised is its own)."""
    if not done.done():
        world.give_up("the run was interrupted while its agent played")


def _settle(done: Future[Any], call: Callable[[], Any]) -> None:
    try:
        done.set_result(call())
    except BaseException as exc:  # handed to the waiting thread, which raises it
        done.set_exception(exc)


def _judge(scenario: Scenario, trace: Any, output: Any, error: str | None) -> Verdict:
    verdict = Verdict()
    if error is not None:
        verdict.fail(f"the agent raised {error}", at=len(trace) - 1 if len(trace) else None)
    expect = scenario.expect
    check_calls(expect, trace, verdict)
    if error is None:
        check = _check_function(scenario) if "check" in expect else None
        run_check = (lambda: settled(check(trace, output))) if check is not None else None  # async: awaited
        check_output(expect, output, verdict, run_check=run_check)
    return verdict


def resolve_agent(scenario: Scenario, agent: AgentLike | None) -> Callable[..., Any]:
    """The agent to run: `agent` (a callable or ``module:callable``) or the scenario's own."""
    if callable(agent):
        return agent
    if agent is not None and not isinstance(agent, str):
        raise TypeError(
            f"agent={agent!r} ({type(agent).__name__}): pass a callable agent(world, task) or its "
            "'module:callable' name"
        )
    ref = agent if agent is not None else scenario.data.get("agent")
    if ref is None:
        raise ScenarioError(
            f"{display_path(scenario.path)}: no agent to run; add 'agent: module:callable' to the file, "
            "or give one: --agent module:callable (synthworld run, eval), agent=... (Python)"
        )
    where = ("agent",) if agent is None else ()
    return resolve_callable(scenario, ref, where, called_as=AGENT_CALL)


def _check_function(scenario: Scenario) -> Callable[..., Any]:
    return resolve_callable(scenario, scenario.expect["check"], ("expect", "check"), called_as=CHECK_CALL)


AGENT_CALL = ("agent", "world", "task")
CHECK_CALL = ("check", "trace", "output")
"""How a scenario calls what it names: ``agent(world, task)``, ``check(trace, output)``."""


def resolve_callable(
    scenario: Scenario, ref: str, where: tuple[str | int, ...], *, called_as: tuple[str, str, str]
) -> Callable[..., Any]:
    """The callable `ref` names; `ScenarioError` at `where` when it cannot be imported, is not
    callable, or cannot take the two positional arguments it is called with (`called_as`)."""
    try:
        target = resolve(ref, base=Path(scenario.path).parent)
    except ImportProblem as exc:
        raise _error(scenario, where, ref, str(exc)) from None
    if not callable(target):
        raise _error(scenario, where, ref, f"{ref!r} is a {type(target).__name__}, not a callable")
    problem = _call_problem(target, called_as)
    if problem is not None:
        raise _error(scenario, where, ref, f"{ref!r} {problem}")
    return target  # type: ignore[no-any-return]


def _call_problem(target: Callable[..., Any], called_as: tuple[str, str, str]) -> str | None:
    """Why `target` cannot be called with the two positional arguments of `called_as`, or None
    (also when Python cannot tell: a builtin without a signature)."""
    try:
        signature = inspect.signature(target)
    except (TypeError, ValueError):
        return None
    role, first, second = called_as
    try:
        signature.bind(first, second)
    except TypeError as exc:
        return f"cannot be called as {role}({first}, {second}): {exc}; give it those two parameters"
    return None


def _error(scenario: Scenario, where: tuple[str | int, ...], ref: str, message: str) -> ScenarioError:
    """A bad reference: at its place in the file, or (an agent given instead of the file's, at no
    place in it) naming the reference and the scenario it was to run."""
    if where:
        return scenario.error(where, message)
    return ScenarioError(f"agent {ref!r}, given to run {display_path(scenario.path)}: {message}")
