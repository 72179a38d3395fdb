"""What a scenario file names to call: ``agent(world, task)`` and ``expect.check(trace, output)``.

An ``async def`` check is awaited (a coroutine is not a verdict), and a callable that cannot take
the two arguments it is called with is named by ``synthworld validate`` (file, line, how it is
called) instead of failing every run with a bare ``TypeError``.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from synthworld.errors import ScenarioError
from synthworld.scenario import load_scenario

ROOT = Path(__file__).resolve().parent.parent

CALLABLES = """
def agent(world, task):
    world.call("search_orders", {"customer_email": task})
    return "done"


def lone_agent(world):
    return "never runs"


async def async_fails(trace, output):
    return f"{len(trace)} call(s), answer {output!r}: not good enough"


async def async_passes(trace, output):
    return None


async def async_asserts(trace, output):
    assert output == "other", "the answer is not 'other'"


def one_arg_check(trace):
    return None


def keyword_only_check(*, trace, output):
    return None


def roomy_check(trace, output, strict=False, *more):
    return None


class CallableCheck:
    def __call__(self, trace, output):
        return "from an instance"


instance_check = CallableCheck()
"""


def write(tmp_path: Path, check: str, agent: str = "helpers:agent") -> Path:
    (tmp_path / "helpers.py").write_text(CALLABLES, encoding="utf-8")
    path = tmp_path / "s.yaml"
    text = f"""\
        synthworld_scenario: 1
        name: callables
        tools: synthworld.examples.shop
        seed: 3
        agent: {agent}
        task: kim@example.com
        expect:
          check: helpers:{check}
        """
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("check", "failures"),
    [
        ("async_fails", ["expect.check helpers:async_fails: 1 call(s), answer 'done': not good enough"]),
        ("async_passes", []),
        ("async_asserts", ["expect.check helpers:async_asserts: the answer is not 'other'"]),
        ("roomy_check", []),
        ("instance_check", ["expect.check helpers:instance_check: from an instance"]),
    ],
)
def test_a_check_is_judged_by_what_it_returns_async_def_too(
    tmp_path: Path, check: str, failures: list[str]
) -> None:
    result = load_scenario(write(tmp_path, check)).run()
    assert result.failures == failures
    assert result.passed is (not failures)


def test_an_async_check_is_awaited_inside_a_running_loop(tmp_path: Path) -> None:
    """In Jupyter or an async test: the check still runs to its verdict."""
    import asyncio

    scenario = load_scenario(write(tmp_path, "async_fails"))

    async def inside() -> list[str]:
        return scenario.run().failures

    failure = "expect.check helpers:async_fails: 1 call(s), answer 'done': not good enough"
    assert asyncio.run(inside()) == [failure]


@pytest.mark.parametrize(
    ("check", "agent", "message"),
    [
        (
            "one_arg_check",
            "helpers:agent",
            "s.yaml:8: expect.check: 'helpers:one_arg_check' cannot be called as check(trace, output): "
            "too many positional arguments; give it those two parameters",
        ),
        (
            "keyword_only_check",
            "helpers:agent",
            "s.yaml:8: expect.check: 'helpers:keyword_only_check' cannot be called as check(trace, output): "
            "too many positional arguments; give it those two parameters",
        ),
        (
            "async_passes",
            "helpers:lone_agent",
            "s.yaml:5: agent: 'helpers:lone_agent' cannot be called as agent(world, task): "
            "too many positional arguments; give it those two parameters",
        ),
    ],
)
def test_a_callable_that_cannot_take_its_arguments_is_a_file_error(
    tmp_path: Path, check: str, agent: str, message: str
) -> None:
    path = write(tmp_path, check, agent)
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    assert str(caught.value).replace(str(tmp_path) + "/", "") == message
    done = subprocess.run(
        [sys.executable, "-m", "synthworld", "validate", "s.yaml"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
        check=False,
    )
    assert (done.returncode, done.stderr, done.stdout) == (1, f"{message}\n1 of 1 file(s) invalid\n", "")


def test_an_agent_given_instead_of_the_files_is_checked_too(tmp_path: Path) -> None:
    scenario = load_scenario(write(tmp_path, "async_passes"))
    with pytest.raises(ScenarioError) as caught:
        scenario.run(agent="helpers:lone_agent")
    assert str(caught.value) == (
        f"agent 'helpers:lone_agent', given to run {tmp_path / 's.yaml'}: 'helpers:lone_agent' cannot be "
        "called as agent(world, task): too many positional arguments; give it those two parameters"
    )


def test_an_agent_neither_callable_nor_a_name_is_a_type_error_saying_what_to_pass(tmp_path: Path) -> None:
    scenario = load_scenario(write(tmp_path, "async_passes"))
    with pytest.raises(TypeError) as caught:
        scenario.run(agent=42)  # type: ignore[arg-type]
    said = "agent=42 (int): pass a callable agent(world, task) or its 'module:callable' name"
    assert str(caught.value) == said
