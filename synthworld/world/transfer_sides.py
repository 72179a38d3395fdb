"""The accounts a transfer's answer holds (``from_account: {account_id, balance}``,
``destination: {id, name, balance}``) are the ones its input names, as remembered after the move.

A top-level object of the answer is a side's account when its name starts with that side's word
(``from``, ``source``, ``sender``...; ``to``, ``destination``, ``recipient``...) and it is named
for the input's parameter (``from_account`` for ``from_account_id``) or for the kind
(``source_account``), or holds a balance under a plain name (``destination``, ``to_wallet``).
Its identifier (``account_id``, else ``id``) takes the input's id; a remembered account gives it
its other fields and its balances after the move (before it, for a refused transfer). An account
the world has not seen shows the balance the answer's top level shows for that side, if any.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from synthworld.world.currencies import currency_digits
from synthworld.world.edits import Edits
from synthworld.world.identity import kind_id_keys
from synthworld.world.naming import snake
from synthworld.world.transfers import FROM, TO, Transfer, account, after, balances, spendable

__all__ = ["settle_sides", "side_objects"]

_HOLDERS = ("account", "wallet")
"""Last words of a side's name that say it holds money (``to_wallet``)."""


def side_objects(transfer: Transfer, node: Mapping[str, Any]) -> list[tuple[str, int]]:
    """``(key, side)`` of the answer's objects that are a side's account: -1 the source's."""
    found = []
    for key, value in node.items():
        if type(value) is not dict:
            continue
        words = snake(key).split("_")
        sign = 1 if words[0] in TO else -1 if words[0] in FROM else 0
        if sign and _names_side(transfer, sign, words, value):
            found.append((key, sign))
    return found


def _names_side(transfer: Transfer, sign: int, words: list[str], value: Mapping[str, Any]) -> bool:
    param, kind = transfer.side(sign)
    if "_".join(words) == snake(param).removesuffix("_id") or (kind is not None and kind in words[1:]):
        return True
    return bool(balances(value, 0)) and (len(words) == 1 or words[-1] in _HOLDERS)


def settle_sides(
    transfer: Transfer,
    args: Mapping[str, Any],
    node: dict[str, Any],
    state: Mapping[str, Any],
    edits: Edits,
    delta: float,
    shown: Mapping[int, Any],
) -> bool:
    """Make each side's account in `node` the input's, with its balances moved by `delta` (the
    amount, 0 when nothing moves); `shown` is ``{side: balance}`` the top level shows. Whether
    it changed."""
    changed = False
    for key, sign in side_objects(transfer, node):
        param, kind = transfer.side(sign)
        id = args.get(param)
        obj = node[key]
        id_key = _id_key(obj, kind)
        if id_key is None or isinstance(id, bool) or not isinstance(id, (str, int)):
            continue
        edits.begin("funds")  # the object is the input's account whole, or left as drawn
        changed = _set(obj, id_key, _typed(id, obj[id_key]), edits) or changed
        found = account(state, kind, id)
        if found is not None:
            digits = currency_digits(found[2], args)
            changed = _recall(obj, found[2], sign * round(delta, digits), digits, edits) or changed
        elif shown.get(sign) is not None:
            changed = _show(obj, shown[sign], edits) or changed
    return changed


def _id_key(obj: Mapping[str, Any], kind: str | None) -> str | None:
    """The object's identifier: the kind's (``account_id``), else ``id``."""
    for name in [kind] if kind is not None else _HOLDERS:
        own = next((key for key in kind_id_keys(name) if key in obj), None)
        if own is not None:
            return own
    return "id" if "id" in obj else None


def _typed(id: str | int, drawn: Any) -> Any:
    """The input's id in the type of the drawn one, where it can be (``"42"`` for 42)."""
    if type(drawn) is int and isinstance(id, str) and id.isascii() and id.isdigit():
        return int(id)
    return str(id) if type(drawn) is str else id


def _recall(obj: dict[str, Any], fields: Mapping[str, Any], delta: float, digits: int, edits: Edits) -> bool:
    """The remembered account's fields the object has, its balances moved by `delta` (to `digits`
    decimals)."""
    moved = balances(fields, delta, digits)
    own = balances(obj, 0)
    now = spendable(fields)
    changed = False
    for key in obj:
        if key in moved:
            changed = _set(obj, key, moved[key], edits) or changed
        elif key in own and now is not None and type(obj[key]) in (int, float):
            changed = _set(obj, key, after(now, delta, digits), edits) or changed
        elif key in fields and key not in own:
            changed = _set(obj, key, fields[key], edits) or changed
    return changed


def _show(obj: dict[str, Any], balance: Any, edits: Edits) -> bool:
    changed = False
    for key, value in balances(obj, 0).items():
        if type(value) in (int, float):
            changed = _set(obj, key, balance, edits) or changed
    return changed


def _set(obj: dict[str, Any], key: str, value: Any, edits: Edits) -> bool:
    return (id(obj), key) not in edits.pins and edits.set(obj, key, value)
