"""Settings for the pytest plugin, each resolved as: command line > marker > ini > default."""

from __future__ import annotations

import hashlib
import inspect
import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from synthworld.cassette.modes import RecordMode

if TYPE_CHECKING:
    from synthworld.scenario import Scenario

__all__ = [
    "BLOCK_LLM_ENV",
    "RECORD_MODES",
    "block_llm",
    "cassette_path",
    "check_ini",
    "file_safe_name",
    "marker_seeds",
    "marker_settings",
    "on_ci",
    "record_mode",
    "scenario_dirs",
    "scenario_nearby",
    "scenario_record_mode",
    "world_options",
    "world_seed",
]

RECORD_MODES = tuple(mode.value for mode in RecordMode)
BLOCK_LLM_ENV = "SYNTHWORLD_BLOCK_LLM"


def marker_settings(marker: pytest.Mark | None) -> dict[str, Any]:
    """The ``synthworld`` marker's keyword arguments; `pytest.UsageError` for any it does not take,
    for a ``scenario`` or ``cassette`` that is not a path (``cassette`` may also be True), and for
    both at once."""
    settings: dict[str, Any] = dict(marker.kwargs) if marker else {}
    if set(settings) - {"seed", "seeds", "scenario", "cassette", "record_mode"} or (marker and marker.args):
        raise pytest.UsageError(
            f"@pytest.mark.synthworld takes seed=, seeds=, scenario=, cassette=, record_mode=; got {marker}"
        )
    for key, allowed in (("scenario", (str, os.PathLike)), ("cassette", (bool, str, os.PathLike))):
        value = settings.get(key)
        if value is not None and not isinstance(value, allowed):
            what = "True (the default path) or a file path" if key == "cassette" else "a file path"
            raise pytest.UsageError(f"@pytest.mark.synthworld({key}={value!r}): write {what}")
    if settings.get("scenario") and settings.get("cassette"):  # it was ignored: nothing recorded
        raise pytest.UsageError(
            f"@pytest.mark.synthworld(scenario={settings['scenario']!r}, cassette={settings['cassette']!r}): "
            "a scenario's world takes its cassette from the file (backend: {fixtures: PATH, fallback: "
            "random}); drop cassette=, or drop scenario= to record this test's own world"
        )
    return settings


def marker_seeds(settings: Mapping[str, Any]) -> list[int] | None:
    """The marker's ``seeds=`` (one test per seed: a list, a range, or n for ``range(n)``), checked;
    None without it. `pytest.UsageError` for seeds that are not whole numbers, and beside ``seed=``."""
    if "seeds" not in settings:
        return None
    given = settings["seeds"]
    if "seed" in settings:
        raise pytest.UsageError(
            f"@pytest.mark.synthworld(seed={settings['seed']!r}, seeds={given!r}): give one, seed= for "
            "one world or seeds= for one test per seed"
        )
    whole = isinstance(given, int) and not isinstance(given, bool)
    seeds = list(range(given)) if whole else [] if isinstance(given, str | bytes) else _listed(given)
    if not seeds or any(isinstance(s, bool) or not isinstance(s, int) for s in seeds):
        raise pytest.UsageError(
            f"@pytest.mark.synthworld(seeds={given!r}): write whole-number seeds, seeds=[1, 2, 3], "
            "seeds=range(10) or seeds=10 (seeds 0 to 9)"
        )
    return seeds


def _listed(given: Any) -> list[Any]:
    try:
        return list(given)
    except TypeError:
        return []


_PLUGIN_CASSETTE_ARGS = ("path", "mode", "fallback", "replay_note", "rerecord_note")
"""FixtureBackend arguments the plugin gives itself (the marker, the options, the test's id)."""


