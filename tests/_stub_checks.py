"""The checks that a world answers and accepts a drawn stub (`tests._type_space`) the way its types read.

`check_stub(source, seeds)` registers the stub on a world per seed, calls it and returns every
mismatch between what the world does and what the annotations say (an empty list when none):

1. ``returns``: each answer is valid against ``spec.returns`` (python-jsonschema, formats checked);
2. ``parses``: each answer (JSON, as ``world.call`` promises) parses into the return type with
   ``pydantic.TypeAdapter(R).validate_json``, and the stub itself returns without error;
3. ``arguments``: each parameter value the schema admits parses into its type, the stub called
   with those Python values is accepted by the world, and the input it sends parses back to them.
"""

from __future__ import annotations

import collections
import dataclasses
import datetime
import decimal
import json
import math
import warnings
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import jsonschema
import pydantic
import pydantic_core
import typing_extensions

from synthworld import SyntheticWorld, SynthworldError, ToolInputError, ToolSpec, generate
from tests._type_space import load_stub


@dataclass
class Outcome:
    """What checking one stub found."""

    refused: str | None = None
    """The registration error, when the world refused the stub."""
    unreadable: str | None = None
    """Why pydantic cannot read the stub's types (an alias of a recursive model): nothing checked."""
    calls: int = 0
    """Calls made: ``world.call`` and the typed stub's."""
    mismatches: list[str] = field(default_factory=list)
    ambiguous: int = 0
    """Arguments whose JSON pydantic itself reads as another value (``Union[datetime, Decimal]``
    reads ``"96.78"`` as a date): sent as pydantic dumps them, not checked further."""
    answers: list[Any] = field(default_factory=list)
    """Per seed: the world's answer and the input the typed stub sent (for determinism checks)."""


class Reading:
    """pydantic's reading of a type from JSON, as one item of an array whose config says ``bytes``
    are base64 text (it reaches the dataclasses and TypedDicts inside; pydantic models keep theirs,
    as synthworld's schemas do)."""

    def __init__(self, tp: Any) -> None:
        config = pydantic.ConfigDict(val_json_bytes="base64", ser_json_bytes="base64")
        self._adapter: pydantic.TypeAdapter[Any] = pydantic.TypeAdapter(tuple[tp], config=config)
        again = pydantic.ConfigDict(revalidate_instances="always", **config)
        self._revalidating: pydantic.TypeAdapter[Any] = pydantic.TypeAdapter(tuple[tp], config=again)

    def read(self, value: Any) -> Any:
        """The value JSON `value` means (raises pydantic's ValidationError)."""
        return self._adapter.validate_json(json.dumps([value]))[0]

    def holds(self, value: Any) -> bool:
        """True when Python `value` is a value of the type that pydantic can write as JSON: checked
        strictly (lax, ``Union[time, Annotated[int, Lt(40)]]`` takes 505 as a time), its
        dataclasses' fields too (pydantic passes an instance as it is), and no ``SecretStr``
        whose secret is no text (``st.from_type`` draws both)."""
        if any(
            isinstance(part, pydantic.SecretStr) and not isinstance(part.get_secret_value(), str)
            for part in _parts(value)
        ):
            return False
        try:
            self._revalidating.validate_python((value,), strict=True)  # 505 is no time in a union
            self.read(self.json_form(value))  # a model passes its dataclass fields as they are
        except (ValueError, pydantic_core.PydanticSerializationError):  # UnicodeDecodeError too
            return False
        return True

    def json_form(self, value: Any) -> Any:
        return self._adapter.dump_python((value,), mode="json", by_alias=True, warnings=False)[0]

    def same(self, left: Any, right: Any) -> bool:
        """Equal as values, or as JSON: ``Union[Path, Decimal]`` reads ``"65.2"`` as a path, which
        is the JSON of ``Decimal("65.2")`` too."""
        return bool(left == right) or bool(self.json_form(left) == self.json_form(right))

    def round_trips(self, value: Any) -> bool:
        """True when pydantic reads its own JSON of `value` back as `value`."""
        try:
            return self.same(self.read(self.json_form(value)), value)
        except Exception:  # no value of the type (JSON the type does not read, passed on as it is)
            return False


_FORMATS = jsonschema.Draft202012Validator.FORMAT_CHECKER


