"""The tests' second host is the one the runtime ships for embedders (dow.runtime.minimal_host)."""
from dow.runtime.minimal_host import MinimalHost

__all__ = ["MinimalHost"]
