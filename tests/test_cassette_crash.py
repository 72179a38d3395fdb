"""Crash-exact cassettes: a real writer killed at every step of a compaction loses and repeats nothing.

Each case forks a real writer process that records through `FixtureBackend` and then compacts
(``close()``), with ``SYNTHWORLD_CASSETTE_CRASH_AFTER`` set to one step of
`synthworld.cassette.crash.COMPACTION_STEPS`: the writer SIGKILLs itself right after that step.
The next open must hold every answered call exactly once, in order, and the next recording
must leave only the cassette (and its lock) behind.
"""

from __future__ import annotations

import multiprocessing
import os
import shutil
import signal
import subprocess
import sys
import textwrap
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import synthworld
from synthworld import CassetteError, FunctionBackend, RandomBackend, SyntheticWorld, ToolSpec
from synthworld.backends.fixtures import FixtureBackend
from synthworld.cassette import LeftJournalWarning, load_cassette
from synthworld.cassette.crash import COMPACTION_STEPS, CRASH_AFTER_ENV
from synthworld.errors import CassetteIOError

SPEC = ToolSpec(
    "echo",
    "Echo a number.",
    {"type": "object", "properties": {"x": {"type": "integer"}}, "required": ["x"]},
    {"type": "integer"},
)
REPO = str(Path(synthworld.__file__).resolve().parents[1])
FORK = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
NO_FORK_WARNING = pytest.mark.filterwarnings(
    r"ignore:This process .* is multi-threaded, use of fork\(\) may lead to deadlocks"
)


def record(path: Path, mode: str, xs: list[int]) -> list[Any]:
    """Record `xs` into the cassette at `path` and compact (close): what the agent saw."""
    with SyntheticWorld(backend=FixtureBackend(path, mode=mode, fallback=RandomBackend())) as world:
        world.register_tool(SPEC)
        return [world.call("echo", {"x": x}) for x in xs]


def killed_writer(path: str, mode: str, xs: list[int], step: str, answers: str) -> None:
    """A writer process: record `xs`, keep what it answered, then die at `step` of the compaction."""
    os.environ[CRASH_AFTER_ENV] = step
    with SyntheticWorld(backend=FixtureBackend(path, mode=mode, fallback=RandomBackend())) as world:
        world.register_tool(SPEC)
        seen = [world.call("echo", {"x": x}) for x in xs]
        Path(answers).write_text(" ".join(map(str, seen)))
    os._exit(0)  # not killed: the step was never reached


def run_killed_writer(path: Path, mode: str, xs: list[int], step: str) -> list[int]:
    answers = path.parent.parent / "answers.txt"
    writer = FORK.Process(target=killed_writer, args=(str(path), mode, xs, step, str(answers)))
    writer.start()
    writer.join(120)
    assert writer.exitcode == -signal.SIGKILL, f"the writer was not killed after {step!r}"
    return [int(v) for v in answers.read_text().split()]


def inputs(path: Path) -> list[int]:
    return [i.input["x"] for i in load_cassette(path).interactions]


def side_files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


@pytest.fixture
def cassette(tmp_path: Path) -> Path:
    folder = tmp_path / "cassettes"
    folder.mkdir()
    return folder / "c.yaml"


@NO_FORK_WARNING
@pytest.mark.parametrize("mode", ["new_episodes", "all"])
@pytest.mark.parametrize("step", COMPACTION_STEPS)
def test_a_writer_killed_at_any_step_of_compaction_loses_and_repeats_nothing(
    cassette: Path, step: str, mode: str
) -> None:
    before = record(cassette, "once", [0, 1])
    seen = run_killed_writer(cassette, mode, [10, 11, 12], step)
    renamed = COMPACTION_STEPS.index(step) >= COMPACTION_STEPS.index("renamed")
    left = side_files(cassette.parent)
    assert ("c.yaml.journal" in left) == (step != "journal-removed")  # the crash window is real
    assert any(name.endswith(".tmp") for name in left) == (step in ("temp-written", "temp-synced"))

    replaced = mode == "all" and renamed  # a re-record replaces the old interactions once it is in place
    kept = [] if replaced else [0, 1]
    assert inputs(cassette) == [*kept, 10, 11, 12]
    with warnings.catch_warnings():  # a replay warns of calls left in the journal, until "renamed"
        warnings.simplefilter("ignore", LeftJournalWarning)
        replay = SyntheticWorld(backend=FixtureBackend(cassette, mode="none"))
    with replay:
        replay.register_tool(SPEC)
        assert [replay.call("echo", {"x": x}) for x in (*kept, 10, 11, 12)] == [
            *before[: len(kept)],
            *seen,
        ]
    record(cassette, "new_episodes", [99])
    assert inputs(cassette) == [*kept, 10, 11, 12, 99]
    assert side_files(cassette.parent) == [".c.yaml.lock", "c.yaml"]


@NO_FORK_WARNING
def test_the_crash_hook_takes_a_step_number_too(cassette: Path) -> None:
    run_killed_writer(cassette, "once", [1], str(COMPACTION_STEPS.index("renamed") + 1))
    assert (cassette.parent / "c.yaml.journal").exists()
    assert inputs(cassette) == [1]


