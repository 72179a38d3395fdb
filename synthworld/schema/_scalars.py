"""Number and string nodes."""

from __future__ import annotations

import math
import string
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from functools import cached_property, partial
from typing import Any

import jsonschema

from synthworld.errors import SchemaError, UnsatisfiableSchemaError, show_count, show_pointer
from synthworld.schema import _draw, _realistic
from synthworld.schema._format_edges import unusual
from synthworld.schema._formats import ENCODED, FORMATS, FormatSearch
from synthworld.schema._multiples import (
    EXACT_INTS,
    SAFE_WALK,
    coarse,
    first_multiple,
    fraction,
    last_multiple,
    lcm,
    rs_multiple,
)
from synthworld.schema._named_strings import named_text, says_what_it_holds
from synthworld.schema._nodes import MAX_LENGTH, Retry, State
from synthworld.schema._realistic_patterns import EMPTIES, PatternRealism, grafted
from synthworld.schema._regex import Gen, Search, compile_pattern, literal_prefix, lookahead_pattern
from synthworld.schema._regex_sized import sized_draws
from synthworld.schema._sized import LENGTHS, SIZED

__all__ = ["NumberNode", "StringNode"]

_TRIES = 12
_STRETCH_DRAWS = 4
_MAX_STRETCH = 100_000
_FORMAT_CHECKER = jsonschema.FormatChecker()
_NUMBERS = ("12", "12.5")
_NOT_NUMBERS = ("", "x", "1x", "1.2.3", "12 5")


def _decimal(checks: Sequence[Search]) -> bool:
    """Whether patterns `checks` describe decimal numbers: they take whole and decimal ones, and
    no word nor malformed number."""
    return all(rx.search(text) for rx in checks for text in _NUMBERS) and not any(
        all(rx.search(text) for rx in checks) for text in _NOT_NUMBERS
    )


def _conforms(text: str, fmt: str) -> bool:
    """Whether a string built from a pattern also has the schema's format."""
    return bool(_FORMAT_CHECKER.conforms(text, fmt))