def cassette_options(options: Any) -> dict[str, Any]:
    """The ``synth_cassette_options`` fixture's value, checked: `pytest.UsageError` for a value that
    is not a dict and for a key `FixtureBackend` does not take or the plugin sets, listing those
    it takes."""
    from synthworld.backends import FixtureBackend  # here: loading the plugin stays cheap

    allowed = [
        name for name in inspect.signature(FixtureBackend).parameters if name not in _PLUGIN_CASSETTE_ARGS
    ]
    if not isinstance(options, Mapping):
        raise pytest.UsageError(
            f"synth_cassette_options returned {options!r}; return a dict of FixtureBackend arguments "
            f"({', '.join(allowed)}; {{}} for none)"
        )
    unknown = sorted(set(options) - set(allowed))
    if unknown:
        raise pytest.UsageError(
            f"synth_cassette_options returned {', '.join(map(repr, unknown))}: it takes "
            f"{', '.join(allowed)} (the cassette's path is synth_cassette_path, its record mode the "
            "marker's record_mode= or --synthworld-record-mode, and what answers the calls it lacks "
            "synth_world_options' backend)"
        )
    return dict(options)


def world_options(options: Any) -> dict[str, Any]:
    """The ``synth_world_options`` fixture's value, checked: `pytest.UsageError` for a value that
    is not a dict, for ``seed`` (the marker, ini and command line set it) and for a key
    `SyntheticWorld` does not take, listing those it does."""
    if not isinstance(options, Mapping):
        raise pytest.UsageError(
            f"synth_world_options returned {options!r}; return a dict of SyntheticWorld arguments "
            "({} for none)"
        )
    if "seed" in options:
        raise pytest.UsageError(
            f"synth_world_options returned seed={options['seed']!r}; set the seed with "
            "@pytest.mark.synthworld(seed=...), the ini option synthworld_seed or --synthworld-seed"
        )
    from synthworld.world import SyntheticWorld  # here: loading the plugin stays cheap

    allowed = [name for name in inspect.signature(SyntheticWorld).parameters if name != "seed"]
    unknown = sorted(set(options) - set(allowed))
    if unknown:
        raise pytest.UsageError(
            f"synth_world_options returned {', '.join(map(repr, unknown))}: not SyntheticWorld "
            f"argument(s); it takes {', '.join(allowed)}"
        )
    return dict(options)


def world_seed(config: pytest.Config, marker_seed: Any, scenario: Scenario | None = None) -> int:
    """The world seed: ``--synthworld-seed`` > marker > the marker's scenario file's first seed >
    ini ``synthworld_seed`` > 0."""
    cli = config.getoption("synthworld_seed")
    if cli is not None:
        return int(cli)
    if marker_seed is not None:
        if isinstance(marker_seed, bool) or not isinstance(marker_seed, int):
            hint = f"; write seed={int(marker_seed)}" if re.fullmatch(r"-?\d+", str(marker_seed)) else ""
            raise pytest.UsageError(
                f"@pytest.mark.synthworld(seed={marker_seed!r}): seed must be an integer{hint} "
                "(SyntheticWorld(seed=...) reads a string as a seed of its own, so '7' and 7 are two worlds)"
            )
        return marker_seed
    if scenario is not None and {"seed", "seeds"} & set(scenario.data):
        return scenario.seeds[0]
    return _ini_seed(config)


def check_ini(config: pytest.Config) -> None:
    """`pytest.UsageError` at startup, naming the file, for an ini setting the plugin cannot use
    (it was an error in every test that took ``synth_world``, whatever the command line said)."""
    _ini_seed(config)
    mode = str(config.getini("synthworld_record_mode")).strip()
    if mode and mode not in RECORD_MODES:
        raise pytest.UsageError(
            f"ini option synthworld_record_mode={mode!r}{_in_file(config)}; choose one of "
            f"{', '.join(RECORD_MODES)}"
        )


def _ini_seed(config: pytest.Config) -> int:
    """The ini ``synthworld_seed`` (0 when unset)."""
    ini = str(config.getini("synthworld_seed")).strip()
    if ini and not re.fullmatch(r"-?\d+", ini):
        raise pytest.UsageError(
            f"ini option synthworld_seed={ini!r}{_in_file(config)} is not an integer; write e.g. "
            "synthworld_seed = 7"
        )
    return int(ini) if ini else 0


def _in_file(config: pytest.Config) -> str:
    return f" (in {config.inipath})" if config.inipath else ""


