"""Stubs drawn from the space of types `ToolSpec.from_function` supports.

`write_stub(choose)` writes the source of a module holding the classes a stub needs (enums,
TypedDicts, dataclasses, pydantic models, NamedTuples; nested, some recursive) and ``def stub(...)``
annotated with types drawn from: str/int/float/bool/None, list, tuple (fixed and variadic), set,
frozenset, dict[str, X] (and Literal keys), Optional/Union/``X | Y``, Literal (mixed kinds), enums,
``Annotated`` constraints (annotated_types, ``pydantic.Field``, ``StringConstraints``), dates, times,
UUID, Decimal, bytes, Path, IP addresses and types only pydantic describes. `choose` makes every
choice: Hypothesis's ``draw`` in the suite (it shrinks a failing stub), a seeded ``random.Random``
in the bench and the determinism test (a fixed list of stubs).

The checks of a drawn stub are in `tests._stub_checks`.
"""

from __future__ import annotations

import hashlib
import random
import sys
import types
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

_STR_ENUM = ["enum.StrEnum"] if sys.version_info >= (3, 11) else []
_ENUM_KINDS = ["enum.Enum", "enum.IntEnum", *_STR_ENUM, "mixed"]
"""The enums a stub may declare (``StrEnum`` came with Python 3.11)."""

T = TypeVar("T")

HEADER = """\
import dataclasses
import datetime
import decimal
import enum
import ipaddress
import pathlib
import uuid
from collections import deque
from typing import Annotated, Literal, NamedTuple, NewType, Optional, Union

import annotated_types as at
import pydantic
from typing_extensions import NotRequired, Required, TypeAliasType, TypedDict
"""

LEAVES = (
    "str",
    "int",
    "float",
    "bool",
    "None",
    "datetime.datetime",
    "datetime.date",
    "datetime.time",
    "datetime.timedelta",
    "uuid.UUID",
    "decimal.Decimal",
    "bytes",
    "pathlib.Path",
    "ipaddress.IPv4Address",
    "ipaddress.IPv6Address",
    "pydantic.HttpUrl",
    "pydantic.SecretStr",
)
HASHABLE = ("str", "int", "bool", "datetime.date", "uuid.UUID", "decimal.Decimal")
"""Leaves a set may hold."""
LITERAL_VALUES = (-2, 0, 1, 7, "a", "b", "x y", True, False, None)
PATTERNS = (r"^[a-z]{2,5}-[0-9]{1,3}$", r"^[A-Z][a-z]+$", r"^\d{3}$", r"^(ab|cd)+$")


class Choose(Protocol):
    """Makes the choices of one stub: which option, which number."""

    def pick(self, options: Sequence[T]) -> T: ...

    def between(self, low: int, high: int) -> int: ...


