"""Durability and concurrency: the journal, killed runs, atomic writes, many writers."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import filelock
import pytest

import synthworld
from synthworld import CassetteError, RandomBackend, SyntheticWorld, ToolSpec
from synthworld.backends.fixtures import FixtureBackend
from synthworld.cassette import CassetteStore, Fingerprint, Interaction, LeftJournalWarning, load_cassette

SPEC = ToolSpec(
    "echo",
    "Echo a number.",
    {"type": "object", "properties": {"x": {"type": "integer"}}, "required": ["x"]},
    {"type": "integer"},
)
REPO = str(Path(synthworld.__file__).resolve().parents[1])


def run_python(code: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": REPO}
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code), *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def world_on(backend: FixtureBackend) -> SyntheticWorld:
    world = SyntheticWorld(backend=backend)
    world.register_tool(SPEC)
    return world


def test_a_recording_is_on_disk_when_the_call_returns(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    world = world_on(FixtureBackend(path, fallback=RandomBackend()))
    value = world.call("echo", {"x": 1})
    assert [(dict(i.input), i.output) for i in load_cassette(path).interactions] == [({"x": 1}, value)]


KILLED_RUN = """
    import os, sys
    from synthworld import RandomBackend, SyntheticWorld, ToolSpec
    from synthworld.backends.fixtures import FixtureBackend
    world = SyntheticWorld(backend=FixtureBackend(sys.argv[1], fallback=RandomBackend()))
    params = {"type": "object", "properties": {"x": {"type": "integer"}}, "required": ["x"]}
    world.register_tool(ToolSpec("echo", "Echo a number.", params, {"type": "integer"}))
    for x in range(3):
        print(world.call("echo", {"x": x}), flush=True)
    os._exit(9)  # killed: no close(), no atexit, no flushing of Python buffers
"""


def test_a_killed_run_loses_nothing_it_answered(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    done = run_python(KILLED_RUN, str(path))
    assert done.returncode == 9, done.stderr
    answered = [int(line) for line in done.stdout.split()]
    assert not path.exists()
    with pytest.warns(LeftJournalWarning, match="3 recorded call"):  # in the journal alone
        backend = FixtureBackend(path, mode="none")
    world = world_on(backend)
    assert [world.call("echo", {"x": x}) for x in range(3)] == answered
    resumed = FixtureBackend(path, mode="new_episodes", fallback=RandomBackend())
    world_on(resumed).call("echo", {"x": 3})
    resumed.close()
    assert [i.input["x"] for i in load_cassette(path).interactions] == [0, 1, 2, 3]
    assert not (tmp_path / "c.yaml.journal").exists()


def test_a_torn_last_journal_line_is_ignored_and_cut_before_the_next_append(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    world = world_on(FixtureBackend(path, fallback=RandomBackend()))
    world.call("echo", {"x": 1})
    journal = tmp_path / "c.yaml.journal"
    with journal.open("ab") as handle:
        handle.write(b'{"tool":"echo","inp')
    assert len(load_cassette(path).interactions) == 1
    backend = FixtureBackend(path, mode="new_episodes", fallback=RandomBackend())
    world_on(backend).call("echo", {"x": 2})
    lines = journal.read_text().splitlines()
    assert [json.loads(line)["input"]["x"] for line in lines] == [1, 2]
    backend.close()
    assert [i.input["x"] for i in load_cassette(path).interactions] == [1, 2]


def test_a_corrupt_journal_line_names_the_journal_and_line(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    journal = tmp_path / "c.yaml.journal"
    journal.write_text('{"tool":"echo","input":{"x":1},"output":1}\nnot json\n')
    with pytest.raises(CassetteError, match=r"c\.yaml\.journal, line 2: not a journal entry"):
        FixtureBackend(path, mode="none")
    assert journal.read_text().endswith("not json\n")


def test_compaction_leaves_no_temporary_files(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    with world_on(FixtureBackend(path, fallback=RandomBackend())) as world:
        for x in range(5):
            world.call("echo", {"x": x})
    assert sorted(p.name for p in tmp_path.iterdir()) == [".c.yaml.lock", "c.yaml"]


def test_a_written_cassette_has_the_umask_mode_and_a_rewrite_keeps_the_old_one(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    previous = os.umask(0o022)
    try:
        with world_on(FixtureBackend(path, fallback=RandomBackend())) as world:
            world.call("echo", {"x": 1})
        assert stat.S_IMODE(path.stat().st_mode) == 0o644  # not mkstemp's 0600: others read it
        path.chmod(0o664)  # shared with a group
        with world_on(FixtureBackend(path, mode="new_episodes", fallback=RandomBackend())) as world:
            world.call("echo", {"x": 2})
        assert len(load_cassette(path).interactions) == 2
        assert stat.S_IMODE(path.stat().st_mode) == 0o664
    finally:
        os.umask(previous)


def test_a_lock_timeout_says_to_end_the_holder_not_to_delete_the_lock(tmp_path: Path) -> None:
    store = CassetteStore(tmp_path / "c.yaml", timeout=0.05)
    holder = filelock.FileLock(str(store.lock_path))  # another writer, on its own open file
    with holder, pytest.raises(CassetteError, match=r"a live process holds it") as caught:
        store.append(Interaction("echo", {"x": 1}, 1), Fingerprint.of(SPEC))
    assert "Do not delete the lock file" in str(caught.value)
    assert not store.journal.exists()


def test_threads_recording_into_one_backend_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    backend = FixtureBackend(path, fallback=RandomBackend())
    world = world_on(backend)

    def work(start: int) -> None:
        for x in range(start, start + 25):
            world.call("echo", {"x": x})

    threads = [threading.Thread(target=work, args=(k * 100,)) for k in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    backend.close()
    recorded = sorted(i.input["x"] for i in load_cassette(path).interactions)
    assert recorded == sorted(k * 100 + x for k in range(4) for x in range(25))


WRITER = """
    import sys, time
    from pathlib import Path
    from synthworld import RandomBackend, SyntheticWorld, ToolSpec
    from synthworld.backends.fixtures import FixtureBackend
    path, start, mode, gate = sys.argv[1], int(sys.argv[2]), sys.argv[3], Path(sys.argv[4])
    spec = ToolSpec("echo", "Echo a number.", {"type": "object", "properties": {"x": {"type": "integer"}},
                    "required": ["x"]}, {"type": "integer"})
    with SyntheticWorld(backend=FixtureBackend(path, mode=mode, fallback=RandomBackend())) as world:
        world.register_tool(spec)
        (gate / str(start)).touch()  # every writer has opened the cassette before any records
        while len(list(gate.iterdir())) < 4:
            time.sleep(0.01)
        for x in range(start, start + 40):
            world.call("echo", {"x": x})
