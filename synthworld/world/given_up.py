"""What a call raises once the run it belongs to was given up (an evaluation's timeout).

Python cannot stop a thread from outside, so a run given up stops itself: its world refuses every
later call with `RunGivenUp`, and the agent's thread unwinds at its next tool call. It is a
`BaseException`, as pytest's outcomes and `KeyboardInterrupt` are, so the ``except Exception``
an agent wraps its tool calls in (to retry a `ToolError`) does not swallow it and call again.
"""

from __future__ import annotations

__all__ = ["RunGivenUp"]


class RunGivenUp(BaseException):
    """The run this world belongs to was given up; nothing more it does is recorded."""
