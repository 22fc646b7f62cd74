"""Benchmarks measure and report; they are run by hand (see README.md), never collected by pytest."""
collect_ignore_glob = ["*"]
