"""Strings matching ECMA-262 ``pattern``s, built by walking the parsed regex (no filtering)."""

from __future__ import annotations

import importlib
import re
import string
import sys
import warnings
from collections.abc import Callable
from functools import lru_cache
from random import Random
from typing import Any, Protocol

from synthworld.schema._draw import below, choice
from synthworld.schema._ecma import translate
from synthworld.schema._patterns import Gate

# The regex parser's home moved in 3.11 (sre_parse is deprecated there); neither has stubs.
c: Any = importlib.import_module("re._constants" if sys.version_info >= (3, 11) else "sre_constants")
sre: Any = importlib.import_module("re._parser" if sys.version_info >= (3, 11) else "sre_parse")

__all__ = [
    "Gen",
    "Search",
    "compile_pattern",
    "exact",
    "least_width",
    "literal_prefix",
    "lookahead_pattern",
    "readings",
]

_ATOMIC = getattr(c, "ATOMIC_GROUP", None)
_REPEATS = tuple(
    getattr(c, name) for name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT") if hasattr(c, name)
)

_MAX_EXTRA = 4
_PRINTABLE = string.ascii_letters + string.digits + " -_.,:;!?@#$%&*+=/()[]{}<>'\"~^|\\`"
_CATEGORIES = {
    c.CATEGORY_DIGIT: string.digits,
    c.CATEGORY_NOT_DIGIT: string.ascii_letters + " -_.",
    c.CATEGORY_WORD: string.ascii_letters + string.digits + "_",
    c.CATEGORY_NOT_WORD: " -.,:;!?@#/",
    c.CATEGORY_SPACE: " \t\n",
    c.CATEGORY_NOT_SPACE: string.ascii_letters + string.digits + "-_.",
}

Gen = Callable[[Random, dict[int, str]], str]


@lru_cache(maxsize=1024)
def compile_pattern(pattern: str, extra: int = _MAX_EXTRA) -> tuple[Gen, re.Pattern[str]]:
    """A generator of strings that contain a match of ``pattern``, and the compiled check.

    An open repeat (``+``, ``*``, ``{n,}``) repeats up to `extra` more times than its minimum: a
    larger `extra` reaches a ``minLength``, ``extra=0`` keeps to the shortest strings.
    Raises ``re.error`` (or ``ValueError``) for a pattern Python cannot read.
    """
    rewrite, _, tree = _parsed(pattern)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # FutureWarning on '[[' and friends
        compiled = re.compile(rewrite)
    return _seq(_behind_first(list(tree)), extra), compiled


def _behind_first(items: list[tuple[Any, Any]]) -> list[tuple[Any, Any]]:
    """``items`` with a positive look-behind they start with (or each alternative of a choice
    they start with starts with) read as its body: a text that matches the body, then the rest,
    holds a match of the pattern (``(?<=a)b`` in ``ab``, where the walk built ``b`` alone)."""
    if not items:
        return items
    op, av = items[0]
    if op is c.ASSERT and av[0] == -1:
        return [*av[1], *items[1:]]
    if op is c.BRANCH:
        return [(op, (av[0], [_behind_first(list(b)) for b in av[1]])), *items[1:]]
    return items


@lru_cache(maxsize=1024)
def _parsed(pattern: str) -> tuple[str, str, list[tuple[Any, Any]]]:
    """``pattern``'s ECMA-262 rewrite, its plain rewrite (Unicode properties built from ASCII) and
    the parse of the plain one, which the walk builds from (read once: `compile_pattern` with each
    repeat width, and `exact`)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # FutureWarning on '[[' and friends
        plain = translate(pattern, plain=True)
        return translate(pattern), plain, list(sre.parse(plain))


@lru_cache(maxsize=1024)
def least_width(pattern: str) -> int:
    """The length of the shortest string ``pattern`` (its ECMA-262 rewrite) matches. Raises
    ``re.error``/``ValueError`` when the rewrite is unreadable."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # FutureWarning on '[[' and friends
        width: int = sre.parse(_parsed(pattern)[0]).getwidth()[0]
    return width


