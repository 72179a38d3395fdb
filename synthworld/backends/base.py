"""The backend protocol: what a world asks of whatever produces its answers."""

from __future__ import annotations

import dataclasses
import datetime
import inspect
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from synthworld._json import json_copy
from synthworld._redact import get_redactor
from synthworld.backends.awaiting import settled

if TYPE_CHECKING:
    from synthworld.spec import ToolSpec
    from synthworld.trace import Trace

__all__ = [
    "FUNCTION_SHAPES",
    "Answer",
    "Backend",
    "BackendLike",
    "CallContext",
    "as_backend",
    "backend_name",
    "function_arity",
    "own_input",
    "unwrap",
]


@dataclass(frozen=True, repr=False)
class CallContext:
    """Everything a backend may use to answer one call (and nothing of the agent); its repr masks
    secrets, as every rendering does."""

    spec: ToolSpec
    """The tool being called."""
    input: Mapping[str, Any]
    """The validated input (read it; function backends, handlers and effects get their own copy)."""
    seed: int
    """The call seed: a pure function of world seed, tool, canonical input (and occurrence
    for non-idempotent tools)."""
    rng: random.Random
    """A `random.Random` seeded with `seed`: the only source of randomness a backend may use."""
    occurrence: int
    """How many identical calls (same tool, same canonical input) came before this one."""
    state: Mapping[str, Any]
    """Read-only view of the world's state: each value read is a copy (changing it changes nothing)."""
    trace: Trace
    """The world's trace so far, a read-only view (its `append` and `clear` raise `TypeError`)."""
    now: datetime.datetime
    """The world's simulated time at the call; never the wall clock."""
    context: str | None = None
    """Facts the scenario author wants the world to hold (used by the LLM backend)."""
    bound: Mapping[str, Any] = field(default_factory=dict)
    """Real values of bound parameters (secrets included): for handlers, never to be recorded.
    `input` holds them as recorded (secrets masked)."""
    related: Mapping[str, Any] = field(default_factory=dict)
    """Remembered entities the input refers to, as ``{kind: {id: fields}}`` (e.g. the order
    whose ``order_id`` was passed), for backends that describe the world in a prompt."""

    def __repr__(self) -> str:
        policy = get_redactor().for_call(self.input)
        return (
            f"CallContext(tool={self.spec.name!r}, input={policy(dict(self.input))!r}, seed={self.seed}, "
            f"occurrence={self.occurrence}, now={self.now.isoformat()!r}, "
            f"context={policy(self.context)!r}, bound={sorted(self.bound)!r})"
        )


@dataclass(frozen=True)
class Answer:
    """A backend's answer with provenance, for backends that want to say more than the value."""

    value: Any
    """The output value (must conform to the tool's returns schema)."""
    source: str | None = None
    """Which backend really answered (e.g. ``fixtures``, or the fallback ``random``)."""
    usage: Mapping[str, int] | None = field(default=None)
    """Token usage, for LLM backends: ``prompt_tokens``, ``completion_tokens``, ``total_tokens``."""
    on_answer: Callable[[Any], None] | None = field(default=None, compare=False)
    """Called with the answer the agent got (after the world's echo, memory and checks; a copy it
    may keep), when the world passes this value on: a recording backend writes that, so what it
    recorded is what happened. Not called when the world rejects the value."""


@runtime_checkable
class Backend(Protocol):
    """Anything that answers calls.

    Optional extras: ``name`` (for the trace), ``prepare(spec)`` (called at registration),
    ``close()``, ``rewind()`` (called by ``world.reset()``), and ``fresh_values = True`` to
    promise that every answer is a new object nobody else holds (the world then skips a copy).
    A backend that records what happened returns ``Answer(value, on_answer=fn)``: the world
    calls ``fn`` with the answer the agent got, after its input echo, entity memory and checks
    (as `FixtureBackend` does, so a cassette holds, and replays, what the agent saw).
    """

    def respond(self, ctx: CallContext) -> Any:
        """Answer one call: a JSON value (or an `Answer`), or raise `ToolError` (an ``async def
        respond`` is awaited)."""
        ...


