"""The ``paiju`` parser is built once a process and read by every ``main`` call: parsing must leave it unchanged."""

from __future__ import annotations

from paiju.cli import build_parser


def test_the_parser_is_built_once_and_a_parse_leaves_nothing_behind() -> None:
    """Repeatable flags start empty at every parse, and one call's choices are not the next call's defaults."""
    assert build_parser() is build_parser()
    first = build_parser().parse_args(["serve", "--trusted-proxy", "10.0.0.1", "--trusted-proxy", "10.0.0.2"])
    again = build_parser().parse_args(["serve", "--trusted-proxy", "10.0.0.3"])
    plain = build_parser().parse_args(["serve"])
    assert first.trusted_proxy == ["10.0.0.1", "10.0.0.2"]
    assert again.trusted_proxy == ["10.0.0.3"]
    assert plain.trusted_proxy is None and plain.bot_delay == 0.6
    assert first.func is plain.func
