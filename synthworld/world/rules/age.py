"""A person's age agrees with their date of birth (``age: 37`` with ``date_of_birth: 1987-06-02``
on a clock in 2025), for the two drawn on their own."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from synthworld.world.rules.base import RuleContext, first_key
from synthworld.world.rules.ranges import fits_number
from synthworld.world.rules.times import read_time
from synthworld.world.shapes import Shapes

__all__ = ["Age"]

_AGE = ("age", "Age", "age_years", "ageYears")
_BIRTH = ("date_of_birth", "dateOfBirth", "birth_date", "birthDate", "birthdate", "birthday", "dob", "DOB")


class Age:
    """``age`` is the whole years from the date of birth to the world's clock. Only when the age is
    the rule's to change (not echoed or remembered) and its schema takes the new one."""

    name = "age"
    triggers: frozenset[str] = frozenset(_AGE)

    def fits(self, props: Mapping[str, Any], shapes: Shapes) -> bool:
        return first_key(props, _AGE) is not None and first_key(props, _BIRTH) is not None

    def __call__(self, node: dict[str, Any], hint: str, ctx: RuleContext) -> None:
        age, birth = first_key(node, _AGE), first_key(node, _BIRTH)
        if age is None or birth is None or type(node[age]) is not int or not ctx.free(node, age):
            return
        born = read_time(node[birth])
        if born is None or born.at > ctx.now:
            return
        now, at = ctx.now, born.at
        years = now.year - at.year - ((now.month, now.day) < (at.month, at.day))
        if years != node[age] and fits_number(years, ctx.prop(hint, age)):
            ctx.edits.begin(self.name)
            ctx.set(node, age, years)
