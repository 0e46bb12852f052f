"""The committed art and sound assets exist, load, and have the promised shape."""

from __future__ import annotations

import array
import os
import sys
import wave
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest

ASSETS = Path(__file__).resolve().parent.parent / "assets"

from game.catalogue import CATALOGUE  # noqa: E402  (after the SDL drivers are chosen)
from tools.placeholder_sound import bundle_size, placeholder_bytes  # noqa: E402

GAME_IDS = [entry.id for entry in CATALOGUE]  # every game has its lobby tile
HV_SYMBOLS = ["lady", "guitar", "marigold", "candles", "bread", "a", "k", "q", "j", "ten", "nine",
              "wild", "scatter"]

IMAGES: dict[str, tuple[int, int]] = {
    **{f"symbols/halloween_vacation/{s}.png": (150, 150) for s in HV_SYMBOLS},
    "symbols/halloween_vacation/wild_expanding.png": (150, 600),
    "symbols/halloween_vacation/sticky_frame.png": (150, 150),
    "backgrounds/halloween_vacation.png": (1280, 720),
    "backgrounds/lobby.png": (1280, 720),
    "frames/halloween_vacation_reels.png": (790, 640),
    "frames/halloween_vacation_reels_bg.png": (750, 600),
    **{f"tiles/{g}.png": (220, 300) for g in GAME_IDS},
    "ui/button.png": (200, 64),
    "ui/button_hover.png": (200, 64),
    "ui/button_pressed.png": (200, 64),
    "ui/spin.png": (120, 120),
    "ui/spin_hover.png": (120, 120),
    "ui/spin_pressed.png": (120, 120),
    "ui/coin.png": (48, 48),
    "ui/panel.png": (400, 300),
    "ui/star.png": (32, 32),
    "ui/sparkle.png": (32, 32),
    "ui/glow.png": (256, 256),
    "ui/icon.png": (64, 64),
}

SOUNDS = ["click", "reel_spin_loop", "win_small", "error"]  # the shared ones; each game's own: tests/test_sound.py

FONT_FILES = ["Lobster-Regular.otf", "LeagueSpartan-Black.otf", "LeagueSpartan-Bold.otf",
              "LeagueSpartan-Regular.otf"]


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield
    pygame.quit()


def _load(rel: str) -> pygame.Surface:
    path = ASSETS / rel
    assert path.is_file(), f"missing {rel}"
    return pygame.image.load(str(path))


@pytest.mark.parametrize("rel,size", sorted(IMAGES.items()))
def test_image_loads_with_size(rel, size):
    assert _load(rel).get_size() == size


def _stats(surf: pygame.Surface) -> tuple[int, int]:
    """(opaque pixel count, distinct colours) on a coarse grid."""
    w, h = surf.get_size()
    opaque = 0
    colours = set()
    for y in range(0, h, 3):
        for x in range(0, w, 3):
            c = surf.get_at((x, y))
            if c.a > 200:
                opaque += 1
            colours.add(tuple(c))
    return opaque, len(colours)


@pytest.mark.parametrize("name", HV_SYMBOLS + ["wild_expanding"])
def test_symbols_are_rgba_and_not_blank(name):
    surf = _load(f"symbols/halloween_vacation/{name}.png")
    assert surf.get_flags() & pygame.SRCALPHA and surf.get_bitsize() == 32
    opaque, colours = _stats(surf)
    assert opaque > 200
    assert colours > 20


def test_sticky_frame_is_transparent_inside():
    surf = _load("symbols/halloween_vacation/sticky_frame.png")
    assert surf.get_at((75, 75)).a == 0
    assert surf.get_at((75, 6)).a > 0 or surf.get_at((6, 75)).a > 0


def test_reel_frame_window_is_transparent():
    surf = _load("frames/halloween_vacation_reels.png")
    for x, y in ((395, 320), (100, 100), (700, 560)):
        assert surf.get_at((x, y)).a == 0
    assert surf.get_at((10, 320)).a == 255


def test_reels_bg_is_semi_opaque():
    a = _load("frames/halloween_vacation_reels_bg.png").get_at((375, 300)).a
    assert 120 <= a < 255


@pytest.mark.parametrize("rel", ["backgrounds/halloween_vacation.png", "backgrounds/lobby.png"])
def test_backgrounds_are_opaque(rel):
    surf = _load(rel)
    assert all(surf.get_at(p).a == 255 for p in ((0, 0), (640, 360), (1279, 719)))


