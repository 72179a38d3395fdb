"""The process policy (`get_redactor`, `set_redactor`, ``SYNTHWORLD_SECRET_KEYS``), masking with it
(`redact`, `redact_text`), and the ``redact=`` option of writers (`as_redactor`)."""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Iterable
from typing import Any

from synthworld._redact.redactor import Redactor
from synthworld._redact.rules import DEFAULT_SECRET_KEYS

__all__ = [
    "SECRET_KEYS_ENV",
    "PolicyWithKeys",
    "RedactOption",
    "as_redactor",
    "get_redactor",
    "redact",
    "redact_text",
    "set_redactor",
]

SECRET_KEYS_ENV = "SYNTHWORLD_SECRET_KEYS"

RedactOption = bool | Iterable[str] | Callable[[Any], Any] | None
"""What ``redact=`` takes: True (the process policy), a list of more key names, a function of the
value, or None/False (values written unchanged)."""


@functools.lru_cache(maxsize=8)
def _from_environment(extra: str) -> Redactor:
    """The default policy with the keys `extra` (the variable's value, comma-separated) adds."""
    return Redactor((*DEFAULT_SECRET_KEYS, *(k.strip() for k in extra.split(",") if k.strip())))


_chosen: list[Redactor | None] = [None]
"""The policy `set_redactor` made; None: the default, with the keys the environment names now."""


def get_redactor() -> Redactor:
    """The process policy: what every file, rendering and log message of synthworld is masked with.

    Unless `set_redactor` chose one, ``SYNTHWORLD_SECRET_KEYS`` is read at each use, so a value
    set after synthworld was imported (in a ``conftest.py``, by pytest-env) counts too."""
    chosen = _chosen[0]
    return chosen if chosen is not None else _from_environment(os.environ.get(SECRET_KEYS_ENV, ""))


def set_redactor(redactor: Redactor | None) -> Redactor:
    """Make `redactor` the process policy (None: the default one again); return the previous one."""
    if redactor is not None and not isinstance(redactor, Redactor):
        raise TypeError(f"set_redactor({redactor!r}): pass a synthworld.Redactor, or None for the default")
    previous = get_redactor()
    _chosen[0] = redactor
    return previous


def redact(value: Any) -> Any:
    """`value` masked with the process policy (a copy; the argument is left alone)."""
    return get_redactor()(value)


def redact_text(text: str) -> str:
    """`text` masked with the process policy."""
    return get_redactor().text(text)


def _unchanged(value: Any) -> Any:
    return value


class PolicyWithKeys:
    """The process policy as it is at each call (its keys, patterns and mask, with
    ``SYNTHWORLD_SECRET_KEYS``) plus more secret keys: what ``redact=["ssn"]`` asks for. A list
    that replaced the policy's keys wrote ``password`` and ``api_key`` in the clear."""

    def __init__(self, keys: Iterable[str]) -> None:
        self.keys = tuple(keys)
        self._made: tuple[Redactor, Redactor] | None = None  # (the policy, it extended)

    def __repr__(self) -> str:
        return f"PolicyWithKeys({list(self.keys)!r})"

    @property
    def mask(self) -> str:
        return get_redactor().mask

    def __call__(self, value: Any) -> Any:
        return self._policy()(value)

    def for_call(self, call_input: Any) -> Redactor:
        """The policy for one call (see `Redactor.for_call`)."""
        return self._policy().for_call(call_input)

    def _policy(self) -> Redactor:
        policy, made = get_redactor(), self._made
        if made is None or not _same_policy(made[0], policy):
            made = self._made = (policy, policy.extended(keys=self.keys))
        return made[1]


def _same_policy(a: Redactor, b: Redactor) -> bool:
    """Whether two policies mask alike (`get_redactor` makes a new one per call from the environment)."""
    return a is b or (a.keys, a.patterns, a.secrets, a.mask) == (b.keys, b.patterns, b.secrets, b.mask)


def as_redactor(option: RedactOption) -> Callable[[Any], Any]:
    """The redaction function for ``redact=``: True (the process policy, as it is at each call), a
    list of key names (that policy plus these keys), a function, or None/False (off)."""
    if option is True:
        return PolicyWithKeys(())
    if option is None or option is False:
        return _unchanged
    if isinstance(option, Redactor) or callable(option):
        return option  # type: ignore[no-any-return]
    if isinstance(option, Iterable) and not isinstance(option, (str, bytes)):
        return PolicyWithKeys(option)
    raise TypeError(
        f"redact={option!r}: pass True (the process policy: default secret keys and patterns), a list "
        "of key names, a function of the value, or None to write values unchanged"
    )