def test_a_journal_left_beside_the_cassette_it_was_merged_into_is_not_applied_again(cassette: Path) -> None:
    """The state a kill between rename and journal removal leaves, made by hand."""
    world = SyntheticWorld(backend=FixtureBackend(cassette, fallback=RandomBackend()))
    world.register_tool(SPEC)
    for x in (0, 1, 2):
        world.call("echo", {"x": x})
    journal = cassette.with_name("c.yaml.journal")
    left_behind = journal.read_bytes()
    world.close()
    journal.write_bytes(left_behind)
    assert inputs(cassette) == [0, 1, 2]
    assert not journal.exists()  # the open under the lock finished the compaction
    journal.write_bytes(left_behind)
    record(cassette, "new_episodes", [3])  # appended after the merged prefix, merged once
    assert inputs(cassette) == [0, 1, 2, 3]


def test_a_journal_whose_prefix_another_file_merged_is_still_applied(cassette: Path) -> None:
    record(cassette, "once", [0])
    other = cassette.with_name("other.yaml")
    shutil.copy(cassette, other)
    world = SyntheticWorld(backend=FixtureBackend(cassette, mode="new_episodes", fallback=RandomBackend()))
    world.register_tool(SPEC)
    world.call("echo", {"x": 5})  # journaled, never compacted (as if killed)
    shutil.copy(other, cassette)  # the file replaced by another version (a checkout)
    assert inputs(cassette) == [0, 5]
    world.close()
    assert inputs(cassette) == [0, 5]


# -- a file cut short is an error, not fewer interactions -----------------------------------------


def named_cassette(path: Path) -> str:
    users = FunctionBackend(lambda ctx: {"name": "Christine"})
    spec = ToolSpec(
        "get_user",
        "Fetch a user.",
        {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]},
        {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]},
    )
    with SyntheticWorld(backend=FixtureBackend(path, fallback=users)) as world:
        world.register_tool(spec)
        for n in range(5):
            world.call("get_user", {"n": n})
    return path.read_text(encoding="utf-8")


def test_a_cassette_cut_at_an_interaction_boundary_names_what_is_missing(cassette: Path) -> None:
    text = named_cassette(cassette)
    cut = text[: text.rindex("- tool: get_user")]
    cassette.write_text(cut, encoding="utf-8")
    lines = cut.count("\n")
    with pytest.raises(
        CassetteError, match=rf"c\.yaml, line {lines}: the cassette is cut short: it holds 4 of the 5 "
    ):
        load_cassette(cassette)


def test_a_cassette_cut_inside_a_value_is_an_error(cassette: Path) -> None:
    text = named_cassette(cassette)
    cassette.write_text(text[: text.rindex("name: Christine") + len("name: Chr")], encoding="utf-8")
    with pytest.raises(
        CassetteError, match=r"cut short: it holds 5 interactions, the last of them may be cut"
    ):
        load_cassette(cassette)
    with pytest.raises(CassetteError, match="closing 'end_of_cassette: true' line is missing"):
        FixtureBackend(cassette, mode="none")


def test_a_json_cassette_cut_short_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    record(path, "once", [0, 1])
    text = path.read_text()
    path.write_text(text[: text.rindex('"end_of_cassette"')].rstrip().rstrip(",") + "\n}\n")
    with pytest.raises(CassetteError, match=r"c\.json, line \d+: the cassette is cut short"):
        load_cassette(path)


@pytest.mark.parametrize("keep", [0.2, 0.5, 0.9])
def test_a_json_cassette_cut_at_any_byte_says_it_is_cut_short(tmp_path: Path, keep: float) -> None:
    path = tmp_path / "c.json"
    record(path, "once", [0, 1])
    text = path.read_text()
    path.write_text(text[: int(len(text) * keep)])
    with pytest.raises(CassetteError, match=r"c\.json, line \d+: the cassette is cut short: the JSON ends"):
        load_cassette(path)
    path.write_text(text.replace('"generation": 1,', '"generation": 1'))  # a typo, not a cut
    with pytest.raises(CassetteError, match=r"c\.json, line 4: invalid JSON: Expecting ',' delimiter"):
        load_cassette(path)


def test_a_hand_written_cassette_without_header_or_marker_still_loads(tmp_path: Path) -> None:
    path = tmp_path / "hand.yaml"
    path.write_text("synthworld_cassette: 1\ninteractions:\n- {tool: echo, input: {x: 1}, output: 7}\n")
    assert [i.output for i in load_cassette(path).interactions] == [7]
    record(path, "new_episodes", [2])  # recording onto it writes the header and the marker
    text = path.read_text()
    assert text.startswith("synthworld_cassette: 1\ngeneration: 1\ninteraction_count: 2\n")
    assert text.endswith("end_of_cassette: true\n")


