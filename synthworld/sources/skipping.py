"""``on_error``: a source's item that cannot become a tool raises, or is left out and told once."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Literal

from synthworld.errors import SourceError, warn_user

__all__ = ["OnError", "Skipped"]

OnError = Literal["raise", "skip"]
"""What to do with an item (an OpenAPI operation, a tool an MCP server lists) that cannot become a
tool: raise `SourceError`, or leave it out."""


class Skipped:
    """Collects the items left out with ``on_error="skip"`` (or lets errors through); `what` names
    them in the warning (``operations``, ``tools``)."""

    def __init__(self, on_error: OnError, *, what: str = "operations") -> None:
        if on_error not in ("raise", "skip"):
            raise ValueError(f"on_error={on_error!r}; choose 'raise' or 'skip'")
        self.on_error, self.what = on_error, what
        self.errors: list[SourceError] = []

    @contextlib.contextmanager
    def guard(self) -> Iterator[None]:
        """Run one item's conversion: a `SourceError` is raised, or kept for `report`."""
        try:
            yield
        except SourceError as exc:
            if self.on_error == "raise":
                raise
            self.errors.append(exc)

    def report(self, kept: int) -> None:
        """Warn once about every item left out."""
        if self.errors:
            listed = "\n".join(f"- {error}" for error in self.errors)
            total = kept + len(self.errors)
            message = f"{len(self.errors)} of {total} {self.what} left out (on_error='skip'):\n{listed}"
            warn_user(message)
