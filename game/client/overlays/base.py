"""The common frame of every overlay: a frosted, dimmed backdrop and a handsome panel.

The first frame an overlay is drawn it photographs what lies below (already drawn this frame),
blurs and darkens it once, and from then on marks itself ``opaque`` so the paused scenes
below are not drawn again: an open dialog costs two blits a frame.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import pygame

from .. import gfx, theme
from ..resources import ResourceError, Resources
from ..scene import Scene
from ..widgets.art import soft_blur
from ..widgets.button import Button
from ..widgets.text import blit_text, fit_width, render_text

if TYPE_CHECKING:
    from ..context import AppContext

PANEL_CORNER = 28  # pixels of panel.png kept unscaled at each corner (nine-slice)
SHADOW = 18

CLOSE_KEYS = (pygame.K_ESCAPE,)
CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)

T = TypeVar("T")  # the value type of an OptionRow


def make_backdrop(below: pygame.Surface) -> pygame.Surface:
    """``below`` blurred and darkened into an opaque surface (done once per overlay)."""
    w, h = below.get_size()
    small = gfx.transform.smoothscale(below, (max(1, w // 4), max(1, h // 4)))
    small = gfx.transform.box_blur(small, 2)
    frosted = gfx.transform.stretch_soft(small, (w, h)).convert()
    gfx.veil(frosted, theme.VEIL, theme.BACKDROP_DIM)
    return frosted


def _nine_slice(image: pygame.Surface, size: tuple[int, int], corner: int) -> pygame.Surface:
    w, h = size
    iw, ih = image.get_size()
    c = min(corner, w // 2, h // 2, iw // 2, ih // 2)
    out = gfx.Surface(size, pygame.SRCALPHA)
    xs_src = (0, c, iw - c, iw)
    ys_src = (0, c, ih - c, ih)
    xs_dst = (0, c, w - c, w)
    ys_dst = (0, c, h - c, h)
    for i in range(3):
        for j in range(3):
            src = pygame.Rect(xs_src[i], ys_src[j], xs_src[i + 1] - xs_src[i], ys_src[j + 1] - ys_src[j])
            dst = pygame.Rect(xs_dst[i], ys_dst[j], xs_dst[i + 1] - xs_dst[i], ys_dst[j + 1] - ys_dst[j])
            if src.w <= 0 or src.h <= 0 or dst.w <= 0 or dst.h <= 0:
                continue
            piece = image.subsurface(src)
            if piece.get_size() != dst.size:  # edges and middle run uniform along the stretch
                piece = gfx.transform.stretch_soft(piece, dst.size)
            out.blit(piece, dst)
    return out


def make_panel(resources: Resources, size: tuple[int, int]) -> pygame.Surface:
    """The panel body with a soft drop shadow; ``SHADOW`` px of margin on every side."""
    w, h = size
    out = gfx.Surface((w + 2 * SHADOW, h + 2 * SHADOW), pygame.SRCALPHA)
    shadow = gfx.Surface(out.get_size(), pygame.SRCALPHA)
    gfx.draw.rect(shadow, (0, 0, 0, 170), pygame.Rect(SHADOW, SHADOW + 8, w, h), border_radius=24)
    out.blit(soft_blur(shadow, 10), (0, 0))
    body: pygame.Surface
    try:
        body = _nine_slice(resources.image("ui/panel.png"), size, PANEL_CORNER)
    except ResourceError:
        body = gfx.Surface(size, pygame.SRCALPHA)
        for y in range(h):
            t = y / max(1, h - 1)
            color = [round(a + (b - a) * t) for a, b in zip(theme.PANEL_TOP, theme.PANEL_BOTTOM, strict=True)]
            gfx.draw.line(body, color, (0, y), (w, y))
        mask = gfx.Surface(size, pygame.SRCALPHA)
        gfx.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=22)
        body.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        gfx.draw.rect(body, theme.GOLD_DARK, body.get_rect(), width=3, border_radius=22)
    # A thin inner highlight and a gold hairline make the edge read on any background.
    gfx.draw.rect(body, (*theme.GOLD, 90), body.get_rect().inflate(-12, -12), width=1, border_radius=18)
    out.blit(body, (SHADOW, SHADOW))
    return out


def button_images(resources: Resources) -> tuple[pygame.Surface, pygame.Surface, pygame.Surface] | None:
    try:
        return (
            resources.image("ui/button.png"),
            resources.image("ui/button_hover.png"),
            resources.image("ui/button_pressed.png"),
        )
    except ResourceError:
        return None


class Overlay(Scene):
    """A modal panel over a frozen, frosted picture of the screen below."""

    overlay = True
    pauses_below = True

    def __init__(self, app: AppContext, size: tuple[int, int], title: str) -> None:
        super().__init__(app)
        self.opaque = False
        self.title = title
        screen_rect = pygame.Rect((0, 0), gfx.LAYOUT_SIZE)
        self.rect = pygame.Rect((0, 0), size)
        self.rect.center = screen_rect.center
        res = app.resources
        self.title_font = theme.display(res, 46)
        self.font = theme.ui(res, 24)
        self.small = theme.ui(res, 18, "light")
        self.button_font = theme.ui(res, 22)
        self.buttons: list[Button] = []
        self.focus = 0  # index into self.buttons for keyboard focus
        self._backdrop: pygame.Surface | None = None
        self._panel = make_panel(res, size)
        title_img = fit_width(render_text(self.title_font, title, theme.GOLD, theme.INK, 3, True), size[0] - 60)
        self.title_rect = title_img.get_rect(midtop=(SHADOW + size[0] // 2, SHADOW + 18))  # in the panel
        self._panel.blit(title_img, self.title_rect)
        self._closed = False

    # -- building ------------------------------------------------------------------------------

    def add_button(self, rect: pygame.Rect, label: str, on_click: Callable[[], None], hint: str = "") -> Button:
        button = Button(
            rect, label, on_click, font=self.button_font, images=button_images(self.app.resources),
            hint=hint, hint_font=self.small if hint else None,
        )
        self.buttons.append(button)
        return button

    def button_row(self, specs: list[tuple[str, Callable[[], None]]], y: int | None = None) -> None:
        """Buttons centred in a row near the bottom of the panel."""
        width, height, gap = 200, 58, 24
        total = len(specs) * width + (len(specs) - 1) * gap
        x = self.rect.centerx - total // 2
        top = self.rect.bottom - height - 44 if y is None else y
        for label, action in specs:
            self.add_button(pygame.Rect(x, top, width, height), label, action)
            x += width + gap

    # -- life ----------------------------------------------------------------------------------

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self.manager.remove(self)

    def close_then(self, action: Callable[[], None] | None) -> None:
        """Close, then run ``action`` once: a second click or key on a closing overlay does nothing."""
        if self._closed:
            return
        self.close()
        if action is not None:
            action()

    def on_enter(self) -> None:
        self._sync_focus()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in CLOSE_KEYS:
                self.on_cancel()
                return True
            if event.key == pygame.K_TAB and self.buttons:
                step = -1 if event.mod & pygame.KMOD_SHIFT else 1
                self.focus = (self.focus + step) % len(self.buttons)
                self._sync_focus()
                return True
            return self.handle_key(event)
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            for index, button in enumerate(self.buttons):
                if button.handle_event(event):
                    self.focus = index
                    return True
                if event.type == pygame.MOUSEMOTION and button.hover:
                    self.focus = index
            if event.type == pygame.MOUSEMOTION:
                self._sync_focus()
            return self.handle_mouse(event) or True
        return event.type in (pygame.KEYUP, pygame.TEXTINPUT, pygame.MOUSEWHEEL) and self.handle_other(event)

    def _sync_focus(self) -> None:
        for index, button in enumerate(self.buttons):
            button.hover = button.focused = index == self.focus

    def handle_key(self, event: pygame.event.Event) -> bool:
        """Keys other than Esc/Tab. Default: Enter presses the focused button."""
        if event.key in CONFIRM_KEYS and self.buttons:
            button = self.buttons[self.focus]
            button.flash()
            button.on_click()
            return True
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and len(self.buttons) > 1:
            step = 1 if event.key == pygame.K_RIGHT else -1
            self.focus = (self.focus + step) % len(self.buttons)
            self._sync_focus()
        return True  # modal: nothing reaches the screen below

    def handle_mouse(self, event: pygame.event.Event) -> bool:
        return False

    def handle_other(self, event: pygame.event.Event) -> bool:
        return True

    def on_cancel(self) -> None:
        self.close()

    def update(self, dt: float) -> None:
        for button in self.buttons:
            button.update(dt)

    # -- drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        stale = self._backdrop is None or self._backdrop.get_size() != surface.get_size()
        if stale and pygame.display.get_surface() is not None:
            self._backdrop = make_backdrop(surface)
            self.opaque = True
        if self._backdrop is not None:
            surface.blit(self._backdrop, (0, 0))
        else:  # headless use without a display: a plain veil over what is below
            gfx.veil(surface, theme.VEIL, theme.BACKDROP_DIM)
        surface.blit(self._panel, (self.rect.x - SHADOW, self.rect.y - SHADOW))
        self.draw_content(surface)
        for button in self.buttons:
            button.draw(surface)

    def draw_content(self, surface: pygame.Surface) -> None:
        """The overlay's own content, drawn over the panel each frame."""

    def footer(self, surface: pygame.Surface, text: str) -> None:
        blit_text(surface, self.small, text, theme.MUTED, center=(self.rect.centerx, self.rect.bottom - 22))