class StubCheck:
    """One drawn stub, its spec and pydantic's readings of its annotations."""

    def __init__(self, source: str) -> None:
        self.fn = load_stub(source)
        hints = typing_extensions.get_type_hints(self.fn, include_extras=True)
        self.returns = Reading(hints.pop("return"))
        self.params = {name: Reading(tp) for name, tp in hints.items()}
        self.hints = hints
        self.spec = ToolSpec.from_function(self.fn)
        self.answer_check = jsonschema.Draft202012Validator(self.spec.returns, format_checker=_FORMATS)

    def answer(self, outcome: Outcome, seed: int) -> None:
        """Call the world with arguments made from the parameters schema and check the answer,
        then send the same arguments as Python values through the typed stub."""
        world = SyntheticWorld(seed=seed)
        typed_stub = world.tool(self.fn)
        arguments = generate(self.spec.parameters, seed=seed)
        outcome.calls += 1
        answer = _attempt(outcome, f"seed {seed}: world.call", lambda: world.call("stub", arguments))
        if answer is _FAILED:
            return
        errors = [f"{list(e.absolute_path)}: {e.message}" for e in self.answer_check.iter_errors(answer)]
        if errors:
            outcome.mismatches.append(f"seed {seed}: returns: {answer!r} breaks spec.returns: {errors}")
        try:
            self.returns.read(answer)
        except pydantic.ValidationError as exc:
            outcome.mismatches.append(
                f"seed {seed}: parses: {answer!r} is no value of the return type: {exc}"
            )
        values = {}
        for name, value in arguments.items():
            try:
                values[name] = self.params[name].read(value)
            except pydantic.ValidationError as exc:
                outcome.mismatches.append(
                    f"seed {seed}: arguments: {name}={value!r} fits the schema, not the type: {exc}"
                )
                return
        sent = self.send(outcome, world, typed_stub, values, f"seed {seed}")
        outcome.answers.append([answer, sent])

    def send(
        self,
        outcome: Outcome,
        world: SyntheticWorld,
        typed_stub: Callable[..., Any],
        values: dict[str, Any],
        what: str,
    ) -> Any:
        """Call the typed stub with Python `values`: the world must accept them and the input it
        records must read back as them. Returns that input (None when the call failed)."""
        outcome.calls += 1
        if _attempt(outcome, f"{what}: the typed stub", lambda: typed_stub(**values)) is _FAILED:
            return None
        sent = world.trace[-1].input
        for name, value in values.items():
            reading = self.params[name]
            if not reading.round_trips(value):
                outcome.ambiguous += 1
                continue
            try:
                back = reading.read(sent.get(name))
            except pydantic.ValidationError as exc:
                back = exc
            if isinstance(back, Exception) or not reading.same(back, value):
                said = f"{name}={value!r} was sent as {sent.get(name)!r}, which reads {back!r}"
                outcome.mismatches.append(f"{what}: arguments: {said}")
        return sent


def check_stub(source: str, seeds: Sequence[int] = (0, 1, 2)) -> Outcome:
    """Register `source`'s stub on a world per seed and check its answers and arguments."""
    outcome = Outcome()
    try:
        check = StubCheck(source)
    except SynthworldError as exc:
        outcome.refused = f"{type(exc).__name__}: {exc}"
        return outcome
    except pydantic.PydanticUserError as exc:  # pydantic's own limits: "circular reference to itself"
        outcome.unreadable = str(exc)
        return outcome
    for seed in seeds:
        check.answer(outcome, seed)
    return outcome


_FAILED = object()


def _attempt(outcome: Outcome, what: str, call: Callable[[], Any]) -> Any:
    try:
        return call()
    except Exception as exc:  # its input refused: an arguments mismatch; else its answer's
        check = "arguments" if isinstance(exc, ToolInputError) else "parses"
        outcome.mismatches.append(f"{what}: {check}: raised {type(exc).__name__}: {exc}")
        return _FAILED


def documented_refusal(value: Any) -> bool:
    """True when `value` holds what the README says a call refuses, as no JSON can carry it: NaN
    or an infinity, a naive ``datetime`` or ``time``, a lone surrogate, a decimal that is no number."""
    return any(_refused(part) for part in _parts(value))


def _refused(part: Any) -> bool:
    if isinstance(part, float):
        return not math.isfinite(part)
    if isinstance(part, decimal.Decimal):
        return not part.is_finite()
    if isinstance(part, (datetime.datetime, datetime.time)):
        return part.tzinfo is None
    return isinstance(part, str) and any(0xD800 <= ord(char) <= 0xDFFF for char in part)


def _parts(value: Any) -> Iterator[Any]:
    """`value` and every value inside it (keys, items, fields, a secret)."""
    yield value
    if isinstance(value, pydantic.SecretStr):
        yield from _parts(value.get_secret_value())
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _parts(key)
            yield from _parts(item)
    elif isinstance(value, (list, tuple, set, frozenset, collections.deque)):
        for item in value:
            yield from _parts(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from _parts(getattr(value, f.name))
    elif isinstance(value, pydantic.BaseModel):
        for item in dict(value).values():
            yield from _parts(item)


def drawn_arguments(check: StubCheck, draw: Callable[[Any], Any], seed: int) -> dict[str, Any]:
    """A value of each parameter type: drawn by Hypothesis's ``st.from_type`` where it can draw
    one that is a value of the type and no documented refusal (it cannot draw pydantic models whose
    fields have aliases or bounds, nor ``HttpUrl``), else made from the parameter's schema."""
    from hypothesis import errors
    from hypothesis import strategies as st

    made = generate(check.spec.parameters, seed=seed)
    values = {}
    for name, hint in check.hints.items():
        try:
            with warnings.catch_warnings():  # builds(Path) draws Path("."); a pattern is ignored: `holds`
                warnings.simplefilter("ignore", errors.HypothesisWarning)
                value = draw(st.from_type(hint))
        except Exception:  # ValidationError, ResolutionFailed, InvalidOperation (a NaN bound)...
            value = _FAILED
        if value is not _FAILED and not documented_refusal(value) and check.params[name].holds(value):
            values[name] = value
        elif name in made:  # its JSON as the type reads it (`check_stub` checks that it can)
            try:
                values[name] = check.params[name].read(made[name])
            except pydantic.ValidationError:
                values[name] = made[name]
    return values
