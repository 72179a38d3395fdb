"""String nodes: a format, a pattern or realistic text, within lengths."""

from __future__ import annotations

import json
import string
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from random import Random
from typing import Any

import jsonschema

from synthworld.errors import SchemaError, UnsatisfiableSchemaError, show_count, show_pointer
from synthworld.schema import _draw, _realistic
from synthworld.schema._format_edges import unusual
from synthworld.schema._formats import ENCODED, FORMATS, FormatSearch
from synthworld.schema._named_strings import named_text, says_what_it_holds
from synthworld.schema._nodes import MAX_LENGTH, Retry, State
from synthworld.schema._realistic_patterns import EMPTIES, PatternRealism, grafted, headed, led_text
from synthworld.schema._regex import Gen, Search, compile_pattern, literal_prefix, lookahead_pattern
from synthworld.schema._regex_sized import sized_draws
from synthworld.schema._rs_formats import rfc_conforms
from synthworld.schema._sized import LENGTHS, SIZED

__all__ = ["StringNode"]

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


def _json_text(content: Any, st: State, hint: str) -> str | None:
    """A value of the `content` node written as JSON text, or None when none is made (a content
    schema no value meets: the string, which any text satisfies, is drawn as usual)."""
    try:
        return json.dumps(content.gen(st, hint), ensure_ascii=False)
    except (Retry, SchemaError, UnsatisfiableSchemaError):
        return None


