"""The effect language: grammar (effects.lark), AST and parser."""
from .parser import EffectSyntaxError, Origin, parse, parse_condition

__all__ = ["EffectSyntaxError", "Origin", "parse", "parse_condition"]
