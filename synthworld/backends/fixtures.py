"""``FixtureBackend``: replay a world's recorded answers; record misses from a fallback backend.

Generate once with any backend, replay deterministically in CI::

    world = SyntheticWorld(backend=FixtureBackend("tests/cassettes/agent.yaml", fallback=LLMBackend(...)))

The first run (no cassette yet, default mode ``once``) asks the fallback and records every answer;
later runs replay them and never call the fallback. See `synthworld.cassette` for the modes.
"""

from __future__ import annotations

import dataclasses
import os
import sys
import threading
import weakref
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from synthworld._json import canonical_json, find_json_problems, json_copy
from synthworld._redact import MASK, RedactOption, Redactor, as_redactor, get_redactor
from synthworld.backends.base import Answer, Backend, BackendLike, as_backend, unwrap
from synthworld.cassette import (
    CassetteDriftWarning,
    CassetteStore,
    Fingerprint,
    Interaction,
    LeftJournalWarning,
    MatchLike,
    RecordMode,
    ReplayIndex,
    as_matcher,
)
from synthworld.cassette.format import interaction_problems
from synthworld.cassette.masked import fill_masked
from synthworld.cassette.modes import left_journal_note
from synthworld.cassette.problems import at, interaction_line
from synthworld.cassette.store import Signature, rerecord_of
from synthworld.errors import BackendError, CassetteError, FixtureMissError, ToolError, warn_user

if TYPE_CHECKING:
    from synthworld.backends.base import CallContext
    from synthworld.spec import ToolSpec
    from synthworld.trace import ToolCall, Trace

__all__ = ["FixtureBackend"]

_SCENARIO_FALLBACK = "'fallback: random' under backend"
_RECORD_MORE = (
    "record it with mode='new_episodes' (a scenario file: synthworld run FILE --record-mode "
    "new_episodes; under pytest: --synthworld-record-mode new_episodes)"
)
"""How to record a call the cassette lacks, when the caller gave no ``replay_note``."""
_RERECORD = (
    "mode='all' (a scenario file: synthworld run FILE --record-mode all; under pytest: "
    "--synthworld-record-mode all)"
)
"""How to re-record a cassette, when the caller gave no ``rerecord_note``."""
"""The fallback as a scenario file gives it (miss messages reach scenario runs too)."""


