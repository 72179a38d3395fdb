"""``compile_generator`` and ``generate``: the package face of the schema engine."""

from __future__ import annotations

import datetime as dt
import threading
from collections import OrderedDict
from random import Random
from typing import Any

import referencing

from synthworld._gc import paused
from synthworld._json import owned_copy
from synthworld.errors import ROOT, SchemaError, UnsatisfiableSchemaError
from synthworld.schema import _fallback, _nodes
from synthworld.schema._bounded import Bounded, forget_documents
from synthworld.schema._check import unresolved_ref, whole_check
from synthworld.schema._choice_errors import explained, joined
from synthworld.schema._compile import Compiler
from synthworld.schema._content_reading import python_judges_content
from synthworld.schema._cycles import multiple_note, unsatisfiable
from synthworld.schema._dangling import refuse_dangling_refs
from synthworld.schema._exclude import TwinsError
from synthworld.schema._fallback_size import expanded_size
from synthworld.schema._finite_values import refuse_no_values
from synthworld.schema._implied_not import refuse_implied_not
from synthworld.schema._intake import check_schema, root_of, schema_key, unsure
from synthworld.schema._multiples import both_judge_multiples
from synthworld.schema._nodes import (
    HARD_DEPTH,
    ITEMS,
    LEAN_DEPTH,
    SOFT_DEPTH,
    WORK,
    ChoiceRetry,
    Node,
    Retry,
    State,
    TooBig,
)
from synthworld.schema._parts import Part
from synthworld.schema._probe_draws import seeded_zero, surely_probed
from synthworld.schema._refusals import Refused
from synthworld.schema._texts import parse, text_digest
from synthworld.schema._tool_kind import tool_kind

__all__ = ["DEFAULT_NOW", "Generator", "compile_generator", "compile_owned", "generate"]

_DEFAULT_LOCALE = "en_US"
"""The locale known to Faker (`surely` cannot tell whether another one is)."""
DEFAULT_NOW = dt.datetime(2025, 1, 1, tzinfo=dt.timezone.utc)
"""The instant date and time formats are anchored to when no ``now`` is given."""

_ATTEMPTS = 6
_PROBES = 3
_BUDGET = 200
_CACHE_SIZE = 512
"""How many compiled generators `compile_generator` keeps (least recently used go first; fewer
when their schemas' texts add up to more than `_bounded.TEXT_BUDGET`)."""
_FORGET_EVERY = _CACHE_SIZE // 8
"""How many generators `_CACHE` drops before the caches of schema objects let go of their documents."""
Kept = tuple[Any, "Generator | Refused"]
"""A generator or a refusal, with the registry it was compiled against."""
_CACHE: Bounded[tuple[Any, ...], Kept] = Bounded(
    _CACHE_SIZE, evicted=forget_documents, every=_CACHE_SIZE // 8
)
"""Each generator, or the refusal of its schema, with the registry it was compiled against (a
schema refused once is refused again at once, not compiled and probed again). Generators
dropped take their documents with them: the caches of schema objects let go of theirs too
(`forget_documents`), once an eighth of the generators (or of the text budget) went: emptied at
each drop, past 512 schemas every compile emptied the caches of the 511 generators kept."""
_LOCK = threading.Lock()


