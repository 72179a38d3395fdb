"""The path of one call: check the input, derive the seed, apply faults, ask a script, an effect or
the backend, make the answer consistent, check it, remember it and trace it (a mixin of
`SyntheticWorld`)."""

from __future__ import annotations

import asyncio
import contextlib
import types
from collections.abc import Callable, Mapping
from random import Random
from typing import Any, NamedTuple, NoReturn

from typing_extensions import Never

from synthworld._json import canonical_json, frozen, json_copy, json_problems, strict_json_copy, thawed
from synthworld.backends import CallContext, backend_name, unwrap
from synthworld.backends.awaiting import in_thread
from synthworld.errors import BackendError, SynthworldError, ToolError, ToolInputError
from synthworld.world.base import WorldBase
from synthworld.world.commit import commit, gate
from synthworld.world.consistency import CallFacts, Settled, consistent, related_entities
from synthworld.world.documented import as_documented
from synthworld.world.faults import Fault
from synthworld.world.given_up import RunGivenUp
from synthworld.world.hazards import apply_hazard
from synthworld.world.registry import RegisteredTool
from synthworld.world.seeds import derive_seed
from synthworld.world.state import StateView
from synthworld.world.typed_json import typed_json

__all__ = ["CallPath"]


class _Reply(NamedTuple):
    """What answered a call, and its answer made consistent."""

    source: str
    usage: Mapping[str, int] | None
    settled: Settled
    on_answer: Callable[[Any], None] | None


def _tell(on_answer: Callable[[Any], None] | None, value: Any) -> None:
    """Give a backend that asked for it the answer the agent gets (a copy it may keep)."""
    if on_answer is not None:
        on_answer(json_copy(value))


_NOTHING: Mapping[str, Any] = types.MappingProxyType({})