BackendLike = Backend | Callable[[CallContext], Any] | Callable[[str, dict[str, Any]], Any]


def own_input(ctx: CallContext) -> CallContext:
    """`ctx` with a deep copy of its input, for code of the user's to keep or change: the world's
    own input (its trace, seed and memory read it) stays as the agent sent it."""
    return dataclasses.replace(ctx, input=json_copy(dict(ctx.input)))


class _FunctionAdapter:
    """Makes a plain ``fn(ctx)`` or ``fn(tool_name, input)`` (``async def`` too) a backend."""

    def __init__(self, fn: Callable[..., Any]) -> None:
        self.fn = fn
        self.name = getattr(fn, "__name__", "function")
        self._two_args = function_arity(fn, shown=f"backend={fn!r}") == 2

    def respond(self, ctx: CallContext) -> Any:
        ctx = own_input(ctx)
        if self._two_args:
            return settled(self.fn(ctx.spec.name, ctx.input))
        return settled(self.fn(ctx))


_POSITIONAL = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
FUNCTION_SHAPES = (
    "write it as fn(ctx) (a CallContext) or fn(tool_name, input), giving any other parameter a "
    "default, e.g. lambda ctx, verbose=False: {...}"
)
"""How a backend function may look, for errors."""


def function_arity(fn: Callable[..., Any], *, shown: str) -> int:
    """How a backend function is called: 1 (``fn(ctx)``) or 2 (``fn(tool_name, input)``), by its
    required positional parameters (defaults, ``*args``, ``**kwargs`` and keyword-only ones do not
    count). `TypeError` naming `shown` when it needs more, a keyword-only argument, or none."""
    try:
        params = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):  # a builtin or C callable without a signature: give it ctx
        return 1
    required = [p.name for p in params if p.kind in _POSITIONAL and p.default is p.empty]
    takes_one = bool(required) or any(p.kind in _POSITIONAL or p.kind is p.VAR_POSITIONAL for p in params)
    keyword_only = [p.name for p in params if p.kind is p.KEYWORD_ONLY and p.default is p.empty]
    if len(required) > 2 or keyword_only or not takes_one:
        needs = f"required parameters {required + keyword_only}" if takes_one else "no argument"
        raise TypeError(f"{shown}: the function takes {needs}; {FUNCTION_SHAPES}")
    return max(len(required), 1)


def as_backend(backend: BackendLike, *, name: str = "backend") -> Backend:
    """`backend` itself if it has ``respond``, else a plain function wrapped as one; `name` is
    the option it came from, for the error when it is neither (or a backend class)."""
    if isinstance(backend, type) and callable(getattr(backend, "respond", None)):
        raise TypeError(
            f"{name}={backend.__name__} is a backend class, not a backend: pass an instance, "
            f"e.g. {name}={backend.__name__}(...)"
        )
    if isinstance(backend, Backend):
        return backend
    if callable(backend):
        return _FunctionAdapter(backend)
    raise TypeError(
        f"{name}={backend!r} is neither a backend (an object with respond(ctx)) nor a function of ctx "
        "(or of tool_name and input)"
    )


def backend_name(backend: Any) -> str:
    """The name a trace records for `backend`."""
    name = getattr(backend, "name", None)
    return name if isinstance(name, str) else type(backend).__name__


def unwrap(result: Any, backend: Any) -> Answer:
    """What `backend` answered (a value or an `Answer`) as an `Answer` naming its source; an
    ``async def respond`` is awaited (the protocol's ``-> Any`` lets a checker pass one)."""
    result = settled(result)
    if isinstance(result, Answer):
        return result if result.source else dataclasses.replace(result, source=backend_name(backend))
    return Answer(result, source=backend_name(backend))
