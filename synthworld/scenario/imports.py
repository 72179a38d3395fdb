"""Resolve ``module:attr`` and ``path/file.py:attr`` references named in a scenario file.

A dotted module is imported with the scenario's folder (then pytest's rootdir when pytest runs,
then the working directory) at the front of ``sys.path``, so a module beside the scenario, and
the modules it imports beside it, are found as pytest finds them; a path-like reference (ending
in ``.py`` or holding a ``/``) is imported from its file, relative to the scenario's folder.
Nothing else in a scenario is ever executed.
"""

from __future__ import annotations

import contextlib
import difflib
import hashlib
import importlib
import importlib.util
import os
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

__all__ = ["ImportProblem", "add_search_root", "remove_search_root", "resolve", "resolve_module"]

_ROOTS: list[Path] = []
"""Folders searched after the scenario's own (the pytest plugin adds its rootdir)."""


def add_search_root(folder: Path) -> None:
    """Also look for a scenario's modules in `folder`, after the scenario's own folder."""
    if folder not in _ROOTS:
        _ROOTS.append(folder)


def remove_search_root(folder: Path) -> None:
    """Stop looking in `folder` (added with `add_search_root`)."""
    with contextlib.suppress(ValueError):
        _ROOTS.remove(folder)


class ImportProblem(ValueError):
    """A reference that cannot be imported; the message says why."""


def resolve(ref: str, *, base: Path) -> Any:
    """The object `ref` names: ``"pkg.mod:attr"``, ``"pkg.mod"`` or ``"./file.py:attr"``."""
    module_ref, _, attr = ref.partition(":")
    written = f"./{_as_path(module_ref)}:{attr}" if attr else None
    module = resolve_module(module_ref, base=base, written=written)
    if not attr:
        return module
    value: Any = module
    for part in attr.split("."):
        if not hasattr(value, part):
            hint = (
                _shadowed(module, module_ref, attr, base)  # before a close name of the wrong module
                or _closest(part, value)
                or "check the name after ':'"
            )
            raise ImportProblem(f"{module_ref!r} has no attribute {attr!r}; {hint}")
        value = getattr(value, part)
    return value


def _shadowed(module: types.ModuleType, ref: str, attr: str, base: Path) -> str:
    """A module of the user's named like `ref`, in the scenario's folder, a folder above it or the
    working directory, which the import did not reach: another module of that name came first
    (``agents`` is the OpenAI Agents SDK's). '' when there is none."""
    origin = getattr(module, "__file__", None)
    if not origin:
        return ""
    for folder in dict.fromkeys([base.resolve(), *base.resolve().parents, Path.cwd().resolve()]):
        mine = folder.joinpath(*ref.split(".")).with_suffix(".py")
        if mine.is_file() and mine.resolve() != Path(origin).resolve():
            path = os.path.relpath(mine, base.resolve()).replace(os.sep, "/")
            written = path if path.startswith(".") else f"./{path}"
            return (
                f"{ref!r} was imported from {origin}, not from your {mine} (another module of that "
                f"name comes first on sys.path); write the path (`{written}:{attr}`) or rename your module"
            )
    return ""


def _closest(missing: str, owner: Any) -> str:
    """``did you mean 'name'?`` for a public name of `owner` close to `missing`; else ''."""
    names = [name for name in dir(owner) if not name.startswith("_")]
    close = difflib.get_close_matches(missing, names, n=1, cutoff=0.8)
    return f"did you mean {close[0]!r}?" if close else ""


def resolve_module(ref: str, *, base: Path, written: str | None = None) -> types.ModuleType:
    """Import module `ref`: a dotted name, looked for beside the scenario (`base`) first, then in
    pytest's rootdir, the working directory and on ``sys.path``; or a ``.py`` path relative to `base`.
    `written`: the reference as a path, shown in the hint when the module is not found (default:
    a ``tools:`` entry)."""
    if ref.endswith(".py") or "/" in ref or "\\" in ref:
        return _from_file(base / ref, ref)
    beside = base.joinpath(*ref.split(".")).with_suffix(".py")
    if beside.is_file():  # loaded as its own module, so two folders' `tracker.py` never mix
        return _from_file(beside, ref)
    places = _search_path(base)
    with _searching(places):
        try:
            return importlib.import_module(ref)
        except ModuleNotFoundError as exc:
            shown = written or f"tools: ./{_as_path(ref)}"
            raise ImportProblem(_not_found(ref, exc, places, shown)) from None
        except Exception as exc:
            raise ImportProblem(
                f"importing {ref!r} failed: {type(exc).__name__}: {exc}{_extra_hint(exc)}"
            ) from None


