"""The world: registered tools answered by backends, with state, scripts, faults, time and a trace."""

from synthworld.world.clock import SimulatedClock
from synthworld.world.faults import Fault, FaultPlan
from synthworld.world.state import WorldState
from synthworld.world.world import SyntheticWorld

__all__ = ["Fault", "FaultPlan", "SimulatedClock", "SyntheticWorld", "WorldState"]
