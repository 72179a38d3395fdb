"""An English plural made singular, for the names schemas and tools use (``statuses`` ->
``status``, ``addresses`` -> ``address``, ``boxes`` -> ``box``, ``matches`` -> ``match``,
``wishes`` -> ``wish``, ``categories`` -> ``category``; ``sizes`` -> ``size``)."""

from __future__ import annotations

from functools import lru_cache

_US = frozenset(
    {
        "apparatus", "bonus", "bus", "cactus", "campus", "census", "consensus", "corpus", "focus",
        "fungus", "genius", "hiatus", "minus", "nexus", "onus", "octopus", "plus", "prospectus",
        "radius", "stimulus", "status", "surplus", "syllabus", "thesaurus", "virus",
    }
)  # fmt: skip
"""Nouns in -us whose plural adds -es (``statuses``); others in -uses drop the s (``causes``)."""

_CONSONANTS = frozenset("bcdfghjklmnpqrstvwxz")


@lru_cache(maxsize=4096)
def singular(word: str) -> str:
    """``word`` made singular, roughly: -ies to -y, -es dropped after s, x, zz, ch and sh (but
    ``caches``, ``headaches`` only drop the s), -s dropped otherwise; a word already singular
    (``status``, ``class``, ``analysis``) and a short one (``gas``) are kept."""
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if len(word) > 4 and (word.endswith(("sses", "xes", "zzes", "shes")) or word[:-2] in _US):
        return word[:-2]
    if word.endswith("ches") and len(word) > 4:
        ache = word.endswith("aches") and len(word) > 5 and word[-6] in _CONSONANTS
        return word[:-1] if ache else word[:-2]
    if word.endswith("s") and not word.endswith(("ss", "us", "is")) and len(word) > 3:
        return word[:-1]
    return word
