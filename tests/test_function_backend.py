"""FunctionBackend, and a plain function given as a backend, call ``fn(ctx)`` or
``fn(tool_name, input)``, chosen by the parameters the function requires: defaults, ``*args``,
``**kwargs`` and keyword-only parameters do not count."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import pytest

from synthworld import FunctionBackend, SyntheticWorld, ToolSpec
from synthworld.backends.base import CallContext

ECHO = ToolSpec(
    "echo",
    "Say who answered.",
    {"type": "object", "properties": {"word": {"type": "string"}}, "required": ["word"]},
    {"type": "object", "properties": {"by": {"type": "string"}}, "required": ["by"]},
)


def answered_by(fn: Callable[..., Any], wrap: bool = True) -> str:
    with SyntheticWorld(seed=1, backend=FunctionBackend(fn) if wrap else fn) as world:
        world.register_tool(ECHO)
        by: str = world.call("echo", {"word": "hi"})["by"]
    return by


def of_ctx(ctx: CallContext, verbose: bool = False) -> dict[str, str]:
    assert isinstance(ctx, CallContext), f"got {ctx!r} instead of a CallContext"
    return {"by": f"ctx:{ctx.input['word']}"}


def of_tool(tool: str, args: dict[str, Any], verbose: bool = False) -> dict[str, str]:
    return {"by": f"{tool}:{args['word']}"}


def prefixed(prefix: str, ctx: CallContext) -> dict[str, str]:
    return {"by": prefix + of_ctx(ctx)["by"]}


class Answerer:
    def __call__(self, ctx: CallContext, verbose: bool = False) -> dict[str, str]:
        return of_ctx(ctx)

    def one(self, ctx: CallContext, verbose: bool = False) -> dict[str, str]:
        return of_ctx(ctx)

    def two(self, tool: str, args: dict[str, Any], *rest: Any, **options: Any) -> dict[str, str]:
        return of_tool(tool, args)


CTX = "ctx:hi"
TOOL = "echo:hi"
SHAPES: list[tuple[Callable[..., Any], str]] = [
    (lambda ctx, verbose=False: of_ctx(ctx), CTX),
    (lambda ctx, *args, **kwargs: of_ctx(ctx), CTX),
    (lambda ctx, *, verbose=False: of_ctx(ctx), CTX),
    (lambda *args: of_ctx(args[0]), CTX),
    (lambda ctx=None: of_ctx(ctx), CTX),  # type: ignore[arg-type]
    (of_ctx, CTX),
    (Answerer(), CTX),
    (Answerer().one, CTX),
    (functools.partial(of_ctx), CTX),
    (functools.partial(prefixed, "p-"), "p-" + CTX),
    (functools.partial(of_tool, verbose=True), TOOL),
    (lambda tool, args: of_tool(tool, args), TOOL),
    (lambda tool, args, verbose=False: of_tool(tool, args), TOOL),
    (of_tool, TOOL),
    (Answerer().two, TOOL),
]


@pytest.mark.parametrize("wrap", [True, False], ids=["FunctionBackend", "plain"])
@pytest.mark.parametrize(("fn", "expected"), SHAPES, ids=[str(i) for i in range(len(SHAPES))])
def test_only_required_positional_parameters_choose_the_call(
    fn: Callable[..., Any], expected: str, wrap: bool
) -> None:
    """``FunctionBackend(lambda ctx, verbose=False: ...)`` was called as ``fn(tool_name, input)``;
    a plain ``backend=lambda tool, args: ...`` was called with ``ctx`` alone (a TypeError)."""
    assert answered_by(fn, wrap) == expected


def three(a: Any, b: Any, c: Any) -> Any:
    return None


def needs_keyword(ctx: CallContext, *, mode: str) -> Any:
    return None


@pytest.mark.parametrize(
    ("fn", "expected"),
    [
        (three, r"the function takes required parameters \['a', 'b', 'c'\]; write it as fn\(ctx\)"),
        (needs_keyword, r"the function takes required parameters \['ctx', 'mode'\]; write it as fn\(ctx\)"),
        (
            lambda: {"by": "nobody"},
            r"the function takes no argument; write it as fn\(ctx\) .* fn\(tool_name, input\)",
        ),
        ({"by": "x"}, r"FunctionBackend\(fn=\{'by': 'x'\}\): fn must be callable: write it as fn\(ctx\)"),
    ],
    ids=["three", "keyword-only", "none", "not callable"],
)
def test_a_function_it_cannot_call_is_refused_at_once(fn: Any, expected: str) -> None:
    """These failed at every call, with a TypeError from inside the backend."""
    with pytest.raises(TypeError, match=expected):
        FunctionBackend(fn)
    if callable(fn):
        with pytest.raises(TypeError, match=r"backend=<function .*: " + expected):
            SyntheticWorld(backend=fn)
