"""The synthworld pytest plugin (entry point ``pytest11``).

- Scenario files (YAML/JSON with a top-level ``synthworld_scenario`` key) under the folders in
  the ini option ``synthworld_scenarios`` (default ``scenarios``), or named on the command line,
  become test items, one per seed: ``scenarios/refund.yaml::refund[seed=3]``. When pytest runs
  on its default paths (``testpaths``), those folders are collected too.
- Fixture ``synth_world``: a fresh `SyntheticWorld` per test, configured by the marker
  ``@pytest.mark.synthworld(seed=..., scenario=..., cassette=..., record_mode=...)`` (``seeds=[...]``
  instead of ``seed=``: the test once per seed, ``test_x[seed=3]``) and the
  fixture ``synth_world_options`` (more `SyntheticWorld` arguments; with ``scenario=``, those
  the file does not set: its ``backend``, ``context``, ``state`` and ``faults`` win).
  ``cassette=True`` uses ``cassettes/<test module>/<test name>.yaml`` beside the test (a test in a
  class: ``<class>.<test name>.yaml``; characters a file name cannot hold written ``%XX``:
  ``test_q[a b]`` -> ``test_q[a%20b].yaml``).
- A failed test that used ``synth_world`` shows the world's trace in its report.
- ``--synthworld-coverage`` prints which tools, errors, hazards and malformed answers the
  session's worlds exercised and the answer space their answers reached;
  ``--synthworld-coverage-fail-under=PCT`` fails the session below PCT percent of tools called
  (or when no world registered a tool).
- Options: ``--synthworld-seed N``, ``--synthworld-record-mode {none,once,new_episodes,all}``
  and ``--synthworld-block-llm`` (LLM backends fail instead of calling a model; sets
  ``SYNTHWORLD_BLOCK_LLM=1`` for the session). Precedence: command line > marker (or the
  scenario file) > ini (``synthworld_seed``, ``synthworld_record_mode``) > default. Under
  ``CI=true`` (or ``1``, as some CI services set it) the record mode defaults to ``none``, so CI
  replays and never records. A record mode acts only on a world with a cassette: the marker's
  ``record_mode=`` without one is a usage error, and a session asked to record where no test had
  one says so in its summary (see `synthworld.pytest_plugin.record_mode`). ``all`` re-records a
  cassette once per session, so tests and seeds sharing one keep their calls
  (`synthworld.pytest_plugin.rerecord`).
"""

from __future__ import annotations

import argparse
import os
import shlex
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from synthworld._redact import redact_text
from synthworld.cassette.modes import RecordMode
from synthworld.errors import ScenarioError
from synthworld.pytest_plugin.record_mode import (
    RecordModeSession,
    check_marker_mode,
    note_cassette_world,
    note_scenario_world,
)
from synthworld.pytest_plugin.redaction import calls_policy, redact_longrepr
from synthworld.pytest_plugin.rerecord import scenario_session_mode, session_mode
from synthworld.pytest_plugin.settings import (
    BLOCK_LLM_ENV,
    RECORD_MODES,
    block_llm,
    cassette_options,
    cassette_path,
    check_ini,
    marker_seeds,
    marker_settings,
    on_ci,
    record_mode,
    scenario_dirs,
    scenario_nearby,
    scenario_record_mode,
    world_options,
    world_seed,
)
from synthworld.scenario import SCENARIO_SUFFIXES, is_named_scenario_text, is_scenario_text
from synthworld.scenario.imports import add_search_root, remove_search_root

if TYPE_CHECKING:  # the rest is imported where a test or a scenario file first needs it (see below)
    from synthworld.scenario import Scenario, ScenarioResult
    from synthworld.world import SyntheticWorld

__all__ = [
    "ScenarioFile",
    "ScenarioItem",
    "synth_cassette_options",
    "synth_cassette_path",
    "synth_seed",
    "synth_world",
    "synth_world_options",
]

_MARKER = (
    "synthworld(seed=None, seeds=None, scenario=None, cassette=None, record_mode=None): configure the "
    "synth_world fixture: world seed (seeds=[...]: the test once per seed), a scenario file to build the "
    "world from, a cassette (True for the default path) and its record mode."
)

_PREVIOUS_ENV = pytest.StashKey[str | None]()
_SEED_INI_TYPE: Any = (int | str) if pytest.version_tuple >= (9, 2) else None
"""A seed in pytest 9's native ``[tool.pytest]`` table may be a TOML integer (type unions: 9.2 on)."""


