"""The extra-spin offer: after the spins, the spin button becomes the offer of one more spin, at its
price, with what it could win, and a button to collect.

:class:`OfferOverlay` is a ``ChoiceOverlay`` whose panel stands where the spin controls are, so the
card stays in view with the numbers one short of a Slingo glowing. Every figure on it is the
offer's own (``decision.info``, read once when the offer is asked): the price, the most the spin
could add ("you could win"), which extra spin of how many, and above the wheel price the Superspin
Wheel's price and chance. The price is debited with the answer, through the session.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

import pygame

from ... import gfx, theme
from ...overlays.base import Overlay
from ...overlays.choice import ChoiceOption, ChoiceOverlay
from ...widgets.anim import clamp01, ease_out_back, pulse
from ...widgets.art import lighter, rounded_panel
from ...widgets.button import Button
from ...widgets.text import CENTER, fit_width, render_text
from .art import CREAM, GOLD, INK, glow_disc
from .panels import panel_plate, title_ribbon

if TYPE_CHECKING:
    from ...context import AppContext

SPIN_GREEN = ((90, 220, 110), (16, 120, 52))
WHEEL_GOLD = ((255, 214, 90), (190, 110, 10))
COLLECT_RED = ((236, 70, 80), (140, 14, 34))


@dataclass(frozen=True)
class OfferText:
    """What the offer says, ready to show (the screen makes it from the offer's info)."""

    heading: str  # EXTRA SPIN 2 OF 8
    could_win: str  # money
    spin_label: str  # SPIN 1.20 / SUPERSPIN 5.00
    spin_detail: str  # what the spin buys
    collect_label: str
    collect_detail: str  # what collecting takes now
    note: str = ""  # the wheel's misses in a row, when it has missed


def darker_by(color: tuple[int, int, int], amount: int) -> tuple[int, int, int]:
    r, g, b = color
    return max(0, r - amount), max(0, g - amount), max(0, b - amount)


def pill(size: tuple[int, int], colors: tuple[tuple[int, int, int], tuple[int, int, int]],
         state: int) -> pygame.Surface:
    """A big rounded button face: normal, hover (lighter) or pressed (darker)."""
    shift = (0, 26, -26)[state]
    top, bottom = (lighter(color, shift) if shift >= 0 else darker_by(color, -shift) for color in colors)
    w, h = size
    out = gfx.Surface(size, pygame.SRCALPHA)
    out.blit(rounded_panel(size, (0, 0, 0), (0, 0, 0), radius=h // 2, alpha=110), (0, 4))
    out.blit(rounded_panel((w, h - 4), top, bottom, edge=(255, 248, 220), radius=(h - 4) // 2, alpha=255,
                           edge_px=3), (0, 0 if state != 2 else 2))
    shine = gfx.Surface((w - 24, (h - 4) // 3), pygame.SRCALPHA)
    gfx.draw.rect(shine, (255, 255, 255, 60), shine.get_rect(), border_radius=shine.get_height() // 2)
    out.blit(shine, (12, 5))
    return out


class OfferOverlay(ChoiceOverlay):
    """The ``extra_spin`` question: option 0 buys the spin (or the wheel spin), option 1 collects."""

    pauses_below = False
    priced = True  # "spin" always has its price

    def __init__(self, app: AppContext, rect: pygame.Rect, text: OfferText, wheel: bool,
                 on_choose: Callable[[int], bool], *, on_escape: Callable[[], None] | None = None) -> None:
        Overlay.__init__(self, app, (320, 120), "Extra spin")
        self.rect = pygame.Rect((0, 0), gfx.LAYOUT_SIZE)
        self.panel_rect = pygame.Rect(rect)
        self.text = text
        self.wheel = wheel
        self.options = (ChoiceOption(text.spin_label, text.spin_detail),
                        ChoiceOption(text.collect_label, text.collect_detail))
        self.on_choose = on_choose
        self.on_escape = on_escape
        self.reason = ""
        self.time = 0.0
        res = app.resources
        self.fonts = {
            "title": theme.ui(res, 19, "heavy"), "label": theme.ui(res, 17, "heavy"),
            "big": theme.ui(res, 40, "heavy"), "button": theme.ui(res, 24, "heavy"),
            "small": theme.ui(res, 15), "note": theme.ui(res, 16, "heavy"),
        }
        self._reason_font = theme.ui(res, 16, "heavy")
        self.plate = self._plate()
        r = self.panel_rect
        spin_rect = pygame.Rect(r.x + 14, r.y + 196, r.w - 28, 74)
        collect_rect = pygame.Rect(r.x + 14, spin_rect.bottom + 44, r.w - 28, 58)
        spin_colors = WHEEL_GOLD if wheel else SPIN_GREEN
        for index, (where, colors, font) in enumerate(((spin_rect, spin_colors, self.fonts["button"]),
                                                        (collect_rect, COLLECT_RED, self.fonts["button"]))):
            faces = tuple(pill(where.size, colors, state) for state in range(3))
            button = Button(where, self.options[index].label, partial(self.choose, index), font=font,
                            images=(faces[0], faces[1], faces[2]), hint=self.options[index].detail,
                            hint_font=self.fonts["small"])
            self.buttons.append(button)
        self.focus = 0
        self.glow = glow_disc((spin_rect.w + 80, spin_rect.h + 70), (255, 230, 140) if wheel else (140, 255, 160), 0.9)

    def _plate(self) -> pygame.Surface:
        r = self.panel_rect
        plate = panel_plate(r.size)
        t = self.text
        ribbon = title_ribbon(self.fonts["title"], t.heading, r.w - 24)
        plate.blit(ribbon, ribbon.get_rect(midtop=(r.w // 2, 10)))
        label = render_text(self.fonts["label"], "YOU COULD WIN", CREAM, INK, 2)
        plate.blit(label, label.get_rect(midtop=(r.w // 2, 62)))
        value = fit_width(render_text(self.fonts["big"], t.could_win, GOLD, INK, 3, shadow=True), r.w - 24)
        plate.blit(value, value.get_rect(midtop=(r.w // 2, 86)))
        small = render_text(self.fonts["small"], "the most one more spin can add", (220, 190, 190))
        plate.blit(small, small.get_rect(midtop=(r.w // 2, 140)))
        if t.note:
            note = render_text(self.fonts["note"], t.note, (255, 190, 150), INK, 1, wrap=r.w - 24, align=CENTER)
            plate.blit(note, note.get_rect(midbottom=(r.w // 2, r.h - 12)))
        return plate

    # -- input ------------------------------------------------------------------------------------

    def choose(self, index: int) -> None:
        if self._closed:
            return
        if self.on_choose(index):
            self.close()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A fresh press once the price is on its button (``takes``): Space held through the last
        spin, or its repeat, buys nothing."""
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.on_cancel()
                return True
            if not self.takes(event):
                return True
            if event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
                self.focus = 1 - self.focus
                self._sync_focus()
                return True
            if event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.buttons[self.focus].flash()
                self.choose(self.focus)
                return True
            if event.key == pygame.K_c:
                self.choose(1)
            return True
        return super().handle_event(event)

    def on_cancel(self) -> None:
        if self.on_escape is not None:
            self.on_escape()
        else:
            self.reason = "Spin or collect: the game waits."

    def update(self, dt: float) -> None:
        super().update(dt)
        self.time += dt

    def draw(self, surface: pygame.Surface) -> None:
        k = ease_out_back(clamp01(self.time / 0.3), 1.4)
        dx = round(40 * (1 - k))
        r = self.panel_rect
        surface.blit(self.plate, (r.x + dx, r.y))
        spin = self.buttons[0].rect
        self.glow.set_alpha(110 + round(120 * pulse(self.time, 1.1)))
        surface.blit(self.glow, self.glow.get_rect(center=(spin.centerx + dx, spin.centery)))
        if not dx:  # the buttons come once the panel is in place
            for button in self.buttons:
                button.draw(surface)
        if self.reason:
            lines = self.reason.split("; ")
            y = r.bottom + 8
            for line in lines:
                image = render_text(self._reason_font, line, (255, 200, 160), INK, 2)
                surface.blit(image, image.get_rect(midtop=(r.centerx, y)))
                y += image.get_height()