class Generator:
    """A schema compiled once into a tree of generator nodes; ``generate`` is cheap and pure."""

    def __init__(
        self,
        schema: Any,
        *,
        registry: referencing.Registry[Any] | None = None,
        realistic: bool = True,
        locale: str = "en_US",
        text: str | None = None,
        borrow: bool = False,
        kind: str = "",
    ) -> None:
        """``text``: ``schema``'s JSON text when the caller has it already (`compile_generator`);
        ``borrow``: keep ``schema`` itself, which its owner never changes (`compile_owned`), not a copy;
        ``kind``: what the values are about (`_tool_kind.tool_kind` of the context given)."""
        self._key = schema_key(schema) if text is None else text
        self.schema = schema if borrow else parse(self._key)  # a deep copy, in C
        self.realistic, self.locale, self.kind = realistic, locale, kind
        loc = root_of(self.schema, registry, self._key)
        check_schema(loc, self._key)
        if '"$ref"' in self._key:  # an optional property's too: else left out in silence
            refuse_dangling_refs(loc, self._key)
        self._checks = whole_check(loc, self._key, registry=registry)
        self._both = both_judge_multiples(self._key, self.schema)  # each value checked by both validators
        self._content = python_judges_content(self._key, self.schema, loc.dialect)
        """Whether each value is checked by python-jsonschema, which reads draft 7's content words apart."""
        self._always_check = registry is not None or unsure(self._key) or self._both or self._content
        self._loc = loc
        compiler, parts = Compiler(kind=kind), [Part(loc)]
        if '"not"' in self._key:  # a not repeating its siblings: else drawn, then refused, until attempts end
            refuse_implied_not(compiler.flatten(parts))
        self._root: Node = compiler.node(parts)
        known = not self._always_check and (locale == _DEFAULT_LOCALE or not realistic)
        if not (known and surely_probed(self._root)):  # else the probe would succeed
            refuse_no_values(self.schema, self._checks.fast)  # else refused after every attempt
            self._probe()

    _capped = False
    """Whether an attempt failed after reaching `_nodes.BRANCHES` alternatives (the refusal says so)."""

    _uncapped = False
    """Whether an attempt since it was last cleared failed short of `_nodes.BRANCHES` alternatives."""

    _too_big = False
    """Whether an attempt met `_nodes.TooBig` (its arrays had to hold more than `_nodes.ITEMS`)."""

    _found: tuple[bool, Any] | None = None
    """The value of `_witness`, once made."""

    _excluding: Node | None = None
    """The root compiled with ``oneOf`` branches failing the others by construction
    (`_exclude.ExcludeNode`), once needed: where the usual search found no value."""

    _excluded_found: tuple[bool, Any] | None = None
    """The value of `_excluding`'s probe attempts, once made (the last resort of `_excluded`)."""

    _expanded: int | None = None
    """The schema's size with its references written out (`expanded_size`), once asked."""

    _only_excluding = False
    """Whether the usual search found no value when registered: calls then use `_excluding` alone."""

    def __repr__(self) -> str:
        return f"Generator({self._key.lstrip()[:60]!r}, realistic={self.realistic!r})"

    def generate(self, rng: Random, *, now: dt.datetime | None = None, verify: bool = False) -> Any:
        """A value valid against the schema; a pure function of ``rng``'s state and ``now``.

        When the seeded attempts fail, leaner ones follow (only required content, shortest
        arrays) on a stream derived from the same RNG, then hypothesis-jsonschema for schemas
        small enough for it, then the value registration found: every path is bounded and
        deterministic.

        A value whose every part was built valid by construction is not validated again (most
        are: the schema's compiled validator is then never needed); ``verify=True`` validates
        every value all the same, a second opinion for callers that validate the answer anyway.
        """
        return paused(self._generate, rng, now or DEFAULT_NOW, verify)

    def _generate(self, rng: Random, when: dt.datetime, verify: bool = False) -> Any:
        """`generate`, with Python's cyclic garbage collector off: reference counting frees what a
        call drops, and a collection (whose full runs cost time in proportion to the whole heap,
        the caller's objects too) never lands inside a call. Compiling new branches would
        otherwise set off collections that made up most of the time of the slowest calls."""
        if self._only_excluding:  # the usual search failed at registration: it is not tried
            return self._excluded(rng, when, verify)
        ok, value = self._seeded(rng, when, verify, self._root)
        if ok:
            return value
        ok, value = self._fallback(rng)
        if ok and self._checks.strict(value):
            return value
        root = self._excluding_root()  # the last resort's own draws, before one value for all seeds
        if root is not None:
            ok, value = self._seeded(rng, when, verify, root)
            if ok:
                return value
        ok, value = self._witness()
        if ok:
            return owned_copy(value)
        return self._excluded(rng, when, verify)

    def _seeded(self, rng: Random, when: dt.datetime, verify: bool, root: Node) -> tuple[bool, Any]:
        """A seeded attempt of ``root``, then a lean one on a stream derived from ``rng``."""
        reached: set[int] = set()  # both attempts together reach at most BRANCHES alternatives
        ok, value = self._attempt(rng, when, verify, reached=reached, root=root)
        if ok:
            return ok, value
        lean = Random(rng.getrandbits(64))
        return self._attempt(lean, when, verify, lean=True, reached=reached, root=root)

    def _excluded(self, rng: Random, when: dt.datetime, verify: bool) -> Any:
        """The last resort of a call: `_seeded` attempts of `_excluding` (from the state ``rng`` is
        left in), then the value its probe found; `UnsatisfiableSchemaError` when none holds."""
        root = self._excluding_root()
        if root is not None:
            ok, value = self._seeded(rng, when, verify, root)
            if ok:
                return value
            found = self._excluded_found
            if found is None:  # made once, like `_witness`
                found = self._found if self._only_excluding else None
                found = self._excluded_found = found or self._first_value(root)
            ok, value = found
            if ok:
                return owned_copy(value)
        raise UnsatisfiableSchemaError(
            f"could not build a valid value for this schema (seeded attempt failed): "
            f"{self._key.lstrip()[:200]}; fix: simplify the schema",
            path="",
        )

    def _witness(self) -> tuple[bool, Any]:
        """The first value registration found (it proved the schema satisfiable), made again
        the same way and kept: the last resort of a call whose own attempts all failed, the same
        whichever calls came before."""
        if self._found is None:
            self._found = self._first_value(self._root)
        return self._found

    def _first_value(self, root: Node) -> tuple[bool, Any]:
        """The value of the probe's attempts of ``root``: a lean one, then seeds 0 to `_PROBES`."""
        found = self._attempt(seeded_zero(), DEFAULT_NOW, False, lean=True, root=root)
        for seed in range(_PROBES):
            if found[0]:
                break
            found = self._attempt(Random(seed), DEFAULT_NOW, False, root=root)
        return found

    def _excluding_root(self) -> Node | None:
        """`_excluding`, compiled on first use; None when it cannot compile (the usual root
        compiled, so its error is a ``oneOf`` of twins: `_probe` raises it)."""
        if self._excluding is None:
            try:
                self._excluding = Compiler(excluding=True, kind=self.kind).node([Part(self._loc)])
            except SchemaError:
                return None
        return self._excluding

    def is_valid(self, value: Any) -> bool:
        """Whether ``value`` validates against the schema (formats checked)."""
        return self._checks.fast(value)

    def _fallback(self, rng: Random) -> tuple[bool, Any]:
        """hypothesis-jsonschema, for schemas it can resolve quickly (it expands every reference
        and merges every combination)."""
        if _fallback.out_of_reach(self._key):
            return False, None
        if self._expanded is None:
            self._expanded = expanded_size(self.schema, _fallback.FALLBACK_BYTES)
        if self._expanded > _fallback.FALLBACK_BYTES:  # nor larger ones once their references are written out
            return False, None
        return _fallback.draw(self._key, parse(self._key), rng)  # its own copy

    def _attempt(
        self,
        rng: Random,
        now: dt.datetime,
        verify: bool,
        *,
        lean: bool = False,
        reached: set[int] | None = None,
        root: Node | None = None,
    ) -> tuple[bool, Any]:
        st = State(rng, now, self.realistic, self.locale)
        if reached is not None:
            st.reached = reached
        st.hard = LEAN_DEPTH if lean else HARD_DEPTH
        st.lean = lean
        verify = verify or self._always_check
        for _ in range(_ATTEMPTS):
            st.depth, st.budget, st.work, st.soft = 0, _BUDGET, WORK, 0 if lean else SOFT_DEPTH
            st.credit, st.items = 0, ITEMS
            st.unsure = False
            try:
                value = (root or self._root).gen(st, "")
            except TooBig:  # its arrays' least sizes multiply past what one value holds: another
                self._too_big = True  # attempt making the same choices would build as many
                break
            except (Retry, SchemaError, RecursionError):
                continue
            if not (verify or st.unsure) or self._judge(value):
                return True, value
        if len(st.reached) >= _nodes.BRANCHES:
            self._capped = True
        else:
            self._uncapped = True
        return False, None

    def _judge(self, value: Any) -> bool:
        """Whether an attempt's ``value`` is valid, by the validators the schema needs."""
        if self._content:
            return self._checks.python(value)
        return (self._checks.strict if self._both else self._checks.fast)(value)

    def _probe(self) -> None:
        """Fail now, not at the first call, when no valid value can be made.

        The lean value (required content only) comes first: it compiles the least of the
        schema, and the rest compiles when a call first needs it."""
        if self._attempt(seeded_zero(), DEFAULT_NOW, False, lean=True)[0]:
            return
        for seed in range(_PROBES):
            if self._attempt(Random(seed), DEFAULT_NOW, False)[0]:
                return
        if self._too_big:
            raise SchemaError(
                f"a value of the schema at {ROOT} must hold more than {ITEMS:,} array items in all "
                "(arrays of arrays: their minItems multiply), more than synthworld builds in one value; "
                "fix: lower minItems",
                path="",
            )
        ok, value = self._fallback(Random(0))
        if ok and self._checks.strict(value):
            self._found = (True, value)  # the witness of a call whose own attempts all fail
            return
        if self._probe_excluding():
            return
        twins = self._blocker(self._excluding) if self._excluding is not None else None
        if isinstance(twins, TwinsError):
            raise twins
        if self._capped:
            raise UnsatisfiableSchemaError(
                f"no valid value could be built for the schema at {ROOT} within {_nodes.BRANCHES:,} "
                "anyOf/oneOf/if alternatives per value (synthworld's bound on the work of one call); "
                "fix: make fewer alternatives reachable from one value, or give a discriminating const "
                "in each",
                path="",
            )
        raise self._blocker() or unsatisfiable(self._loc)

    def _probe_excluding(self) -> bool:
        """Whether `_excluding` builds a value where the usual search built none (then every call
        uses it alone), then the same reading types its keywords do not name; its compile error,
        a ``oneOf`` of twins, is raised: it says why. The second reading is left out when every
        attempt of the first reached `_nodes.BRANCHES` alternatives: it is for objects that cannot
        end (other types in their place), and adds types, never fewer alternatives (a capped
        refusal's probe took 2-3 s CPU, a quarter of it there)."""
        for any_type in (False, True):
            root = self._excluding = Compiler(excluding=True, any_type=any_type, kind=self.kind).node(
                [Part(self._loc)]
            )
            self._uncapped = False
            found = self._first_value(root)
            if found[0]:
                self._found, self._only_excluding = found, True
                return True
            if not self._uncapped:
                break
        return False

    def _blocker(self, root: Node | None = None) -> SchemaError | None:
        """The compile error (remembered by the lazy nodes) that stops a first attempt of ``root``
        (the usual one by default), if any, else a reference that nothing resolves (the branches
        that need it fail as unsatisfiable). The attempt has an attempt's budget: with none, the
        first alternative that failed ended it before the next one compiled (and said why)."""
        try:
            st = State(Random(0), DEFAULT_NOW, self.realistic, self.locale, budget=_BUDGET)
            (root or self._root).gen(st, "")
        except SchemaError as err:
            return err
        except ChoiceRetry as err:  # a choice whose every alternative failed: each one's reason
            found = unresolved_ref(self.schema, self._checks.registry)
            if found is None and not multiple_note(self._loc):  # else the validators' dispute says more
                found = joined(explained(err.failures, err.places))
            return found
        except Retry as err:  # what the node that gave up kept failing on, if it says
            found = unresolved_ref(self.schema, self._checks.registry)
            if found is None and err.reason is not None and not multiple_note(self._loc):
                found = UnsatisfiableSchemaError(
                    f"no valid value could be built for the schema at {ROOT}: {err.reason()}; fix: loosen "
                    "what it names",
                    path="",
                )
            return found
        except RecursionError:
            pass
        return unresolved_ref(self.schema, self._checks.registry)


