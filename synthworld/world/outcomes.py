"""What each transfer answered first, by tool and input: a repeat of an idempotent transfer is the
same call, so it answers the same outcome (refused or done) and moves nothing again. Likewise which
idempotent creates were answered: a create is a repeat (it creates nothing new) only after an
identical one was answered, and when its input holds an idempotency key (``idempotency_key``,
``client_token``...), after one with that key was: a call reusing the key with another input is
answered what the first was, and changes nothing.

Kept beside the world's call counts, not in `SyntheticWorld.state`: the state holds entities,
and an outcome is a fact about a call. An outcome is known once a call's answer was checked and
committed, so a call that failed first (an injected fault, a broken answer) moves the money, or
creates the entity, when it is retried.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from synthworld._json import canonical_json, frozen
from synthworld.world.naming import snake
from synthworld.world.transfer_answer import says_failed
from synthworld.world.workflow import subject_of

if TYPE_CHECKING:
    from synthworld.world.consistency import ConsistencyPlan

__all__ = ["TransferOutcomes"]

Key = tuple[str, str]

_IDEMPOTENCY_KEYS = frozenset({"idempotency_key", "idempotence_key", "client_token", "client_request_id"})
"""Input parameters (in snake case) whose value says which calls are one request."""


class TransferOutcomes:
    """Whether the first answered call of each idempotent transfer (by tool and input) was refused,
    and which idempotent creates were answered (never refused)."""

    def __init__(self) -> None:
        self._refused: dict[Key, bool] = {}
        self._first: dict[Key, tuple[str, Any]] = {}
        """By idempotency key: the first answered call's canonical input and its answer."""

    @staticmethod
    def key(name: str, plan: ConsistencyPlan, args: Mapping[str, Any]) -> Key | None:
        """What identifies the call, for an idempotent tool that moves money or creates (else None):
        its input, or the idempotency key the input holds."""
        if not plan.idempotent or (plan.transfer is None and plan.lifecycle.family != "create"):
            return None
        given = [value for param, value in args.items() if snake(param) in _IDEMPOTENCY_KEYS]
        if given and given[0] not in (None, ""):
            return name, f"key:{canonical_json(given[0])}"
        return name, canonical_json(args)

    def earlier(self, key: Key | None) -> bool | None:
        """Whether the first identical call was refused (None: none was answered yet)."""
        return self._refused.get(key) if key is not None else None

    @property
    def keyed(self) -> bool:
        """Whether any call was answered under an idempotency key (else no call can `replay`)."""
        return bool(self._first)

    def replay(self, key: Key | None, args: Mapping[str, Any]) -> Any | None:
        """The first answer given under the idempotency key of `key`, when this call reuses the
        key with another input (a server that deduplicates answers the first request again)."""
        first = self._first.get(key) if key is not None else None
        return first[1] if first is not None and first[0] != canonical_json(args) else None

    def settle(self, key: Key | None, plan: ConsistencyPlan, args: Mapping[str, Any], value: Any) -> None:
        """Keep what the first identical call's answer `value` said (later ones change nothing)."""
        if key is not None and key not in self._refused:
            self._refused[key] = says_failed(subject_of(plan, value))
            if key[1].startswith("key:"):
                self._first[key] = canonical_json(args), frozen(value)

    def clear(self) -> None:
        """Forget every outcome (`SyntheticWorld.reset`)."""
        self._refused.clear()
        self._first.clear()