class NumberNode:
    """Integers or numbers within bounds, multiples of ``multipleOf`` (also fractional)."""

    def __init__(
        self,
        *,
        integer: bool,
        low: float | None,
        high: float | None,
        low_open: bool,
        high_open: bool,
        multiples: Sequence[float],
        path: str,
        in_place: tuple[float, float] | None = None,
    ) -> None:
        self.integer = integer
        self.in_place = in_place  # the range the number's object gives it (`number_in_place`)
        self.multiples = tuple(multiples)
        step = _ONE if integer else None
        for m in self.multiples:
            step = fraction(m) if step is None else lcm(step, fraction(m))
        self.step = step
        if step is _ONE:  # plain integers, the common case: the same bounds without Fractions
            self.low, self.high = _inward(low, low_open, 1), _inward(high, high_open, -1)
        else:
            self.low, self.high = _open_bounds(low, high, low_open, high_open, step)
        self.low_open, self.high_open = low_open and step is None, high_open and step is None
        if step is not None:
            if step is _ONE:
                self.kmin = None if self.low is None else math.ceil(self.low)
                self.kmax = None if self.high is None else math.floor(self.high)
            else:
                self.kmin = None if low is None else first_multiple(low, low_open, step)
                self.kmax = None if high is None else last_multiple(high, high_open, step)
            if self.kmin is not None and self.kmax is not None and self.kmin > self.kmax:
                raise UnsatisfiableSchemaError(
                    f"no {'integer' if self.step == 1 else f'multiple of {self.step}'} lies "
                    f"within the bounds at {show_pointer(path)}; fix: widen minimum/maximum or change "
                    "multipleOf",
                    path=path,
                )
        elif self.low is not None and self.high is not None and not self._nonempty():
            raise UnsatisfiableSchemaError(
                f"minimum exceeds maximum at {show_pointer(path)}; fix: make the bounds overlap", path=path
            )
        self._unsure = any(abs(b) > EXACT_INTS for b in (self.low, self.high) if b is not None) or (
            step is not None and step.denominator > 1 and any(coarse(b, step) for b in (low, high))
        )
        """Validators compare huge bounds each their own way, and where floats are coarser than
        the step, multiples round onto a bound (fractional multiples, which validators divide each
        their own way too, are checked by both: `_float_ok`)."""
        if any(isinstance(m, float) for m in self.multiples) and None not in (self.kmin, self.kmax):
            self._refuse_inexact(path)

    def _refuse_inexact(self, path: str) -> None:
        """Refuse a range of a few fractional multiples none of which python-jsonschema takes (it
        divides floats: ``0.29 / 0.01`` is ``28.999999999999996``)."""
        assert self.kmin is not None
        assert self.kmax is not None
        if self._unsure or self.kmax - self.kmin >= SAFE_WALK or self._safe is not None:
            return
        m = next(m for m in self.multiples if isinstance(m, float))
        value = self._multiple(float(self.kmin * self.step))  # type: ignore[operator]
        raise UnsatisfiableSchemaError(
            f"no multiple of {m} within the bounds at {show_pointer(path)} is one that validators "
            f"take: python-jsonschema divides floats, and {value} / {m} is {value / m}; fix: widen "
            "the bounds or use a multipleOf that floats hold exactly (0.5, 0.25)",
            path=path,
        )

    def surely(self, sure: object) -> bool:
        """Whether `gen` surely returns (see `_nodes.surely`): a multiple of integers is clamped
        into its bounds and divides exactly; a number falls back on a closed bound, on a value one
        step inside an open one, or on the midpoint of two open ones when one lies between them.
        Fractional multiples may miss (floats divide inexactly)."""
        if self._unsure:
            return False
        if self.step is not None:
            return all(type(m) is int for m in self.multiples) or self._safe is not None
        low, high = self.low, self.high
        if low is None or high is None or not (self.low_open and self.high_open):
            return True
        return bool(low < (low + high) / 2 < high)  # `_fallbacks`'s midpoint, as it computes it

    def _nonempty(self) -> bool:
        assert self.low is not None
        assert self.high is not None
        if self.low_open or self.high_open:
            return self.low < self.high
        return self.low <= self.high

    def gen(self, st: State, hint: str) -> Any:
        if self._unsure:
            st.unsure = True
        target = self._target(st, hint)
        if self.step is None:
            return self._real(st, target)
        if not self.multiples:  # plain integers: _float_ok has nothing to check
            return self._multiple(target)
        for _ in range(_TRIES):
            value = self._multiple(target)
            if self._float_ok(value):
                return value
            target += float(self.step) * st.rng.randint(1, 9)
        if self._safe is None:
            raise Retry
        return self._safe

    @cached_property
    def _safe(self) -> int | float | None:
        """A multiple within the bounds that both validators take, found by a short walk from a
        bound (or from zero): what `gen` falls back on when its drawn ones all divide inexactly."""
        if self._unsure:  # values far out, each checked whole
            return None
        low = -math.inf if self.kmin is None else self.kmin
        high = math.inf if self.kmax is None else self.kmax
        start = int(min(max(0, low), high))  # the multiple nearest zero
        toward = 1 if start < high else -1
        for k in range(start, start + toward * SAFE_WALK, toward):
            if not low <= k <= high:
                break
            value = self._multiple(float(k * self.step))  # type: ignore[operator]
            if self._float_ok(value):
                return value
        return None

    def _target(self, st: State, hint: str) -> float:
        try:
            return self._drawn_target(st, hint)
        except OverflowError:  # a bound past the range of floats (10**400): drawn in integers
            return self._huge_target(st)

    def _huge_target(self, st: State) -> int:
        """A target near bounds too big for floats, in integer arithmetic (Python's are exact)."""
        low = None if self.low is None else math.ceil(self.low)
        high = None if self.high is None else math.floor(self.high)
        if low is not None and high is not None:
            return low + st.rng.randrange(max(high - low, 0) + 1)
        if low is not None:
            return low + st.rng.randrange(100)
        assert high is not None
        return high - st.rng.randrange(100)

    def _drawn_target(self, st: State, hint: str) -> float:
        realm = self.in_place or (_realistic.number_range(hint) if hint else None)
        lo, hi = realm if st.realistic and realm else (0, 100)
        if self.low is None and self.high is None:
            return st.rng.uniform(lo, hi)
        if self.low is not None and self.high is not None:
            if self.low <= lo and hi <= self.high:
                return st.rng.uniform(lo, hi)
            return st.rng.uniform(self.low, self.high)
        if self.low is not None:
            return self.low + st.rng.uniform(0, max(hi - lo, 1))
        assert self.high is not None
        return self.high - st.rng.uniform(0, max(hi - lo, 1))

    def _multiple(self, target: float) -> int | float:
        assert self.step is not None
        if self.step == 1:  # integers: the same k as the Fraction path, without building one
            k = round(target)
            k = k if self.kmin is None else max(k, self.kmin)
            return k if self.kmax is None else min(k, self.kmax)
        k = round(Fraction(target) / self.step)
        if self.kmin is not None:
            k = max(k, self.kmin)
        if self.kmax is not None:
            k = min(k, self.kmax)
        exact = k * self.step
        if exact.denominator == 1:
            return int(exact)
        return float(exact)

    def _float_ok(self, value: float) -> bool:
        """Whether both validators take ``value`` as a multiple of each fractional ``multipleOf``:
        python-jsonschema divides floats (``value / m`` must come out integral), jsonschema-rs
        allows for rounding (and differs from it far from zero)."""
        for m in self.multiples:
            if isinstance(m, float) or isinstance(value, float):
                quotient = value / m
                if not math.isfinite(quotient) or int(quotient) != quotient or not rs_multiple(m)(value):
                    return False
        return True

    def _real(self, st: State, target: float) -> int | float:
        cents = st.rng.random() < 0.7
        value: int | float = round(target, 2) if cents or abs(target) < 1 else round(target)  # 0.18, not 0
        value = float(f"{target:.2g}") if abs(target) < 0.1 else value  # 0.0034, not 0.0
        if self._inside(value):
            return value
        for candidate in self._fallbacks(target):
            if self._inside(candidate):
                return candidate
        raise Retry

    def _fallbacks(self, target: float) -> list[float]:
        low, high = self.low, self.high
        if low is not None and high is not None:
            return [target, (low + high) / 2, low, high]
        if low is not None:
            return [target, low + 1, math.nextafter(low, math.inf), low]
        assert high is not None
        return [target, high - 1, math.nextafter(high, -math.inf), high]

    def _inside(self, value: float) -> bool:
        if self.low is not None and (value < self.low or (self.low_open and value == self.low)):
            return False
        return self.high is None or not (value > self.high or (self.high_open and value == self.high))


