"""The `Redactor`: a policy that masks secret keys' values in structures and secret-looking text in
strings (see the package docstring for what it masks)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from synthworld._redact.literals import literal_alternation
from synthworld._redact.rules import (
    DEFAULT_SECRET_KEYS,
    DEFAULT_SECRET_PATTERNS,
    KNOWN,
    MASK,
    MIN_SECRET_LENGTH,
    SecretKeys,
    key_text,
    secret_keys,
)
from synthworld._redact.shapes import NAME_KEYS, VALUE_KEYS, named_secret, secret_pairs

__all__ = ["Redactor"]

# name=value, name: value, "name": "value" (the value quoted, a bare word, or an auth scheme + token).
# A name and its separator are tried only where a run of name characters begins (its leading digits,
# dots and dashes skipped): a later start in the same run finds the same separator, so it fails as
# the first did, but trying each start of a megabyte-long run (an agent's parameter name) took hours.
# The value is read only after a secret name: read after every name, ``a=a=a=...`` read to its end
# at each ``=`` (40 KB took 32 s).
_NAME_SEP = re.compile(
    r"(?<![A-Za-z0-9_.-])[0-9.-]*(?P<key>[A-Za-z_][A-Za-z0-9_.-]*)(?P<sep>[\"']?[ \t]*[:=][ \t]*)"
)
_VALUE = re.compile(
    r"\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'"
    r"|(?:(?:[Bb]earer|[Bb]asic|[Tt]oken|[Dd]igest)[ \t]+)?[^\s,;&#\"'<>{}\[\]()]+"
)

_NAMED_REACH = 8
"""Characters at most between a named entry's secret name and its ``value`` key (``", "``)."""


