"""The world: registered tools answered by backends, with state, scripts, faults, time and a trace."""

from synthworld.world.clock import SimulatedClock
from synthworld.world.coverage import Coverage
from synthworld.world.faults import HAZARD_KINDS, Fault, FaultPlan
from synthworld.world.given_up import RunGivenUp
from synthworld.world.state import WorldState
from synthworld.world.stubs import ToolStub
from synthworld.world.world import SyntheticWorld

__all__ = [
    "HAZARD_KINDS",
    "Coverage",
    "Fault",
    "FaultPlan",
    "RunGivenUp",
    "SimulatedClock",
    "SyntheticWorld",
    "ToolStub",
    "WorldState",
]