class FixtureBackend:
    """Answers calls from a cassette file; in a recording mode, asks `fallback` and records.

    ``mode``: ``none``, ``once`` (default), ``new_episodes`` or ``all`` (as in VCR.py).
    ``fallback``: any backend, asked on a miss in a recording mode. ``match``: a matcher from
    `synthworld.cassette.matchers`, a function ``(live_input, recorded_input) -> bool``, or a dict of them
    by tool name (default: exact input). ``redact``: True masks the default secret keys before
    anything is written (and in lookups, so redacted recordings still match); a list of key
    names (masked besides the default ones), a function, or None. ``strict``: a tool whose
    schemas changed since recording raises instead of warning. ``allow_repeats``: once a call's
    recorded answers are all played, replay the last one again instead of missing. ``fsync``:
    also flush each recording to the device. ``replay_note``: why this backend only replays and
    how to record, said on a miss (instead of the generic how-to when the cassette is missing):
    an evaluation replaying a scenario whose file asks to record says so. ``rerecord_note``: how
    to re-record the cassette where it is used (``pytest test_x.py::test_y
    --synthworld-record-mode all``), said when its schemas changed since recording.
    """

    name = "fixtures"

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        mode: str | RecordMode = RecordMode.ONCE,
        fallback: BackendLike | None = None,
        match: MatchLike = None,
        redact: RedactOption = True,
        strict: bool = False,
        allow_repeats: bool = False,
        fsync: bool = False,
        replay_note: str | None = None,
        rerecord_note: str | None = None,
    ) -> None:
        self.path = Path(path)
        self.replay_note = replay_note
        self.rerecord_note = rerecord_note or _RERECORD
        self.mode = RecordMode.parse(mode)
        self.fallback: Backend | None = None if fallback is None else as_backend(fallback, name="fallback")
        self.strict = strict
        self._redact = as_redactor(redact)
        self._store = CassetteStore(self.path, fsync=fsync)
        self._lock = threading.Lock()
        self._existed = self.path.exists()
        self.recording = self.mode in (RecordMode.NEW_EPISODES, RecordMode.ALL) or (
            self.mode is RecordMode.ONCE and not self._existed
        )
        cassette, self._signature = self._store.load()
        self._rerecord = rerecord_of(self._signature) if self.mode is RecordMode.ALL else None
        replayable = () if self.mode is RecordMode.ALL else self._masked_now(cassette.interactions)
        self._recorded_tools = {} if self.mode is RecordMode.ALL else dict(cassette.tools)
        self._index = ReplayIndex(replayable, as_matcher(match), allow_repeats=allow_repeats)
        self._checked: set[str] = set()
        self._secrets: dict[str, None] = {}  # every secret value seen in a call's input, in order
        self._scanned: tuple[int, ToolCall | None] = (0, None)  # calls read, and the last of them
        self._dirty = False
        self._finalizer: weakref.finalize[Any, Any] | None = None  # set when recording starts
        recording_on = self.recording and self.mode is not RecordMode.ALL and self._store.journal.exists()
        if recording_on or (self._store.left_in_journal and self.mode is RecordMode.ONCE):
            self._merge_left_journal()  # `once` over a cassette: a local run finishes what was killed
        elif self._store.left_in_journal and self.mode is RecordMode.NONE:
            warn_user(left_journal_note(self.path, self._store.left_in_journal), LeftJournalWarning)

    def _masked_now(self, recorded: Sequence[Interaction]) -> Sequence[Interaction]:
        """`recorded` with each input masked as a live call's input is before it is looked up, when
        redaction is the policy's: a cassette recorded before the policy masked a shape (a header
        list's ``value``, a ``secrets:`` key) still replays. A function of the user's alone decides."""
        if not callable(getattr(self._redact, "for_call", None)):
            return recorded
        masked = [(item, self._redact(item.input)) for item in recorded]
        return [item if now == item.input else dataclasses.replace(item, input=now) for item, now in masked]

    def _merge_left_journal(self) -> None:
        """Merge at close (or exit) the journal a writer killed before its close left: a run that
        replays every call from it records nothing, and its cassette file was never written."""
        self._dirty = True
        self._finalizer = self._compact_when_gone()

    def __repr__(self) -> str:
        return f"FixtureBackend({str(self.path)!r}, mode={self.mode.value!r}, fallback={self.fallback!r})"

    # -- backend protocol -------------------------------------------------------------------

    def prepare(self, spec: ToolSpec) -> None:
        """Check `spec` against the fingerprint it was recorded with; prepare the fallback."""
        self._check_drift(spec)
        prepare = getattr(self.fallback, "prepare", None)
        if callable(prepare):
            prepare(spec)

    def respond(self, ctx: CallContext) -> Any:
        """Replay the matching recorded answer, or (recording) ask the fallback and record it."""
        self._check_drift(ctx.spec)
        policy = self._policy_for(ctx)
        live = self._masked(json_copy(dict(ctx.input)), f"the input of {ctx.spec.name}", policy)
        with self._lock:
            hit = self._index.take(ctx.spec.name, live)
        if hit is not None:
            return self._replay(ctx, hit)
        if not self.recording:
            raise FixtureMissError(self._miss_message(ctx.spec.name, live))
        return self._record_miss(ctx, live, policy)

    # -- results ----------------------------------------------------------------------------

    @property
    def replays_nothing(self) -> bool:
        """Whether every call must miss: the mode only replays (``none``) and neither the
        cassette file nor its journal exists."""
        return not self.recording and not self.path.exists() and not self._store.journal.exists()

    def unplayed(self) -> list[Interaction]:
        """Recorded interactions no call has replayed (stale entries), in cassette order."""
        with self._lock:
            return self._index.unplayed()

    def assert_all_played(self) -> None:
        """Raise `AssertionError` listing the interactions never replayed."""
        stale = self.unplayed()
        if stale:
            lines = "\n".join(f"  {item.describe()}" for item in stale)
            raise AssertionError(
                f"{len(stale)} recorded interactions in {self.path} were never played:\n{lines}"
            )

    def rewind(self) -> None:
        """Replay from the start again (e.g. after ``world.reset()``)."""
        with self._lock:
            self._index.rewind()

    def close(self) -> None:
        """Merge this run's recordings into the cassette file (atomically) and close the fallback;
        safe to call twice."""
        closer = getattr(self.fallback, "close", None)
        if callable(closer):
            closer()
        self._compact()

    def _compact(self) -> None:
        """Merge the journal into the cassette file, once per batch of recordings."""
        with self._lock:
            if not self._dirty:
                return
            since = self._signature if self.mode is RecordMode.ALL else None
            self._store.compact(replace_if_unchanged_since=since, rerecord=self._rerecord)
            self._dirty = False
            self._signature = self._store.signature()
            if self._finalizer is not None:
                self._finalizer.detach()

    def __enter__(self) -> FixtureBackend:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- replay -----------------------------------------------------------------------------

    def _replay(self, ctx: CallContext, hit: Interaction) -> Answer:
        if hit.error is not None:
            raise ToolError.from_dict(dict(hit.error))
        spec, output, valid = ctx.spec, hit.output, ctx.spec.returns_validator.is_valid(hit.output)
        if not valid:
            masks = self._masks()
            valid, output = fill_masked(output, spec.returns_validator, masks=masks, seed=ctx.seed)
        if not valid:
            problems = "; ".join(spec.returns_validator.problems(hit.output))
            line = interaction_line(self.path, hit.index, "output")
            raise BackendError(
                f"{self.path}{at(line)}: recorded interaction {hit.describe(60)} no longer matches the "
                f"returns schema of tool {spec.name!r}: {problems}. Re-record it with {self.rerecord_note}, "
                "or fix the output by hand."
            )
        return Answer(json_copy(output), source=self.name)

    def _masks(self) -> list[str]:
        """What redaction writes in place of a secret (a stand-in replays where a schema rejects it)."""
        return [MASK, get_redactor().mask, str(getattr(self._redact, "mask", MASK))]

    def _check_drift(self, spec: ToolSpec) -> None:
        if spec.name in self._checked:
            return
        self._checked.add(spec.name)
        recorded = self._recorded_tools.get(spec.name)
        changed = recorded.changed(Fingerprint.of(spec)) if recorded else []
        if not changed:
            return
        message = (
            f"{self.path}: tool {spec.name!r} was recorded against other {' and '.join(changed)} "
            "schemas than it has now; its recorded answers may be stale. "
            f"Re-record with {self.rerecord_note}."
        )
        if self.strict:
            raise CassetteError(message)
        warn_user(message, CassetteDriftWarning)

    def _miss_message(self, tool: str, live: Mapping[str, Any]) -> str:
        note = self.replay_note
        if not self._existed and not self._store.journal.exists():
            if note:
                return f"cassette file {self.path} does not exist; {note}"
            return (
                f"cassette file {self.path} does not exist (mode {self.mode.value!r} replays only); "
                "record it with mode='once' and a fallback, e.g. "
                f"FixtureBackend({str(self.path)!r}, mode='once', fallback=RandomBackend()) "
                f"(in a scenario file: {_SCENARIO_FALLBACK}, then run it with --record-mode once; "
                "under pytest: --synthworld-record-mode once)"
            )
        head = (
            f"no recorded interaction in {self.path} matches the call {tool}({_json(live)}) "
            f"(mode {self.mode.value!r})"
        )
        with self._lock:
            detail = self._miss_detail(tool, live, how=note or _RECORD_MORE)
        return head + detail

    def _miss_detail(self, tool: str, live: Mapping[str, Any], *, how: str) -> str:
        """Why nothing matched (the closest recordings and how they differ), then `how` to record."""
        played = self._index.played_matches(tool, live)
        if played:
            return (
                f".\nIts {played} recorded answer(s) were already played: {how}; or pass allow_repeats=True "
                "to replay the last one again."
            )
        near = self._index.closest(tool, live)
        if not near:
            tools = ", ".join(self._index.tools) or "none"
            return f".\nNothing was recorded for tool {tool!r} (recorded tools: {tools}): {how}."
        lines = [
            f"\n  {item.describe()}\n    differs: " + ("; ".join(diffs) or "by the matcher")
            for item, diffs in near
        ]
        return (
            ".\nClosest recorded interactions:"
            + "".join(lines)
            + f"\n{how}; or loosen matching with "
            + "match=synthworld.cassette.matchers.ignore(...)."
        )

    # -- recording --------------------------------------------------------------------------

    def _policy_for(self, ctx: CallContext) -> Callable[[Any], Any]:
        """The ``redact`` option for one call: a policy also masks, wherever they appear, the values
        this call's input and every earlier one's (of the world's trace, and of this backend's
        calls) hold under secret keys: a model's answer that repeats the password the agent
        gave ``login`` two calls before."""
        for_call = getattr(self._redact, "for_call", None)
        if not callable(for_call):
            return self._redact  # a function of the user's: it alone decides
        policy = for_call(ctx.input)
        if not isinstance(policy, Redactor):
            return policy  # type: ignore[no-any-return]
        with self._lock:
            for secret in policy.secrets_in(call.input for call in self._unscanned(ctx.trace)):
                self._secrets.setdefault(secret, None)
            earlier = list(self._secrets)
        return policy.masking_too(earlier) if earlier else policy

    def _unscanned(self, trace: Trace) -> list[ToolCall]:
        """The calls of `trace` not read before: each call of a world is read once, unless the
        trace is another or was cleared (``world.reset()``), which is then read from the start."""
        seen, last = self._scanned
        start = seen if 0 < seen <= len(trace) and trace[seen - 1] is last else 0
        calls = trace[start:]
        if calls or start == 0:
            self._scanned = (start + len(calls), calls[-1] if calls else None)
        return calls

    def _record_miss(self, ctx: CallContext, live: Mapping[str, Any], policy: Callable[[Any], Any]) -> Any:
        if self.fallback is None:
            raise FixtureMissError(
                f"no recorded interaction in {self.path} matches the call {ctx.spec.name}({_json(live)}), "
                f"and mode {self.mode.value!r} would record it but no fallback was given: pass "
                "fallback=RandomBackend() (or another backend) to answer and record misses "
                f"(in a scenario file: {_SCENARIO_FALLBACK})"
            )
        try:
            answer = unwrap(self.fallback.respond(ctx), self.fallback)
        except ToolError as err:
            error = self._masked(err.to_dict(), f"the error of {ctx.spec.name}", policy)
            self._write(ctx.spec, Interaction(ctx.spec.name, live, error=error))
            raise
        passed_on = answer.on_answer

        def record(final: Any) -> None:  # what the agent got, after the world's echo and memory
            if ctx.spec.returns_validator.is_valid(final):
                output = self._masked(final, f"the output of {ctx.spec.name}", policy)
                self._write(ctx.spec, Interaction(ctx.spec.name, live, output))
            if passed_on is not None:
                passed_on(final)

        return Answer(answer.value, source=answer.source, usage=answer.usage, on_answer=record)

    def _compact_when_gone(self) -> weakref.finalize[Any, Any]:
        """Compact at garbage collection or interpreter exit, if `close` did not come first."""
        since = self._signature if self.mode is RecordMode.ALL else None
        return weakref.finalize(self, _compact_quietly, self._store, since, self._rerecord)

    def _masked(self, value: Any, what: str, policy: Callable[[Any], Any]) -> Any:
        """`value` through `policy` (the ``redact`` option for the call); `BackendError` naming it
        if that raises or returns what is not JSON data."""
        try:
            masked = policy(value)
            bad = find_json_problems(masked, limit=1)
        except Exception as exc:
            raise BackendError(
                f"{self.path}: redact={self._redact!r} raised {exc!r} on {what}; a redact function "
                "takes any JSON value (an input or error dict, any output) and returns it masked"
            ) from exc
        if bad:
            raise BackendError(
                f"{self.path}: redact={self._redact!r} turned {what} into what is not JSON data "
                f"({bad[0]}); return JSON values only"
            )
        return masked

    def _write(self, spec: ToolSpec, interaction: Interaction) -> None:
        problems = interaction_problems(interaction)
        if problems:  # only a redact function can make one: refuse it before the journal has it
            raise BackendError(
                f"{self.path}: the {spec.name} call was not recorded: redact={self._redact!r} made "
                f"what a cassette cannot hold ({'; '.join(problems)}); a redact function returns the "
                "value it was given with its secrets masked (a dict for an input or an error)"
            )
        with self._lock:
            occurrence = self._index.played_matches(spec.name, interaction.input)  # the call's n-th
            self._store.append(
                interaction, Fingerprint.of(spec), rerecord=self._rerecord, occurrence=occurrence
            )
            self._index.add_played(interaction)
            self._recorded_tools[spec.name] = Fingerprint.of(spec)
            if not self._dirty:  # a run that never closes its world still leaves a whole cassette
                self._finalizer = self._compact_when_gone()
            self._dirty = True


def _compact_quietly(store: CassetteStore, since: Signature | None, rerecord: str | None) -> None:
    """Compact at exit or collection; a failure is told on stderr (the journal keeps everything)."""
    try:
        store.compact(replace_if_unchanged_since=since, rerecord=rerecord)
    except (CassetteError, OSError) as exc:
        print(
            f"synthworld: {store.journal} was not merged into {store.path} ({exc}); it stays, and the "
            "next run that opens the cassette reads it",
            file=sys.stderr,
        )


def _json(value: Any, width: int = 120) -> str:
    text = canonical_json(value)
    return text if len(text) <= width else text[: width - 1] + "…"
