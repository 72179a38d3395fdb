"""Coverage: which tools, errors, hazards and malformed answers calls exercised, the way
coverage.py counts lines, and which parts of the answer space the answers reached (enum values,
oneOf/anyOf branches, optional fields present or absent; `answer_space`), as it counts branches.

Every world counts its calls (the count survives `reset`); `world.coverage()` takes a snapshot.
Answers are kept as they were given (`frozen`: a later change to the trace counts for nothing)
and read against their schema only when a snapshot is taken (or every `FOLD_EVERY` answers, or
`NEW_EVERY` tools answered for the first time), so a call pays little for the answer space; a
returns schema is walked once per world, however many tools answer with it. While
a session collects (the pytest plugin's ``--synthworld-coverage``), every world also adds its
tools, calls and answers to the session's counter as they come.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from html import escape
from typing import Any

from synthworld._gc import collector_paused
from synthworld._json import thawed
from synthworld.schema import schema_text
from synthworld.world.answer_space import AnswerProbe

__all__ = ["Coverage", "CoverageCounter", "collecting", "start_collecting", "stop_collecting"]


@dataclass(frozen=True)
class Coverage:
    """Calls per tool (0: never called), failures per error code, answers per hazard kind and
    per malformed kind."""

    tools: Mapping[str, int] = field(default_factory=dict)
    """Tool name -> calls (every registered tool, 0 when never called)."""
    errors: Mapping[str, int] = field(default_factory=dict)
    """Error code -> failed calls (codes a fault plan can raise are listed, 0 when never seen)."""
    hazards: Mapping[str, int] = field(default_factory=dict)
    """Hazard kind -> answers it shaped (kinds a fault plan can inject are listed, 0 when none)."""
    malformed: Mapping[str, int] = field(default_factory=dict)
    """Malformed kind -> answers it broke (kinds a fault plan can give are listed, 0 when none)."""
    answers: Mapping[str, int] = field(default_factory=dict)
    """Answer-space outcome (``get_order $.status = "paid"``, ``get_order $.note absent``,
    ``get_order $.payment oneOf[1] (Card)``) -> answers that reached it; every outcome of a tool
    that gave a valid answer is listed, 0 when never reached."""

    @property
    def percent(self) -> float:
        """The share of tools called at least once, in percent (100.0 with no tools)."""
        if not self.tools:
            return 100.0
        return 100.0 * sum(1 for n in self.tools.values() if n) / len(self.tools)

    @property
    def tools_percent(self) -> float:
        """`percent` under the name the JSON summary gives it (``synthworld eval --json``), beside
        `answers_percent`."""
        return self.percent

    @property
    def answers_percent(self) -> float | None:
        """The share of answer-space outcomes reached, in percent (None when nothing to reach)."""
        if not self.answers:
            return None
        return 100.0 * sum(1 for n in self.answers.values() if n) / len(self.answers)

    @property
    def never_answered(self) -> list[str]:
        """The answer-space outcomes no answer reached, sorted."""
        return sorted(outcome for outcome, count in self.answers.items() if not count)

    @property
    def no_data(self) -> bool:
        """True when no tool was registered: nothing was measured, and a threshold fails (as
        coverage.py's "No data to report" does)."""
        return not self.tools

    @property
    def never_called(self) -> list[str]:
        """The tools no call reached, sorted."""
        return sorted(name for name, calls in self.tools.items() if not calls)

    def __add__(self, other: Coverage) -> Coverage:
        return Coverage(
            tools=_summed(self.tools, other.tools),
            errors=_summed(self.errors, other.errors),
            hazards=_summed(self.hazards, other.hazards),
            malformed=_summed(self.malformed, other.malformed),
            answers=_summed(self.answers, other.answers),
        )

    @classmethod
    def merged(cls, parts: Iterable[Coverage]) -> Coverage:
        """The sum of `parts` (tools of the same name add up)."""
        total = cls()
        for part in parts:
            total = total + part
        return total

    def format(self) -> str:
        """A text table per section; what was never exercised is marked."""
        lines = [self._heading()]
        for title, counts, what in self._sections():
            lines += ["", *_section(title, counts, what)]
        if self.answers:
            lines += ["", self._answer_line()]
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.format()

    def _repr_html_(self) -> str:
        """In a notebook: the heading and an HTML table per section (as the text), every name
        escaped; rows never exercised have class ``never`` and are marked in red."""
        tables = "".join(_section_html(title, counts, what) for title, counts, what in self._sections())
        if self.answers:
            tables += f'<p class="synthworld-coverage-answer-space">{escape(self._answer_line())}</p>'
        return f'<div class="synthworld-coverage"><h4>{escape(self._heading())}</h4>{tables}</div>'

    def _answer_line(self) -> str:
        reached = sum(1 for n in self.answers.values() if n)
        share = self.answers_percent or 0.0
        return f"answer space: {reached}/{len(self.answers)} outcomes reached ({share:.0f}%)"

    def _heading(self) -> str:
        if self.no_data:
            return "synthworld coverage: no data (no world registered a tool)"
        called = sum(1 for n in self.tools.values() if n)
        return f"synthworld coverage: {called}/{len(self.tools)} tools called ({self.percent:.0f}%)"

    def _sections(self) -> list[tuple[str, Mapping[str, int], str]]:
        """``(title, counts, what a 0 means)`` per section that has entries."""
        sections = (
            ("tool", self.tools, "never called"),
            ("error", self.errors, "never raised"),
            ("hazard", self.hazards, "never injected"),
            ("malformed", self.malformed, "never given"),
            ("answer", self.answers, "never answered"),
        )
        return [section for section in sections if section[1]]

    def to_dict(self) -> dict[str, Any]:
        """Plain data (`from_dict` reads it back)."""
        return {key: dict(getattr(self, key)) for key in _SECTIONS}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Coverage:
        """A coverage from `to_dict` output (a section it lacks is empty)."""
        return cls(**{k: dict(data.get(k) or {}) for k in _SECTIONS})


_SECTIONS = ("tools", "errors", "hazards", "malformed", "answers")
FOLD_EVERY = 512
"""Answers a counter keeps unread at most (a world that never takes a snapshot holds no more)."""
NEW_EVERY = 8
"""Tools answered for the first time a counter keeps unread at most: reading a tool's first answer
builds the probe of its answer space, ~20 ms for a GitHub API answer, so a fold of 512 answers of
new tools (a world of 1,223 tools, each called once) landed 4 s of CPU on one call."""


def _summed(left: Mapping[str, int], right: Mapping[str, int]) -> dict[str, int]:
    total = dict(left)
    for key, count in right.items():
        total[key] = total.get(key, 0) + count
    return dict(sorted(total.items()))


def _section(title: str, counts: Mapping[str, int], what: str) -> list[str]:
    width, unit = max(len(title), *(len(k) for k in counts)), _UNITS.get(title, "calls")
    rows = [f"{title:<{width}}  {unit:>5}", f"{'-' * width}  {'-' * len(unit)}"]
    for key, count in sorted(counts.items()):
        rows.append(f"{key:<{width}}  {count:>{len(unit)}}" + (f"  <- {what}" if not count else ""))
    return rows


_UNITS = {"answer": "answers"}
"""What a section counts, when not calls."""
_CELL = "padding:2px 8px;text-align:right;border-bottom:1px solid #ddd"  # as the report's tables
_NEVER = "#ea4335"


def _section_html(title: str, counts: Mapping[str, int], what: str) -> str:
    unit = _UNITS.get(title, "calls")
    head = f'<th style="{_CELL};text-align:left">{escape(title)}</th><th style="{_CELL}">{unit}</th><th></th>'
    rows = "".join(_row_html(key, count, what) for key, count in sorted(counts.items()))
    return (
        f'<table class="synthworld-coverage-{escape(title)}" style="border-collapse:collapse;font-size:12px">'
        f"<thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"
    )


def _row_html(key: str, count: int, what: str) -> str:
    cells = (
        f'<td style="{_CELL};text-align:left">{escape(key)}</td><td style="{_CELL}">{escape(str(count))}</td>'
    )
    if count:
        return f"<tr>{cells}<td></td></tr>"
    return f'<tr class="never">{cells}<td style="{_CELL};color:{_NEVER}">{escape(what)}</td></tr>'


class CoverageCounter:
    """A thread-safe running count; with `forward`, each count also reaches collecting sessions
    (a session this counter first reaches gets everything it lists at 0 first, so a world built
    before the session began, as in a ``conftest.py``, still shows its never-called tools)."""

    def __init__(self, *, forward: bool = False) -> None:
        self._counts: tuple[dict[str, int], ...] = tuple({} for _ in _SECTIONS)
        self._forward = forward
        self._lock = threading.Lock()
        self._met: weakref.WeakSet[CoverageCounter] = weakref.WeakSet()
        self._pending: list[tuple[str, Any, bytes]] = []
        self._unprobed: set[str] = set()
        """The tools of `_pending` with no probe yet: each costs the next fold a probe to build."""
        self._probes: dict[str, tuple[Any, AnswerProbe | _ToolProbe]] = {}
        self._by_text: dict[str, AnswerProbe] = {}
        """The probe of each returns text, shared by the tools answering with it (an OpenAPI
        world's operations return a few schemas between them, each walked once)."""
        self._folding = threading.Lock()

    def declare(
        self,
        *,
        tools: Iterable[str] = (),
        errors: Iterable[str] = (),
        hazards: Iterable[str] = (),
        malformed: Iterable[str] = (),
    ) -> None:
        """List tools, error codes, hazard and malformed kinds that may be exercised (0 until they are)."""
        self._add((tuple(tools), tuple(errors), tuple(hazards), tuple(malformed), ()), 0)

    def count(
        self, tool: str, *, error: str | None = None, hazard: str | None = None, malformed: str | None = None
    ) -> None:
        """One call of `tool`, that failed with `error`, was shaped by `hazard` or broken as `malformed`."""
        self._add(((tool,), *((kind,) if kind else () for kind in (error, hazard, malformed)), ()), 1)

    def snapshot(self) -> Coverage:
        """The counts so far."""
        self._fold()
        with self._lock:
            counts = {key: dict(sorted(c.items())) for key, c in zip(_SECTIONS, self._counts, strict=True)}
        return Coverage(**counts)

    def answer(self, tool: str, returns: Any, answer: bytes) -> None:
        """A valid answer of `tool`, whose returns schema is `returns`, `frozen` when it was given
        (read later, as it was then)."""
        with self._lock:
            self._pending.append((tool, returns, answer))
            if tool not in self._probes:
                self._unprobed.add(tool)
            due = len(self._pending) >= FOLD_EVERY or len(self._unprobed) >= NEW_EVERY
            due = due or (self._forward and bool(_sessions))
        if due:
            self._fold()

    def _fold(self) -> None:
        """Read the kept answers against their schemas into the ``answers`` section."""
        with self._folding:
            with self._lock:
                pending, self._pending = self._pending, []
                self._unprobed = set()
            if not pending:
                return
            new: list[str] = []
            reached: dict[str, int] = {}
            with collector_paused():  # new probes: a burst of long-lived nodes (see `_probe`)
                for tool, returns, answer in pending:
                    for outcome in set(
                        self._probe(tool, returns, new).reached(thawed(answer))
                    ):  # once per answer
                        reached[outcome] = reached.get(outcome, 0) + 1
            self._add(((), (), (), (), tuple(new)), 0)
            for outcome, count in reached.items():
                self._add(((), (), (), (), (outcome,)), count)

    def _probe(self, tool: str, returns: Any, new: list[str]) -> AnswerProbe | _ToolProbe:
        """The probe of `tool`'s schema `returns` (made on its first answer; its outcomes go to `new`)."""
        known = self._probes.get(tool)
        if known is not None and known[0] is returns:
            return known[1]
        text = schema_text(returns)
        probe: AnswerProbe | _ToolProbe
        if text is None:  # not JSON data: read alone
            probe = AnswerProbe(returns, prefix=f"{tool} ")
        else:
            shared = self._by_text.get(text)
            if shared is None:
                shared = self._by_text[text] = AnswerProbe(returns)
            probe = _ToolProbe(shared, f"{tool} ")
        self._probes[tool] = (returns, probe)
        new.extend(probe.outcomes)
        return probe

    def _add(self, keys: tuple[tuple[str, ...], ...], step: int) -> None:
        """Add `step` to each key of each section (`keys` in `_SECTIONS` order)."""
        with self._lock:
            for counts, section in zip(self._counts, keys, strict=True):
                for key in section:
                    counts[key] = counts.get(key, 0) + step
            new = [s for s in _sessions if s not in self._met] if self._forward and _sessions else []
            listed = tuple(tuple(counts) for counts in self._counts) if new else ()
            self._met.update(new)
        for session in new:  # first met: everything this world lists, at 0
            session._add(listed, 0)
        if self._forward and _sessions:
            for session in list(_sessions):
                session._add(keys, step)


class _ToolProbe:
    """A shared `AnswerProbe` read for one tool: its outcomes with the tool's name before them,
    as ``AnswerProbe(returns, prefix=...)`` names them (every outcome starts with the prefix)."""

    __slots__ = ("_prefix", "_probe", "outcomes")

    def __init__(self, probe: AnswerProbe, prefix: str) -> None:
        self._probe, self._prefix = probe, prefix
        self.outcomes = tuple([prefix + outcome for outcome in probe.outcomes])

    def reached(self, value: Any) -> list[str]:
        """The outcomes `value` reached (see `AnswerProbe.reached`)."""
        return [self._prefix + outcome for outcome in self._probe.reached(value)]


_sessions: list[CoverageCounter] = []


def start_collecting() -> CoverageCounter:
    """Start a session counter: every world's tools and calls from now on add to it."""
    counter = CoverageCounter()
    _sessions.append(counter)
    return counter


def stop_collecting(counter: CoverageCounter) -> Coverage:
    """Stop `counter` collecting and return what it counted."""
    if counter in _sessions:
        _sessions.remove(counter)
    return counter.snapshot()


def collecting() -> bool:
    """True while some session collects."""
    return bool(_sessions)
