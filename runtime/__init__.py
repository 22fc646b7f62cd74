"""The runtime: bundle format and (later) the interpreter; standard library only."""