_focus_cache: dict[tuple[tuple[int, int], float], pygame.Surface] = {}


def focus_image(size: tuple[int, int]) -> pygame.Surface:
    """A translucent gold highlight with a bright edge, one per size (and render scale)."""
    key = (size, gfx.scale())
    image = _focus_cache.get(key)
    if image is None:
        image = gfx.Surface(size, pygame.SRCALPHA)
        rect = image.get_rect()
        gfx.draw.rect(image, (255, 214, 120, 38), rect, border_radius=12)
        gfx.draw.rect(image, (*theme.GOLD, 255), rect, width=2, border_radius=12)
        _focus_cache[key] = image
    return image


class OptionRow(Generic[T]):
    """A labelled value chosen from a list with Left/Right or the arrow buttons beside it."""

    def __init__(
        self,
        label: str,
        choices: list[T],
        index: int,
        fmt: Callable[[T], str],
        on_change: Callable[[T], None] | None = None,
    ) -> None:
        self.label = label
        self.choices = choices
        self.index = max(0, min(len(choices) - 1, index))
        self.fmt = fmt
        self.on_change = on_change
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.left = pygame.Rect(0, 0, 0, 0)
        self.right = pygame.Rect(0, 0, 0, 0)
        self._focus_img: pygame.Surface | None = None

    @property
    def value(self) -> T:
        return self.choices[self.index]

    def step(self, direction: int) -> None:
        index = max(0, min(len(self.choices) - 1, self.index + direction))
        if index != self.index:
            self.index = index
            if self.on_change is not None:
                self.on_change(self.value)

    def cycle(self) -> None:
        """Enter/Space on a row: the next choice, wrapping (handy for on/off rows)."""
        self.index = (self.index + 1) % len(self.choices)
        if self.on_change is not None:
            self.on_change(self.value)

    def place(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.right = pygame.Rect(0, 0, 44, rect.h - 12)
        self.right.midright = (rect.right - 10, rect.centery)
        self.left = self.right.copy()
        self.left.right = self.right.left - 210
        self._focus_img = focus_image(self.rect.size)

    def click(self, pos: tuple[int, int]) -> bool:
        if self.left.collidepoint(pos):
            self.step(-1)
            return True
        if self.right.collidepoint(pos):
            self.step(+1)
            return True
        if self.rect.collidepoint(pos):
            self.cycle() if len(self.choices) == 2 else self.step(+1)
            return True
        return False

    def draw(self, surface: pygame.Surface, font: pygame.font.Font, focused: bool) -> None:
        if focused and self._focus_img is not None:
            surface.blit(self._focus_img, self.rect)
        blit_text(surface, font, self.label, theme.TEXT, midleft=(self.rect.x + 18, self.rect.centery),
                  outline=theme.INK)
        for arrow, enabled, glyph in ((self.left, self.index > 0, "<"),
                                      (self.right, self.index < len(self.choices) - 1, ">")):
            color = theme.GOLD if enabled else (110, 96, 120)
            gfx.draw.rect(surface, (40, 26, 60), arrow, border_radius=10)
            gfx.draw.rect(surface, color, arrow, width=2, border_radius=10)
            blit_text(surface, font, glyph, color, center=arrow.center)
        mid = (self.left.right + self.right.left) // 2
        blit_text(surface, font, self.fmt(self.value), theme.GOLD, center=(mid, self.rect.centery),
                  outline=theme.INK)


class OptionsOverlay(Overlay):
    """An overlay that is a list of :class:`OptionRow` s: Up/Down chooses, Left/Right changes.

    Subclasses set ``self.rows`` through :meth:`place_rows` and say what Enter does
    (:meth:`confirm`) and which extra keys they take (:meth:`handle_extra_key`).
    """

    ROW_H = 64
    rows: list[OptionRow[Any]]  # each row has its own value type; subclasses keep typed references
    selected: int = 0

    def place_rows(self, rows: list[OptionRow[Any]], margin: int) -> None:
        self.rows = rows
        self.selected = 0
        top = self.rect.y + 104
        for index, row in enumerate(rows):
            row.place(pygame.Rect(self.rect.x + margin, top + index * (self.ROW_H + 10),
                                  self.rect.w - 2 * margin, self.ROW_H))

    def confirm(self) -> None:
        """Enter: by default, done."""
        self.close()

    def handle_extra_key(self, key: int) -> None:
        """A key the option list does not use itself."""

    def handle_key(self, event: pygame.event.Event) -> bool:
        key = event.key
        row = self.rows[self.selected]
        if key in (pygame.K_UP, pygame.K_DOWN):
            self.selected = (self.selected + (1 if key == pygame.K_DOWN else -1)) % len(self.rows)
        elif key in (pygame.K_LEFT, pygame.K_MINUS, pygame.K_KP_MINUS):
            row.step(-1)
        elif key in (pygame.K_RIGHT, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            row.step(+1)
        elif key == pygame.K_SPACE:
            row.cycle() if len(row.choices) == 2 else row.step(+1)
        elif key in CONFIRM_KEYS:
            self.confirm()
        else:
            self.handle_extra_key(key)
        return True

    def handle_mouse(self, event: pygame.event.Event) -> bool:
        pos = getattr(event, "pos", None)
        if pos is None:
            return False
        for index, row in enumerate(self.rows):
            if row.rect.collidepoint(pos):
                self.selected = index
                if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                    row.click(pos)
                return True
        return False

    def draw_rows(self, surface: pygame.Surface, note: str, footer: str) -> None:
        for index, row in enumerate(self.rows):
            row.draw(surface, self.font, index == self.selected)
        blit_text(surface, self.small, note, theme.MUTED, center=(self.rect.centerx, self.rows[-1].rect.bottom + 24))
        self.footer(surface, footer)