"""


def old_recording(path: Path, mode: str) -> list[int]:
    """One interaction recorded earlier (unless `mode` is once): kept by new_episodes, dropped by all."""
    if mode != "once":
        world = world_on(FixtureBackend(path, fallback=RandomBackend()))
        world.call("echo", {"x": -1})
        world.close()
    return [-1] if mode == "new_episodes" else []


def test_four_processes_recording_into_one_cassette_lose_nothing(tmp_path: Path) -> None:
    path, mode = tmp_path / "shared.yaml", "new_episodes"
    old = old_recording(path, mode)
    gate = tmp_path / "gate"
    gate.mkdir()
    env = {**os.environ, "PYTHONPATH": REPO}
    argv = [sys.executable, "-c", textwrap.dedent(WRITER), str(path)]
    procs = [
        subprocess.Popen([*argv, str(k * 1000), mode, str(gate)], env=env, stderr=subprocess.PIPE, text=True)
        for k in range(4)
    ]
    for proc in procs:
        _, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
    recorded = sorted(i.input["x"] for i in load_cassette(path).interactions)
    assert recorded == old + sorted(k * 1000 + x for k in range(4) for x in range(40))
    assert not (tmp_path / "shared.yaml.journal").exists()


SAME_CALLS = """
    import sys, time
    from pathlib import Path
    from synthworld import RandomBackend, SyntheticWorld, ToolSpec
    from synthworld.backends.fixtures import FixtureBackend
    path, seed, gate, name = sys.argv[1], int(sys.argv[2]), Path(sys.argv[3]), sys.argv[4]
    spec = ToolSpec("echo", "Echo a number.", {"type": "object", "properties": {"x": {"type": "integer"}},
                    "required": ["x"]}, {"type": "integer"})
    backend = FixtureBackend(path, mode="new_episodes", fallback=RandomBackend())
    with SyntheticWorld(seed, backend=backend) as world:
        world.register_tool(spec)
        (gate / name).touch()  # both writers have opened the cassette before either records
        while len(list(gate.iterdir())) < 2:
            time.sleep(0.01)
        print(*(world.call("echo", {"x": x}) for x in range(20)))
