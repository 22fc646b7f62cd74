"""The effect language: grammar (effects.lark), AST and parser."""
from .parser import EffectSyntaxError, Origin, parse

__all__ = ["EffectSyntaxError", "Origin", "parse"]
