"""How to play one run of an evaluation again: the command line, or the Python for a notebook."""

from __future__ import annotations

import shlex

from synthworld.eval.record import RunRecord

__all__ = ["replay_command"]

_SCENARIO_AGENTS = "scenario agents"


def replay_command(run: RunRecord, agent: str = _SCENARIO_AGENTS) -> str:
    """What replays `run` alone, with the agent `agent` (an `EvalReport.agent` label).

    ``synthworld run FILE --seed N`` (with ``--agent`` and ``--hazard`` when the run had them);
    Python when the command could not load the agent (one defined in a notebook or script,
    ``__main__:name``) or the scenario has no file: ``synthworld.load_scenario(FILE).run(N, ...)``.
    """
    module, _, name = agent.partition(":")
    importable = agent == _SCENARIO_AGENTS or (module != "__main__" and name.replace(".", "_").isidentifier())
    if run.path and importable:
        words = ["synthworld", "run", run.path, "--seed", str(run.seed)]
        words += [] if agent == _SCENARIO_AGENTS else ["--agent", agent]
        words += [] if run.hazard is None else ["--hazard", run.hazard]
        return shlex.join(words)
    arguments = [str(run.seed)]
    if agent != _SCENARIO_AGENTS:
        arguments.append(f"agent={name if name.isidentifier() else 'your_agent'}")
    if run.hazard is not None:
        arguments.append(f"hazard={run.hazard!r}")
    scenario = f"synthworld.load_scenario({run.path!r})" if run.path else "scenario"
    return f"{scenario}.run({', '.join(arguments)})"
