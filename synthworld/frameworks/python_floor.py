"""The framework packages that need a newer Python than synthworld's 3.10, and what to say then.

``pydantic-ai-slim`` 2.68+ and ``langchain-core`` 1.8+ declare ``Requires-Python >=3.11``, so on
Python 3.10 ``pip install 'synthworld[frameworks]'`` installs neither: advising it there would only
send a user round the same failure.
"""

from __future__ import annotations

import sys

__all__ = ["install_advice", "python_too_old"]

_FLOOR = {"pydantic_ai": ("pydantic-ai-slim", (3, 11)), "langchain_core": ("langchain-core", (3, 11))}
"""A framework's top-level module -> its package and the oldest Python it installs on."""


def python_too_old(module: str, version: tuple[int, ...] | None = None) -> str | None:
    """Why `module`'s package cannot be installed on this Python (`version`: the running one's
    unless given), or None when it can."""
    version = tuple(sys.version_info[:3]) if version is None else version
    package, floor = _FLOOR.get(module.split(".")[0], ("", (0,)))
    if version >= floor:
        return None
    need, running = ".".join(map(str, floor)), ".".join(map(str, version[:3]))
    return f"{package} needs Python {need} or newer and this is Python {running}"


def install_advice(module: str, package: str, version: tuple[int, ...] | None = None) -> str:
    """How to get `package`, which has `module`: ``pip install ...``, or why this Python cannot."""
    too_old = python_too_old(module, version)
    if too_old:
        return too_old
    return f"install it with pip install 'synthworld[frameworks]' (or pip install {package})"
