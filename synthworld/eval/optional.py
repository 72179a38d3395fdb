"""Optional dependencies of reports (pandas, matplotlib): imported on use, with an install hint."""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["import_optional"]


def import_optional(name: str) -> Any:
    """Import `name`, or say which extra installs it."""
    try:
        return importlib.import_module(name)
    except ImportError as exc:
        raise ImportError(
            f"{name} is needed for this; install it with pip install 'synthworld[notebook]'"
        ) from exc
