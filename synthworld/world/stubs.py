"""`ToolStub`: a function registered with ``@world.tool``, as type checkers see it.

The stub keeps the function's parameters and return type (``get_user("u1")`` is a ``User``; an
``async def`` stub's call is awaited to one) and adds ``spec`` and ``world``. Written as a method
in a class body, it is called without ``self``, on the class or an instance, as it is at run time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Concatenate, ParamSpec, Protocol, TypeVar, overload

from typing_extensions import Self

if TYPE_CHECKING:
    from synthworld.spec import ToolSpec
    from synthworld.world.world import SyntheticWorld

__all__ = ["ToolStub"]

P = ParamSpec("P")
Q = ParamSpec("Q")
R = TypeVar("R", covariant=True)
T = TypeVar("T")
Owner = TypeVar("Owner")


class ToolStub(Protocol[P, R]):
    """A registered stub: call it as the function it was written as, and the world answers (the
    arguments are checked and sent as the tool's input; the answer comes back as the return type).

    ``ToolStub[[str, bool], User]`` is a stub ``(user_id: str, include_email: bool) -> User``;
    ``world.stub(name)`` gives a ``ToolStub[..., Any]`` (its answer is JSON) and
    ``world.astub(name)`` a ``ToolStub[..., Coroutine[Any, Any, Any]]``.
    """

    spec: ToolSpec
    """The tool's spec, built from the function (``get_user.spec.to_schema()``)."""
    world: SyntheticWorld
    """The world the stub calls."""
    __name__: str

    # No docstring: an editor's signature help then shows the stub's own (pyright reads this one first).
    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R: ...

    # Bound as a method is (no `self` passed, see `MethodStub`) when its first parameter takes the
    # class: a method's `self`, not a staticmethod's first argument (pyright tells them apart;
    # mypy strips that argument too).
    @overload
    def __get__(
        self: ToolStub[Concatenate[Owner, Q], T], instance: Owner, owner: type[Owner] | None = None, /
    ) -> ToolStub[Q, T]: ...
    @overload
    def __get__(
        self: ToolStub[Concatenate[Owner, Q], T], instance: None, owner: type[Owner], /
    ) -> ToolStub[Q, T]: ...
    @overload
    def __get__(self, instance: object, owner: type | None = None, /) -> Self: ...
