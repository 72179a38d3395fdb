"""Loading the plugin, as every pytest run in an environment with synthworld does, imports none of
the machinery: that waits for a test that uses ``synth_world`` or a scenario file. Before, it
imported the whole library (~250 modules: jsonschema, faker, yaml, the generator), ~2 s of CPU
per pytest run in projects that never use synthworld. The package faces load names on first use
(`synthworld._lazy`); these tests pin which modules load, never how long it takes."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from tests._plugin_support import isolate

pytest_plugins = ["pytester"]

ROOT = Path(__file__).resolve().parent.parent
OURS = (
    "synthworld.backends",
    "synthworld.cassette.format",
    "synthworld.eval",
    "synthworld.scenario.load",
    "synthworld.schema",
    "synthworld.spec",
    "synthworld.world",
)
HEAVY = ("faker", "hypothesis", "jsonschema", "yaml", *OURS)
FACES = ("synthworld", "synthworld.cassette", "synthworld.scenario")


def loaded_after(code: str) -> list[str]:
    """The `HEAVY` modules a fresh interpreter holds after running `code`."""
    program = f"import sys\n{code}\nprint(sorted(m for m in {HEAVY!r} if m in sys.modules))"
    out = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, check=True, cwd=ROOT
    )
    return ast.literal_eval(out.stdout.strip())  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    "code",
    ["import synthworld.pytest_plugin", "import synthworld", "from synthworld.errors import ToolError"],
)
def test_loading_imports_none_of_the_machinery_until_a_name_is_used(code: str) -> None:
    assert loaded_after(code) == []
    # a subpackage is an attribute, as when the face imported them all
    used = loaded_after(f"{code}\nimport synthworld\nassert synthworld.world.SyntheticWorld")
    assert "synthworld.world" in used


def test_a_pytest_run_that_uses_no_synthworld_imports_none_of_it(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytester.makepyfile(
        test_plain=f"""
        import sys

        def test_plain(pytestconfig):
            assert pytestconfig.pluginmanager.has_plugin("synthworld.pytest_plugin")
            assert [m for m in {OURS!r} if m in sys.modules] == []
        """
    )
    isolate(pytester, monkeypatch)  # our plugin only: others (faker's own) may import faker or yaml
    result = pytester.runpytest_subprocess("-p", "synthworld.pytest_plugin", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=1)


@pytest.mark.parametrize("face", FACES)
def test_every_name_of_a_face_is_its_modules_own(face: str) -> None:
    """What a face's ``__getattr__`` finds is what its ``TYPE_CHECKING`` imports tell type
    checkers, name for name, and every name of ``__all__`` is one of them or imported eagerly."""
    package = importlib.import_module(face)
    told, parts = _type_checking_imports(Path(package.__file__ or ""))
    for name, module in told.items():
        assert getattr(package, name) is getattr(importlib.import_module(module), name), name
    for part in parts:  # ``from . import world as world``: the submodule, as an attribute
        assert getattr(package, part) is importlib.import_module(f"{face}.{part}"), part
    assert set(package.__all__) <= set(dir(package))
    assert set(told) <= set(package.__all__)
    with pytest.raises(AttributeError, match=f"module {face!r} has no attribute 'no_such_name'"):
        package.no_such_name  # noqa: B018  # the attribute access is the test
    assert not hasattr(package, "__no_such_dunder__")


def _type_checking_imports(init: Path) -> tuple[dict[str, str], list[str]]:
    """``{name: module}`` for each ``from module import name`` under ``if TYPE_CHECKING:``, and
    the submodules imported there as ``from . import part as part``."""
    found: dict[str, str] = {}
    parts: list[str] = []
    for node in ast.parse(init.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            for stmt in node.body:
                assert isinstance(stmt, ast.ImportFrom)
                if stmt.level == 1 and stmt.module is None:
                    assert all(alias.asname == alias.name for alias in stmt.names)
                    parts += [alias.name for alias in stmt.names]
                    continue
                assert stmt.module
                found.update((alias.name, stmt.module) for alias in stmt.names)
    assert found, f"{init} has no TYPE_CHECKING imports"
    return found, parts
