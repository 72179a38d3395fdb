"""Drift: what a newer API version might send. Extra fields where the schema allows them,
optional fields dropped, and values the agent has not seen in open categorical fields (a
``status`` that is a plain string, not an enum)."""

from __future__ import annotations

from random import Random
from typing import Any

from synthworld.world.hazards.editor import Editor
from synthworld.world.hazards.locate import Path, get_at, hint, id_like, nodes, schemas_at, words

__all__ = ["drift"]

_EXTRA_FIELDS: tuple[tuple[str, Any], ...] = (
    ("api_version", "2026-11-01"),
    ("deprecated", True),
    ("etag", 'W/"5f3c9a"'),
    ("links", {"self": "https://api.example.com/v2/resource"}),
    ("metadata", {"migrated": True}),
    ("x_request_id", "req_8c1d2f"),
    ("sunset", "2027-06-30"),
    ("warnings", ["field 'name' will be removed in v3"]),
    ("_embedded", {}),
    ("schema_version", 3),
)
_NEW_VALUES = ("pending_review", "on_hold", "archived_v2", "escalated", "unknown", "migrating", "legacy")
_CATEGORICAL = frozenset(
    [
        "status",
        "state",
        "type",
        "kind",
        "category",
        "role",
        "level",
        "priority",
        "tier",
        "plan",
        "mode",
        "visibility",
        "stage",
        "phase",
        "severity",
        "channel",
        "source",
        "method",
    ]
)
_SHARE = 0.5


def drift(editor: Editor, schema: Any, rng: Random) -> None:
    """Add fields, drop optional ones and change open categories, each on a seeded share of the
    places that allow it (at least one change when any is allowed)."""
    moves = [*_additions(editor.value, rng), *_drops(editor.value), *_categories(editor.value, schema, rng)]
    rng.shuffle(moves)
    picked = [move for move in moves if rng.random() < _SHARE]
    order = picked + [move for move in moves if move not in picked]
    for index, (kind, path, new) in enumerate(order):
        if editor.spent or (index >= len(picked) and editor.edits):
            return
        try:
            parent = get_at(editor.value, path[:-1])
        except (KeyError, IndexError, TypeError):
            continue
        if kind == "drop":
            editor.drop(path)
        elif isinstance(parent, dict) and (kind == "add") == (path[-1] not in parent):
            editor.put(path[:-1], {**parent, path[-1]: new})


Move = tuple[str, Path, Any]


def _objects(value: Any) -> list[tuple[Path, dict[str, Any]]]:
    return [(p, n) for p, n in nodes(value) if isinstance(n, dict)]


def _additions(value: Any, rng: Random) -> list[Move]:
    moves: list[Move] = []
    for path, node in _objects(value):
        free = [(k, v) for k, v in _EXTRA_FIELDS if k not in node]
        if free:
            key, new = free[rng.randrange(len(free))]
            moves.append(("add", (*path, key), new))
    return moves


def _drops(value: Any) -> list[Move]:
    return [
        ("drop", (*path, key), None) for path, node in _objects(value) for key in node if not id_like(key)
    ]


def _categories(value: Any, schema: Any, rng: Random) -> list[Move]:
    moves: list[Move] = []
    for path, node in nodes(value):
        if not (isinstance(node, str) and path and _CATEGORICAL & set(words(path[-1]))):
            continue
        schemas = schemas_at(schema, path)
        if any(hint(schemas, k) is not None for k in ("enum", "const", "format", "pattern")):
            continue
        new = rng.choice([v for v in _NEW_VALUES if v != node])
        moves.append(("change", path, new))
    return moves
