"""The compiled bundle-schema validator, for the compiler's validate pass: the runtime's own
(runtime/schema_check.py), so that ``dow check`` and ``load_bundle`` judge a card with the same
code against the same schema (tests/passes/test_schemacheck.py keeps it in agreement with jsonschema)."""
from __future__ import annotations

from dow.runtime.schema_check import KNOWN, Check, SchemaCompiler, compile_schema

__all__ = ["KNOWN", "Check", "SchemaCompiler", "compile_schema"]
