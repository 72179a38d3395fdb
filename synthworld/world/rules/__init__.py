"""In-object rules: what makes one answer coherent in itself (people, addresses, sums, counts,
ranges, time order, times in their zone), whatever backend gave it."""

from synthworld.world.rules.base import Rule, RuleContext
from synthworld.world.rules.run import RULES, LazyRules, RulePlan, apply_rules, rules_for

__all__ = ["RULES", "LazyRules", "Rule", "RuleContext", "RulePlan", "apply_rules", "rules_for"]
