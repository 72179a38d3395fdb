"""`synthworld new`: files to start from, which pass as written, and never over a user's file."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from synthworld.serve.cli import main
from synthworld.serve.commands.new import FILES


def test_the_files_pass_through_run_validate_and_pytest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "mine"
    assert main(["new", str(folder)]) == 0
    assert sorted(p.name for p in folder.iterdir()) == sorted(FILES)
    out = capsys.readouterr().out
    assert f"synthworld run {folder / 'close_ticket.yaml'}" in out
    assert f"\n  pytest {folder / 'test_triage.py'} {folder / 'close_ticket.yaml'}\n" in out
    assert main(["validate", str(folder / "close_ticket.yaml")]) == 0
    assert main(["run", str(folder / "close_ticket.yaml")]) == 0
    assert "verdict: PASS  close_ticket [seed=1]" in capsys.readouterr().out
    tests = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "test_triage.py",
            "close_ticket.yaml",
        ],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert tests.returncode == 0, tests.stdout + tests.stderr
    assert "4 passed" in tests.stdout  # two tests, and the scenario at its two seeds


def test_an_existing_file_stops_it_before_anything_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "triage.py").write_text("my agent", encoding="utf-8")
    assert main(["new", str(tmp_path)]) == 2
    assert f"{tmp_path / 'triage.py'} exists already; nothing was written" in capsys.readouterr().err
    assert [p.name for p in tmp_path.iterdir()] == ["triage.py"]
    assert (tmp_path / "triage.py").read_text(encoding="utf-8") == "my agent"


def test_several_existing_files_are_named_together(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["new", str(tmp_path)]) == 0
    capsys.readouterr()
    assert main(["new", str(tmp_path)]) == 2
    written = ", ".join(
        str(tmp_path / name) for name in ("tracker.py", "triage.py", "close_ticket.yaml", "test_triage.py")
    )
    assert (
        capsys.readouterr().err
        == f"synthworld new: {written} exist already; nothing was written (choose another folder)\n"
    )


def test_a_file_in_the_folders_place_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "here").write_text("x", encoding="utf-8")
    assert main(["new", str(tmp_path / "here")]) == 2
    assert "is a file, not a folder" in capsys.readouterr().err


def test_without_pytest_the_next_step_installs_it_first(tmp_path: Path) -> None:
    program = (
        "import sys; sys.modules['pytest'] = None\n"
        "from synthworld.serve.cli import main\n"
        f"raise SystemExit(main(['new', {str(tmp_path / 'mine')!r}]))"
    )
    out = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    test, scenario = tmp_path / "mine" / "test_triage.py", tmp_path / "mine" / "close_ticket.yaml"
    assert f"\n  pip install pytest && pytest {test} {scenario}\n" in out.stdout
