"""A test's cassette recorded against other schemas says how to re-record it in pytest's words:
the command that runs that test with ``--synthworld-record-mode all``. Before, it said
"Re-record it (mode='all' or delete it and use mode='new_episodes')", the Python options of
`FixtureBackend`, which a pytest user does not write (a miss already gave the pytest command)."""

from __future__ import annotations

import pytest

from synthworld import BackendError, FixtureBackend, RandomBackend, SyntheticWorld
from synthworld.cassette import CassetteDriftWarning
from tests._plugin_support import isolate, run

pytest_plugins = ["pytester"]

TEST = """
from typing import TypedDict
import pytest
from synthworld import SyntheticWorld

class Table(TypedDict):
    table_id: str
    name: str{extra}

@pytest.mark.synthworld(cassette=True, seed=3)
def test_tables(synth_world):
    @synth_world.tool
    def get_table(table_id: str) -> Table:
        '''One table.'''

    assert get_table("t1")["table_id"] == "t1"
"""


@pytest.fixture
def pyt(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    return isolate(pytester, monkeypatch)


def test_a_stale_cassette_names_the_pytest_command_that_rerecords_it(pyt: pytest.Pytester) -> None:
    pyt.makepyfile(test_data=TEST.format(extra=""))
    run(pyt).assert_outcomes(passed=1)
    pyt.makepyfile(test_data=TEST.format(extra="\n    owner: str"))
    stale = run(pyt, "--synthworld-record-mode=none", "-W", "default")
    stale.assert_outcomes(failed=1)
    again = "pytest test_data.py::test_tables --synthworld-record-mode all"
    stale.stdout.fnmatch_lines(
        [
            "*BackendError: *test_tables.yaml, line *: recorded interaction #0 get_table(*) no longer "
            "matches the returns schema of tool 'get_table': $: 'owner' is a required property. "
            f"Re-record it with {again}, or fix the output by hand.",
            "*CassetteDriftWarning: *test_tables.yaml: tool 'get_table' was recorded against other returns "
            f"schemas than it has now; its recorded answers may be stale. Re-record with {again}.",
        ],
        consecutive=False,
    )
    run(pyt, "--synthworld-record-mode=all").assert_outcomes(passed=1)
    run(pyt, "--synthworld-record-mode=none").assert_outcomes(passed=1)


def test_a_backend_made_in_python_says_every_way(tmp_path: object) -> None:
    """Without a note from its caller, the message names the Python option and both commands."""
    path = f"{tmp_path}/c.yaml"
    world = SyntheticWorld(seed=1, backend=FixtureBackend(path, mode="once", fallback=RandomBackend()))
    world.register_tool(_spec(required=["id"]))
    world.call("get_table", {"table_id": "t1"})
    world.close()
    replay = SyntheticWorld(seed=1, backend=FixtureBackend(path, mode="none"))
    stale = (
        r"recorded answers may be stale\. Re-record with mode='all' \(a scenario file: synthworld run FILE"
    )
    with pytest.warns(CassetteDriftWarning, match=stale):
        replay.register_tool(_spec(required=["id", "owner"]))
    with pytest.raises(BackendError) as info:
        replay.call("get_table", {"table_id": "t1"})
    assert str(info.value).endswith(
        "Re-record it with mode='all' (a scenario file: synthworld run FILE --record-mode all; under "
        "pytest: --synthworld-record-mode all), or fix the output by hand."
    )


def _spec(*, required: list[str]) -> object:
    from synthworld import ToolSpec

    params = {"type": "object", "properties": {"table_id": {"type": "string"}}, "required": ["table_id"]}
    props = {"id": {"type": "string"}, "owner": {"type": "string"}}
    returns = {"type": "object", "properties": props, "required": required}
    return ToolSpec("get_table", "One table.", params, returns)
