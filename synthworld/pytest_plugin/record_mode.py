"""Record modes that would be ignored: said, instead of letting the user believe they record.

A record mode acts only on a world with a cassette: the ``synth_world`` fixture's with
``cassette=`` in its marker, or a scenario file's with a fixtures backend.

- The marker's ``record_mode=`` is about one test: without a cassette it is a usage error of that
  test (`check_marker_mode`).
- ``--synthworld-record-mode`` is about the whole session, where tests without a cassette are
  fine; but when it asks to record (``once``, ``new_episodes``, ``all``) and no test that ran had a
  cassette, nothing was recorded, and the summary says so (`RecordModeSession`). Under
  pytest-xdist each worker sends its count of cassette worlds to the controller, which decides.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from synthworld.scenario import Scenario

__all__ = ["NAME", "RecordModeSession", "check_marker_mode", "note_cassette_world", "note_scenario_world"]

NAME = "synthworld-record-mode"
"""The name `RecordModeSession` is registered under."""
_KEY = "synthworld_cassette_worlds"
_RECORDING = ("once", "new_episodes", "all")
_HOW = (
    "the synth_world fixture records with @pytest.mark.synthworld(cassette=True) (or cassette='PATH'), "
    "a scenario file with backend: {fixtures: PATH, fallback: random}"
)


def check_marker_mode(settings: dict[str, Any], scenario: Scenario | None = None) -> None:
    """`pytest.UsageError` when the marker's ``record_mode`` has no cassette to act on."""
    mode = settings.get("record_mode")
    if mode is None:
        return
    given = f"@pytest.mark.synthworld(record_mode={mode!r}) has no effect"
    if scenario is None and not settings.get("cassette"):
        raise pytest.UsageError(
            f"{given}: the test's world has no cassette (its backend is random), so nothing is recorded "
            "or replayed; add cassette=True (cassettes/<test module>/<test name>.yaml beside the test) "
            "or cassette='PATH' to the marker, or drop record_mode"
        )
    backend = "" if scenario is None else _backend_without_cassette(scenario)
    if scenario is not None and backend:
        raise pytest.UsageError(
            f"{given}: the backend of {scenario.shown} is {backend}, not a cassette, so nothing is "
            "recorded or replayed; give the file a fixtures backend (backend: {fixtures: "
            f"cassettes/{scenario.name}.yaml, fallback: random}}), or drop record_mode"
        )


def note_cassette_world(config: pytest.Config) -> None:
    """Count a world the plugin built with a cassette (the session's record mode acted on it)."""
    session = config.pluginmanager.get_plugin(NAME)
    if isinstance(session, RecordModeSession):
        session.worlds += 1


def note_scenario_world(config: pytest.Config, scenario: Scenario) -> None:
    """`note_cassette_world` for a scenario's world, when its backend has a cassette."""
    if not _backend_without_cassette(scenario):
        note_cassette_world(config)


def _backend_without_cassette(scenario: Scenario) -> str:
    """`synthworld.scenario.build.backend_without_cassette`, imported when a scenario is used (so
    loading the plugin, as every pytest run does, stays cheap)."""
    from synthworld.scenario.build import backend_without_cassette

    return backend_without_cassette(scenario)


class RecordModeSession:
    """Counts the cassette worlds of a session run with a recording ``--synthworld-record-mode``."""

    def __init__(self, config: pytest.Config, mode: str) -> None:
        self.mode = mode
        self.worlds = 0
        self.tests = 0
        self._worker = hasattr(config, "workerinput")
        self._config = config

    @classmethod
    def register(cls, config: pytest.Config) -> None:
        """Watch the session when the command line asks to record."""
        mode = config.getoption("synthworld_record_mode")
        if mode in _RECORDING:
            config.pluginmanager.register(cls(config, mode), NAME)

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.when == "setup":  # the controller sees its workers' reports too
            self.tests += 1

    @pytest.hookimpl(optionalhook=True)
    def pytest_testnodedown(self, node: Any, error: Any) -> None:
        """xdist controller: a worker finished; add its cassette worlds."""
        self.worlds += int(getattr(node, "workeroutput", {}).get(_KEY, 0))

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        if self._worker:  # sent to the controller with the worker's other output
            self._config.workeroutput[_KEY] = self.worlds  # type: ignore[attr-defined]

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        if self._worker or self.worlds or not self.tests:
            return
        terminalreporter.write_sep("-", "synthworld warning", yellow=True)
        terminalreporter.write_line(
            f"--synthworld-record-mode={self.mode} had no effect: none of the {self.tests} test(s) that "
            f"ran had a cassette, so nothing was recorded ({_HOW})",
            yellow=True,
        )
