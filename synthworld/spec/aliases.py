"""``type X = ...`` aliases (``TypeAliasType``): which classes they are, and what one stands for."""

from __future__ import annotations

import sys
import types
import typing
from typing import Any

import typing_extensions

__all__ = ["ALIAS_TYPES", "alias_value"]

ALIAS_TYPES = tuple(
    {typing_extensions.TypeAliasType, getattr(typing, "TypeAliasType", typing_extensions.TypeAliasType)}
)
"""``type X = ...`` (Python 3.12) and typing_extensions' ``TypeAliasType`` (one class from 3.12)."""


def alias_value(alias: Any) -> Any:
    """What `alias` stands for; a string value (``TypeAliasType("Json", "dict[str, Json] | ...")``)
    resolved in the alias's module, else left for `SchemaBuilder.schema` to report."""
    value = alias.__value__
    if not isinstance(value, str):
        return value
    module = sys.modules.get(getattr(alias, "__module__", ""), None)
    namespace = {**vars(module), alias.__name__: alias} if module is not None else {}
    holder = types.SimpleNamespace(__annotations__={"value": value})
    try:
        return typing_extensions.get_type_hints(holder, globalns=namespace, include_extras=True)["value"]
    except Exception:  # an unknown name: reported as an unresolvable forward reference
        return value
