"""``RandomBackend``: answers every call with a seeded value valid against the tool's ``returns``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from synthworld.backends.text_answers import answers_text, text_answer
from synthworld.schema import Generator, check_locale, compile_owned

if TYPE_CHECKING:
    import referencing

    from synthworld.backends.base import CallContext
    from synthworld.spec import ToolSpec

__all__ = ["RandomBackend"]


class RandomBackend:
    """Values built from each tool's ``returns`` schema, drawn only from the call's own RNG.

    ``realistic`` picks strings and numbers from the property names (emails for ``email``, cities
    for ``city``...); ``locale`` is the Faker locale of those values; ``registry`` (a
    ``referencing.Registry``) holds schemas that ``$ref``s outside the document point to.
    """

    name = "random"
    fresh_values = True  # every answer is a new object: the world need not copy it

    def __init__(
        self,
        *,
        realistic: bool = True,
        locale: str = "en_US",
        registry: referencing.Registry[Any] | None = None,
    ) -> None:
        check_locale(locale)
        self.realistic = realistic
        self.locale = locale
        self.registry = registry
        self._by_spec: dict[int, tuple[ToolSpec, Generator]] = {}  # skips hashing the schema per call

    def __repr__(self) -> str:
        return f"RandomBackend(realistic={self.realistic!r}, locale={self.locale!r})"

    def prepare(self, spec: ToolSpec) -> None:
        """Compile ``spec.returns`` now, so a bad schema fails at registration, not at a call."""
        self._for(spec)

    def respond(self, ctx: CallContext) -> Any:
        """A value valid against ``ctx.spec.returns``, a pure function of ``ctx.rng`` and ``ctx.now``
        (readable text for a tool marked as answering text, see `backends.text_answers`).

        Verified: the world validates every answer with the same compiled validator anyway, and
        a value that failed it here would be drawn again instead of failing the call."""
        if answers_text(ctx.spec):  # a tool answering text (see `backends.text_answers`)
            return text_answer(ctx, locale=self.locale)
        return self._for(ctx.spec).generate(ctx.rng, now=ctx.now, verify=True)

    def _for(self, spec: ToolSpec) -> Generator:
        hit = self._by_spec.get(id(spec))
        if hit is not None and hit[0] is spec:
            return hit[1]
        generator = compile_owned(  # a spec's schemas are its own copies
            spec.returns,
            registry=self.registry,
            realistic=self.realistic,
            locale=self.locale,
            context=spec.name,  # ``getPetById``: a pet's name, not a person's
        )
        self._by_spec[id(spec)] = (spec, generator)
        return generator
