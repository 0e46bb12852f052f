"""The choice of the Bonus Substitute: two portrait cards on a full screen, as a studio's feature pick.

:class:`SubstituteCards` draws the two cards (portrait, what each girl's bonus is like, read from
``game.description.bonus``) once, and both places that show them share it: the player's question
(:class:`BonusChoiceOverlay`, Left/Right or the mouse to look, Enter or a click to choose) and the
presenter's ``decision`` step (:class:`ShowChoice`), which shows the girl taken (by the player, or
by autoplay, the demo or a replay, who are never asked) before the free games begin.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from ... import gfx, theme
from ...overlays.base import Overlay, make_backdrop
from ...overlays.choice import ChoiceOption, ChoiceOverlay
from ...widgets.anim import clamp01, ease_out_back, ease_out_cubic, pulse
from ...widgets.art import rounded_panel, soft_glow
from ...widgets.button import Button
from ...widgets.particles import Particles
from ...widgets.text import render_text
from ...widgets.timeline import Step

if TYPE_CHECKING:
    from ....engine.games.naughty_or_nice.game import NaughtyOrNiceDescription
    from ...context import AppContext
    from ...resources import Resources

INK = (20, 8, 20)
GOLD = (255, 210, 100)
CREAM = (255, 246, 228)
SCREEN = (1280, 720)
CARD = (400, 520)
VEIL, VEIL_ALPHA = (14, 4, 10), 215  # the room darkened behind the two cards
CARD_GAP = 64
CARD_TOP = 152
LIFT = 14  # layout units a card rises when it is the one looked at
FLIGHT = (0.8, 0.62, 0.48, 0.36, 0.27, 0.2)  # the card taken, as it flies to the free games panel

# Each girl's colours: card top, card bottom, edge and the glow behind her.
PALETTES: dict[str, tuple[tuple[int, int, int], ...]] = {
    "nice_girl": ((46, 96, 150), (12, 22, 58), (200, 225, 255), (120, 190, 255)),
    "naughty_girl": ((150, 22, 40), (36, 4, 12), (255, 200, 110), (255, 90, 70)),
}
DEFAULT_PALETTE = ((90, 50, 120), (26, 12, 40), GOLD, (255, 190, 90))
AWARD_LABELS = {"spin": "+1 FREE GAME", "prize": "INSTANT PRIZE", "hold": "HOLDS HER REEL"}
AWARD_PLURALS = {"spin": "extra games", "prize": "prizes", "hold": "held reels"}


def substitute_name(name: str) -> str:
    """How a substitute is named on screen: ``nice_girl`` -> ``NICE GIRL``."""
    return name.replace("_", " ").upper()


def award_label(award: str) -> str:
    return AWARD_LABELS.get(award, award.replace("_", " ").upper())


def leanings(description: NaughtyOrNiceDescription) -> dict[str, str]:
    """Each girl's character in a few words: the awards she gives more often than the other girl."""
    out: dict[str, str] = {}
    for name in description.substitutes:
        table = description.bonus[name]
        others = [description.bonus[other] for other in description.substitutes if other != name]
        ahead = sorted(
            (award for award in table.awards
             if all(table.probability(award) > other.probability(award) for other in others)),
            key=lambda award: -min(table.probability(award) - other.probability(award) for other in others))
        out[name] = "More " + " and ".join(AWARD_PLURALS.get(a, a) for a in ahead) if ahead else "An even spread"
    return out


