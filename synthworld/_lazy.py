"""Package faces that import a name's module when the name is first used (PEP 562).

Every pytest run in an environment with synthworld loads its plugin, and so ``synthworld``: with
eager faces that meant the whole library (jsonschema, faker, the generator: ~250 modules) for
projects that never use it. A face lists each name's module once for `attach` and imports the
same names under ``typing.TYPE_CHECKING`` for type checkers, and sets ``__getattr__`` only
``if not TYPE_CHECKING`` (a checker that sees a module ``__getattr__`` types every unknown name as
its return, ``Any``: ``from synthworld import SynteticWorld`` would pass). ``from synthworld import
X``, ``synthworld.X`` and ``from synthworld import *`` work as before.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["attach"]


def attach(
    package: str, origins: Mapping[str, tuple[str, ...]]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``__getattr__`` and ``__dir__`` for `package`, whose names ``origins[module]`` live in
    `module` (a name whose module is ``<package>.<name>`` is that submodule). Any other submodule
    is found too, as when the face imported them all: ``synthworld.world.SyntheticWorld``."""
    where = {name: module for module, names in origins.items() for name in names}

    def __getattr__(name: str) -> Any:
        module = where.get(name)
        if module is None:
            if name.startswith("__") or importlib.util.find_spec(f"{package}.{name}") is None:
                raise AttributeError(f"module {package!r} has no attribute {name!r}")
            module = f"{package}.{name}"
        found = importlib.import_module(module)
        value = found if module == f"{package}.{name}" else getattr(found, name)
        setattr(sys.modules[package], name, value)  # found once: later uses skip this function
        return value

    def __dir__() -> list[str]:
        return sorted({*vars(sys.modules[package]), *where})

    return __getattr__, __dir__