def test_assets_folder_size_is_reasonable():
    """About 6 MiB of 720p art and sound plus about 7 MiB of full-HD art: a bound on the bundle.

    Slingo Santa King draws its card, numbers, daubs, balls, ladder, trail, wheel and hall at run
    time; its files are five palette pictures and the hall's reference picture for Tiled (about
    140 KB with their full-HD twins), which did not fit the 16 MiB bound: it is 64 KiB higher.
    The soundtrack (``music/``, 16 loops, 7,733 KiB; its SoundFont's licence and credits, 7 KiB)
    adds 7,740 KiB. Every game's own effects (``tools/make_effects.py``, 1.79 MiB of sounds in all
    where the 16 old shared ones were 1.37 MiB) add 432 KiB. A new game's placeholder sound
    (``python -m tools.new_game``: the template's three tracks and a tone a cue, at most 256 KiB) is
    counted once however many games still wear it, and has its room.
    """
    assert placeholder_bytes() <= 256 * 1024
    total = bundle_size(p for p in ASSETS.rglob("*") if p.is_file())
    assert total < 16 * 1024 * 1024 + 64 * 1024 + 7740 * 1024 + 432 * 1024 + placeholder_bytes()


def _pixel_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[16:24]
    return int.from_bytes(head[:4], "big"), int.from_bytes(head[4:], "big")


CLIENT_IMAGES = sorted(str(p.relative_to(ASSETS)) for p in ASSETS.rglob("*.png")
                       if "@" not in p.name and p.parts[-2] != "icons")


@pytest.mark.parametrize("rel", CLIENT_IMAGES)
def test_every_image_has_a_full_hd_file_drawn_at_one_and_a_half_times_its_pixels(rel):
    """``name@1.5x.png`` (``tools/make_art.py --scale 1.5``): at full HD nothing is enlarged."""
    from game.client.resources import hd_name

    hd = ASSETS / hd_name(rel)
    assert hd.is_file(), f"{hd_name(rel)} is missing: run the art tools with --scale 1.5"
    w, h = _pixel_size(ASSETS / rel)
    hw, hh = _pixel_size(hd)
    assert abs(hw - 1.5 * w) <= 1 and abs(hh - 1.5 * h) <= 1, (rel, (w, h), (hw, hh))


@pytest.mark.parametrize("name", SOUNDS)
def test_sound_is_valid_wav(name):
    path = ASSETS / "sounds" / f"{name}.wav"
    assert path.is_file()
    with wave.open(str(path), "rb") as w:
        assert w.getframerate() == 44100
        assert w.getsampwidth() == 2
        assert w.getnchannels() == 1
        frames = w.readframes(w.getnframes())
        duration = w.getnframes() / w.getframerate()
    samples = array.array("h")
    samples.frombytes(frames)
    if sys.byteorder != "little":
        samples.byteswap()
    assert 0.03 <= duration <= 4.0
    peak = max(abs(s) for s in samples)
    assert peak > 32767 * 0.25, "too quiet / silent"
    assert peak < 32767 * 0.9, "clipping or not normalised to about -6 dBFS"


def test_spin_loop_is_about_one_second_and_seamless():
    with wave.open(str(ASSETS / "sounds" / "reel_spin_loop.wav"), "rb") as w:
        n = w.getnframes()
        samples = array.array("h")
        samples.frombytes(w.readframes(n))
    assert abs(n - 44100) <= 441
    assert abs(samples[-1] - samples[0]) < 2000


def test_credits_mention_openmoji_and_fonts():
    text = (ASSETS / "CREDITS.md").read_text(encoding="utf-8")
    assert "OpenMoji" in text and "CC BY-SA 4.0" in text
    fonts = sorted(p.name for p in (ASSETS / "fonts").iterdir() if p.suffix.lower() in (".ttf", ".otf"))
    assert sorted(FONT_FILES) == fonts
    for f in fonts:
        assert f in text
    assert (ASSETS / "licenses" / "CC-BY-SA-4.0.txt").is_file()


@pytest.mark.parametrize("name", FONT_FILES)
def test_fonts_load(name):
    f = pygame.font.Font(str(ASSETS / "fonts" / name), 24)
    assert f.render("Spin 1,234.50", True, (255, 255, 255)).get_width() > 50
