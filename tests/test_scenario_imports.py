"""Scenario imports resolve beside the scenario first, then from pytest's rootdir, for `run`,
`eval`, `serve` and pytest alike; an import error says where it looked (issue 21)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from synthworld import ScenarioError
from synthworld.scenario import load_scenario
from tests._write_your_own import MODELS, ROOT, SCENARIO, TRACKER, synthworld_command, write


class TestImports:
    def test_run_imports_a_module_beside_the_scenario_and_its_siblings(self, tmp_path: Path) -> None:
        folder = tmp_path / "scenarios"
        folder.mkdir()
        (folder / "tracker.py").write_text(TRACKER, encoding="utf-8")
        (folder / "models.py").write_text(MODELS, encoding="utf-8")
        agent = (
            "def agent(world, task):\n    return world.call('get_ticket', {'ticket_id': task})['status']\n"
        )
        (folder / "triage.py").write_text(agent, encoding="utf-8")
        write(folder, "s.yaml", SCENARIO + "agent: triage:agent\n")
        done = synthworld_command("run", "scenarios/s.yaml", cwd=tmp_path)
        assert done.returncode == 0, done.stderr + done.stdout
        assert "verdict: PASS" in done.stdout

    @staticmethod
    def project(root: Path, *, modules_in: str) -> Path:
        """A project: a scenario in ``scenarios/``, its modules in `modules_in` (relative to `root`)."""
        (root / "scenarios").mkdir()
        (root / modules_in).mkdir(exist_ok=True)
        (root / modules_in / "tracker.py").write_text(TRACKER, encoding="utf-8")
        (root / modules_in / "models.py").write_text(MODELS, encoding="utf-8")
        (root / modules_in / "triage.py").write_text(
            "def agent(world, task):\n    return world.call('get_ticket', {'ticket_id': task})['status']\n",
            encoding="utf-8",
        )
        return write(root / "scenarios", "s.yaml", SCENARIO + "agent: triage:agent\n")

    def test_eval_and_serve_import_modules_beside_the_scenario(self, tmp_path: Path) -> None:
        from synthworld.serve.commands.serve import load_world

        self.project(tmp_path, modules_in="scenarios")
        done = synthworld_command("eval", "scenarios/s.yaml", "--seeds", "2", "--no-progress", cwd=tmp_path)
        assert done.returncode == 0, done.stderr + done.stdout
        assert re.search(r"^t +2 +2 +100%", done.stdout, re.M)
        world = load_world(str(tmp_path / "scenarios" / "s.yaml"), seed=1)
        assert list(world.tools) == ["get_ticket"]

    @pytest.mark.parametrize("modules_in", ["scenarios", "."])
    def test_pytest_imports_beside_the_scenario_and_from_its_rootdir(
        self, tmp_path: Path, modules_in: str
    ) -> None:
        project = tmp_path / "project"
        project.mkdir()
        self.project(project, modules_in=modules_in)
        (project / "pyproject.toml").write_text("[tool.pytest.ini_options]\n", encoding="utf-8")
        done = subprocess.run(  # from another directory: the rootdir is the project, not the cwd
            [
                sys.executable,
                "-m",
                "pytest",
                "-q",
                "-p",
                "no:cacheprovider",
                "-p",
                "no:randomly",
                str(project),
            ],
            cwd=tmp_path,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            capture_output=True,
            text=True,
            check=False,
            timeout=120,
        )
        assert done.returncode == 0, done.stdout + done.stderr
        assert "1 passed" in done.stdout

    def test_an_import_error_says_where_it_looked(self, tmp_path: Path) -> None:
        path = write(tmp_path, "s.yaml", "synthworld_scenario: 1\nname: x\ntools: trackr\n")
        with pytest.raises(ScenarioError) as info:
            load_scenario(path)
        message = str(info.value)
        assert f"(looked in {tmp_path.resolve()}" in message
        assert "put trackr.py beside the scenario, write the path (`tools: ./trackr.py`)" in message
        assert "PYTHONPATH=." in message

    def test_a_missing_optional_package_says_which_extra_installs_it(self, tmp_path: Path) -> None:
        write(  # as `import pydantic_ai` fails where synthworld was installed without the extra
            tmp_path,
            "fancy_agent.py",
            "raise ModuleNotFoundError(\"No module named 'pydantic_ai'\", name='pydantic_ai')\n",
        )
        path = write(tmp_path, "s.yaml", "synthworld_scenario: 1\nname: x\ntools: fancy_agent\n")
        with pytest.raises(ScenarioError, match=r"pip install 'synthworld\[frameworks\]'"):
            load_scenario(path)
