"""The house's shape: parts depend one way, no import circles, small modules, few private files.

The layers are read from the import-linter contract in ``pyproject.toml`` (which ``.ci/run`` also
checks with ``lint-imports``), so this test and CI can never disagree about the order.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import grimp
import pytest

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - pytest brings tomli on 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "synthworld"


def contract_layers() -> list[set[str]]:
    """The layers of the contract, top first, each a set of sibling modules."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    [contract] = config["tool"]["importlinter"]["contracts"]
    return [{name.strip() for name in layer.split("|")} for layer in contract["layers"]]


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph("synthworld", cache_dir=None)


def test_no_part_imports_a_higher_one(graph: grimp.ImportGraph) -> None:
    layers = contract_layers()
    illegal = graph.find_illegal_dependencies_for_layers(
        layers=[grimp.Layer(*layer, independent=True) for layer in layers], containers=set()
    )
    assert not illegal, [(d.importer, d.imported) for d in illegal]


def test_every_part_has_a_place_in_the_layers() -> None:
    placed = {name for layer in contract_layers() for name in layer}
    parts = {
        f"synthworld.{path.stem if path.suffix else path.name}"
        for path in PACKAGE.iterdir()
        if (path.is_dir() and (path / "__init__.py").exists())
        or (path.suffix == ".py" and path.stem not in ("__init__", "__main__"))
    }
    assert parts - placed == set()


def test_no_module_imports_form_a_circle_at_run_time(graph: grimp.ImportGraph) -> None:
    runtime = grimp.build_graph("synthworld", exclude_type_checking_imports=True, cache_dir=None)
    circles = [
        (module, other)
        for module in runtime.modules
        for other in runtime.find_modules_directly_imported_by(module)
        if other != module and runtime.chain_exists(importer=other, imported=module)
    ]
    assert circles == []


def test_at_most_six_private_modules_at_the_top() -> None:
    private = sorted(p.name for p in PACKAGE.glob("_*.py") if p.name not in ("__init__.py", "__main__.py"))
    assert len(private) <= 6, private


def test_no_file_is_over_500_lines() -> None:
    """The package, and the tests and benchmarks too (the house rule is for every file)."""
    files = [path for folder in ("synthworld", "tests", "bench") for path in (ROOT / folder).rglob("*.py")]
    long = {
        str(path.relative_to(ROOT)): count
        for path in files
        if (count := len(path.read_text(encoding="utf-8").splitlines())) > 500
    }
    assert long == {}


def test_importing_synthworld_leaves_the_heavy_optional_libraries_for_later() -> None:
    """Hypothesis (~80 ms) is for the rare fallback and property tests, rich (~20 ms) for progress
    bars: a CLI start or a pytest session that loads the plugin pays for neither."""
    code = "import sys, synthworld; print(sorted(m for m in ('hypothesis', 'rich') if m in sys.modules))"
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert found.stdout.strip() == "[]", found.stdout