def record_mode(config: pytest.Config, marker_mode: Any, *, use_ini: bool = True) -> str | None:
    """The record mode: option (``none`` under CI=true) > marker > ini (when `use_ini`); None when
    none is set."""
    ini = (config.getini("synthworld_record_mode") or None) if use_ini else None
    for source, value in (
        ("--synthworld-record-mode", config.getoption("synthworld_record_mode")),
        ("the synthworld marker's record_mode", marker_mode),
        ("ini option synthworld_record_mode", ini),
    ):
        if value is not None:
            if value not in RECORD_MODES:
                raise pytest.UsageError(f"{source}={value!r}; choose one of {', '.join(RECORD_MODES)}")
            return str(value)
    return None


def scenario_record_mode(config: pytest.Config, marker_mode: Any, scenario: Scenario) -> str | None:
    """A scenario world's record mode: option > marker > the file's ``backend: {mode: ...}`` > ini;
    None leaves it to the file, and a file without a cassette (a session-wide mode does not act
    on it; a marker's is refused by `check_marker_mode`)."""
    from synthworld.scenario.build import backend_without_cassette  # here: loading the plugin stays cheap

    if backend_without_cassette(scenario):
        return None
    backend = scenario.data.get("backend")
    return record_mode(config, marker_mode, use_ini=not (isinstance(backend, Mapping) and "mode" in backend))


def on_ci() -> bool:
    """Whether ``CI`` says this is a CI run: set to anything but empty, ``0``, ``false`` or ``no``
    (GitHub, GitLab and CircleCI set ``true``, others ``1``)."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def block_llm(config: pytest.Config) -> bool:
    """True under ``--synthworld-block-llm``."""
    return bool(config.getoption("synthworld_block_llm"))


def scenario_dirs(config: pytest.Config) -> list[Path]:
    """The folders of the ini option ``synthworld_scenarios``, resolved against the rootdir."""
    return [(config.rootpath / entry).resolve() for entry in config.getini("synthworld_scenarios")]


_UNSAFE = re.compile(r"[^\w.@+\[\]=,-]")
_MAX_NAME_BYTES = 200
"""File systems allow 255 bytes in a name: longer test names are cut and end with a digest."""


def cassette_path(test_file: Path, test_name: str) -> Path:
    """``cassettes/<test module>/<test name>.yaml`` beside `test_file`; see `file_safe_name`."""
    return Path(test_file).parent / "cassettes" / Path(test_file).stem / f"{file_safe_name(test_name)}.yaml"


def file_safe_name(test_name: str) -> str:
    """`test_name` as a file name, one per test: characters a file name cannot hold, or that some
    system treats specially, are written ``%XX`` (``test_q[a b]`` -> ``test_q[a%20b]``), so
    ``test_q[a b]``, ``test_q[a/b]`` and ``test_q[a_b]`` never share a cassette; a name too long
    for the file system is cut and ends with 16 hex digits of its SHA-256."""
    safe = _UNSAFE.sub(
        lambda m: "".join(f"%{b:02X}" for b in m[0].encode("utf-8", "surrogatepass")), test_name
    )
    raw = safe.encode("utf-8")
    if len(raw) <= _MAX_NAME_BYTES:
        return safe
    digest = hashlib.sha256(test_name.encode("utf-8", "surrogatepass")).hexdigest()[:16]
    head = raw[: _MAX_NAME_BYTES - 17].decode("utf-8", "ignore")
    return f"{head}-{digest}"


def scenario_nearby(folder: Path, given: str) -> str:
    """A hint, ``; did you mean 'scenarios/refund.yaml'?``, when a file named as `given` lies one
    or two folders below `folder` (a marker's scenario path that misses its folder), else ""."""
    name = Path(given).name
    found = sorted(
        str(path.relative_to(folder))
        for pattern in (f"*/{name}", f"*/*/{name}")
        for path in folder.glob(pattern)
        if path.is_file() and not any(part.startswith(".") for part in path.relative_to(folder).parts)
    )
    return f"; did you mean {found[0]!r}?" if found else ""