def test_a_hand_edit_that_removes_an_interaction_still_loads(cassette: Path) -> None:
    record(cassette, "once", [0, 1, 2])
    text = cassette.read_text()
    start = text.index("- tool: echo")
    cassette.write_text(text[:start] + text[text.index("- tool: echo", start + 1) :])
    assert inputs(cassette) == [1, 2]


# -- temporary files and I/O errors --------------------------------------------------------------


def test_stale_temporary_files_are_removed_under_the_lock_and_others_are_kept(cassette: Path) -> None:
    record(cassette, "once", [0])
    folder = cassette.parent
    for name in (".c.yaml.ab12cd_3.tmp", ".other.yaml.ab12cd_3.tmp", ".c.yaml.x.yaml.ab12cd_3.tmp"):
        (folder / name).write_text("half a cassette")
    record(cassette, "new_episodes", [1])
    assert side_files(folder) == [
        ".c.yaml.lock",
        ".c.yaml.x.yaml.ab12cd_3.tmp",
        ".other.yaml.ab12cd_3.tmp",
        "c.yaml",
    ]


READ_ONLY_WRITER = """
    import ctypes, os, sys
    if os.geteuid() == 0:  # root writes anywhere: give up the capabilities that let it
        class Header(ctypes.Structure):
            _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]
        class Data(ctypes.Structure):
            _fields_ = [(name, ctypes.c_uint32) for name in ("effective", "permitted", "inheritable")]
        libc = ctypes.CDLL(None, use_errno=True)
        header, data = Header(0x20080522, 0), (Data * 2)()  # _LINUX_CAPABILITY_VERSION_3
        assert libc.capget(ctypes.byref(header), data) == 0
        data[0].effective &= ~((1 << 1) | (1 << 2))  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH
        assert libc.capset(ctypes.byref(header), data) == 0, ctypes.get_errno()
    from synthworld import CassetteError, RandomBackend, SyntheticWorld, ToolSpec
    from synthworld.backends.fixtures import FixtureBackend
    params = {"type": "object", "properties": {"x": {"type": "integer"}}, "required": ["x"]}
    try:
        backend = FixtureBackend(sys.argv[1], mode=sys.argv[2], fallback=RandomBackend())
        world = SyntheticWorld(backend=backend)
        world.register_tool(ToolSpec("echo", "Echo.", params, {"type": "integer"}))
        print(world.call("echo", {"x": 0}))
        world.close()
    except CassetteError as exc:
        print(f"{type(exc).__name__}|{isinstance(exc, OSError)}|{exc}")
"""


@pytest.fixture
def read_only_folder(tmp_path: Path) -> Iterator[Path]:
    """A folder the writer cannot write (as root, it drops the capability that would let it)."""
    folder = tmp_path / "cassettes"
    folder.mkdir()
    record(folder / "old.yaml", "once", [0])
    folder.chmod(0o555)
    try:
        yield folder
    finally:
        folder.chmod(0o755)


def run_unprivileged(*args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(READ_ONLY_WRITER), *args],
        env={**os.environ, "PYTHONPATH": REPO},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_recording_into_a_read_only_folder_names_the_path_and_the_fix(read_only_folder: Path) -> None:
    out = run_unprivileged(str(read_only_folder / "new.yaml"), "once")
    kind, is_os_error, message = out.split("|", 2)
    assert (kind, is_os_error) == ("CassetteIOError", "True")
    assert str(read_only_folder / ".new.yaml.lock") in message
    assert "Permission denied" in message
    assert "make the folder writable" in message


def test_replaying_from_a_read_only_folder_works(read_only_folder: Path) -> None:
    assert run_unprivileged(str(read_only_folder / "old.yaml"), "none").isdigit()


def test_an_unreadable_cassette_is_a_cassette_io_error(tmp_path: Path) -> None:
    folder = tmp_path / "c.yaml"
    folder.mkdir()  # a folder where the file should be: reading it fails on every platform and user
    with pytest.raises(CassetteIOError, match=r"c\.yaml: cannot read the cassette: .*check that this user"):
        FixtureBackend(folder.with_name("c.yaml"), mode="none")


def test_a_cassette_below_a_file_or_without_a_name_is_a_cassette_io_error(tmp_path: Path) -> None:
    (tmp_path / "tapes").write_text("a file where a folder should be")
    with pytest.raises(CassetteIOError, match=r"tapes.c\.yaml: cannot read the cassette: Not a directory"):
        FixtureBackend(tmp_path / "tapes" / "c.yaml", mode="none")
    with pytest.raises(CassetteIOError, match=r"names no file: give the cassette's file name"):
        FixtureBackend("", mode="none")


@pytest.mark.parametrize(
    "keep", ["- tool: get_user\n  input:\n", "- tool: get_user\n  input:\n    n: 4\n  output:\n"]
)
def test_a_cassette_cut_inside_the_last_interaction_says_so(cassette: Path, keep: str) -> None:
    text = named_cassette(cassette)
    last = text.rindex("- tool: get_user")
    cassette.write_text(text[:last] + keep, encoding="utf-8")
    with pytest.raises(
        CassetteError, match=r"cut short: it holds 5 interactions, the last of them may be cut"
    ):
        load_cassette(cassette)