class Redactor:
    """Masks secret keys' values and secret-looking text, recursively; a pure function of its input.

    ``keys``: key patterns (see the package docstring). ``patterns``: regular expressions masked in
    every string (the group ``secret`` if the pattern has one, else the whole match).
    ``secrets``: exact values to mask wherever they appear. ``mask``: what replaces them.
    ``Redactor(keys=(), patterns=())`` masks only registered secrets.
    """

    def __init__(
        self,
        keys: Iterable[str] = DEFAULT_SECRET_KEYS,
        *,
        patterns: Iterable[str] = DEFAULT_SECRET_PATTERNS,
        secrets: Iterable[str] = (),
        mask: str = MASK,
    ) -> None:
        self.keys = tuple(keys)
        self.patterns = tuple(patterns)
        self.secrets = tuple(s for s in secrets if s)
        self.mask = mask
        self._keys = secret_keys(self.keys)
        self._any_keys = any(map(key_text, self.keys))
        listed = literal_alternation(self.secrets)  # the longest first, as a trie: see `literals`
        alternatives = [
            *([listed] if listed is not None else []),
            *(p.replace("(?P<secret>", f"(?P<secret{n}>") for n, p in enumerate(self.patterns)),
        ]
        self._values = re.compile("|".join(f"(?:{p})" for p in alternatives)) if alternatives else None
        self._key_texts: dict[str, str] = {}  # keys as written (see `_key`), while `_known` holds
        self._known = KNOWN.pattern

    def __repr__(self) -> str:
        return f"Redactor(keys={self.keys!r}, patterns=<{len(self.patterns)}>, mask={self.mask!r})"

    def extended(self, *, keys: Iterable[str] = (), secrets: Iterable[str] = ()) -> Redactor:
        """This policy with more secret keys and values."""
        return Redactor(
            (*self.keys, *keys), patterns=self.patterns, secrets=(*self.secrets, *secrets), mask=self.mask
        )

    def for_call(self, call_input: Any) -> Redactor:
        """This policy, also masking wherever they reappear the strings `call_input` holds under
        secret keys (an answer that says "signed in with <the password>")."""
        return self.for_calls([call_input])

    def for_calls(self, call_inputs: Iterable[Any]) -> Redactor:
        """`for_call` of several calls at once (one pattern made, not one per call): what one
        call's input held under a secret key is masked in every other call too (a password given
        to ``login`` that a later answer repeats)."""
        found = self.secrets_in(call_inputs)
        return self.extended(secrets=found) if found else self

    def secrets_in(self, call_inputs: Iterable[Any]) -> list[str]:
        """The strings (of at least ``MIN_SECRET_LENGTH`` characters) these call inputs hold
        under secret keys, at any depth."""
        found: list[str] = []
        stack = [(call_input, False) for call_input in call_inputs]
        while stack:
            value, under_secret = stack.pop()
            if isinstance(value, dict):
                named = named_secret(value, self.is_secret)
                stack += [(v, under_secret or self._holds_secret(k, named)) for k, v in value.items()]
            elif isinstance(value, (list, tuple)):
                pairs = secret_pairs(value, self.is_secret)
                stack += [(v, under_secret) for v in value]
                stack += [(value[i][1], True) for i, secret in enumerate(pairs) if secret]
            elif under_secret and isinstance(value, str) and len(value) >= MIN_SECRET_LENGTH:
                found.append(value)
        return found

    def masking_too(self, secrets: Iterable[str]) -> Callable[[Any], Any]:
        """This policy as a function that also masks `secrets` (those earlier calls were given)
        wherever a value holds them. A value is first searched for each of them, and the policy
        extended only with those it holds: a world's hundreds of secrets cost a search each, not
        a pattern made anew for every value."""
        listed = tuple(s for s in secrets if s)

        def mask(value: Any) -> Any:
            text = "\0".join(_strings(value))
            held = [secret for secret in listed if secret in text]
            return (self.extended(secrets=held) if held else self)(value)

        return mask

    def _holds_secret(self, key: Any, named: bool) -> bool:
        """Whether a dict's `key` holds a secret (`named`: the dict is a secret named entry)."""
        return isinstance(key, str) and (self.is_secret(key) or (named and key in VALUE_KEYS))

    def is_secret(self, key: str) -> bool:
        """True when `key` names a value to mask."""
        return self._keys(key)

    def __call__(self, value: Any) -> Any:
        """A copy of `value` with every secret masked (dicts, lists and strings; others as they are).

        Masked are the values of secret keys, of named entries and pairs (see `shapes`), and
        secret-looking text in strings and in keys (``{"sk-...": ...}``; keys that mask alike are
        numbered, so none is lost). Walks with an explicit stack, so values nested deeper than
        Python's recursion limit copy too."""
        copy = self._shallow(value)
        stack = [(value, copy)] if isinstance(value, (dict, list, tuple)) else []
        while stack:
            source, target = stack.pop()
            if isinstance(source, dict):
                named = named_secret(source, self.is_secret)
                for key, item in source.items():
                    out_key = self._key(key, target)
                    if self._holds_secret(key, named):
                        target[out_key] = self.mask
                        continue
                    target[out_key] = child = self._shallow(item)
                    if isinstance(item, (dict, list, tuple)):
                        stack.append((item, child))
                continue
            pairs = secret_pairs(source, self.is_secret)
            for index, item in enumerate(source):
                if pairs and pairs[index]:
                    target[index] = [self.text(item[0]), self.mask]
                    continue
                target[index] = child = self._shallow(item)
                if isinstance(item, (dict, list, tuple)):
                    stack.append((item, child))
        return copy

    def _key(self, key: Any, target: dict[Any, Any]) -> Any:
        """`key` as written: a string with its secret-looking text masked, numbered when another
        key of `target` already masks to the same text (``[REDACTED]``, ``[REDACTED] (2)``)."""
        if not isinstance(key, str):
            return key
        if self._known is not KNOWN.pattern:  # a secret registered since: keys mask anew
            self._key_texts, self._known = {}, KNOWN.pattern
        masked = self._key_texts.get(key)
        if masked is None:
            masked = self.text(key)
            if len(key) <= SecretKeys.CACHED_LENGTH:
                if len(self._key_texts) >= SecretKeys.CACHE_SIZE:
                    self._key_texts.clear()
                self._key_texts[key] = masked
        if masked not in target:
            return masked
        number = 2
        while f"{masked} ({number})" in target:
            number += 1
        return f"{masked} ({number})"

    def _shallow(self, value: Any) -> Any:
        """A masked string, an empty container to fill (list for list and tuple), or `value`."""
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, dict):
            return {}
        if isinstance(value, (list, tuple)):
            return [None] * len(value)
        return value

    def text(self, text: str) -> str:
        """`text` with registered secrets, value patterns and secret ``name=value`` pairs masked."""
        known = KNOWN.pattern
        if known is not None:
            text = known.sub(self.mask, text)
        if self._values is not None:
            text = self._values.sub(self._masked_match, text)
        if self._any_keys and ("=" in text or ":" in text):
            text = self._masked_pairs(text)
        return text

    def _masked_match(self, match: re.Match[str]) -> str:
        group = next((name for name, found in match.groupdict().items() if found is not None), None)
        if group is None:
            return self.mask
        whole, offset = match.group(0), match.start()
        start, end = match.span(group)
        return whole[: start - offset] + self.mask + whole[end - offset :]

    def _masked_pairs(self, text: str) -> str:
        """`text` with the value of every secret ``name=value`` pair masked.

        A pair whose name is no secret is passed over at its separator, not its value: that value
        may hold the next pair (``tool 'login': $.password: 'hunter2'``). A named entry written
        out (``{"name": "X-Api-Key", "value": "..."}`` in a JSON body, ``name=DB_PASSWORD&value=...``)
        masks the value that follows its secret name."""
        out: list[str] = []
        done = pos = 0
        named_end = -_NAMED_REACH - 1  # where the last name that is a secret key ended
        while (match := _NAME_SEP.search(text, pos)) is not None:
            pos, key = match.end(), match["key"]
            secret = self.is_secret(key) or (key in VALUE_KEYS and match.start() - named_end <= _NAMED_REACH)
            if not secret and key in NAME_KEYS:
                name = _VALUE.match(text, pos)
                if name is not None and self.is_secret(name.group().strip("\"'")):
                    named_end = name.end()
            value = _VALUE.match(text, pos) if secret else None
            if value is None:
                continue
            quote = value.group()[0] if value.group()[:1] in ("'", '"') else ""
            out += [text[done:pos], quote, self.mask, quote]
            done = pos = value.end()
        return "".join(out) + text[done:] if out else text


def _strings(value: Any) -> Iterator[str]:
    """Every string in `value` (keys too), at any depth."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            yield item
        elif isinstance(item, dict):
            stack += [*(k for k in item if isinstance(k, str)), *item.values()]
        elif isinstance(item, (list, tuple)):
            stack += item