"""


@pytest.mark.parametrize("seeds", [(1, 2), (1, 1)], ids=["other answers", "same answers"])
def test_two_processes_recording_the_same_calls_at_once_are_told_when_their_answers_differ(
    tmp_path: Path, seeds: tuple[int, int]
) -> None:
    """Each writer's run saw its own answers; the cassette keeps both and replays the first."""
    path, gate = tmp_path / "shared.yaml", tmp_path / "gate"
    gate.mkdir()
    env = {**os.environ, "PYTHONPATH": REPO}
    argv = [sys.executable, "-W", "always", "-c", textwrap.dedent(SAME_CALLS), str(path)]
    procs = [
        subprocess.Popen(
            [*argv, str(seed), str(gate), f"writer{k}"],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for k, seed in enumerate(seeds)
    ]
    outcomes = [proc.communicate(timeout=120) for proc in procs]
    assert [proc.returncode for proc in procs] == [0, 0], outcomes
    recorded = [i.input["x"] for i in load_cassette(path).interactions]
    assert sorted(recorded) == sorted([*range(20), *range(20)])  # nothing lost, nothing merged away
    warned = "".join(err for _, err in outcomes)
    if seeds[0] == seeds[1]:
        assert "CassetteConflictWarning" not in warned  # the same answers replay as either run saw them
        return
    assert "CassetteConflictWarning: " + str(path) + ": " in warned
    assert "were recorded by two writers at the same time, each with its own answer" in warned
    assert "Record a cassette from one process at a time" in warned


@pytest.mark.parametrize("mode", ["once", "new_episodes", "all"])
def test_four_backends_on_one_cassette_lose_nothing_in_any_mode(tmp_path: Path, mode: str) -> None:
    """Separate backends (own file locks, like separate processes) opened, then recording at once."""
    path = tmp_path / "shared.yaml"
    old = old_recording(path, mode)
    worlds = [world_on(FixtureBackend(path, mode=mode, fallback=RandomBackend())) for _ in range(4)]

    def work(k: int) -> None:
        for x in range(k * 1000, k * 1000 + 25):
            worlds[k].call("echo", {"x": x})
        worlds[k].close()

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    recorded = sorted(i.input["x"] for i in load_cassette(path).interactions)
    assert recorded == old + sorted(k * 1000 + x for k in range(4) for x in range(25))


def test_replaying_writes_nothing_beside_the_cassette(tmp_path: Path) -> None:
    """No lock file, no journal: a replay works from a read-only checkout."""
    folder = tmp_path / "fixtures"
    path = folder / "c.yaml"
    world = world_on(FixtureBackend(path, fallback=RandomBackend()))
    value = world.call("echo", {"x": 1})
    world.close()
    (folder / ".c.yaml.lock").unlink()
    with world_on(FixtureBackend(path, mode="once")) as replay:
        assert replay.call("echo", {"x": 1}) == value
    assert sorted(p.name for p in folder.iterdir()) == ["c.yaml"]


def test_a_cassette_shared_by_symbolic_links_stays_one_file(tmp_path: Path) -> None:
    shared = tmp_path / "shared" / "c.yaml"
    world_on(FixtureBackend(shared, fallback=RandomBackend())).call("echo", {"x": 0})
    links = []
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        links.append(tmp_path / name / "c.yaml")
        links[-1].symlink_to(shared)
    first, second = (FixtureBackend(link, mode="new_episodes", fallback=RandomBackend()) for link in links)
    world_on(first).call("echo", {"x": 1})
    world_on(second).call("echo", {"x": 2})  # both record before either merges
    first.close()
    second.close()
    assert all(link.is_symlink() for link in links)
    assert [i.input["x"] for i in load_cassette(shared).interactions] == [0, 1, 2]
    assert sorted(p.name for p in (tmp_path / "a").iterdir()) == ["c.yaml"]  # no lock or journal
    trace = tmp_path / "a" / "trace.json"
    trace.symlink_to(tmp_path / "shared" / "trace.json")
    world_on(first).trace.save(trace)
    assert trace.is_symlink()
    assert (tmp_path / "shared" / "trace.json").exists()


FULL_DISK = """
    import resource, signal, sys
    from synthworld import RandomBackend, SyntheticWorld, ToolSpec
    from synthworld.backends.fixtures import FixtureBackend
    params = {"type": "object", "properties": {"x": {"type": "string"}}, "required": ["x"]}
    backend = FixtureBackend(sys.argv[1], mode="new_episodes", fallback=RandomBackend())
    world = SyntheticWorld(backend=backend)
    world.register_tool(ToolSpec("echo", "Echo.", params, {"type": "integer"}))
    world.call("echo", {"x": "small"})
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG
    resource.setrlimit(resource.RLIMIT_FSIZE, (200, resource.RLIM_INFINITY))
    errors = []
    for call in (lambda: world.call("echo", {"x": "y" * 400}), backend.close):
        try:
            call()
        except Exception as exc:
            errors.append(str(exc))
    resource.setrlimit(resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
    print("\\n".join(errors))
"""


@pytest.mark.skipif(sys.platform == "win32", reason="RLIMIT_FSIZE is POSIX")
def test_a_full_disk_says_to_free_space_and_loses_nothing(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    done = run_python(FULL_DISK, str(path))
    errors = done.stdout.splitlines()
    assert len(errors) == 2, done.stderr
    assert "cannot append to the journal: File too large; free space on the device" in errors[0]
    assert "cannot write the cassette: File too large; free space on the device" in errors[1]
    assert not any("writable" in error for error in errors)
    assert [i.input["x"] for i in load_cassette(path).interactions] == ["small"]
    assert sorted(p.name for p in tmp_path.iterdir()) == [".c.yaml.lock", "c.yaml"]  # merged at exit