def _search_path(base: Path) -> list[str]:
    """The scenario's folder, then pytest's rootdir (when pytest runs), then the working directory."""
    return list(dict.fromkeys(str(p.resolve()) for p in (base, *_ROOTS, Path.cwd())))


@contextlib.contextmanager
def _searching(places: list[str]) -> Iterator[None]:
    """`places` at the front of ``sys.path`` while a module (and what it imports) loads."""
    added = [p for p in places if p not in sys.path]
    sys.path[:0] = added
    try:
        yield
    finally:
        for place in added:
            with contextlib.suppress(ValueError):
                sys.path.remove(place)


def _as_path(module_ref: str) -> str:
    """A dotted module name as the path of its file (``pkg/mod.py``)."""
    return module_ref.replace(".", "/") + ".py"


def _not_found(ref: str, exc: ModuleNotFoundError, places: list[str], written: str) -> str:
    missing = exc.name or ref
    where = ", ".join(places)
    hint = (
        _beside(missing, Path(places[0])) or _above(ref, Path(places[0]), written) if missing == ref else ""
    )
    hint += (
        f"put {missing.split('.')[0]}.py beside the scenario, write the path (`{written}`), "
        "or make it importable (pip install -e ., or PYTHONPATH=.)"
    )
    return f"cannot import {ref!r}: no module named {missing!r} (looked in {where} and on sys.path); {hint}"


def _beside(missing: str, folder: Path) -> str:
    """A module beside the scenario named like `missing` (a misspelling of it), as a question."""
    names = sorted(path.stem for path in folder.glob("*.py"))
    close = difflib.get_close_matches(missing, names, n=1, cutoff=0.8)
    return f"did you mean {close[0]!r} ({close[0]}.py is beside the scenario)? Else " if close else ""


def _above(ref: str, folder: Path, written: str) -> str:
    """A module named `ref` in a folder above the scenario's (which a dotted name does not reach),
    as a question with its path."""
    for above in folder.parents:
        mine = above.joinpath(*ref.split(".")).with_suffix(".py")
        if mine.is_file():
            path = os.path.relpath(mine, folder).replace(os.sep, "/")
            meant = written.replace(f"./{_as_path(ref)}", path, 1)
            return f"{mine} is in a folder above the scenario's: did you mean `{meant}`? Else "
    return ""


def _from_file(path: Path, ref: str) -> types.ModuleType:
    path = path.resolve()
    if not path.is_file():
        raise ImportProblem(f"cannot import {ref!r}: no file {str(path)!r}{_file_meant(path, ref)}")
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
        with _searching([str(path.parent)]):  # so the file's own `import sibling` works
            spec.loader.exec_module(module)
    except Exception as exc:
        del sys.modules[name]
        raise ImportProblem(
            f"importing {ref!r} failed: {type(exc).__name__}: {exc}{_extra_hint(exc)}"
        ) from None
    return module


def _file_meant(path: Path, ref: str) -> str:
    """A hint for a path that names no file: the ``.py`` file it leaves the ending off
    (``../bank`` for ``../bank.py``)."""
    if path.suffix != ".py" and path.with_name(path.name + ".py").is_file():
        return f"; did you mean {ref + '.py'!r}?"
    here = Path.cwd() / ref  # a path is read from the scenario's folder, not the working directory
    if here.is_file() and here.resolve() != path:
        nearer = os.path.relpath(here.resolve(), path.parent).replace(os.sep, "/")
        return f"; a path is relative to the scenario's folder: did you mean {nearer!r}?"
    return ""


_EXTRAS = {
    "pydantic_ai": "frameworks", "langchain_core": "frameworks", "agents": "frameworks",
    "openai": "llm", "anthropic": "anthropic", "mcp": "mcp", "pandas": "notebook", "matplotlib": "notebook",
}  # fmt: skip
"""The packages of synthworld's extras, by the extra that installs them."""


def _extra_hint(exc: BaseException) -> str:
    """How to install the package a module failed to import, when a synthworld extra has it."""
    missing = exc.name if isinstance(exc, ModuleNotFoundError) else None
    extra = _EXTRAS.get((missing or "").split(".")[0])
    from synthworld.frameworks.python_floor import python_too_old  # here: the plugin loads this module

    too_old = python_too_old(missing or "")
    if too_old:
        return f"; {too_old}"
    return f"; install it with pip install 'synthworld[{extra}]'" if extra else ""
