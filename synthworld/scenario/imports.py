"""Resolve ``module:attr`` and ``path/file.py:attr`` references named in a scenario file.

A dotted module is imported normally first; a path-like reference (ending in ``.py`` or holding a
``/``), or a module that is not importable but sits beside the scenario file, is imported from
its file, relative to the scenario's folder. Nothing else in a scenario is ever executed.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import sys
import types
from pathlib import Path
from typing import Any

__all__ = ["ImportProblem", "resolve", "resolve_module"]


class ImportProblem(ValueError):
    """A reference that cannot be imported; the message says why."""


def resolve(ref: str, *, base: Path) -> Any:
    """The object `ref` names: ``"pkg.mod:attr"``, ``"pkg.mod"`` or ``"./file.py:attr"``."""
    module_ref, _, attr = ref.partition(":")
    module = resolve_module(module_ref, base=base)
    if not attr:
        return module
    value: Any = module
    for part in attr.split("."):
        if not hasattr(value, part):
            raise ImportProblem(f"{module_ref!r} has no attribute {attr!r}; check the name after ':'")
        value = getattr(value, part)
    return value


def resolve_module(ref: str, *, base: Path) -> types.ModuleType:
    """Import module `ref`: a dotted name, or a ``.py`` path relative to `base`."""
    if ref.endswith(".py") or "/" in ref or "\\" in ref:
        return _from_file(base / ref, ref)
    try:
        return importlib.import_module(ref)
    except ModuleNotFoundError as exc:
        beside = base.joinpath(*ref.split(".")).with_suffix(".py")
        if exc.name == ref.split(".")[0] and beside.is_file():
            return _from_file(beside, ref)
        raise ImportProblem(f"cannot import {ref!r}: {exc}") from None
    except Exception as exc:
        raise ImportProblem(f"importing {ref!r} failed: {type(exc).__name__}: {exc}") from None


def _from_file(path: Path, ref: str) -> types.ModuleType:
    path = path.resolve()
    if not path.is_file():
        raise ImportProblem(f"cannot import {ref!r}: no file {str(path)!r}")
    digest = hashlib.sha256(str(path).encode()).hexdigest()[:12]
    name = f"_synthworld_scenario_{path.stem}_{digest}"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ImportProblem(f"cannot import {ref!r}: {str(path)!r} is not a Python module")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except Exception as exc:
        del sys.modules[name]
        raise ImportProblem(f"importing {ref!r} failed: {type(exc).__name__}: {exc}") from None
    return module
