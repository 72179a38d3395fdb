"""``--synthworld-record-mode=all`` re-records each cassette once per session: tests and scenario
seeds that share a cassette all keep their calls, so the next run replays every one of them."""

from __future__ import annotations

import pytest
import yaml

from tests._plugin_support import isolate, run

pytest_plugins = ["pytester"]

SHARING = """
import pytest
from synthworld.examples import shop

@pytest.mark.synthworld(cassette="shared.yaml")
@pytest.mark.parametrize("order", ["A-1", "A-2", "A-3"])
def test_order(synth_world, order):
    synth_world.add_tools(shop)
    synth_world.call("get_order", {"order_id": order})
"""

AGENT = """
def by_seed(world, task):
    world.call("get_order", {"order_id": f"S-{world.seed}"})
    return "done"
"""

SCENARIO = """\
synthworld_scenario: 1
name: by_seed
tools: synthworld.examples.shop
seeds: [1, 2, 3]
backend: {fixtures: cassettes/by_seed.yaml, fallback: random}
agent: seed_agent:by_seed
task: look up the order
"""


@pytest.fixture
def pyt(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    pyt = isolate(pytester, monkeypatch)
    pyt.makepyfile(test_sharing=SHARING, seed_agent=AGENT)
    (pyt.path / "scenarios").mkdir()
    (pyt.path / "scenarios" / "by_seed.yaml").write_text(SCENARIO, encoding="utf-8")
    return pyt


def recorded(pyt: pytest.Pytester, path: str) -> list[str]:
    """The order IDs a cassette holds, in recorded order."""
    data = yaml.safe_load((pyt.path / path).read_text(encoding="utf-8"))
    return [interaction["input"]["order_id"] for interaction in data["interactions"]]


@pytest.mark.parametrize("before", ["new_episodes", "all"])
def test_a_rerecord_session_keeps_every_test_and_seed_that_shares_a_cassette(
    pyt: pytest.Pytester, before: str
) -> None:
    """It kept only the last one's calls: a replay run then failed every other test and seed.
    Re-recording still starts each cassette anew: a call no test makes any more (A-0) goes."""
    pyt.makepyfile(test_sharing=SHARING.replace('["A-1"', '["A-0", "A-1"'))
    run(pyt, f"--synthworld-record-mode={before}").assert_outcomes(passed=7)
    pyt.makepyfile(test_sharing=SHARING)
    run(pyt, "--synthworld-record-mode=all").assert_outcomes(passed=6)
    assert recorded(pyt, "shared.yaml") == ["A-1", "A-2", "A-3"]
    assert recorded(pyt, "scenarios/cassettes/by_seed.yaml") == ["S-1", "S-2", "S-3"]
    run(pyt, "--synthworld-record-mode=none").assert_outcomes(passed=6)
