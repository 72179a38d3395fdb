"""``--synthworld-coverage``: which tools, errors, hazards and malformed answers the session's
worlds exercised, and which parts of the answer space their answers reached.

Every world built during the session (by the ``synth_world`` fixture, by scenario items, or by a
test itself) adds its tools and calls to one session counter. Under pytest-xdist each worker
sends its counts to the controller, which merges them, prints the table, and with
``--synthworld-coverage-fail-under=PCT`` fails the session when fewer tools were called.
"""

from __future__ import annotations

import json
from collections.abc import Generator
from typing import Any

import pytest

from synthworld.world import Coverage
from synthworld.world.coverage import start_collecting, stop_collecting

__all__ = ["CoverageSession"]

_KEY = "synthworld_coverage"


class CoverageSession:
    """The session's counter, the workers' counts, and the verdict on `fail_under`."""

    def __init__(self, config: pytest.Config, fail_under: float | None) -> None:
        self._counter = start_collecting()
        self._worker = hasattr(config, "workerinput")
        self._config = config
        self._from_workers: list[Coverage] = []
        self.fail_under = fail_under
        self.total: Coverage | None = None

    @pytest.hookimpl(optionalhook=True)
    def pytest_testnodedown(self, node: Any, error: Any) -> None:
        """xdist controller: a worker finished; keep its counts."""
        data = getattr(node, "workeroutput", {}).get(_KEY)
        if data:
            self._from_workers.append(Coverage.from_dict(json.loads(data)))

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        if self._worker:  # sent to the controller with the worker's other output
            self._config.workeroutput[_KEY] = json.dumps(stop_collecting(self._counter).to_dict())  # type: ignore[attr-defined]

    @pytest.hookimpl(wrapper=True)
    def pytest_runtestloop(self, session: pytest.Session) -> Generator[None, object, object]:
        result = yield
        if not self._worker:
            self.total = Coverage.merged([stop_collecting(self._counter), *self._from_workers])
            if self.failed:
                session.testsfailed += 1
        return result

    def pytest_unconfigure(self, config: pytest.Config) -> None:
        stop_collecting(self._counter)  # a session that ended early stops counting too

    @property
    def failed(self) -> bool:
        """True when `fail_under` was given and the share of tools called is below it, or when no
        world registered a tool (no data is no evidence of coverage)."""
        if self.total is None or self.fail_under is None:
            return False
        return self.total.no_data or self.total.percent < self.fail_under

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        if self.total is None:
            return
        terminalreporter.write_sep("-", "synthworld coverage")
        terminalreporter.write_line(self.total.format())
        if self.failed:
            terminalreporter.write_line(self._failure(self.total), red=True, bold=True)

    def _failure(self, total: Coverage) -> str:
        """Why the session fails `fail_under`, and what to do about it."""
        option = f"--synthworld-coverage-fail-under={self.fail_under:g}"
        if total.no_data:
            return (
                f"FAIL: synthworld coverage has no data for {option}: no world registered a tool "
                "in this session; collect the tests that build worlds (the synth_world fixture, "
                "scenario files) or drop the option"
            )
        return (
            f"FAIL: synthworld coverage {total.percent:.1f}% is below {option}; call the tools "
            "marked 'never called' from a test or a scenario"
        )
