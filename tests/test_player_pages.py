"""Help pages speak to players, and no text anywhere leaves its box.

Every help page, feature card and dialog is drawn with the longest values it can show (the largest
bet, the largest win, the longest limit text), at 1280x720 and at 1920x1080. A help page is drawn
into a surface larger than its box: any pixel outside the box is text (or art) that a player would
see cut. A card's texts must sit inside its inner edge, legible (shrunk by no more than a quarter).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.client import gfx
from game.client.widgets import text as text_module
from game.engine import GAME_IDS, get_game
from game.engine.money import format_cents
from tests import harness

pytestmark = pytest.mark.usefixtures("display")

# Words and shapes that belong to the developers' docs (docs/MATH.md, docs/par/), not a player's page.
DEVELOPER_WORDS = re.compile(
    r"python|-m game|--\w|\bproven\b|\bproof\b|interval|\bexact\b|simulat|\bengine\b|stratif|strata|"
    r"control variate|likelihood|proposal|\bCI\b|half-width|data\.json|rtp\.json", re.IGNORECASE)
MARGIN = 120


def help_pages_at_top_bet(tmp_path: Path, game_id: str) -> tuple[harness.Harness, list[Any]]:
    game = get_game(game_id)
    h = harness.open_game(tmp_path, game_id, bet=game.bets[-1])
    return h, h.screen.help_pages()


def texts_drawn(draw: Any) -> list[str]:
    """Every text ``draw()`` renders (the text cache emptied first, so each one is rendered)."""
    seen: list[str] = []
    original = text_module._render
    text_module.clear_cache()

    def recording(font: Any, text: str, *args: Any) -> pygame.Surface:
        seen.append(text)
        return original(font, text, *args)

    text_module._render = recording  # type: ignore[assignment]
    try:
        draw()
    finally:
        text_module._render = original  # type: ignore[assignment]
        text_module.clear_cache()
    return seen


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_help_pages_have_no_command_lines_or_developer_words(tmp_path: Path, game_id: str) -> None:
    _, pages = help_pages_at_top_bet(tmp_path, game_id)
    for page in pages:
        surface = gfx.Surface(HelpOverlay_content_size(), pygame.SRCALPHA)
        said = " ".join(texts_drawn(lambda page=page, surface=surface: page.draw(surface, surface.get_rect())))
        found = DEVELOPER_WORDS.findall(said)
        assert not found, f"{game_id} {page.title!r}: {found}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_rtp_page_reads_rtp_and_the_engines_figure_in_a_plain_sentence(tmp_path: Path, game_id: str) -> None:
    _, pages = help_pages_at_top_bet(tmp_path, game_id)
    page = next(p for p in pages if p.title.startswith("RTP"))
    game = get_game(game_id)
    report = game.rtp_reports().get("base")
    exact = getattr(getattr(game, "exact_figures", None), "rtp", None)
    if exact is not None:
        figure = f"{float(exact):.2%}"
    elif report is not None and report.data_current:
        figure = f"{report.rtp:.2%}"
    else:  # not measured yet (no rtp.json on today's data): the figure the game states, and its kind said
        figure = game.description.rtp.base
        assert any(text.startswith("The game's rules print") for text in page.texts())
    assert page.texts()[0] == f"RTP {figure}"  # the engine's figure, not a copy
    assert f"pays back {figure} of everything staked" in page.texts()[1 + bool(page.bought)]


def HelpOverlay_content_size() -> tuple[int, int]:
    from game.client.overlays.help import SIZE, TAB_H

    return SIZE[0] - 60, SIZE[1] - 90 - TAB_H - 12 - 46


def spill(draw_page: Any, size: tuple[int, int]) -> pygame.Rect | None:
    """Draw a page into its box on a larger surface; the bounding box of what lands outside, or None."""
    big = gfx.Surface((size[0] + 2 * MARGIN, size[1] + 2 * MARGIN), pygame.SRCALPHA)
    box = pygame.Rect(MARGIN, MARGIN, *size)
    draw_page(big, box)
    outside = [pygame.Rect(0, 0, big.get_width(), MARGIN), pygame.Rect(0, box.bottom, big.get_width(), MARGIN),
               pygame.Rect(0, MARGIN, MARGIN, size[1]), pygame.Rect(box.right, MARGIN, MARGIN, size[1])]
    for strip in outside:
        found = big.subsurface(strip).get_bounding_rect(min_alpha=40)
        if found.w and found.h:
            return found.move(strip.topleft)
    return None


def scales() -> Iterator[float]:
    yield 1.0
    yield 1.5


@pytest.mark.parametrize("k", list(scales()))
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_no_help_page_draws_outside_its_box(tmp_path: Path, game_id: str, k: float) -> None:
    _, pages = help_pages_at_top_bet(tmp_path, game_id)
    with gfx.scaled(k):
        for page in pages:
            cut = spill(page.draw, HelpOverlay_content_size())
            assert cut is None, f"{game_id} {page.title!r} at {k}x draws outside its box at {cut}"


def test_a_line_run_off_its_box_is_caught() -> None:
    font = gfx.font(None, 24)

    def overflowing(surface: pygame.Surface, rect: pygame.Rect) -> None:
        image = text_module.render_text(font, "a line far too long for the box it is drawn in " * 4, (255, 255, 255))
        surface.blit(image, image.get_rect(midtop=(rect.centerx, rect.y)))

    def inside(surface: pygame.Surface, rect: pygame.Rect) -> None:
        image = text_module.render_text(font, "a line far too long for the box it is drawn in " * 4, (255, 255, 255),
                                        wrap=rect.w, align=text_module.CENTER)
        surface.blit(image, image.get_rect(midtop=(rect.centerx, rect.y)))

    assert spill(overflowing, (400, 200)) is not None
    assert spill(inside, (400, 200)) is None


def test_slingos_how_to_play_is_four_pictures_and_a_minutes_reading(tmp_path: Path) -> None:
    _, pages = help_pages_at_top_bet(tmp_path, "slingo_santa_king")
    page = pages[0]
    assert page.title == "How to play"
    assert [title for title, _ in page.steps()] == ["Spin", "Pick", "Slingo!", "The ladder"]
    words = sum(len(text.split()) for _, text in page.steps())
    assert words < 120  # about half a minute's reading, beside the pictures
    surface = gfx.Surface(HelpOverlay_content_size(), pygame.SRCALPHA)
    page.draw(surface, surface.get_rect())
    quarter = surface.get_width() // 4
    for i in range(4):  # each panel holds its picture: cells, balls, rungs drawn from the game's art
        picture = surface.subsurface(pygame.Rect(i * quarter + 20, 70, quarter - 40, 240))
        colours = {tuple(picture.get_at((x, y))) for x in range(0, picture.get_width(), 3)
                   for y in range(0, picture.get_height(), 3)}
        assert len(colours) > 60  # a picture, not a plain panel (a flat box has a handful)


MONEY = re.compile(r"\d[\d,]*\.\d\d")


def has_feature(game_id: str) -> bool:
    """From the game's description: a main feature (``stratified_feature``), or showcase rounds recorded for
    the demo (``demo_seeds``: tests/test_demo_seeds.py holds a game with a main feature to them). A game
    with neither, a plain line game, shows no feature card."""
    from game.catalogue import entry

    return get_game(game_id).stratified_feature is not None or bool(entry(game_id).demo_seeds)


FEATURE_GAMES = [game_id for game_id in GAME_IDS if has_feature(game_id)]


def longest_money(game: Any) -> str:
    """The longest amount a game's card can show: its cap at its largest bet (or a six-figure win)."""
    top = game.bets[-1]
    cap = game.description.cap_win(top) if hasattr(game.description, "cap_win") else None
    return format_cents(max(cap or 0, 9_999_999))


