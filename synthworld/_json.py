"""JSON helpers every part uses: canonical text, fast copies, and where a value is not JSON data."""

from __future__ import annotations

import enum
import itertools
import json
import marshal
import math
import re
import sys
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple
from urllib.parse import unquote

__all__ = [
    "MAX_DEPTH",
    "JsonProblem",
    "canonical_json",
    "checked_canonical_json",
    "json_copy",
    "find_json_problems",
    "has_lone_surrogate",
    "is_json_data",
    "json_depth",
    "json_normal",
    "json_path",
    "json_problems",
    "local_ref_target",
    "owned_copy",
    "short_repr",
    "strict_json_copy",
    "text_depth",
    "trailing_comma",
]

_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def _c_encoder_factory() -> Callable[[], Callable[[Any, int], list[str]]] | None:
    """What `_CANONICAL.encode` builds per call in C, without its Python set-up (twice as fast
    for small inputs); None where the C encoder is missing or differs."""
    make = getattr(json.encoder, "c_make_encoder", None)

    def new() -> Callable[[Any, int], list[str]]:
        args: tuple[Any, ...] = (
            {},
            _CANONICAL.default,
            json.encoder.encode_basestring,
            None,
            ":",
            ",",
            True,
            False,
            False,
        )
        encoder: Callable[[Any, int], list[str]] = make(*args)  # type: ignore[misc]
        return encoder

    probe = {"b": [1.5, None, True], "a": "é"}
    try:
        return new if make is not None and "".join(new()(probe, 0)) == _CANONICAL.encode(probe) else None
    except TypeError:
        return None


_new_c_encoder = _c_encoder_factory()


def canonical_json(value: Any) -> str:
    """JSON with sorted keys and no spaces: equal inputs give equal text on every platform."""
    if _new_c_encoder is None or isinstance(value, str):
        return _CANONICAL.encode(value)
    return "".join(_new_c_encoder()(value, 0))