@lru_cache(maxsize=1024)
def readings(pattern: str) -> tuple[Search, ...]:
    """What a string must match for ``pattern``: jsonschema-rs's bounded reading first (a `Gate`:
    a text it rejects never reaches Python's backtracking), then its ECMA-262 rewrite, and Python's
    own reading (python-jsonschema's) where Python can read it (``\\p{L}``: only the rewrite, which
    accepts no string ECMA-262 rejects). Raises ``re.error``/``ValueError`` when the rewrite is
    unreadable."""
    rewrite = compile_pattern(pattern)[1]
    gate = Gate.of(pattern)
    first: tuple[Search, ...] = (rewrite,) if gate is None else (gate, rewrite)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # FutureWarning on '[[' and friends
            python = re.compile(pattern)
    except re.error:
        return first
    return first if python.pattern == rewrite.pattern else (*first, python)


class Search(Protocol):
    """A compiled pattern as the checks use it: ``search(text)`` is truthy on a match."""

    def search(self, text: str, /) -> object: ...


@lru_cache(maxsize=1024)
def exact(pattern: str) -> bool:
    """Whether every string `compile_pattern` builds for ``pattern`` matches it, in both readings,
    by construction: its regex holds only what the walk builds exactly (characters, classes,
    categories, groups without flags, alternatives, greedy or lazy repeats), anchored at most at
    its very start and end, and the walk reads the pattern as the check does (no Unicode property
    rebuilt from ASCII). Lookarounds, word boundaries, back references and anchors elsewhere are
    left to the check. Two draws confirm it (once a pattern)."""
    try:
        rewrite, plain, items = _parsed(pattern)
        if plain != rewrite:
            return False
        checks = readings(pattern)
        build = compile_pattern(pattern)[0]
    except (re.error, ValueError, OverflowError, RecursionError):
        return False
    if items and items[0] in _STARTS:
        items = items[1:]
    if items and items[-1] in _ENDS:
        items = items[:-1]
    if not _walked_exactly(items):
        return False
    rng = Random(0)
    return all(rx.search(text) for text in (build(rng, {}) for _ in range(2)) for rx in checks)


_STARTS = ((c.AT, c.AT_BEGINNING), (c.AT, c.AT_BEGINNING_STRING))
_ENDS = ((c.AT, c.AT_END), (c.AT, c.AT_END_STRING))
_WALKED = frozenset({c.LITERAL, c.NOT_LITERAL, c.ANY, c.IN, c.CATEGORY})


def _walked_exactly(items: list[tuple[Any, Any]]) -> bool:
    """Whether the walk (`_item`) builds only strings that the parsed ``items`` match."""
    for op, av in items:
        if op is c.BRANCH:
            inner = [list(branch) for branch in av[1]]
        elif op is c.SUBPATTERN:
            if av[1] or av[2]:  # flags change the reading
                return False
            inner = [list(av[-1])]
        elif op in (c.MAX_REPEAT, c.MIN_REPEAT):
            inner = [list(av[2])]
        elif op in _WALKED:
            continue
        else:
            return False
        if not all(_walked_exactly(part) for part in inner):
            return False
    return True