def cards_of(h: harness.Harness, game: Any) -> Iterator[tuple[str, str, tuple[str, ...], str, Any]]:
    """Every feature card the game's showcase rounds (and a bought one) put on screen, at its largest bet."""
    from game.catalogue import entry
    from game.client.widgets.slot_steps import ShowBanner

    rounds = [game.play(game.bets[-1], seed) for seed in entry(game.id).demo_seeds]
    if game.buy_price_x is not None:
        rounds.append(game.play(game.bets[-1], 1, buy=True))
    for result in rounds:
        for step in h.screen.steps_for(list(result.events), result.bet, 0, resumed=False):
            if isinstance(step, ShowBanner):
                yield step.args


@pytest.mark.parametrize("k", list(scales()))
@pytest.mark.parametrize("game_id", FEATURE_GAMES)
def test_every_feature_card_keeps_its_longest_text_inside_its_edge(tmp_path: Path, game_id: str, k: float) -> None:
    with gfx.scaled(k):
        game = get_game(game_id)
        h = harness.open_game(tmp_path, game_id, bet=game.bets[-1])
        banner = h.screen.banner
        longest = longest_money(game)
        shown = 0
        for title, big, lines, hint, accent in cards_of(h, game):
            # the same card with the longest amounts it could carry
            big, lines = MONEY.sub(longest, big), tuple(MONEY.sub(longest, line) for line in lines)
            banner.render(title, big, lines, hint, accent)
            room = banner.text_room(bool(hint))
            assert room.contains(banner.text_rect), (title, big, lines)
            assert banner.text_scale >= 0.75, f"{title!r} shrunk to {banner.text_scale:.0%} to fit"
            shown += 1
        assert shown


