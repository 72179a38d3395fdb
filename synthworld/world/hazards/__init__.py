"""Hazards: answers that keep the contract but test the agent (the ``inject`` fault entry).

``prompt_injection`` plants an instruction in free text, ``edge_values`` moves values to their
boundaries, ``empty`` empties collections, ``drift`` sends what a newer API version might. Every
edit is checked against the whole returns schema, so a hazard answer is always valid; the draw
comes from the call seed, so the same seed gives the same hazard.
"""

from synthworld.world.hazards.apply import apply_hazard
from synthworld.world.hazards.boundary import AWKWARD_TEXT
from synthworld.world.hazards.injection import TEMPLATES

__all__ = ["AWKWARD_TEXT", "TEMPLATES", "apply_hazard"]