def fit(image: pygame.Surface, width: int) -> pygame.Surface:
    """``image`` shrunk to ``width`` when it is wider (never enlarged)."""
    if image.get_width() <= width:
        return image
    return gfx.transform.smoothscale(image, (width, max(1, image.get_height() * width // image.get_width())))


def pct(p: Fraction) -> str:
    return f"{float(p):.0%}"


@dataclass(frozen=True)
class CardText:
    """What one card says, all from the engine's description (and a proof's per-start means)."""

    name: str
    title: str
    leaning: str
    awards: tuple[tuple[str, Fraction], ...]  # (award, probability) in the engine's order
    prizes: str
    worth: str  # the proof's mean of her free games, or ""


def card_texts(description: NaughtyOrNiceDescription, means: dict[str, float] | None = None) -> list[CardText]:
    """One card per substitute; ``means`` are the free games' mean win by substitute (x bet), when proven."""
    lean = leanings(description)
    out = []
    for name in description.substitutes:
        table = description.bonus[name]
        prizes = sorted(table.prizes)
        mean = table.mean_prize()
        prize_text = f"Instant prizes {prizes[0]}x to {prizes[-1]}x bet  \u00b7  average {float(mean):.2f}x"
        worth = ""
        if means and name in means:
            worth = f"Her free games pay {means[name]:.1f}x bet on average"
        out.append(CardText(name, substitute_name(name), lean[name],
                            tuple((award, table.probability(award)) for award in table.awards), prize_text, worth))
    return out


class SubstituteCards:
    """The two cards and the titles over them, rendered once; ``draw`` is blits and alphas."""

    def __init__(self, resources: Resources, portraits: dict[str, pygame.Surface],
                 award_icons: dict[str, pygame.Surface], texts: Sequence[CardText], *, spins: int, double: int,
                 stars: Sequence[pygame.Surface]) -> None:
        self.names = [text.name for text in texts]
        self.texts = list(texts)
        count = len(texts)
        width = count * CARD[0] + (count - 1) * CARD_GAP
        left = (SCREEN[0] - width) // 2
        self.rects = [pygame.Rect(left + i * (CARD[0] + CARD_GAP), CARD_TOP, *CARD) for i in range(count)]
        self.palettes = [PALETTES.get(text.name, DEFAULT_PALETTE) for text in texts]
        self.below_portrait: list[int] = []  # per card, the y (in the card) under her portrait and nameplate
        self.cards = [self._card(text, portraits.get(text.name), award_icons, palette, resources)
                      for text, palette in zip(texts, self.palettes, strict=True)]
        self.glows = [gfx.transform.stretch_soft(soft_glow(256, palette[3], 0.95), (CARD[0] + 200, CARD[1] + 160))
                      for palette in self.palettes]
        self.veil = rounded_panel(CARD, (6, 2, 12), (6, 2, 12), radius=26, alpha=150)
        rim = gfx.Surface((CARD[0] + 12, CARD[1] + 12), pygame.SRCALPHA)
        gfx.draw.rect(rim, (255, 236, 160, 255), rim.get_rect(), width=4, border_radius=30)
        gfx.draw.rect(rim, (255, 255, 255, 150), rim.get_rect().inflate(-8, -8), width=1, border_radius=26)
        self.rim = rim
        self.title = render_text(theme.display(resources, 58), "Choose your Bonus Substitute", GOLD, INK, 4,
                                 shadow=True)
        self.subtitle = render_text(
            theme.ui(resources, 21), f"{spins} FREE GAMES  \u00b7  WINS WITH HER PAY x{double}  \u00b7  "
                                     "EACH TIME SHE LANDS SHE AWARDS A BONUS", CREAM, INK, 2)
        key_font, word_font = theme.ui(resources, 18, "heavy"), theme.ui(resources, 18)
        self.keys = self._keys([("", "look"), ("ENTER", "choose"), ("CLICK", "a card to choose her")],
                               key_font, word_font)
        stamp_font = theme.display(resources, 54)
        self.stamps = [self._stamp(stamp_font, palette) for palette in self.palettes]
        self.stars = list(stars)
        # the card taken flies to the free games panel, shrinking: its frames drawn once
        self.flights = [[gfx.transform.smoothscale(card, (round(CARD[0] * k), round(CARD[1] * k))) for k in FLIGHT]
                        for card in self.cards]

    # -- pre-rendering --------------------------------------------------------------------------

    def _card(self, text: CardText, portrait: pygame.Surface | None, icons: dict[str, pygame.Surface],
              palette: tuple[tuple[int, int, int], ...], res: Resources) -> pygame.Surface:
        w = CARD[0]
        top, bottom, edge, _ = palette
        card = rounded_panel(CARD, top, bottom, edge=edge, radius=26, alpha=255, edge_px=3)
        # translucent shapes are drawn on a layer and blended in (drawn on the card they would cut holes)
        layer = gfx.Surface(CARD, pygame.SRCALPHA)
        gfx.draw.rect(layer, (*edge, 120), card.get_rect().inflate(-16, -16), width=1, border_radius=20)
        y = 10
        if portrait is not None:
            card.blit(portrait, portrait.get_rect(midtop=(w // 2, y)))
            y += portrait.get_height()
        self.below_portrait.append(y)
        lean = fit(render_text(theme.ui(res, 19, "heavy"), text.leaning.upper(), GOLD, INK, 2), w - 36)
        card.blit(lean, lean.get_rect(midtop=(w // 2, y + 4)))
        y += lean.get_height() + 10
        label_font, pct_font = theme.ui(res, 18, "heavy"), theme.ui(res, 20, "heavy")
        rows = []
        for award, probability in text.awards:
            row = pygame.Rect(22, y, w - 44, 32)
            gfx.draw.rect(layer, (0, 0, 0, 110), row, border_radius=16)
            bar = row.inflate(-4, -4)
            bar.w = max(bar.h, round(bar.w * float(probability)))  # a meter of her chance of this award
            gfx.draw.rect(layer, (*edge, 80), bar, border_radius=14)
            rows.append((award, probability, row))
            y += 36
        card.blit(layer, (0, 0))
        y = rows[0][2].y if rows else y
        for award, probability, row in rows:
            icon = icons.get(award)
            if icon is not None:
                small = gfx.transform.smoothscale(icon, (30, 30))
                card.blit(small, small.get_rect(midleft=(row.x + 2, row.centery)))
            name = render_text(label_font, award_label(award), CREAM, INK, 1)
            card.blit(name, name.get_rect(midleft=(row.x + 40, row.centery + 1)))
            value = render_text(pct_font, pct(probability), GOLD, INK, 2)
            card.blit(value, value.get_rect(midright=(row.right - 12, row.centery + 1)))
            y += 36
        y += 2
        note_font = theme.ui(res, 16)
        for line in (text.prizes, text.worth):
            if line:
                image = fit(render_text(note_font, line, (235, 225, 240), INK, 1), w - 24)
                card.blit(image, image.get_rect(midtop=(w // 2, y + 2)))
                y += image.get_height() + 2
        return card

    @staticmethod
    def _keys(pairs: Sequence[tuple[str, str]], key_font: pygame.font.Font,
              word_font: pygame.font.Font) -> pygame.Surface:
        parts = []
        for key, words in pairs:
            label = render_text(key_font, key or "ENTER", INK)
            chip = rounded_panel((label.get_width() + 22, label.get_height() + 8), (255, 236, 170), (230, 170, 60),
                                 edge=(255, 250, 230), radius=10, alpha=255)
            cx, cy = chip.get_width() // 2, chip.get_height() // 2
            if key:
                chip.blit(label, label.get_rect(center=(cx, cy + 1)))
            else:  # the arrow keys, drawn (the fonts have no arrows)
                for side in (-1, 1):
                    tip = cx + side * 22
                    gfx.draw.polygon(chip, INK, [(tip, cy), (tip - side * 12, cy - 8), (tip - side * 12, cy + 8)])
            parts.append(chip)
            parts.append(render_text(word_font, words, CREAM, INK, 2))
        gap = 10
        width = sum(p.get_width() for p in parts) + gap * (len(parts) - 1) + 24 * (len(pairs) - 1)
        height = max(p.get_height() for p in parts)
        strip = gfx.Surface((width, height), pygame.SRCALPHA)
        x = 0
        for index, part in enumerate(parts):
            strip.blit(part, part.get_rect(midleft=(x, height // 2)))
            x += part.get_width() + gap + (24 if index % 2 else 0)
        return strip

    @staticmethod
    def _stamp(font: pygame.font.Font, palette: tuple[tuple[int, int, int], ...]) -> pygame.Surface:
        label = render_text(font, "She's yours!", CREAM, INK, 3, shadow=True)
        w, h = label.get_width() + 56, label.get_height() + 16
        stamp = rounded_panel((w, h), palette[0], palette[1], edge=GOLD, radius=h // 2, alpha=245, edge_px=4)
        stamp.blit(label, label.get_rect(center=(w // 2, h // 2)))
        return stamp

    # -- drawing --------------------------------------------------------------------------------

    def stamp_rect(self, index: int, k: float = 1.0) -> pygame.Rect:
        """Where "She's yours!" lands on card ``index`` (``k`` of its drop): under her portrait and its
        nameplate, never on them."""
        rect = self.rects[index].move(0, -LIFT)
        stamp = self.stamps[index]
        top = rect.y + self.below_portrait[index] + 6 - round(30 * (1 - k))
        return stamp.get_rect(midtop=(rect.centerx, top))

    def index_of(self, name: str) -> int:
        return self.names.index(name)

    def draw(self, surface: pygame.Surface, lifts: Sequence[float], time: float, *, alpha: int = 255,
             keys: bool = True, chosen: int | None = None, stamp_t: float = 0.0, skip: int | None = None) -> None:
        """The titles and the cards; ``lifts`` (0..1 each) say how much each card is the one looked at.
        ``skip``: a card not drawn (it is flying)."""
        title_y = 14 - round(20 * (1 - alpha / 255))
        self.title.set_alpha(alpha)
        surface.blit(self.title, self.title.get_rect(midtop=(SCREEN[0] // 2, title_y)))
        self.subtitle.set_alpha(alpha)
        surface.blit(self.subtitle, self.subtitle.get_rect(midtop=(SCREEN[0] // 2, title_y + 88)))
        for index, (card, rect) in enumerate(zip(self.cards, self.rects, strict=True)):
            if index == skip:
                continue
            lift = lifts[index]
            shown = rect.move(0, -round(LIFT * lift))
            if lift > 0.02:
                glow = self.glows[index]
                glow.set_alpha(round(alpha * lift * (0.7 + 0.3 * pulse(time, 1.6))))
                surface.blit(glow, glow.get_rect(center=shown.center))
            card.set_alpha(alpha)
            surface.blit(card, shown)
            if lift < 0.98:
                self.veil.set_alpha(round(alpha * 0.85 * (1 - lift)))
                surface.blit(self.veil, shown)
            if lift > 0.02:
                self.rim.set_alpha(round(alpha * lift * (0.75 + 0.25 * pulse(time, 0.9))))
                surface.blit(self.rim, self.rim.get_rect(center=shown.center))
        if chosen is not None and stamp_t > 0 and chosen != skip:
            stamp = self.stamps[chosen]
            k = ease_out_back(clamp01(stamp_t / 0.35), 2.2)
            stamp.set_alpha(round(alpha * clamp01(stamp_t / 0.2)))
            surface.blit(stamp, self.stamp_rect(chosen, k))
        if keys:
            self.keys.set_alpha(round(alpha * (0.7 + 0.3 * pulse(time, 1.8))))
            surface.blit(self.keys, self.keys.get_rect(midbottom=(SCREEN[0] // 2, SCREEN[1] - 14)))

    def draw_flight(self, surface: pygame.Surface, index: int, t: float, target: tuple[int, int]) -> None:
        """Card ``index`` on its way to ``target``, ``t`` from 0 (its place) to 1 (arrived, smallest)."""
        frames = self.flights[index]
        k = ease_out_cubic(t)
        frame = frames[min(len(frames) - 1, int(k * len(frames)))]
        start = self.rects[index].move(0, -LIFT).center
        x = round(start[0] + (target[0] - start[0]) * k)
        y = round(start[1] + (target[1] - start[1]) * k - 60 * math.sin(math.pi * k))  # a little arc
        frame.set_alpha(round(255 * (1 - clamp01((t - 0.85) / 0.15))))
        surface.blit(frame, frame.get_rect(center=(x, y)))

    def sparkle(self, particles: Particles, index: int, count: int = 3) -> None:
        """Stars round the card looked at (cosmetic)."""
        rect = self.rects[index].move(0, -LIFT)
        for x, y in ((rect.left + 20, rect.top + 60), (rect.right - 20, rect.top + 60),
                     (rect.left + 30, rect.bottom - 40), (rect.right - 30, rect.bottom - 40)):
            particles.burst(x, y, self.stars, count=count, speed=120, life=0.9, gravity=40)


def ease_towards(value: float, target: float, dt: float, rate: float = 9.0) -> float:
    """``value`` moved towards ``target`` (a critically damped look, frame-rate independent)."""
    k = 1.0 - 2.0 ** (-rate * dt)
    return value + (target - value) * k


class BonusChoiceOverlay(ChoiceOverlay):
    """The question of the Bonus Substitute, on a full screen: one card per girl.

    A ``ChoiceOverlay`` (the harness and the screen treat it as the round's question): Left/Right
    look from one card to the other, Enter chooses the card looked at, the mouse looks by hovering
    and chooses by a click. Esc does not dismiss it: the round waits for the answer.
    """

    def __init__(self, app: AppContext, cards: SubstituteCards, options: Sequence[str],
                 on_choose: Callable[[int], bool], *, start: int = 0) -> None:
        # The overlay's frame (buttons, focus, keys, closing) without ChoiceOverlay's dialog panel.
        Overlay.__init__(self, app, (320, 120), "Choose your Bonus Substitute")
        self.rect = pygame.Rect((0, 0), gfx.LAYOUT_SIZE)
        self.cards = cards
        self.options = tuple(ChoiceOption(substitute_name(name)) for name in options)
        self.names = tuple(options)
        self.on_choose = on_choose
        self.reason = ""
        self._reason_font = theme.ui(app.resources, 20)
        for index, name in enumerate(options):  # a card is the button: drawn as the card, never as a button
            self.buttons.append(Button(cards.rects[cards.index_of(name)].copy(), "", partial(self.choose, index),
                                       font=self.button_font))
        self.focus = start
        self.lifts = [1.0 if index == start else 0.0 for index in range(len(options))]
        self.time = 0.0
        self.particles = Particles(90)
        self._sparkle_left = 0.0

    @property
    def looked_at(self) -> str:
        """The girl whose card is lit (Enter takes her)."""
        return self.names[self.focus]

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_UP, pygame.K_DOWN):
            return True
        return super().handle_key(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.time += dt
        for index in range(len(self.lifts)):
            self.lifts[index] = ease_towards(self.lifts[index], 1.0 if index == self.focus else 0.0, dt)
        self._sparkle_left -= dt
        if self._sparkle_left <= 0:
            self._sparkle_left = 0.45
            self.cards.sparkle(self.particles, self.cards.index_of(self.looked_at), count=2)
        self.particles.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        stale = self._backdrop is None or self._backdrop.get_size() != surface.get_size()
        if stale and pygame.display.get_surface() is not None:
            self._backdrop = make_backdrop(surface)
            gfx.veil(self._backdrop, VEIL, VEIL_ALPHA)
            self.opaque = True
        if self._backdrop is not None:
            surface.blit(self._backdrop, (0, 0))
        else:
            gfx.veil(surface, VEIL, VEIL_ALPHA)
        alpha = round(255 * ease_out_cubic(self.time / 0.3))
        order = [self.cards.index_of(name) for name in self.names]
        lifts = [0.0] * len(self.cards.rects)
        for index, card in enumerate(order):
            lifts[card] = self.lifts[index]
        self.cards.draw(surface, lifts, self.time, alpha=alpha)
        self.particles.draw(surface)
        if self.reason:
            image = render_text(self._reason_font, self.reason, (255, 200, 160), INK, 2)
            surface.blit(image, image.get_rect(midbottom=(SCREEN[0] // 2, SCREEN[1] - 46)))


class ShowChoice(Step):
    """The girl taken, on the cards: the player's pick confirmed, or autoplay's (and a replay's) shown.

    When nobody chose on screen (autoplay, the demo, a replay) the light passes between the cards a
    few times before it settles on her, so the choice is seen as it would have been made.
    """

    name = "choice"

    FLY = 0.6  # seconds the card taken flies to the free games panel

    def __init__(self, cards: SubstituteCards, chosen: str, *, asked: bool, particles: Particles,
                 sound: Callable[[str], None], target: tuple[int, int], on_end: Callable[[], None] | None = None,
                 progress: int | None = None) -> None:
        self.cards = cards
        self.chosen = cards.index_of(chosen)
        self.asked = asked
        self.particles = particles
        self.sound = sound
        self.target = target
        self.on_end = on_end
        self.progress = progress
        count = len(cards.rects)
        # the card lit at each moment before it settles (nobody asked: it passes between them)
        hops = [] if asked else [(self.chosen + 1 + k) % count for k in range(2 * count)]
        self.hops: list[tuple[float, int]] = [(0.25 + 0.28 * k, card) for k, card in enumerate(hops)]
        self.settle_at = (self.hops[-1][0] + 0.32) if self.hops else 0.0
        self.fly_at = self.settle_at + (1.0 if asked else 1.3)
        self.length = self.fly_at + self.FLY
        self.time = 0.0
        self.lifts = [1.0 if index == self.chosen and asked else 0.0 for index in range(count)]
        self._stamped = False
        self._lit = -1

    def lit(self) -> int:
        card = self.chosen
        for at, index in self.hops:
            if self.time >= at:
                card = index
        return card if self.time < self.settle_at else self.chosen

    def start(self) -> None:
        self.time = 0.0
        self._stamped = False
        self._lit = -1

    def update(self, dt: float) -> bool:
        self.time += dt
        lit = self.lit()
        if lit != self._lit:
            self._lit = lit
            self.sound("click")
        for index in range(len(self.lifts)):
            self.lifts[index] = ease_towards(self.lifts[index], 1.0 if index == lit else 0.0, dt, 12.0)
        if not self._stamped and self.time >= self.settle_at:
            self._stamped = True
            self.sound("substitute_award")
            self.cards.sparkle(self.particles, self.chosen, count=10)
        self.particles.update(dt)
        if self.time >= self.length:
            if self.on_end is not None:
                self.on_end()
            return True
        return False

    def skip(self) -> None:
        if self.time < self.settle_at:
            self.time = self.settle_at
        elif self.time < self.fly_at:
            self.time = self.fly_at

    def draw(self, surface: pygame.Surface) -> None:
        fade_in = clamp01(self.time / 0.25)
        flying = self.time >= self.fly_at
        fade_out = 1 - clamp01((self.time - self.fly_at) / (self.FLY * 0.7))
        alpha = round(255 * min(fade_in, fade_out))
        gfx.veil(surface, VEIL, VEIL_ALPHA * alpha // 255)
        stamp_t = self.time - self.settle_at if self.time >= self.settle_at else 0.0
        self.cards.draw(surface, self.lifts, self.time, alpha=alpha, keys=False, chosen=self.chosen,
                        stamp_t=stamp_t, skip=self.chosen if flying else None)
        self.particles.draw(surface)
        if flying:
            self.cards.draw_flight(surface, self.chosen, clamp01((self.time - self.fly_at) / self.FLY), self.target)


def worth_more(means: dict[str, float]) -> str | None:
    """The substitute whose free games pay more on average, by the proof's means (None: a tie or unknown)."""
    if len(means) < 2:
        return None
    ranked = sorted(means.items(), key=lambda item: -item[1])
    return ranked[0][0] if ranked[0][1] > ranked[1][1] else None


def start_means(reports: dict[str, Any], substitutes: Sequence[str]) -> dict[str, float]:
    """The free games' mean win by Bonus Substitute, from a base report's strata (empty when not proven)."""
    report = reports.get("base")
    if report is None:
        return {}
    out = {}
    for name in substitutes:
        row = report.start_mean(substitute=name)
        if row is not None:
            out[name] = row.mean_x
    return out