class RandomChoose:
    """Choices from a seeded ``random.Random``: the same seed writes the same stub."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def pick(self, options: Sequence[T]) -> T:
        return options[self._rng.randrange(len(options))]

    def between(self, low: int, high: int) -> int:
        return self._rng.randint(low, high)


class DrawChoose:
    """Choices drawn by Hypothesis (``st.data()``'s ``draw``), so a failing stub shrinks."""

    def __init__(self, draw: Callable[[Any], Any]) -> None:
        from hypothesis import strategies as st

        self._draw, self._st = draw, st

    def pick(self, options: Sequence[T]) -> T:
        chosen: T = self._draw(self._st.sampled_from(options))
        return chosen

    def between(self, low: int, high: int) -> int:
        number: int = self._draw(self._st.integers(low, high))
        return number


class _Writer:
    """The source of one stub's module: class definitions in order, then the stub."""

    def __init__(self, choose: Choose) -> None:
        self.choose = choose
        self.classes: list[str] = []
        self._names = 0

    def name(self) -> str:
        self._names += 1
        return f"C{self._names}"

    def type(self, depth: int) -> str:
        kinds = ["leaf", "leaf", "literal", "constrained", "new_type"]
        if depth > 0:
            kinds += ["list", "tuple", "fixed", "set", "dict", "optional", "union", "pipe", "class", "class"]
            kinds += ["alias", "deque"]
        kind = self.choose.pick(kinds)
        return getattr(self, f"_{kind}")(depth)

    def _leaf(self, depth: int) -> str:
        leaf = self.choose.pick([*LEAVES, "enum"])
        return self._enum() if leaf == "enum" else leaf

    def _hashable(self) -> str:
        kind = self.choose.pick(["leaf", "leaf", "enum", "literal"])
        if kind == "enum":
            return self._enum()
        if kind == "literal":
            return self._literal(0)
        return self.choose.pick(HASHABLE)

    def _literal(self, depth: int) -> str:
        count = self.choose.between(1, 4)
        values = list(dict.fromkeys(repr(self.choose.pick(LITERAL_VALUES)) for _ in range(count)))
        return f"Literal[{', '.join(values)}]"

    def _constrained(self, depth: int) -> str:
        c = self.choose
        low = c.between(-20, 20)
        span = c.between(1, 50)
        forms = [
            f"Annotated[int, at.Gt({low}), at.Le({low + span})]",
            f"Annotated[float, at.Ge({low}), at.Lt({low + span}.5)]",
            f"Annotated[float, at.Interval(gt={low}, le={low + span})]",
            f"Annotated[str, at.MinLen({span % 5}), at.MaxLen({span % 5 + c.between(0, 6)})]",
            f"Annotated[str, pydantic.StringConstraints(pattern={c.pick(PATTERNS)!r})]",
            f"Annotated[str, pydantic.StringConstraints(min_length=2, max_length={2 + span % 9})]",
            f"Annotated[int, at.MultipleOf({1 + span % 7})]",
            f"Annotated[int, pydantic.Field(ge=0, lt={span})]",
            f"Annotated[decimal.Decimal, pydantic.Field(ge={low}, le={low + span}, decimal_places=2)]",
            "Annotated[decimal.Decimal, pydantic.Field(max_digits=5, decimal_places=2)]",
            "Annotated[str, 'a described text']",
        ]
        if depth > 0:
            forms.append(f"Annotated[list[{self.type(depth - 1)}], at.MinLen(1), at.MaxLen(3)]")
        return c.pick(forms)

    def _list(self, depth: int) -> str:
        return f"list[{self.type(depth - 1)}]"

    def _tuple(self, depth: int) -> str:
        return f"tuple[{self.type(depth - 1)}, ...]"

    def _fixed(self, depth: int) -> str:
        items = [self.type(depth - 1) for _ in range(self.choose.between(1, 3))]
        return f"tuple[{', '.join(items)}]"

    def _set(self, depth: int) -> str:
        return f"{self.choose.pick(['set', 'frozenset'])}[{self._hashable()}]"

    def _dict(self, depth: int) -> str:
        key = self.choose.pick(["str", "str", "Literal['k1', 'k2']"])
        return f"dict[{key}, {self.type(depth - 1)}]"

    def _optional(self, depth: int) -> str:
        return f"Optional[{self.type(depth - 1)}]"

    def _union(self, depth: int) -> str:
        return f"Union[{self.type(depth - 1)}, {self.type(depth - 1)}]"

    def _pipe(self, depth: int) -> str:
        first, second = self.type(depth - 1), self.type(depth - 1)
        if first == second == "None":  # `None | None` is no type
            return "None"
        return f"{first} | {second}"

    def _deque(self, depth: int) -> str:
        return f"deque[{self.type(depth - 1)}]"

    def _new_type(self, depth: int) -> str:
        name = self.name()
        self.classes.append(f"{name} = NewType({name!r}, {self.choose.pick(['str', 'int', 'uuid.UUID'])})\n")
        return name

    def _alias(self, depth: int) -> str:
        """A ``type X = ...`` alias (``TypeAliasType``: this runs on 3.11), or a recursive one."""
        name = self.name()
        if self.choose.pick([True, False]):
            value = repr(f"{self.type(0)} | list[{name}] | dict[str, {name}]")  # a tree of leaves
        else:
            value = self.type(depth - 1)
        self.classes.append(f"{name} = TypeAliasType({name!r}, {value})\n")
        return name

    def _enum(self, depth: int = 0) -> str:
        name = self.name()
        kind = self.choose.pick(_ENUM_KINDS)
        count = self.choose.between(1, 3)
        if kind == "enum.IntEnum":
            members = [f"M{i} = {i * 3 - 1}" for i in range(count)]
        elif kind == "mixed":
            members = [f"M{i} = {repr(f'v{i}') if i % 2 else i}" for i in range(count)]
        else:
            members = [f"M{i} = 'v{i}'" for i in range(count)]
        base = "enum.Enum" if kind == "mixed" else kind
        self.classes.append(f"class {name}({base}):\n" + "".join(f"    {m}\n" for m in members))
        return name

    def _class(self, depth: int) -> str:
        kind = self.choose.pick(["typeddict", "dataclass", "pydantic_dataclass", "model", "namedtuple"])
        return getattr(self, f"_{kind}")(depth)

    def _fields(self, depth: int) -> list[tuple[str, str]]:
        return [(f"f{i}", self.type(depth - 1)) for i in range(self.choose.between(1, 3))]

    def _typeddict(self, depth: int) -> str:
        name, fields = self.name(), self._fields(depth)
        total = self.choose.pick([True, False])
        lines = [f"class {name}(TypedDict{'' if total else ', total=False'}):"]
        for field_name, tp in fields:
            wrap = self.choose.pick(["", "", "Required", "NotRequired"])
            lines.append(f"    {field_name}: {f'{wrap}[{tp}]' if wrap else tp}")
        if self.choose.between(0, 3) == 0:
            lines.append(f"    children: NotRequired[list['{name}']]")
        self.classes.append("\n".join(lines) + "\n")
        return name

    def _dataclass(self, depth: int, decorator: str = "dataclasses.dataclass") -> str:
        name, fields = self.name(), self._fields(depth)
        defaults = self.choose.between(0, len(fields))
        lines = [f"@{decorator}", f"class {name}:"]
        for index, (field_name, tp) in enumerate(fields):
            default = index >= len(fields) - defaults
            lines.append(f"    {field_name}: Optional[{tp}] = None" if default else f"    {field_name}: {tp}")
        if self.choose.between(0, 3) == 0:
            lines.append(f"    parent: Optional['{name}'] = None")
        self.classes.append("\n".join(lines) + "\n")
        return name

    def _pydantic_dataclass(self, depth: int) -> str:
        return self._dataclass(depth, decorator="pydantic.dataclasses.dataclass")

    def _model(self, depth: int) -> str:
        name, fields = self.name(), self._fields(depth)
        lines = [f"class {name}(pydantic.BaseModel):"]
        config = self.choose.pick(
            ["", "extra='forbid'", "extra='allow'", "populate_by_name=True", "strict=True"]
        )
        if config:
            lines.append(f"    model_config = pydantic.ConfigDict({config})")
        for field_name, tp in fields:
            form = self.choose.pick(["plain", "alias", "optional", "bounded"])
            if form == "alias":
                alias = self.choose.pick([f"{field_name}Key", f"{field_name}-key"])
                lines.append(f"    {field_name}: {tp} = pydantic.Field(alias={alias!r})")
            elif form == "optional":
                lines.append(f"    {field_name}: Optional[{tp}] = None")
            elif form == "bounded":
                lines.append(f"    {field_name}: int = pydantic.Field(ge=0, le={self.choose.between(0, 99)})")
            else:
                lines.append(f"    {field_name}: {tp}")
        if self.choose.between(0, 3) == 0:
            lines.append(f"    children: list['{name}'] = []")
        self.classes.append("\n".join(lines) + "\n")
        return name

    def _namedtuple(self, depth: int) -> str:
        name, fields = self.name(), self._fields(depth)
        defaults = self.choose.between(0, len(fields))
        lines = [f"class {name}(NamedTuple):"]
        for index, (field_name, tp) in enumerate(fields):
            default = index >= len(fields) - defaults
            lines.append(f"    {field_name}: Optional[{tp}] = None" if default else f"    {field_name}: {tp}")
        self.classes.append("\n".join(lines) + "\n")
        return name


def write_stub(choose: Choose, *, depth: int = 2) -> str:
    """The source of a module whose ``stub`` takes 0 to 2 parameters and returns a drawn type."""
    writer = _Writer(choose)
    params: list[str] = []
    optional = False
    for index in range(choose.between(0, 2)):
        tp = writer.type(depth)
        optional = optional or choose.between(0, 3) == 0  # defaults come last
        params.append(f"p{index}: Optional[{tp}] = None" if optional else f"p{index}: {tp}")
    returns = writer.type(depth)
    body = f'def stub({", ".join(params)}) -> {returns}:\n    """A drawn stub."""\n'
    return "\n\n".join([HEADER, *writer.classes, body])


def stub_corpus(count: int, *, first: int = 0, depth: int = 2) -> list[str]:
    """`count` stub sources, the i-th written from ``random.Random(first + i)``."""
    return [write_stub(RandomChoose(first + index), depth=depth) for index in range(count)]


def load_stub(source: str) -> Callable[..., Any]:
    """The ``stub`` function of `source`, its module registered (type hints resolve in it)."""
    name = "_drawn_stub_" + hashlib.sha256(source.encode()).hexdigest()[:16]
    module = sys.modules.get(name)
    if module is None:
        module = types.ModuleType(name)
        sys.modules[name] = module
        try:
            exec(compile(source, f"<{name}>", "exec"), module.__dict__)
        except BaseException:
            del sys.modules[name]
            raise
    stub: Callable[..., Any] = module.__dict__["stub"]
    return stub