_ONE = Fraction(1)
"""The step of plain integers."""


def _inward(bound: float | None, exclusive: bool, step: int) -> float | None:
    """An integer range's exclusive integral bound made inclusive, one step in."""
    if bound is None or not exclusive or (isinstance(bound, float) and not bound.is_integer()):
        return bound
    return int(bound) + step


def _open_bounds(
    low: float | None, high: float | None, low_open: bool, high_open: bool, step: Fraction | None
) -> tuple[float | None, float | None]:
    """For a discrete range, turn exclusive bounds into inclusive ones (nudged one step in)."""
    if step is None:
        return low, high
    if low is not None and low_open and Fraction(low) % step == 0:
        low = Fraction(low) + step  # type: ignore[assignment]
    if high is not None and high_open and Fraction(high) % step == 0:
        high = Fraction(high) - step  # type: ignore[assignment]
    return low, high


class StringNode:
    """Strings: a format, a pattern (built from the regex), or realistic text; within lengths."""

    def __init__(
        self,
        *,
        min_length: int,
        max_length: int | None,
        pattern: Gen | None,
        checks: Sequence[Search],
        fmt: str | None,
        path: str,
        source: str | None = None,
        exact: bool = False,
        encoded: str | None = None,
        joined: Sequence[Gen] = (),
        asserted: bool = True,
        refusals: Sequence[Callable[[Any], bool]] = (),
    ) -> None:
        """``asserted``: the validators check ``fmt`` (else, an annotation, it is a last resort's);
        ``refusals``: checks no string may meet (the schemas of its ``not``s: the ways of an
        unchecked format's free text, or a format's unusual values, are tried before giving up);
        ``exact``: every string the one ``pattern`` builds matches it (`_regex.exact`);
        ``encoded``: a format of `ENCODED` the schema names, made when the string is free-form;
        ``joined``: one generator per pattern when there are several (an ``allOf`` of patterns)."""
        if max_length is not None and min_length > max_length:
            raise UnsatisfiableSchemaError(
                f"minLength {min_length} exceeds maxLength {max_length} at {show_pointer(path)}; "
                "fix: make them overlap",
                path=path,
            )
        if min_length > MAX_LENGTH:
            raise SchemaError(
                f"minLength {show_count(min_length)} at {show_pointer(path)} is more than the {MAX_LENGTH:,} "
                "characters synthworld builds in one string; fix: lower minLength",
                path=path,
            )
        if fmt in LENGTHS and asserted:
            _check_format_lengths(fmt, min_length, max_length, path)
        self.min_length, self.max_length = min_length, max_length
        self.pattern, self.checks, self.fmt, self.source = pattern, tuple(checks), fmt, source
        self.joined, self._asserted, self.refusals = tuple(joined), asserted, tuple(refusals)
        self._realism = PatternRealism.of(source) if fmt is None and not joined else None
        self._format = None if fmt is None else FORMATS[fmt]
        unbounded = min_length == 0 and max_length is None
        self._free_form = pattern is None and not checks and unbounded and not refusals
        if self._format is None and encoded is not None and self._free_form:
            self._format = ENCODED[encoded]  # any string is valid: text its readers can decode
        self._exact = exact and fmt is None and unbounded
        """Its pattern's first string is the answer: nothing else to fit or check."""
        self._decimal = fmt is None and source is not None and _decimal(self.checks)
        """Its pattern is a decimal number's (pydantic's ``Decimal``): plain decimal text fits."""
        self._unsure = fmt is not None and not (pattern is None and not checks and unbounded)
        """A format value fitted to lengths or a pattern is checked by python-jsonschema's format
        checker only, which is laxer than jsonschema-rs's for some formats."""

    def gen(self, st: State, hint: str) -> str:
        if self._unsure:
            st.unsure = True
        if st.realistic and self.fmt is None and hint and _realistic.is_money(hint):
            for text in _realistic.money_texts(st.rng, hint):  # a price as text: "84.50"
                if self._ok(text):
                    return text
        if st.realistic and self._decimal:  # a decimal that is no money: "12.5", not "+21288e931"
            for text in _realistic.decimal_texts(st.rng, hint):
                if self._ok(text):
                    return text
        wanted, named = None, st.realistic and self._realism is not None and says_what_it_holds(hint)
        if st.realistic and self._realism is not None:  # "^\\S+@\\S+$" on "email": not "G@_"
            wanted = self._free(st, hint) if self._realism.wants(hint, named) else None
            for text in self._realism.candidates(st.rng, st.locale, wanted, self.max_length, hint):
                if self._ok(text):
                    return text
        if self._free_form:  # nothing to check or fit: the first draw is the answer
            return self._free(st, hint) if self._format is None else self._format(st.rng, st.now)
        empties, tries = (EMPTIES if wanted and named else 0), 0  # a named field's optional group
        while tries < _TRIES:  # an empty draw drawn again counts no try: the draws after are as before
            text = self._draw(st, hint)
            if not (self._ok(text) and self._formatted(text)):
                tries += 1
            elif text or not empties:
                return next((url for url in grafted(text, wanted or "") if self._ok(url)), text)
            else:
                empties -= 1
        for text in self._harder(st):  # lengths and formats the typical draws rarely reach
            if self._ok(text) and self._has_format(text):
                return text
        raise Retry

    def surely(self, sure: object) -> bool:
        """Whether `gen` surely returns (see `_nodes.surely`): without a pattern or a format
        fitted to lengths, the first draw is fitted to the lengths and is the answer; so it is
        with one pattern whose every string matches it, and no length or format."""
        if self.refusals:
            return False
        if self._exact:
            return True
        return self.pattern is None and not self.checks and (self.fmt is None or self._free_form)

    def _harder(self, st: State) -> Iterator[str]:
        """Candidates aimed at the bounds: the pattern with shorter and longer repeats, format
        values of a drawn length, format values carrying the pattern's literal prefix (or as
        made, when it has none: ``^\\d{4}`` on a date-time). Only where they can help: a length
        bound, or a format with a pattern."""
        bounded = self.min_length > 0 or self.max_length is not None
        if self.source is not None and bounded:
            longest = max(16, 2 * self.min_length)
            for extra in (0, 1, *(e for e in (16, 64, 256, 1024, 4096) if e <= longest), longest):
                stretched = compile_pattern(self.source, min(extra, _MAX_STRETCH))[0]
                for _ in range(_STRETCH_DRAWS):
                    yield stretched(st.rng, {})
        prefix = literal_prefix(self.source) if self.source is not None else ""
        if self.fmt is not None and (bounded or self.source is not None):
            sized, made = SIZED.get(self.fmt), FORMATS[self.fmt]
            for _ in range(_TRIES):
                if sized is not None:
                    text = sized(st.rng, self.min_length, self.max_length)
                    if text is not None:
                        yield text
                text = made(st.rng, st.now)
                yield prefix + text[len(prefix) :] if prefix else text
        ahead = lookahead_pattern(self.source) if self.source is not None else None
        if ahead is not None:  # last: values the draws above found before stay as they were
            for _ in range(_TRIES):
                yield ahead(st.rng, {})
        order = list(self.joined)
        for _ in range(_TRIES if order else 0):  # a match of each pattern in turn: "a" and "b", "ab"
            yield "".join(each(st.rng, {}) for each in order)
            st.rng.shuffle(order)  # "^a", "c", "b$" want another order than the schema's
        if self.source is not None and bounded and self.fmt is None:  # last: built to a drawn length
            yield from sized_draws(self.source, self.min_length, self.max_length, st.rng, _TRIES)
        if not self._asserted and self.source is not None:  # a format no validator checks: any text
            yield from sized_draws(self.source, self.min_length, self.max_length, st.rng, _TRIES)
        for _ in range(0 if self._asserted or self.source is not None else _TRIES):
            yield self._fit(st, self._free(st, ""))
        for text in ("", self._free(st, "")[:1]) if self.refusals and self.fmt is None else ():
            yield self._fit(st, text)  # last: the shortest texts, which a not of long ones leaves
        if self.fmt is not None:  # last: a short or odd value, another format's, one fitted
            others = [rx.fmt for rx in self.checks if isinstance(rx, FormatSearch)]
            lengths, fit = (self.min_length, self.max_length), partial(self._fit, st)
            yield from unusual(
                [self.fmt, *others],
                st.rng,
                st.now,
                fit=fit,
                source=self.source,
                lengths=lengths,
                tries=_TRIES,
                asserted=self._asserted,
            )

    def _ok(self, text: str) -> bool:
        """Whether ``text`` is within the lengths, matches every pattern and meets no refusal."""
        if not self._fits(text) or not all(rx.search(text) for rx in self.checks):
            return False
        return not any(refuses(text) for refuses in self.refusals)

    def _has_format(self, text: str) -> bool:
        return self.fmt is None or not self._asserted or _conforms(text, self.fmt)

    def _formatted(self, text: str) -> bool:
        """A string built from a pattern must still have the schema's format."""
        return self.pattern is None or self._has_format(text)

    def _fits(self, text: str) -> bool:
        size = len(text)
        return size >= self.min_length and (self.max_length is None or size <= self.max_length)

    def _draw(self, st: State, hint: str) -> str:
        if self.pattern is not None:
            return self.pattern(st.rng, {})
        if self._format is not None:
            return self._format(st.rng, st.now)
        return self._fit(st, self._free(st, hint))

    def _free(self, st: State, hint: str) -> str:
        if not st.realistic:
            return _draw.text(st.rng, string.ascii_letters, 1 + _draw.below(st.rng, 12))  # randint(1, 12)
        return named_text(st.rng, st.locale, st.now, hint)

    def _fit(self, st: State, text: str) -> str:
        missing = self.min_length - len(text)
        if missing > 0:
            text += _draw.padding(st.rng, missing)
        if self.max_length is not None and len(text) > self.max_length:
            text = text[: self.max_length]
        return text


def _check_format_lengths(fmt: str, low: int, high: int | None, path: str) -> None:
    """Refuse length bounds that no value of the format can have, naming both."""
    shortest, longest = LENGTHS[fmt]
    if (high is None or high >= shortest) and (longest is None or low <= longest):
        return
    bounds = " and ".join(
        f"{name} {value}"
        for name, value in (("minLength", low or None), ("maxLength", high))
        if value is not None
    )
    if shortest == longest:
        most = f"exactly {shortest}"
    else:
        most = f"at least {shortest}" if longest is None else f"{shortest} to {longest}"
    raise UnsatisfiableSchemaError(
        f"format {fmt!r} with {bounds} at {show_pointer(path)}: its values have {most} characters; fix: "
        "widen the bounds or drop the format",
        path=path,
    )