@pytest.mark.parametrize("k", list(scales()))
def test_dialogs_keep_their_longest_texts_inside(tmp_path: Path, k: float) -> None:
    from game.client.games.slingo_santa_king.controls import Offer, PlayControls, why_collected
    from game.client.overlays import ChoiceOverlay, ConfirmDialog, MessageDialog
    from game.client.overlays.choice import ChoiceOption

    with gfx.scaled(k):
        h = harness.open_game(tmp_path, "fat_santa", bet=get_game("fat_santa").bets[-1])
        app = h.app
        top = format_cents(9_999_999)
        limit = why_collected("max_loss", PlayControls(max_loss=9_999_999),
                              Offer(extra=8, cost=9_999_999, stake=9_999_999, won=0))
        dialogs = [
            ConfirmDialog(app, "Buy the free games for 8,500.00?", [f"Price {top} (85x your bet of {top})",
                                                                   limit, "The price is taken when you confirm."],
                          lambda: None),
            MessageDialog(app, "Your session budget is reached", [limit, f"Losses this session: {top}"]),
            ChoiceOverlay(app, "Choose your Bonus Substitute, the one who plays your free games",
                          [limit], [ChoiceOption("NAUGHTY GIRL", f"{top} on average"),
                                    ChoiceOption("NICE GIRL", f"{top} on average")], lambda index: True),
        ]
        for dialog in dialogs:
            assert dialog.title_rect.w <= dialog.rect.w - 40, dialog.title  # the title fits inside the panel
            for button in dialog.buttons:
                assert_button_fits(button)



@pytest.mark.parametrize("game_id", FEATURE_GAMES)
def test_each_games_feature_cards_wear_its_own_art(tmp_path: Path, game_id: str) -> None:
    """Its feature's symbol beside the title, on a panel in the game's colours: no two games' cards alike."""
    game = get_game(game_id)
    h = harness.open_game(tmp_path, game_id, bet=game.bets[-1])
    banner = h.screen.banner
    titles = {args[0] for args in cards_of(h, game)}
    assert titles and all(h.screen.card_emblem(title) is not None for title in titles)
    assert banner.panel_art is not None
    plain = banner._title_row  # the title row is wider than the title alone by the two symbols
    from game.client.widgets.text import render_text as words

    for title in titles:
        alone = words(banner.title_font, title, (255, 190, 70), (20, 8, 30), 3, shadow=True)
        assert plain(title, (255, 190, 70)).get_width() > alone.get_width() + 100


