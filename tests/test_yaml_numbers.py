"""Card files read numbers as editors do: the YAML 1.2 core schema (yaml-language-server)."""
from __future__ import annotations

import math

import pytest

from dow.compiler.loader import load_text as compose


@pytest.mark.parametrize("text, value", [
    ("12", 12), ("-3", -3), ("+3", 3), ("012", 12), ("0x10", 16), ("0xFF", 255), ("0o17", 15),
    ("1.5", 1.5), ("3.", 3.0), (".5", 0.5), ("1e3", 1000.0), ("1E3", 1000.0), ("-1e-3", -0.001),
    (".inf", math.inf), ("-.Inf", -math.inf),
])
def test_a_plain_number_means_what_the_editor_shows(text, value):
    assert compose(f"n: {text}\n", "x.yaml").get("n").value == value


@pytest.mark.parametrize("text", ["1_000", "0x", "0o8", "1e", "e3", "0b101", "1:30"])
def test_what_yaml_1_2_does_not_call_a_number_stays_a_string(text):
    assert compose(f"n: {text}\n", "x.yaml").get("n").value == text


def test_nan_is_a_float_and_quoted_numbers_stay_strings():
    assert math.isnan(compose("n: .nan\n", "x.yaml").get("n").value)
    assert compose("n: '0x10'\n", "x.yaml").get("n").value == "0x10"
