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
        advice = r"pip install 'synthworld\[frameworks\]'"
        if sys.version_info < (3, 11):  # pydantic-ai-slim does not install there: no advice to
            advice = r"pydantic-ai-slim needs Python 3\.11 or newer and this is Python 3\.10"
        with pytest.raises(ScenarioError, match=advice):
            load_scenario(path)


class TestAPathWithoutItsEnding:
    """``tools: ../bank`` names no file, but ``../bank.py`` is one: the error says so, and the
    names the tools would give wait for it (no "no tool named" of their own)."""

    TOOLS = '''
import synthworld


@synthworld.tool
def create_transfer(from_account: str, amount: float) -> dict:
    """Move money."""
'''

    def scenario(self, root: Path, body: str) -> Path:
        (root / "bank.py").write_text(self.TOOLS, encoding="utf-8")
        (root / "scenarios").mkdir()
        return write(root / "scenarios", "s.yaml", "synthworld_scenario: 1\nname: s\n" + body)

    def test_the_py_file_is_suggested_and_names_it_holds_wait_for_it(
        self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        monkeypatch.chdir(tmp_path)
        path = self.scenario(
            tmp_path,
            "tools: ../bank\nlifecycle: {create_transfer: create}\n"
            "faults:\n  - {tool: create_transfer, on_call: 1, error: timeout}\n"
            "  - {tool: '*', rate: 2, error: timeout}\n",
        )
        with pytest.raises(ScenarioError) as info:
            load_scenario(path)
        missing = str(tmp_path.resolve() / "bank")
        waits = "it depends on the problem at tools (line 3); fix that first, then check again"
        assert str(info.value).splitlines() == [
            f"scenarios/s.yaml:3: tools: cannot import '../bank': no file {missing!r}; "
            "did you mean '../bank.py'?",
            f"scenarios/s.yaml:4: lifecycle.create_transfer: tool 'create_transfer' not checked: {waits}",
            f"scenarios/s.yaml:6: faults[0].tool: tool 'create_transfer' not checked: {waits}",
            "scenarios/s.yaml:7: faults[1].rate: rate=2 must be a number with 0 < rate <= 1",
        ]

    def test_with_the_ending_it_loads(self, tmp_path: Path) -> None:
        path = self.scenario(
            tmp_path, "tools: ../bank.py\nfaults:\n  - {tool: create_transfer, on_call: 1, error: timeout}\n"
        )
        assert list(load_scenario(path).build_world().tools) == ["create_transfer"]

    def test_a_path_to_nothing_gets_no_suggestion(self, tmp_path: Path) -> None:
        path = self.scenario(tmp_path, "tools: ../vault\n")
        with pytest.raises(ScenarioError) as info:
            load_scenario(path)
        assert str(info.value).endswith(
            f"tools: cannot import '../vault': no file {str(tmp_path.resolve() / 'vault')!r}"
        )

    def test_a_fault_of_an_unknown_tool_is_still_named_when_the_tools_loaded(self, tmp_path: Path) -> None:
        path = self.scenario(
            tmp_path, "tools: ../bank.py\nfaults:\n  - {tool: create_transfr, error: timeout}\n"
        )
        with pytest.raises(ScenarioError, match=r"faults\[0\]\.tool: .*did you mean 'create_transfer'\?"):
            load_scenario(path)


class TestHints:
    """A new user's slips in a scenario's references, each with the fix in its message."""

    def test_a_misspelt_name_after_the_colon_names_the_closest_one(self, tmp_path: Path) -> None:
        (tmp_path / "checks.py").write_text("def every_loan_returned(trace, output):\n    return None\n")
        text = "synthworld_scenario: 1\nname: s\ntools: synthworld.examples.shop\n"
        path = write(tmp_path, "s.yaml", text + "expect:\n  check: checks:every_loan_returnd\n")
        with pytest.raises(ScenarioError) as info:
            load_scenario(path)
        assert str(info.value).endswith(
            "expect.check: 'checks' has no attribute 'every_loan_returnd'; "
            "did you mean 'every_loan_returned'?"
        )

    def test_a_path_written_from_the_working_directory_names_the_one_from_the_scenario(
        self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """``tools: library.py`` in ``scenarios/s.yaml``, run from the folder holding library.py."""
        monkeypatch.chdir(tmp_path)
        (tmp_path / "library.py").write_text(TRACKER, encoding="utf-8")
        (tmp_path / "scenarios").mkdir()
        path = write(tmp_path / "scenarios", "s.yaml", "synthworld_scenario: 1\nname: s\ntools: library.py\n")
        with pytest.raises(ScenarioError) as info:
            load_scenario(path)
        missing = str(tmp_path.resolve() / "scenarios" / "library.py")
        assert str(info.value) == (
            f"scenarios/s.yaml:3: tools: cannot import 'library.py': no file {missing!r}; a path is "
            "relative to the scenario's folder: did you mean '../library.py'?"
        )


class TestModulesAboveTheScenario:
    """A project with its modules at the top and its scenarios in ``scenarios/``, run from
    elsewhere (a CI job's folder): the errors said only "no module named" or "has no attribute"."""

    @staticmethod
    def project(root: Path, agent: str) -> Path:
        (root / "scenarios").mkdir(parents=True)
        (root / "tracker.py").write_text(TRACKER, encoding="utf-8")
        (root / "models.py").write_text(MODELS, encoding="utf-8")
        text = "def agent(world, task):\n    return world.call('get_ticket', {'ticket_id': task})['status']\n"
        (root / "bots.py").write_text(text, encoding="utf-8")
        scenario = SCENARIO.replace("tools: tracker", "tools: ../tracker.py") + agent
        return write(root / "scenarios", "s.yaml", scenario)

    def test_a_module_above_is_named_with_its_path(self, tmp_path: Path) -> None:
        path = self.project(tmp_path / "proj", "agent: bots:agent\n")
        with pytest.raises(ScenarioError) as info:
            load_scenario(path)
        looked = f"agent: cannot import 'bots': no module named 'bots' (looked in {path.parent}, "
        assert looked in str(info.value)
        assert (
            f"{tmp_path / 'proj' / 'bots.py'} is in a folder above the scenario's: "
            "did you mean `../bots.py:agent`? Else put bots.py beside the scenario"
        ) in str(info.value)
        path.write_text(path.read_text(encoding="utf-8").replace("bots:agent", "../bots.py:agent"))
        assert load_scenario(path).run(0).output == "closed"

    def test_a_module_of_the_same_name_that_comes_first_is_named(
        self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """A user's ``agents.py`` met the OpenAI Agents SDK's installed ``agents`` package."""
        installed = tmp_path / "site" / "bots"
        installed.mkdir(parents=True)
        (installed / "__init__.py").write_text("class Agent:\n    pass\n", encoding="utf-8")
        monkeypatch.syspath_prepend(str(tmp_path / "site"))
        monkeypatch.delitem(sys.modules, "bots", raising=False)
        path = self.project(tmp_path / "proj", "agent: bots:agent\n")
        with pytest.raises(ScenarioError) as info:
            load_scenario(path)
        assert str(info.value).endswith(
            "agent: 'bots' has no attribute 'agent'; "
            f"'bots' was imported from {installed / '__init__.py'}, not from your "
            f"{tmp_path / 'proj' / 'bots.py'} (another module of that name comes first on sys.path); "
            "write the path (`../bots.py:agent`) or rename your module"
        )