def compile_generator(
    schema: Any,
    *,
    registry: referencing.Registry[Any] | None = None,
    realistic: bool = True,
    locale: str = "en_US",
    context: str = "",
) -> Generator:
    """The cached :class:`Generator` for ``schema`` and these options.

    ``context``: the name of what the values answer (a tool's, ``getPetById``), read for what a
    ``name`` nothing nearer explains is (a pet's name, not a person's; `_tool_kind`).

    Raises :class:`SchemaError` (invalid or unsupported, naming the JSON path) or
    :class:`UnsatisfiableSchemaError` here, never later at a call.
    """
    text = schema_key(schema)
    kind = tool_kind(context) if context and realistic else ""
    key = (text, realistic, locale, id(registry), kind)
    found = _cached(key, registry)
    if found is not None:
        return found
    built = _build(schema, text, registry, realistic, locale, key=key, borrow=False, kind=kind)
    hit = _CACHE.keep(key, (registry, built), len(text))  # unless another thread was quicker
    if hit[0] is not registry:  # a registry gone, whose id this one reuses
        _CACHE.discard(key)
        hit = _CACHE.keep(key, (registry, built), len(text))
    kept = hit[1]
    return built if type(kept) is Refused else kept


def compile_owned(
    schema: Any,
    *,
    registry: referencing.Registry[Any] | None = None,
    realistic: bool = True,
    locale: str = "en_US",
    context: str = "",
) -> Generator:
    """`compile_generator` for a schema its caller owns and never changes (a registered spec's own
    copy). A JSON text met for the first time is compiled over ``schema`` itself and kept nowhere
    else, so a world of distinct tools holds each schema once, not twice; a text met before gets
    the shared generator of `compile_generator` (over a copy of its own)."""
    text = schema_key(schema)
    kind = tool_kind(context) if context and realistic else ""
    key = (text, realistic, locale, id(registry), kind)
    hit = _cached(key, registry)
    if hit is not None:
        return hit
    digest = text_digest(text)
    with _LOCK:
        met = digest in _MET
        _MET[digest] = None
        while len(_MET) > _MET_SIZE:
            _MET.popitem(last=False)  # the oldest
    if met:
        return compile_generator(
            schema, registry=registry, realistic=realistic, locale=locale, context=context
        )
    return _build(schema, text, registry, realistic, locale, key=key, borrow=True, kind=kind)