def _conforms(text: str, fmt: str) -> bool:
    """Whether a string built from a pattern also has the schema's format."""
    return bool(_FORMAT_CHECKER.conforms(text, fmt))


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
        sources: Sequence[str] = (),
        asserted: bool = True,
        refusals: Sequence[Callable[[Any], bool]] = (),
        content: Any = None,
    ) -> None:
        """``asserted``: the validators check ``fmt`` (else, an annotation, it is a last resort's);
        ``refusals``: checks no string may meet (the schemas of its ``not``s: the ways of an
        unchecked format's free text, or a format's unusual values, are tried before giving up);
        ``exact``: every string the one ``pattern`` builds matches it (`_regex.exact`);
        ``encoded``: a format of `ENCODED` the schema names, made when the string is free-form;
        ``joined``: one generator per pattern when there are several (an ``allOf`` of patterns),
        ``sources`` their patterns; ``content``: the node of the JSON the string holds
        (``contentMediaType: application/json``), written out as the string when it is free-form."""
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
        self._sources = tuple(sources)
        self._realism = PatternRealism.of(source) if fmt is None and not joined else None
        self._led = led_text(source) if source is not None and not joined else None
        """The fixed text its pattern builds, open at the start (`led_text`), or None."""
        self._format = None if fmt is None else FORMATS[fmt]
        unbounded = min_length == 0 and max_length is None
        self._free_form = pattern is None and not checks and unbounded and not refusals
        if self._format is None and encoded is not None and self._free_form:
            self._format = ENCODED[encoded]  # any string is valid: text its readers can decode
        self._content = content if self._format is None and self._free_form else None
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
        if st.realistic and self._led is not None:  # "@example\\.com$": not "@example.com" every time
            text = headed(st.rng, st.locale, self._led, self.max_length)
            if self._ok(text) and self._has_format(text):
                return text
        if self._content is not None:  # any string is valid: JSON text its readers can parse
            held = _json_text(self._content, st, hint)
            if held is not None:
                return held
        if self._free_form:  # nothing to check or fit: the first draw is the answer
            return self._free(st, hint) if self._format is None else self._format(st.rng, st.now)
        empties, tries = (EMPTIES if wanted and named else 0), 0  # a named field's optional group
        lax: str | None = None  # the first draw of the format by python-jsonschema's reading alone
        while tries < _TRIES:  # an empty draw drawn again counts no try: the draws after are as before
            text = self._draw(st, hint)
            if not (self._ok(text) and self._formatted(text)):
                tries += 1
            elif not self._rfc_formatted(text):
                lax, tries = text if lax is None else lax, tries + 1
            elif text or not empties:
                return next((url for url in grafted(text, wanted or "") if self._ok(url)), text)
            else:
                empties -= 1
        if lax is not None:
            return next((url for url in grafted(lax, wanted or "") if self._ok(url)), lax)
        for text in self._harder(st):  # lengths and formats the typical draws rarely reach
            if self._ok(text) and self._has_format(text):
                return text
        err = Retry()
        err.reason = self.unfound
        raise err

    def unfound(self) -> str:
        """What `gen` kept failing on (its `Retry`'s reason)."""
        wants = [f"pattern {self.source!r}"] if self.source is not None else []
        if self.checks and self.source is None:
            wants.append("its patterns")
        if self.fmt is not None:
            wants.append(f"format {self.fmt!r}")
        if self.min_length or self.max_length is not None:
            wants.append(
                f"length {self.min_length} to {'any' if self.max_length is None else self.max_length}"
            )
        if self.refusals:
            wants.append("none of its nots")
        wanted = ", ".join(wants) or "its keywords"
        return f"no string drawn in {_TRIES} tries (and its harder draws) had {wanted}"

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
            cap = longest if self.max_length is None else self.max_length
            for extra in (0, 1, *(e for e in (16, 64, 256, 1024, 4096) if e <= longest), longest):
                stretched, drawn = compile_pattern(self.source, min(extra, _MAX_STRETCH))[0], 0
                for _ in range(_STRETCH_DRAWS):
                    long = stretched(st.rng, {})
                    drawn = max(drawn, len(long))
                    yield long
                if drawn > cap:  # past the lengths already: a nested repeat stretched again has
                    break  # extra ** 2 characters ("^[a-z]+(-[a-z]+)*$" at 10,000: hours)
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
        yield from self._sized_prefixed(st, _forked(st.rng), prefix, bounded)
        yield from self._last(_forked(st.rng))

    def _sized_prefixed(self, st: State, rng: Random, prefix: str, bounded: bool) -> Iterator[str]:
        """Values of the format built to a drawn length (else made, then cut or padded to the
        lengths), under the pattern's literal prefix: the two apart (a sized value, a full one
        prefixed) never met ``{format: email, pattern: "^am", maxLength: 15}``, refused. Drawn from
        ``rng``, a copy of the call's, after all others."""
        if self.fmt is None or not prefix or not bounded:
            return
        sized, made = SIZED.get(self.fmt), FORMATS[self.fmt]
        for _ in range(_TRIES):
            text = None if sized is None else sized(rng, self.min_length, self.max_length)
            if text is None:
                text = made(rng, st.now)
            text = prefix + text[len(prefix) :]
            missing = self.min_length - len(text)
            yield (text + _draw.padding(rng, missing) if missing > 0 else text)[: self.max_length]

    def _last(self, rng: Random) -> Iterator[str]:
        """Candidates tried after all others, drawn from ``rng``, a copy of the call's (a miss
        leaves the draws after it as they were): texts led by ``_`` or a space for a ``not`` of a
        format with fixed lengths (a hostname, an email, a URI...: none), then each later
        pattern's own strings (``^\\S+$`` and ``^\\d{3}-\\d{4}$``), then each pattern's with the fixed
        start and end of the others laid over them (``^.{5}$`` and ``llo$``: ``abllo``)."""
        for mark in "_ " if self.refusals and self.fmt is None else "":
            text = mark + _draw.text(rng, string.ascii_letters, 1 + _draw.below(rng, 12))
            missing = self.min_length - len(text)
            yield (text + _draw.padding(rng, missing) if missing > 0 else text)[: self.max_length]
        for each in self.joined[1:]:
            for _ in range(_TRIES):
                yield each(rng, {})
        ends = [(literal_prefix(p), led_text(p) or "") for p in self._sources]
        for each in self.joined if any(head or tail for head, tail in ends) else ():
            for _ in range(_TRIES):  # a match of one, the others' fixed start and end laid over it
                yield _laid_over(each(rng, {}), ends)

    def _ok(self, text: str) -> bool:
        """Whether ``text`` is within the lengths, matches every pattern and meets no refusal."""
        if not self._fits(text):
            return False
        for rx in self.checks:  # a loop, not `all` of a generator: every drawn string passes here
            if not rx.search(text):
                return False
        return not (self.refusals and any(refuses(text) for refuses in self.refusals))

    def _has_format(self, text: str) -> bool:
        return self.fmt is None or not self._asserted or _conforms(text, self.fmt)

    def _formatted(self, text: str) -> bool:
        """A string built from a pattern must still have the schema's format."""
        return self.pattern is None or self._has_format(text)

    def _rfc_formatted(self, text: str) -> bool:
        """A string built from a pattern has the format by its RFC too where it can: zod's email
        pattern builds ``K@Y-.FNL.Fjb``, an email to python-jsonschema alone (Ajv refuses it)."""
        return self.pattern is None or self.fmt is None or rfc_conforms(text, self.fmt)

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
        return named_text(st.rng, st.locale, st.now, hint, (self.min_length, self.max_length))

    def _fit(self, st: State, text: str) -> str:
        missing = self.min_length - len(text)
        if missing > 0:
            text += _draw.padding(st.rng, missing)
        if self.max_length is not None and len(text) > self.max_length:
            text = text[: self.max_length]
        return text


def _laid_over(text: str, ends: Sequence[tuple[str, str]]) -> str:
    """``text`` with each fixed start and end of ``ends`` written over its own first and last
    characters (its length kept where it is long enough)."""
    for head, tail in ends:
        if head:
            text = head + text[len(head) :]
        if tail:
            text = text[: max(len(text) - len(tail), 0)] + tail
    return text


def _forked(rng: Random) -> Random:
    """A copy of ``rng``: its draws leave ``rng``'s own as they were."""
    fork = Random()
    fork.setstate(rng.getstate())
    return fork


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