def _record_mode_option(text: str) -> str:
    """``--synthworld-record-mode``'s value, or an error that says what a VCR.py or pytest-recording
    name (``rewrite``) is here."""
    try:
        return RecordMode.parse(text).value
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc).replace("mode=", "", 1)) from None


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("synthworld", "synthworld: synthetic tool worlds")
    group.addoption(
        "--synthworld-seed",
        type=int,
        default=None,
        metavar="N",
        help="world seed for every synthworld test and scenario (overrides markers and files)",
    )
    group.addoption(
        "--synthworld-record-mode",
        type=_record_mode_option,
        metavar="{" + ",".join(RECORD_MODES) + "}",
        default="none" if on_ci() else None,
        help="cassette record mode (default: 'none' on CI (CI=true or 1), else the marker's, ini's, 'once')",
    )
    group.addoption(
        "--synthworld-block-llm",
        action="store_true",
        default=False,
        help="make every LLM backend call fail (for CI without API keys)",
    )
    group.addoption(
        "--synthworld-coverage",
        action="store_true",
        default=False,
        help="print which tools, errors, hazards and malformed answers the session's worlds exercised",
    )
    group.addoption(
        "--synthworld-coverage-fail-under",
        type=float,
        default=None,
        metavar="PCT",
        help="fail the session when fewer than PCT percent of the tools were called (implies "
        "--synthworld-coverage)",
    )
    parser.addini(
        "synthworld_scenarios",
        "folders (relative to the rootdir) holding scenario files",
        type="linelist",
        default=["scenarios"],
    )
    parser.addini(
        "synthworld_seed",
        "default world seed for the synth_world fixture and scenario files without seeds",
        type=_SEED_INI_TYPE,
        default="",
    )
    parser.addini("synthworld_record_mode", "default cassette record mode", default="")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", _MARKER)
    check_ini(config)  # a bad setting: one usage error now, not one error per test
    add_search_root(config.rootpath)
    fail_under = config.getoption("synthworld_coverage_fail_under")
    if fail_under is not None and not 0 <= fail_under <= 100:
        raise pytest.UsageError(
            f"--synthworld-coverage-fail-under={fail_under:g} is a percentage from 0 to 100 (80 for 80%)"
        )
    if config.getoption("synthworld_coverage") or fail_under is not None:
        from synthworld.pytest_plugin.coverage import CoverageSession

        config.pluginmanager.register(CoverageSession(config, fail_under), "synthworld-coverage")
    RecordModeSession.register(config)
    if block_llm(config):
        config.stash[_PREVIOUS_ENV] = os.environ.get(BLOCK_LLM_ENV)
        os.environ[BLOCK_LLM_ENV] = "1"
    if config.args_source == pytest.Config.ArgsSource.TESTPATHS:
        covered = [Path(arg.split("::")[0]).resolve() for arg in config.args]
        extra = [
            d for d in scenario_dirs(config) if d.is_dir() and not any(d.is_relative_to(c) for c in covered)
        ]
        config.args = [*config.args, *map(str, extra)]


def pytest_unconfigure(config: pytest.Config) -> None:
    remove_search_root(config.rootpath)
    if _PREVIOUS_ENV in config.stash:
        previous = config.stash[_PREVIOUS_ENV]
        if previous is None:
            os.environ.pop(BLOCK_LLM_ENV, None)
        else:
            os.environ[BLOCK_LLM_ENV] = previous


def pytest_report_header(config: pytest.Config) -> str:
    mode = record_mode(config, None) or "per scenario file"
    return f"synthworld: record_mode={mode}, block_llm={block_llm(config)}"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """A failed test that used ``synth_world`` shows the world's trace; its report masks secrets."""
    report = yield
    world = getattr(item, "funcargs", {}).get("synth_world")
    if report.failed and world is not None and isinstance(world, _world_class()):
        policy = calls_policy(call.input for call in world.trace)  # stubs called positionally too
        report.longrepr = redact_longrepr(report.longrepr, policy.text)
        if report.when == "call":
            report.sections.append(("synthworld trace", world.trace.format()))
    return report


def _world_class() -> type[SyntheticWorld]:
    from synthworld.world import SyntheticWorld  # a test used synth_world: already imported

    return SyntheticWorld


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> ScenarioFile | None:
    if file_path.suffix not in SCENARIO_SUFFIXES:
        return None
    named = parent.session.isinitpath(file_path)
    if not named and not any(file_path.is_relative_to(d) for d in scenario_dirs(parent.config)):
        return None
    if not _holds_a_scenario(file_path, named=named):
        return None
    return ScenarioFile.from_parent(parent, path=file_path)