def json_normal(value: Any) -> Any:
    """`value` with every whole float as the integer it equals (``10.0`` -> ``10``: one JSON
    number, as JSON Schema compares them; ``true`` stays no number) and tuples as lists."""
    if isinstance(value, float):
        return int(value) if value.is_integer() else value
    if isinstance(value, dict):
        return {k: json_normal(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_normal(v) for v in value]
    return value


def json_copy(value: Any) -> Any:
    """A deep copy of JSON data, faster than `copy.deepcopy`; tuples become lists.

    Raises `TypeError` for anything that is not JSON data (a date, bytes, a set...).
    """
    if isinstance(value, dict):
        return {k: json_copy(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_copy(v) for v in value]
    if value is None or isinstance(value, (str, int, float)):
        return value
    raise TypeError(f"{value!r} ({type(value).__name__}) is not JSON data")


def strict_json_copy(value: Any) -> Any:
    """`json_copy` that also refuses what JSON text cannot hold and `json_copy` lets through: a
    key that is not a string, a NaN or an infinity (`TypeError`)."""
    if isinstance(value, dict):
        if not all(isinstance(key, str) for key in value):
            raise TypeError(f"{short_repr(value)} has a key that is not a string")
        return {k: strict_json_copy(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [strict_json_copy(v) for v in value]
    if isinstance(value, float) and not math.isfinite(value):
        raise TypeError(f"{value!r} is not a JSON number")
    if value is None or isinstance(value, (str, int, float)):
        return value
    raise TypeError(f"{value!r} ({type(value).__name__}) is not JSON data")


def owned_copy(value: Any) -> Any:
    """A deep copy of a value already known to be plain JSON data (dicts, lists, str, int, float,
    bool, None), such as a validated answer: twice as fast as `json_copy`.

    A round trip through `marshal` copies in C. Format version 2 keeps no shared references, so
    the copy never aliases one object under two keys; anything marshal refuses goes to `json_copy`.
    """
    try:
        return marshal.loads(marshal.dumps(value, 2))
    except ValueError:
        return json_copy(value)


def frozen(value: Any) -> bytes:
    """A snapshot of `value` (plain JSON data, such as a validated answer) that no later change to
    `value` reaches; `thawed` makes a fresh copy of it, as often as needed. Freezing once and
    thawing costs what one `owned_copy` does."""
    try:
        return marshal.dumps(value, 2)
    except ValueError:
        return marshal.dumps(json_copy(value), 2)


def thawed(snapshot: bytes) -> Any:
    """A fresh copy of the value `snapshot` (made by `frozen`) holds."""
    return marshal.loads(snapshot)


MAX_DEPTH = 200
"""How deeply JSON data may nest (objects in arrays in objects...) before it is refused."""
MAX_PROBLEMS = 5
"""How many problems `json_problems` reports (the first ones found)."""
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
_Entry = tuple[Any, Any, Any, int]  # (value, key or index, parent entry, depth)


def has_lone_surrogate(text: str) -> bool:
    """True when `text` holds a surrogate code point on its own (UTF-8 cannot encode it)."""
    return not text.isascii() and _LONE_SURROGATE.search(text) is not None


class JsonProblem(NamedTuple):
    """Where a value is not JSON data, and what is wrong there."""

    path: tuple[Any, ...]
    """Keys and indexes from the root to the place (``()`` for the root itself)."""
    message: str
    """What is wrong and how to fix it."""

    def __str__(self) -> str:
        return f"{json_path(self.path)}: {self.message}"


def json_problems(value: Any, *, max_depth: int = MAX_DEPTH, limit: int = MAX_PROBLEMS) -> list[str]:
    """Where `value` is not JSON data, each as ``"$.path: what; fix"`` (see `find_json_problems`)."""
    return [str(problem) for problem in find_json_problems(value, max_depth=max_depth, limit=limit)]


def find_json_problems(
    value: Any, *, max_depth: int = MAX_DEPTH, limit: int = MAX_PROBLEMS
) -> list[JsonProblem]:
    """Where `value` is not JSON data: a date, bytes, a set, a NaN, a non-string key, a lone
    surrogate in a string or key, an int too long to write, nesting deeper than `max_depth`, a
    container that fails when read.

    Iterative, so any depth (even a cycle) is fine; stops after `limit` problems, in document
    order; empty when `value` is JSON data.
    """
    problems: list[JsonProblem] = []
    stack: list[_Entry] = [(value, None, None, 0)]
    while stack and len(problems) < limit:
        entry = stack.pop()
        found = _problem(entry[0], entry[3], max_depth)
        if found is None:
            try:
                children = _children(entry)
            except Exception as exc:  # a broken container (items() raising): name it, go on
                found = f"{short_repr(entry[0])} cannot be read: {short_repr(exc)}"
            else:
                problems += _key_problems(entry, limit - len(problems))
                stack += reversed(children)
        if found is not None:
            problems.append(_cycle(entry) or JsonProblem(_path(entry), found))
    return problems[:limit]


def _cycle(entry: _Entry) -> JsonProblem | None:
    """For a container nested too deep, the first place on its way from the root where a
    container holds one of its own ancestors (a cycle), or None when there is none."""
    chain = [entry]
    while chain[-1][2] is not None:
        chain.append(chain[-1][2])
    chain.reverse()
    seen: dict[int, _Entry] = {}
    for item in chain:
        if not isinstance(item[0], (dict, list, tuple)):
            continue
        ancestor = seen.setdefault(id(item[0]), item)
        if ancestor is not item:
            back = json_path(_path(ancestor))
            return JsonProblem(
                _path(item),
                f"is {back} itself, which holds it (a cycle); JSON cannot hold a cycle: pass a copy "
                "without that reference",
            )
    return None


def _children(entry: _Entry) -> list[_Entry]:
    value, depth = entry[0], entry[3] + 1
    if isinstance(value, dict):
        return [(v, k, entry, depth) for k, v in value.items()]
    if isinstance(value, (list, tuple)):
        return [(v, i, entry, depth) for i, v in enumerate(value)]
    return []


def _problem(value: Any, depth: int, max_depth: int) -> str | None:
    """What is wrong with `value` itself (not its children), or None."""
    if value is None or isinstance(value, (bool, dict, list, tuple)):
        return f"nested deeper than {max_depth} levels; flatten the data" if depth > max_depth else None
    if isinstance(value, str):
        bad = _LONE_SURROGATE.search(value) if not value.isascii() else None
        return None if bad is None else f"contains a lone surrogate {bad.group()!r}, which is not UTF-8 text"
    if isinstance(value, int):
        return None if _writes(value) else _too_long()
    if isinstance(value, float):
        return (
            None if math.isfinite(value) else f"{value!r} is not a JSON number; use a finite number or null"
        )
    return f"{short_repr(value)} ({type(value).__name__}) is not JSON data{_hint(value)}"


def _hint(value: Any) -> str:
    """How to pass `value` as JSON: a date or time (a date-time or time needs a timezone), bytes,
    a set, a Decimal or an Enum member (where a dataclass or a model was given, the caller says)."""
    if not hasattr(value, "isoformat"):
        return _other_hint(value)
    if getattr(value, "tzinfo", False) is None and hasattr(value, "utcoffset"):
        return "; pass value.isoformat() of an aware value, e.g. value.replace(tzinfo=UTC).isoformat()"
    return "; pass value.isoformat()"


def _other_hint(value: Any) -> str:
    kind = type(value)
    if isinstance(value, (bytes, bytearray, memoryview)):
        return "; pass text: value.decode() if it is text, else base64.b64encode(value).decode()"
    if isinstance(value, (set, frozenset)):
        return "; pass a list: sorted(value)"
    if isinstance(value, enum.Enum):
        return "; pass value.value"
    if kind.__module__ == "decimal":
        return "; pass str(value) (or float(value))"
    return ""


def _too_long() -> str:
    digits = getattr(sys, "get_int_max_str_digits", lambda: 4300)()
    return f"an integer of more than {digits} digits cannot be written as JSON; pass it as a string"


def _writes(value: int) -> bool:
    if value.bit_length() < 2_100:  # under 633 digits: within every limit Python allows (>= 640)
        return True
    try:
        str(value)
    except ValueError:
        return False
    return True


def _key_problems(entry: _Entry, limit: int) -> list[JsonProblem]:
    if not isinstance(entry[0], dict) or limit <= 0:
        return []
    problems = []
    for key in entry[0]:
        if not isinstance(key, str):
            problems.append(f"key {short_repr(key)} is not a string; JSON object keys are strings")
        elif not key.isascii() and _LONE_SURROGATE.search(key):
            problems.append(f"key {short_repr(key)} contains a lone surrogate, which is not UTF-8 text")
        if len(problems) >= limit:
            break
    return [JsonProblem(_path(entry), problem) for problem in problems]


def _path(entry: _Entry) -> tuple[Any, ...]:
    parts: list[Any] = []
    while entry[2] is not None:
        parts.append(entry[1])
        entry = entry[2]
    return tuple(reversed(parts))


def json_path(path: Sequence[Any]) -> str:
    """``$.data[2].name`` for ``("data", 2, "name")`` (a very deep path shows its ends)."""
    parts = [_step(key) for key in path]
    if len(parts) > 12:
        parts = [*parts[:6], f"…({len(parts) - 10} more)…", *parts[-4:]]
    return "$" + "".join(parts)


def _step(key: Any) -> str:
    if isinstance(key, int) and not isinstance(key, bool):
        return f"[{key}]"
    return f".{key}" if isinstance(key, str) and _SIMPLE_KEY.match(key) else f"[{short_repr(key)}]"


_SIMPLE_KEY = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]*$")


def short_repr(value: Any, width: int = 60) -> str:
    """``repr(value)`` cut to `width`, never raising (huge ints, broken __repr__)."""
    try:
        text = repr(value)
    except Exception:  # a repr that fails says nothing useful; name the type instead
        text = f"<{type(value).__name__}>"
    return text if len(text) <= width else text[: width - 1] + "…"


def json_depth(value: Any) -> int:
    """How deeply `value` nests containers (0 for a scalar), iteratively."""
    deepest, stack = 0, [(value, 0)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict):
            node = node.values()
        elif not isinstance(node, (list, tuple)):
            continue
        deepest = max(deepest, depth + 1)
        stack += [(child, depth + 1) for child in node if isinstance(child, (dict, list, tuple))]
    return deepest


def checked_canonical_json(value: Any) -> tuple[str, list[str]]:
    """``(canonical_json(value), [])`` for JSON data within the limits, else ``("", problems)``.

    The common case costs one C encoding (see `is_json_data`); the walk of `find_json_problems`
    runs only when something may be wrong.
    """
    try:
        text = canonical_json(value)
    except Exception:  # TypeError, ValueError, RecursionError, or a broken container's own error
        return "", json_problems(value) or ["$: not JSON data"]
    if _suspect(value, text):
        problems = json_problems(value)
        return ("", problems) if problems else (text, [])
    return text, []


def is_json_data(value: Any) -> bool:
    """True when `value` is JSON data within the limits (`find_json_problems` finds nothing);
    mostly in C: an encoding, and for nested objects a decoding compared with `value`."""
    try:
        text = canonical_json(value)
    except Exception:  # not JSON data, however it fails
        return False
    return not _suspect(value, text) or not find_json_problems(value, limit=1)


def _suspect(value: Any, text: str) -> bool:
    """Whether JSON `text` encoded from `value` may hide a problem: a lone surrogate, nesting
    deeper than `MAX_DEPTH` (each level needs two characters), or a key that is not a string (the
    encoder writes ``1`` as ``"1"``; at the top it is seen directly, below by reading the text
    back)."""
    if has_lone_surrogate(text) or (len(text) > 2 * MAX_DEPTH and text_depth(text) > MAX_DEPTH):
        return True
    if isinstance(value, dict) and not all(isinstance(key, str) for key in value):
        return True
    return bool(text.count("{", 1)) and json.loads(text) != value


def text_depth(text: str) -> int:
    """How deeply the JSON `text` nests arrays and objects, counted in C-speed passes."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(itertools.accumulate(map(_STEP.__getitem__, brackets)), default=0)


_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def read_error(exc: BaseException) -> str:
    """Why ``json.loads`` failed, in a file's terms: Python's advice for a huge integer
    (``sys.set_int_max_str_digits``) and its recursion message replaced by the file's fix."""
    if isinstance(exc, RecursionError):
        return "values nest too deeply to read; flatten them"
    if "integer string conversion" in str(exc):
        return "an integer of more than 4300 digits is too long to read; write it as a string"
    return str(exc)


def local_ref_target(document: Any, ref: str) -> Any:
    """The part of ``document`` a local ``$ref`` (``#/a/b``) points at: its fragment
    percent-decoded, then each JSON-pointer step's ``~1`` and ``~0``; None when there is none
    (or ``ref`` is not local, or names an anchor: ``#node``)."""
    fragment = unquote(ref[1:]) if ref.startswith("#") else None
    if fragment is None or fragment[:1] not in ("", "/"):
        return None
    target = document
    for step in fragment.split("/")[1:]:
        step = step.replace("~1", "/").replace("~0", "~")
        if isinstance(target, dict) and step in target:
            target = target[step]
        elif isinstance(target, list) and step.isdigit() and int(step) < len(target):
            target = target[int(step)]
        else:
            return None
    return target


def trailing_comma(exc: json.JSONDecodeError) -> tuple[str, int] | None:
    """``(the closing bracket, the comma's line)`` when the JSON broke at a comma just before a
    ``}`` or ``]``: Python up to 3.12 stops at the bracket ("Expecting property name..."), 3.13
    at the comma ("Illegal trailing comma..."); both get the same words."""
    doc, pos = exc.doc, exc.pos
    comma = pos if doc[pos : pos + 1] == "," else len(doc[:pos].rstrip()) - 1
    if comma < 0 or doc[comma] != ",":
        return None
    closer = doc[comma + 1 :].lstrip()[:1]
    if closer not in ("}", "]"):
        return None
    return closer, doc.count("\n", 0, comma) + 1
