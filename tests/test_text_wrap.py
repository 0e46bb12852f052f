"""One text wrapper: pygame-ce's own word wrap, through ``render_text``, at 1x and at full HD."""

from __future__ import annotations

import ast
from pathlib import Path

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.client import gfx
from game.client.widgets.text import CENTER, LEFT, render_text

ROOT = Path(__file__).resolve().parents[1]
WORDS = st.lists(st.text(alphabet="abcdefghijklmnopqrstuvwxyz/.0123456789", min_size=1, max_size=40), min_size=1,
                 max_size=30)


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    yield
    gfx.set_scale(1.0)


@pytest.mark.parametrize("k", [1.0, 1.5])
@settings(max_examples=40, deadline=None)
@given(words=WORDS, width=st.integers(min_value=80, max_value=600))
def test_wrapped_text_never_leaves_its_width(k: float, words: list[str], width: int) -> None:
    with gfx.scaled(k):
        font = gfx.font(None, 22)
        image = render_text(font, " ".join(words), (255, 255, 255), (0, 0, 0), 1, wrap=width, align=CENTER)
    assert image.get_width() <= width + 2 + 1  # the outline's pixel either side, and rounding at 1.5x


def test_lines_break_at_newlines_and_at_the_width() -> None:
    font = pygame.font.Font(None, 24)
    one = render_text(font, "a short line", (255, 255, 255), wrap=400)
    two = render_text(font, "a short line\nand another", (255, 255, 255), wrap=400)
    many = render_text(font, "word " * 60, (255, 255, 255), wrap=200, align=LEFT)
    assert two.get_height() >= 2 * one.get_height() - 2
    assert many.get_height() >= 5 * one.get_height() and many.get_width() <= 200


def test_the_client_has_no_word_wrap_of_its_own() -> None:
    """The hand-written wrappers are gone: no function of the client splits text into lines by width."""
    offenders = []
    for path in (ROOT / "game" / "client").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and "wrap" in node.name.lower():
                offenders.append(f"{path.relative_to(ROOT)}:{node.name}")
    assert offenders == []