def _holds_a_scenario(path: Path, *, named: bool) -> bool:
    """A file found in a folder is taken when it holds the format key (or a misspelling of it); a
    file named on the command line also when its keys are a scenario's, so loading it says why."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return False
    return is_named_scenario_text(text) if named else is_scenario_text(text)


class ScenarioFile(pytest.File):
    """A scenario file: one test item per seed."""

    def collect(self) -> Iterator[ScenarioItem]:
        from synthworld.scenario import load_scenario  # the first scenario file loads the machinery

        scenario = load_scenario(self.path)
        for mark in scenario.data.get("marks", ()):  # on the file, so each of its items has it
            self.add_marker(mark)  # an unregistered one fails under --strict-markers, as in a test
        cli_seed = self.config.getoption("synthworld_seed")
        seeds = [cli_seed] if cli_seed is not None else scenario.seeds
        if cli_seed is None and not {"seed", "seeds"} & set(scenario.data):
            seeds = [world_seed(self.config, None)]
        for seed in seeds:
            name = f"{scenario.name}[seed={seed}]"
            # The node ID given as text, so pytest (9.2 on) parses "[seed=N]" as its parameters,
            # as it does the IDs it saved: --lf, --ff and --sw find the item again.
            yield ScenarioItem.from_parent(
                self, name=name, nodeid=f"{self.nodeid}::{name}", scenario=scenario, seed=seed
            )

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException]) -> Any:  # type: ignore[override]  # as Collector
        if isinstance(excinfo.value, ScenarioError):
            return str(excinfo.value)
        return super().repr_failure(excinfo)


class ScenarioFailed(AssertionError):
    """A scenario run that broke at least one expectation."""

    def __init__(self, result: ScenarioResult) -> None:
        super().__init__(redact_text("; ".join(result.failures)))  # pytest may print it
        self.result = result


class ScenarioItem(pytest.Item):
    """One run of a scenario at one seed."""

    def __init__(self, *, scenario: Scenario, seed: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.scenario = scenario
        self.seed = seed
        self.result: ScenarioResult | None = None

    def runtest(self) -> None:
        mode = scenario_record_mode(self.config, None, self.scenario)
        mode = scenario_session_mode(self.config, self.scenario, mode)
        note_scenario_world(self.config, self.scenario)
        self.result = self.scenario.run(self.seed, record_mode=mode, block_llm=block_llm(self.config))
        if not self.result.passed:
            raise ScenarioFailed(self.result)

    def repr_failure(  # type: ignore[override]
        self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None
    ) -> Any:
        if isinstance(excinfo.value, ScenarioFailed):
            from synthworld.scenario import format_result

            return format_result(excinfo.value.result, header=False)
        if isinstance(excinfo.value, ScenarioError):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style=style)

    def reportinfo(self) -> tuple[Path, int | None, str]:
        # line 0, the file's start: a skip mark reports the item's location and needs a line
        return self.path, 0, f"scenario {self.scenario.name} [seed={self.seed}]"


# -- fixtures ------------------------------------------------------------------------------------


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """A test whose marker says ``seeds=[...]`` runs once per seed (``test_x[seed=3]``, each with
    its own cassette), as a scenario file's ``seeds:`` does."""
    if "synth_seed" not in metafunc.fixturenames:
        return
    seeds = marker_seeds(marker_settings(metafunc.definition.get_closest_marker("synthworld")))
    if seeds is not None:
        metafunc.parametrize("synth_seed", seeds, ids=[f"seed={s}" for s in seeds], indirect=True)


@pytest.fixture
def synth_seed(request: pytest.FixtureRequest) -> int | None:
    """This test's seed from the marker's ``seeds=`` (None without it); ``synth_world`` uses it."""
    return getattr(request, "param", None)


@pytest.fixture
def synth_world_options() -> dict[str, Any]:
    """Extra keyword arguments for the ``synth_world`` fixture's `SyntheticWorld` (override it); with
    a cassette, its ``backend`` answers the calls the cassette lacks, and is what gets recorded.
    A world built from a marker's ``scenario=`` takes them too, except those its file sets
    (``backend``, ``context``, ``state``, ``faults``: the file wins)."""
    return {}


