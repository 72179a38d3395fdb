"""What each transfer answered first, by tool and input: a repeat of an idempotent transfer is the
same call, so it answers the same outcome (refused or done) and moves nothing again.

Kept beside the world's call counts, not in `SyntheticWorld.state`: the state holds entities,
and an outcome is a fact about a call. An outcome is known once a call's answer was checked and
committed, so a call that failed first (an injected fault, a broken answer) moves the money when
it is retried.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from synthworld._json import canonical_json
from synthworld.world.transfer_answer import says_failed
from synthworld.world.workflow import subject_of

if TYPE_CHECKING:
    from synthworld.world.consistency import ConsistencyPlan

__all__ = ["TransferOutcomes"]

Key = tuple[str, str]


class TransferOutcomes:
    """Whether the first answered call of each idempotent transfer (by tool and input) was refused."""

    def __init__(self) -> None:
        self._refused: dict[Key, bool] = {}

    @staticmethod
    def key(name: str, plan: ConsistencyPlan, args: Mapping[str, Any]) -> Key | None:
        """What identifies the call, for an idempotent tool that moves money (else None)."""
        if plan.transfer is None or not plan.idempotent:
            return None
        return name, canonical_json(args)

    def earlier(self, key: Key | None) -> bool | None:
        """Whether the first identical call was refused (None: none was answered yet)."""
        return self._refused.get(key) if key is not None else None

    def settle(self, key: Key | None, plan: ConsistencyPlan, value: Any) -> None:
        """Keep what the first identical call's answer `value` said (later ones change nothing)."""
        if key is not None and key not in self._refused:
            self._refused[key] = says_failed(subject_of(plan, value))

    def clear(self) -> None:
        """Forget every outcome (`SyntheticWorld.reset`)."""
        self._refused.clear()