class CallPath(WorldBase):
    """`call` and `acall`, and every step between the agent's input and the answer it gets."""

    def call(self, name: str, input: Mapping[str, Any] | None = None, /, **keywords: Never) -> Any:
        """Call tool `name` with `input` and return its synthetic answer.

        Raises `UnknownToolError`, `ToolInputError` (unless ``on_invalid_input="return_error"``),
        the simulated `ToolError`, or `BackendError` when a backend breaks the returns schema.
        The input is one dict: keyword arguments raise a TypeError showing the dict to pass (and
        a type checker flags them: ``**keywords`` is typed `Never`).
        """
        if keywords:
            raise _keywords_error("call", name, input, keywords)
        if self._given_up is not None:
            raise RunGivenUp(f"{name}: {self._given_up}")
        tool = self._tools.get(name)
        try:
            args, canonical = tool.spec.checked_input({} if input is None else input)
        except ToolInputError as exc:
            return self._invalid_input(name, input, exc)
        bound: dict[str, Any] = {}
        if tool.spec.bindings:
            real, args = tool.spec.bound_input(args, self.state)
            bound = {b.param: real[b.param] for b in tool.spec.bindings}
            canonical = canonical_json(args)
        with self._lock:
            key = (name, canonical)
            occurrence = self._occurrences.get(key, 0)
            self._occurrences[key] = occurrence + 1
        seed = derive_seed(self._seed, name, canonical, 0 if tool.spec.idempotent else occurrence)
        ctx = CallContext(
            spec=tool.spec,
            input=args,
            seed=seed,
            rng=Random(seed),
            occurrence=occurrence,
            state=StateView(self.state, self._state_lock),
            trace=self._recorder.view,
            now=self.clock.now(),
            context=self.context,
            bound=bound,
            related=related_entities(tool.plan, args, self.state) if tool.plan.id_params else _NOTHING,
        )
        fault, seconds = self._fault_book.judge(name, args, seed=seed, occurrence=occurrence)
        try:
            with self._awaits.active():  # `give_up` cancels an async tool still answering
                return self._answer(tool, ctx, fault, seconds)
        except asyncio.CancelledError:
            if self._given_up is None:
                raise
            raise RunGivenUp(f"{name}: {self._given_up}") from None
        finally:
            self._fault_book.elapse(seconds, self.clock, realtime=self.realtime)

    async def acall(self, name: str, input: Mapping[str, Any] | None = None, /, **keywords: Never) -> Any:
        """`call` for asyncio code: runs the call in a daemon thread and awaits it. Cancelled
        (a notebook's "interrupt the kernel"), it cancels an ``async def`` tool still answering."""
        if keywords:
            raise _keywords_error("acall", name, input, keywords)
        return await in_thread(self.call, name, input)

    def _answer(self, tool: RegisteredTool, ctx: CallContext, fault: Fault | None, seconds: float) -> Any:
        if fault is not None and fault.error is not None:
            error = as_documented(fault.to_error(seconds=seconds), ctx, own_message=fault.message is not None)
            self._recorder.answered(ctx, None, {**error.to_dict(), "fault": True}, "fault", duration=seconds)
            raise error
        said = self._outcomes.key(ctx.spec.name, tool.plan, ctx.input) if self.remember else None
        with contextlib.ExitStack() as held:
            return self._settle(tool, ctx, fault, seconds, held if said is not None else None)

    def _settle(
        self,
        tool: RegisteredTool,
        ctx: CallContext,
        fault: Fault | None,
        seconds: float,
        held: contextlib.ExitStack | None,
    ) -> Any:
        """Answer, commit and trace the call. `held`: for an idempotent transfer, the state lock
        is held from shaping its answer to committing it, so that of two identical calls at the
        same instant one is the first (it moves the money) and the other its repeat."""
        reply = self._respond(tool, ctx, seconds, held)
        value, found, checked, rules = reply.settled
        if fault is not None and fault.malformed is not None:
            _tell(reply.on_answer, value)  # what a replay must give before the fault breaks it again
            value = fault.broken(value, ctx.spec.returns, seed=ctx.seed, occurrence=ctx.occurrence)
            self._recorder.answered(
                ctx, value, None, "fault:malformed", reply.usage, seconds, malformed=fault.malformed
            )
            return json_copy(value)
        if not checked and not ctx.spec.returns_validator.is_valid(value):
            self._reject(ctx, value, reply.source, seconds)
        if self.remember and tool.plan.commits and reply.source != "replay":
            with self._state_lock:
                said = self._outcomes.key(ctx.spec.name, tool.plan, ctx.input)
                repeat = self._outcomes.earlier(said) is not None
                kinds = self._tools.kinds()
                rules += commit(tool.plan, ctx.input, value, self.state, found, ctx.now, kinds, repeat=repeat)
                self._outcomes.settle(said, tool.plan, ctx.input, value)
        if held is not None:
            held.close()  # the outcome is known: an identical call may shape its answer
        _tell(reply.on_answer, value)  # a replay gets the clean answer and draws the hazard again
        hazard = None
        if fault is not None and fault.inject is not None:
            value, changed = apply_hazard(
                fault.inject,
                value,
                ctx.spec,
                tools=self._tools.specs(),
                seed=ctx.seed,
                occurrence=ctx.occurrence,
                message=fault.message,
            )
            hazard = fault.inject if changed else None
        answer = frozen(value)  # as answered: coverage reads it, the caller gets a copy of it
        self._recorder.answered(
            ctx, value, None, reply.source, reply.usage, seconds, rules, hazard, answer=answer
        )
        return thawed(answer)  # the trace keeps `value`; the caller may change its own copy

    def _respond(
        self, tool: RegisteredTool, ctx: CallContext, seconds: float, held: contextlib.ExitStack | None = None
    ) -> _Reply:
        """The answer of a script, or of the effect and backend made consistent (`held`: takes the
        state lock, to keep until the answer is committed)."""
        backend = tool.backend or self._backend
        script = self._scripts.take(ctx.spec.name, ctx.input)
        effect = None if script else self._effects.get(ctx.spec.name)
        source, suffix = ("script" if script else backend_name(backend)), ("+effect" if effect else "")
        if script is not None and script.partial:
            source, suffix = backend_name(backend), "+script"
        replayed = self._replayed(tool, ctx) if script is None else None
        if replayed is not None:
            return replayed
        gated = self.remember and self.state.deletions and (tool.plan.lifecycle.targets or tool.plan.in_path)
        if gated and (script is None or script.partial):
            self._gate(tool, ctx, seconds)
        try:
            if script is not None and not script.partial:
                return _Reply(source, None, Settled(script.answer(), None, False), None)
            partial = script.answer() if script is not None else None
            if effect is not None:
                with self._state_lock:
                    partial = json_copy(effect(self.state, json_copy(dict(ctx.input))))  # its own input
            answer = unwrap(backend.respond(ctx), backend)
        except Exception as err:
            self._fail(ctx, err, source + suffix, seconds)
        source, value = answer.source or source, answer.value
        if not getattr(backend, "fresh_values", False):
            value = self._owned(ctx, value, source, seconds)
        if held is not None:
            held.enter_context(self._state_lock)
        with self._state_lock:
            valid, recall = ctx.spec.returns_validator.is_valid, self.remember
            facts = None
            if tool.plan.shaping or tool.plan.list_echo:  # a list echo draws the elements it adds
                earlier = self._outcomes.earlier(self._outcomes.key(ctx.spec.name, tool.plan, ctx.input))
                facts = CallFacts(ctx.now, ctx.occurrence, ctx.seed, self._tools.kinds(), earlier)
            settled = consistent(
                tool.plan,
                ctx.input,
                value,
                self.state,
                valid,
                partial=partial,
                recall=recall,
                owned=True,
                facts=facts,
            )
        return _Reply(source + suffix, answer.usage, settled, answer.on_answer)

    def _replayed(self, tool: RegisteredTool, ctx: CallContext) -> _Reply | None:
        """The first answer under the input's idempotency key, when another input reuses it."""
        if not self.remember or not self._outcomes.keyed:  # most worlds: no lock, no key built
            return None
        with self._state_lock:
            first = self._outcomes.replay(self._outcomes.key(ctx.spec.name, tool.plan, ctx.input), ctx.input)
        return None if first is None else _Reply("replay", None, Settled(thawed(first), None, False), None)

    def _gate(self, tool: RegisteredTool, ctx: CallContext, seconds: float) -> None:
        """Fail a call on an entity the world deleted, or on a resource its OpenAPI path puts under
        one, with ``not_found`` (traced as ``lifecycle``), as the tool documents a 404 when it does
        (an OpenAPI operation: status and error body)."""
        with self._state_lock:
            missing = gate(tool.plan, ctx.input, self.state)
        if missing is not None:
            missing = as_documented(missing, ctx, own_message=True)
            self._recorder.answered(
                ctx, None, missing.to_dict(), "lifecycle", duration=seconds, rules=("not_found",)
            )
            raise missing

    def _owned(self, ctx: CallContext, value: Any, source: str, seconds: float) -> Any:
        """A copy of a backend's value that the world owns from here on (the trace keeps it). A
        typed answer (a pydantic model, a dataclass, a ``datetime``... as a real tool function
        returns it, or a dict with integer keys) is taken as its JSON, by alias, as pydantic dumps
        it. A NaN or infinity is refused: JSON has no such number, and so is a value that holds
        itself or nests past Python's recursion limit (named by `json_problems`, which walks it
        without recursing)."""
        try:
            return strict_json_copy(value)
        except (TypeError, RecursionError):
            pass
        try:
            return strict_json_copy(typed_json(value))
        except (TypeError, ValueError, RecursionError):
            problems = "; ".join(json_problems(value))
            error = BackendError(f"backend {source!r} answered with non-JSON data: {problems}")
            self._fail(ctx, error, source, seconds)

    def _fail(self, ctx: CallContext, err: Exception, source: str, seconds: float) -> NoReturn:
        message = f"backend {source!r} failed on tool {ctx.spec.name!r}: {err!r}"
        exc = err if isinstance(err, SynthworldError) else BackendError(message)
        info = err.to_dict() if isinstance(err, ToolError) else {"code": "backend_error", "message": str(exc)}
        self._recorder.answered(ctx, None, info, source, duration=seconds)
        exc.__cause__ = exc.__cause__ if exc is err else err  # chain a wrapped unexpected error
        raise exc

    def _reject(self, ctx: CallContext, value: Any, source: str, seconds: float) -> None:
        problems = ctx.spec.returns_validator.problems(value)
        message = (
            f"backend {source!r} answered tool {ctx.spec.name!r} with a value that breaks its returns "
            f"schema: {'; '.join(problems)}. The value was not passed on; fix the backend or the schema."
        )
        self._fail(ctx, BackendError(message), source, seconds)

    def _invalid_input(self, name: str, raw: Any, exc: ToolInputError) -> Any:
        error = exc.to_dict()["error"]
        self._recorder.rejected(name, raw, error, now=self.clock.now())
        if self.on_invalid_input == "return_error":
            return {"error": error}
        raise exc


def _keywords_error(method: str, name: str, input: Any, keywords: Mapping[str, Any]) -> TypeError:
    """``world.call("get_user", user_id="u1")``: say which dict to pass instead."""
    given = ", ".join(f"{key}={value!r}" for key, value in keywords.items())
    whole = {**(input if isinstance(input, Mapping) else {}), **keywords}
    if input is None and list(keywords) == ["input"] and isinstance(keywords["input"], Mapping):
        whole = dict(keywords["input"])  # world.call(name, input={...}): the input is positional
    return TypeError(
        f"world.{method}({name!r}, {given}): the input is one dict, not keyword arguments; "
        f"write world.{method}({name!r}, {whole!r})"
    )