@lru_cache(maxsize=1024)
def literal_prefix(pattern: str) -> str:
    """The literal text a match of ``pattern`` must start with (``^2030`` -> ``2030``), or ''."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            items = list(sre.parse(translate(pattern)))
    except (re.error, ValueError):
        return ""
    if not items or items[0] != (c.AT, c.AT_BEGINNING):
        return ""
    prefix = []
    for op, av in items[1:]:
        if op is not c.LITERAL:
            break
        prefix.append(chr(av))
    return "".join(prefix)


@lru_cache(maxsize=1024)
def lookahead_pattern(pattern: str, extra: int = _MAX_EXTRA) -> Gen | None:
    """A generator that builds what ``pattern``'s positive lookaheads ask for, or None when it has
    none at its top level (`compile_pattern`'s walk leaves lookaheads to the check, which
    ``^(?=!+[a-z]+$)(?=.*\\w).+$`` then never passes: ``.+`` alone rarely starts with ``!``).

    A run of lookaheads builds the text of its first body anchored at the end (``(?=X$)``: that
    text is all the rest), else each body's text in turn and then the rest: ``(?=.*\\d)(?=.*[a-z])``
    bodies are met by any text that starts with a match of each. The check still decides."""
    try:
        items = _parsed(pattern)[2]
    except (re.error, ValueError):
        return None
    if not any(op is c.ASSERT and av[0] == 1 for op, av in items):
        return None
    return _ahead(list(items), extra)


def _ahead(items: list[tuple[Any, Any]], extra: int) -> Gen:
    parts: list[Gen] = []
    at = 0
    while at < len(items):
        run = []
        while at < len(items) and items[at][0] is c.ASSERT and items[at][1][0] == 1:
            run.append(list(items[at][1][1]))
            at += 1
        anchored = [body for body in run if body and body[-1] in _ENDS]
        if anchored:  # the lookahead spells out the rest of the text
            parts.append(_seq(anchored[0], extra))
            break
        parts.extend(_seq(body, extra) for body in run)
        if at < len(items):
            parts.append(_item(*items[at], extra))
            at += 1

    def gen(rng: Random, groups: dict[int, str]) -> str:
        return "".join([p(rng, groups) for p in parts])

    return gen


def _seq(items: list[tuple[Any, Any]], extra: int) -> Gen:
    parts = [_item(op, av, extra) for op, av in items]

    def gen(rng: Random, groups: dict[int, str]) -> str:
        return "".join([p(rng, groups) for p in parts])

    return gen


def _const(text: str) -> Gen:
    return lambda rng, groups: text


def _choice(chars: str) -> Gen:
    if not chars:
        raise ValueError("empty character class")
    return lambda rng, groups: choice(rng, chars)


def _one_case(chars: str) -> Gen:
    """A class of one letter in both cases (``[Dd][Ee][Ff]``, a literal of any case): the lower
    one always (``def``, not ``dEf``), drawing the bits a choice would (what follows is unchanged)."""
    low = chars.lower()[0]

    def gen(rng: Random, groups: dict[int, str]) -> str:
        choice(rng, chars)
        return low

    return gen


def _item(op: Any, av: Any, extra: int) -> Gen:
    if op is c.LITERAL:
        return _const(chr(av))
    if op is c.NOT_LITERAL:
        return _choice(_PRINTABLE.replace(chr(av), ""))
    if op is c.ANY:
        return _choice(string.ascii_letters + string.digits)
    if op is c.IN:
        chars = _charset(av)
        both_cases = len(chars) == 2 and chars[0] == chars[1].swapcase() != chars[1]
        return _one_case(chars) if both_cases else _choice(chars)
    if op is c.BRANCH:
        return _branch([_seq(list(b), extra) for b in av[1]])
    if op is c.SUBPATTERN:
        return _group(av[0], _seq(list(av[-1]), extra))
    if op in _REPEATS:
        return _repeat(av[0], av[1], _seq(list(av[2]), extra), extra)
    if op is c.GROUPREF:
        return lambda rng, groups: groups.get(av, "")
    if op is _ATOMIC:
        return _seq(list(av), extra)
    if op in (c.AT, c.ASSERT, c.ASSERT_NOT):
        return _const("")  # anchors hold for what we build; lookarounds are left to the check
    if op is c.CATEGORY:
        return _choice(_CATEGORIES[av])
    raise ValueError(f"unsupported regex construct {op}")


def _branch(options: list[Gen]) -> Gen:
    return lambda rng, groups: choice(rng, options)(rng, groups)


def _group(number: int | None, inner: Gen) -> Gen:
    def gen(rng: Random, groups: dict[int, str]) -> str:
        text = inner(rng, groups)
        if number is not None:
            groups[number] = text
        return text

    return gen


def _repeat(low: int, high: int, inner: Gen, extra: int) -> Gen:
    top = min(high, low + extra)

    def gen(rng: Random, groups: dict[int, str]) -> str:
        return "".join([inner(rng, groups) for _ in range(low + below(rng, top - low + 1))])  # randint

    return gen


def _charset(items: list[tuple[Any, Any]]) -> str:
    chars: list[str] = []
    negate = False
    for op, av in items:
        if op is c.NEGATE:
            negate = True
        elif op is c.LITERAL:
            chars.append(chr(av))
        elif op is c.RANGE:
            chars.extend(chr(i) for i in range(av[0], min(av[1], av[0] + 256) + 1))
        elif op is c.CATEGORY:
            chars.extend(_CATEGORIES[av])
    if negate:
        excluded = set(chars)
        return "".join(ch for ch in _PRINTABLE if ch not in excluded)
    return "".join(dict.fromkeys(chars))