def test_no_two_games_cards_share_a_panel(tmp_path: Path) -> None:
    colours = set()
    for game_id in FEATURE_GAMES:
        banner = harness.open_game(tmp_path / game_id, game_id).screen.banner
        colours.add(tuple(banner.panel_art.get_at((banner.panel_art.get_width() // 2, 30)))[:3])
    assert len(colours) == len(FEATURE_GAMES)


def assert_button_fits(button: Any) -> None:
    """A button's label inside it (shrunk no more than a third), its hint no wider than it."""
    from game.client.widgets.button import LABEL_PAD

    label = button._fitted(button.font, button.label, button.color, (20, 10, 20), button.rect.w - LABEL_PAD)
    assert label.get_width() <= button.rect.w - LABEL_PAD, button.label
    assert label.get_height() >= 0.66 * button.font.get_height(), f"{button.label!r} shrunk too far"
    if button.hint and button.hint_font is not None:
        hint = button._fitted(button.hint_font, button.hint, (200, 190, 170), None, button.rect.w)
        assert hint.get_width() <= button.rect.w, button.hint


@pytest.mark.parametrize("k", list(scales()))
def test_slingos_extra_spin_offer_keeps_its_longest_prices_inside(tmp_path: Path, k: float) -> None:
    from game.client.games.slingo_santa_king.offer import OfferOverlay, OfferText

    with gfx.scaled(k):
        h = harness.open_game(tmp_path, "slingo_santa_king")
        top = format_cents(9_999_999)
        text = OfferText(heading="EXTRA SPIN 8 OF 8", could_win=top, spin_label=f"SUPERSPIN {top}",
                         spin_detail=f"97% chance of a {top} spin", collect_label="COLLECT",
                         collect_detail=f"win so far {top}", note="The wheel has missed 2 in a row")
        offer = OfferOverlay(h.app, h.screen.layout.rect("offer"), text, True, lambda index: True)
        for button in offer.buttons:
            assert_button_fits(button)


@pytest.mark.parametrize("k", list(scales()))
def test_option_overlays_keep_every_label_and_value_inside_their_rows(tmp_path: Path, k: float) -> None:
    """Settings and the autoplay menu: every row inside its panel and the panel inside the window,
    each label clear of the row's arrows and every value a row can take between them."""
    from game.client.overlays import AutoplayMenu, SettingsOverlay
    from game.client.overlays.base import OptionsOverlay
    from game.client.theme import GOLD, INK, TEXT
    from game.session import PlaySession

    with gfx.scaled(k):
        h = harness.open_game(tmp_path, "fat_santa", bet=get_game("fat_santa").bets[-1])
        app = h.app
        overlays: list[OptionsOverlay] = [
            SettingsOverlay(app, PlaySession(app.wallet, get_game("fat_santa"))),
            AutoplayMenu(app, lambda config: None, bet=get_game("fat_santa").bets[-1]),
            AutoplayMenu(app, lambda config: None, bet=get_game("slingo_santa_king").bets[-1],
                         extras=get_game("slingo_santa_king").description.priced_extras),  # two rows more
        ]
        window = pygame.Rect(0, 0, 1280, 720)
        for overlay in overlays:
            assert window.contains(overlay.rect), type(overlay).__name__
            for row in overlay.rows:
                assert overlay.rect.contains(row.rect), f"{type(overlay).__name__}: {row.label!r} leaves the panel"
                label = text_module.render_text(overlay.font, row.label, TEXT, INK, 2, False).get_rect()
                assert label.w <= row.left.left - row.rect.x - 18 - 6, f"{row.label!r} runs into its arrow"
                room = row.right.left - row.left.right - 8
                for choice in row.choices:
                    shown = row.fmt(choice)
                    value = text_module.render_text(overlay.font, shown, GOLD, INK, 2, False).get_rect()
                    assert value.w <= room, f"{row.label}: {shown!r} is {value.w} wide, room {room}"
            note_bottom = overlay.rows[-1].rect.bottom + 24 + overlay.small.get_height() // 2
            assert all(button.rect.top > note_bottom for button in overlay.buttons), "the note runs into a button"