_MET: OrderedDict[tuple[int, int], None] = OrderedDict()
"""Digests of the JSON texts `compile_owned` compiled without keeping (oldest first, bounded;
a digest, not the text: a big document's text is not held once more)."""
_MET_SIZE = 4096


def _cached(key: tuple[Any, ...], registry: referencing.Registry[Any] | None) -> Generator | None:
    """The generator kept for ``key``, or None; raises the refusal kept for it."""
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is registry:  # the same registry, not one reusing its id
        found = hit[1]
        if type(found) is Refused:
            raise found.error()
        return found
    return None


def _build(
    schema: Any,
    text: str,
    registry: referencing.Registry[Any] | None,
    realistic: bool,
    locale: str,
    *,
    key: tuple[Any, ...],
    borrow: bool,
    kind: str = "",
) -> Generator:
    """A new `Generator`; its `SchemaError` is kept in `_CACHE` under ``key`` (`_refuse`)."""
    try:  # outside the lock: a compile may take a while; without collections (see `_generate`)
        return paused(
            Generator,
            schema,
            registry=registry,
            realistic=realistic,
            locale=locale,
            text=text,
            borrow=borrow,
            kind=kind,
        )
    except RecursionError:
        err = SchemaError(
            "the schema nests too deeply for synthworld to read (subschemas, or $refs to $refs, some "
            "hundreds deep); fix: move repeated parts to $defs, and point each $ref at the schema itself"
        )
        _refuse(key, registry, err, len(text))
        raise err from None
    except SchemaError as err:
        _refuse(key, registry, err, len(text))
        raise


def _refuse(key: tuple[Any, ...], registry: Any, err: SchemaError, weight: int) -> None:
    """Keep ``err`` for ``key``: the next compile of the schema raises it again at once."""
    _CACHE.discard(key)  # a refusal against a registry gone, whose id this one reuses
    _CACHE.keep(key, (registry, Refused(err)), weight)


def generate(schema: Any, seed: int = 0, **options: Any) -> Any:
    """One value for ``schema``: ``compile_generator(schema, **options).generate(Random(seed))``."""
    return compile_generator(schema, **options).generate(Random(seed))