@pytest.fixture
def synth_cassette_path(request: pytest.FixtureRequest) -> Path:
    """The test's default cassette: ``cassettes/<test module>/<test name>.yaml`` beside the test;
    a test in a class is named with it (``TestOrders.test_get``), as pytest-recording does."""
    classes = [node.name for node in request.node.listchain() if isinstance(node, pytest.Class)]
    return cassette_path(request.node.path, ".".join([*classes, request.node.name]))


@pytest.fixture
def synth_cassette_options() -> dict[str, Any]:
    """More keyword arguments for the test's cassette, a `FixtureBackend` (override it, as
    pytest-recording's ``vcr_config``): ``match`` (its ``match_on``), ``allow_repeats`` (its
    ``allow_playback_repeats``), ``redact`` (its ``filter_headers``), ``strict``, ``fsync``. For
    worlds with ``cassette=`` in the marker; a scenario file's cassette is set by the file."""
    return {}


@pytest.fixture
def synth_world(
    request: pytest.FixtureRequest,
    synth_world_options: dict[str, Any],
    synth_cassette_path: Path,
    synth_cassette_options: dict[str, Any],
    synth_seed: int | None,
) -> Iterator[SyntheticWorld]:
    """A fresh `SyntheticWorld` for this test, set up by the ``synthworld`` marker and options."""
    settings = marker_settings(request.node.get_closest_marker("synthworld"))
    if synth_seed is not None:  # one of the marker's seeds=
        settings = {**settings, "seed": synth_seed}
    options = world_options(synth_world_options)
    cassette = cassette_options(synth_cassette_options)
    if settings.get("scenario"):
        world = _scenario_world(request, settings, options)
    else:
        check_marker_mode(settings)
        seed = world_seed(request.config, settings.get("seed"))
        mode = record_mode(request.config, settings.get("record_mode")) or "once"
        world = _make_world(request, settings, seed, mode, options, (synth_cassette_path, cassette))
    with world:
        yield world


def _scenario_world(
    request: pytest.FixtureRequest, settings: dict[str, Any], options: dict[str, Any]
) -> SyntheticWorld:
    """The world of the marker's scenario file: its seed and record mode unless the marker or the
    command line sets them; `options` (``synth_world_options``) for what the file does not set."""
    folder = Path(request.node.path).parent
    path = folder / settings["scenario"]
    if not path.is_file():
        raise pytest.UsageError(
            f"@pytest.mark.synthworld(scenario={settings['scenario']!r}): no file {str(path)!r}; the "
            f"path is read from the test file's folder{scenario_nearby(folder, settings['scenario'])}"
        )
    from synthworld.scenario import load_scenario

    scenario = load_scenario(path)
    check_marker_mode(settings, scenario)
    note_scenario_world(request.config, scenario)
    seed = world_seed(request.config, settings.get("seed"), scenario)
    mode = scenario_record_mode(request.config, settings.get("record_mode"), scenario)
    mode = scenario_session_mode(request.config, scenario, mode)
    return scenario.build_world(seed, record_mode=mode, block_llm=block_llm(request.config), defaults=options)


def _make_world(
    request: pytest.FixtureRequest,
    settings: dict[str, Any],
    seed: int,
    mode: str,
    options: dict[str, Any],
    cassette_setup: tuple[Path, dict[str, Any]],
) -> SyntheticWorld:
    """The world of a marker without ``scenario=``; with ``cassette=``, answered by a
    `FixtureBackend` at that path (or `cassette_setup`'s default one) with its further arguments."""
    from synthworld.backends import FixtureBackend, RandomBackend
    from synthworld.world import SyntheticWorld

    cassette = settings.get("cassette")
    if cassette:
        base = Path(request.node.path).parent
        path = cassette_setup[0] if cassette is True else base / str(cassette)
        mode = session_mode(request.config, path, mode)
        fallback = options.get("backend") or RandomBackend()  # what misses are answered (and recorded) by
        note = _replay_note(request, path) if mode == "none" else None
        again = f"pytest {shlex.quote(request.node.nodeid)} --synthworld-record-mode all"
        backend = FixtureBackend(
            path, mode=mode, fallback=fallback, replay_note=note, rerecord_note=again, **cassette_setup[1]
        )
        options = {**options, "backend": backend}
        note_cassette_world(request.config)
    return SyntheticWorld(seed, **options)


def _replay_note(request: pytest.FixtureRequest, cassette: Path) -> str:
    """How to record what a replaying test's cassette lacks: the command that runs this test."""
    mode, more = ("new_episodes", "more ") if cassette.exists() else ("once", "")
    return f"record {more}first: pytest {shlex.quote(request.node.nodeid)} --synthworld-record-mode {mode}"
