"""Echo by name: which answer properties take which input parameters, spelt in another case style
(``userId`` for ``user_id``), or, for a create, started at an ``initial_<field>`` argument."""

from __future__ import annotations

from synthworld.world.naming import snake

__all__ = ["echo_names"]


def echo_names(names: frozenset[str], params: list[str], *, creates: bool = False) -> dict[str, str]:
    """``{output property: parameter}`` for properties named like a parameter in another case
    style (``userId``, ``user-id`` for ``user_id``), unless a property has the parameter's own name.
    A tool that creates starts each ``X`` and ``<word>_X`` at its ``initial_X`` (``opening_X``,
    ``starting_X``): ``open_account(initial_balance=500)`` has ``balance`` and
    ``available_balance`` 500."""
    by_snake = {snake(param): param for param in params}
    starts = {
        s.split("_", 1)[1]: p for s, p in by_snake.items() if s.split("_", 1)[0] in _STARTS and "_" in s
    }
    found = {}
    for name in sorted(names):
        words = snake(name)
        param = by_snake.get(words)
        start = starts.get(words) or starts.get(words.split("_", 1)[-1]) if creates else None
        if param is None and start is not None and words not in by_snake:
            found[name] = start
        elif param is not None and param != name and param not in names:
            found[name] = param
    return found


_STARTS = frozenset({"initial", "opening", "starting"})
"""First words of a parameter that gives a created entity's first value (``initial_balance``)."""
