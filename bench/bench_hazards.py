"""Issue 19: the example agents' robustness under each hazard, and what a hazard answer costs.

    python bench/bench_hazards.py --seeds 50

Robustness: `evaluate` on scenarios/inbox_injection.yaml, once clean and once per hazard, for the
naive and the careful inbox agents. Cost: `world.call` time per answer of the example worlds'
tools, clean and with each hazard injected on every call (median of the per-tool medians).
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from synthworld import HAZARD_KINDS, SyntheticWorld, evaluate, generate
from synthworld.examples import calendar_app, helpdesk, inbox, shop, travel

ROOT = Path(__file__).resolve().parent.parent
AGENTS = {
    "naive_inbox_agent": "synthworld.examples.agents:naive_inbox_agent",
    "careful_inbox_agent": "synthworld.examples.agents:careful_inbox_agent",
}


def robustness(seeds: int) -> None:
    scenario = str(ROOT / "scenarios" / "inbox_injection.yaml")
    print("| agent | hazard | runs | pass rate | robustness |\n|---|---|---|---|---|")
    for label, agent in AGENTS.items():
        report = evaluate(scenario, agent=agent, seeds=range(seeds), hazards=HAZARD_KINDS, progress=False)
        for row in report.summary().rows:
            shown = "-" if row.robustness is None else f"{row.robustness:.2f}"
            print(f"| {label} | {row.hazard or 'clean'} | {row.runs} | {row.pass_rate:.0%} | {shown} |")


def cost(calls: int) -> None:
    print("\n| answers | median µs per call |\n|---|---|")
    for hazard in (None, *HAZARD_KINDS):
        per_tool = []
        world = SyntheticWorld(seed=0)
        for module in (calendar_app, helpdesk, inbox, shop, travel):
            world.add_tools(module)
        if hazard is not None:
            world.add_faults([{"tool": "*", "inject": hazard}])
        for name, spec in world.tools.items():
            inputs = [generate(spec.parameters, seed=i) for i in range(calls)]
            times = []
            for args in inputs:
                started = time.perf_counter()
                world.call(name, args)
                times.append(time.perf_counter() - started)
            per_tool.append(statistics.median(times))
        print(f"| {hazard or 'clean'} | {statistics.median(per_tool) * 1e6:.0f} |")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seeds", type=int, default=50)
    parser.add_argument("--calls", type=int, default=200)
    args = parser.parse_args()
    robustness(args.seeds)
    cost(args.calls)


if __name__ == "__main__":
    main()
