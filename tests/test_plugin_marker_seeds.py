"""``@pytest.mark.synthworld(seeds=[...])`` runs the test once per seed, as a scenario file's
``seeds:`` does (``test_x[seed=3]``, each with its own cassette). Before, the marker refused it
("takes seed=, scenario=, cassette=, record_mode=") and one test over several seeds took a
``pytest.param`` with its own marker per seed."""

from __future__ import annotations

import pytest

from tests._plugin_support import isolate, run

pytest_plugins = ["pytester"]

TESTS = """\
import pytest

@pytest.mark.synthworld(seeds=[3, 5], cassette=True)
def test_get(synth_world):
    @synth_world.tool
    def get_user(user_id: str) -> dict:
        \"\"\"Fetch a user.\"\"\"
    get_user("u1")
    print("SEED", synth_world.seed)

@pytest.mark.synthworld(seeds=range(2))
@pytest.mark.parametrize("n", [1])
def test_with_params(synth_world, n):
    print("SEED", synth_world.seed, n)
"""


@pytest.fixture
def pyt(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    return isolate(pytester, monkeypatch)


def test_seeds_make_one_test_per_seed_each_with_its_cassette(pyt: pytest.Pytester) -> None:
    pyt.makepyfile(test_users=TESTS)
    result = run(pyt, "-v", "-s")
    result.assert_outcomes(passed=4)
    result.stdout.fnmatch_lines_random(
        [
            "*test_get[[]seed=3[]] SEED 3*",
            "*test_get[[]seed=5[]] SEED 5*",
            "*test_with_params[[]seed=0-1[]] SEED 0 1*",
            "*test_with_params[[]seed=1-1[]] SEED 1 1*",
        ]
    )
    cassettes = sorted(p.name for p in (pyt.path / "cassettes" / "test_users").glob("*.yaml"))
    assert cassettes == ["test_get[seed=3].yaml", "test_get[seed=5].yaml"]


@pytest.mark.parametrize(
    ("marker", "said"),
    [
        ("seeds='abc'", "@pytest.mark.synthworld(seeds='abc'): write whole-number seeds, seeds=[1, 2, 3]"),
        ("seeds=[1, True]", "@pytest.mark.synthworld(seeds=[1, True]): write whole-number seeds"),
        ("seed=1, seeds=[2]", "give one, seed= for one world or seeds= for one test per seed"),
    ],
)
def test_bad_seeds_are_a_usage_error_saying_what_to_write(
    pyt: pytest.Pytester, marker: str, said: str
) -> None:
    pyt.makepyfile(
        test_bad=f"import pytest\n\n@pytest.mark.synthworld({marker})\ndef test_x(synth_world):\n    pass\n"
    )
    result = run(pyt)
    assert said in result.stdout.str() + result.stderr.str()
    assert result.ret != 0
