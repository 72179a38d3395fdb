"""Choosing operations by tag or path pattern."""

from __future__ import annotations

import fnmatch
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

__all__ = ["OperationFilter"]


@dataclass(frozen=True)
class OperationFilter:
    """Keeps an operation when it has an included tag and a path matching an included pattern
    (when those are given), and no excluded tag or path. Patterns are shell patterns over the
    path (``/pets/*``) or ``METHOD path`` (``GET /pets*``)."""

    include_tags: Sequence[str] | None = None
    exclude_tags: Sequence[str] = ()
    include_paths: Sequence[str] | None = None
    exclude_paths: Sequence[str] = ()

    def keeps(self, method: str, path: str, tags: Iterable[str]) -> bool:
        """Whether the operation `method path` with `tags` is kept."""
        tags = set(tags)
        if self.include_tags is not None and not tags & set(self.include_tags):
            return False
        if tags & set(self.exclude_tags):
            return False
        if self.include_paths is not None and not _matches(method, path, self.include_paths):
            return False
        return not _matches(method, path, self.exclude_paths)


def _matches(method: str, path: str, patterns: Iterable[str]) -> bool:
    for pattern in patterns:
        head, _, rest = pattern.partition(" ")
        if rest and head.isalpha():
            if head.lower() == method and fnmatch.fnmatchcase(path, rest.strip()):
                return True
        elif fnmatch.fnmatchcase(path, pattern):
            return True
    return False
