"""`ToolStub`: a function registered with ``@world.tool``, as type checkers see it.

The stub keeps the function's parameters and return type (``get_user("u1")`` is a ``User``; an
``async def`` stub's call is awaited to one) and adds ``spec`` and ``world``. Written as a method
in a class body, it is called without ``self``, on the class or an instance, as it is at run time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, Protocol, TypeVar

if TYPE_CHECKING:
    from synthworld.spec import ToolSpec
    from synthworld.world.world import SyntheticWorld

__all__ = ["ToolStub"]

P = ParamSpec("P")
Q = ParamSpec("Q")
R = TypeVar("R", covariant=True)
T = TypeVar("T")


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

    def __get__(
        self: ToolStub[Concatenate[Any, Q], T], instance: object, owner: type | None = None, /
    ) -> ToolStub[Q, T]:
        """A stub written as a method is called without ``self`` (see ``MethodStub``)."""
        ...
