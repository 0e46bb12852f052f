"""Drawing in layout units at a render scale: what lands on which pixel, and that 1x is pygame itself."""

from __future__ import annotations

import random

import pygame
import pytest

from game.client import gfx
from game.client.gfx import ScaledSurface, draw, transform

K = 1.5


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    gfx.reset_stats()
    yield
    gfx.set_scale(1.0)


def physical_at(surface: pygame.Surface, x: int, y: int) -> pygame.Color:
    return pygame.Surface.get_at(surface, (x, y))


def test_at_scale_one_every_surface_is_a_plain_pygame_surface() -> None:
    surface = gfx.Surface((40, 30), pygame.SRCALPHA)
    assert type(surface) is pygame.Surface and surface.get_size() == (40, 30)
    assert type(gfx.font(None, 20)) is pygame.font.Font
    assert type(transform.smoothscale(surface, (20, 15))) is pygame.Surface


def test_a_scaled_surface_reports_layout_units_and_holds_k_times_the_pixels() -> None:
    with gfx.scaled(K):
        surface = gfx.Surface((100, 50), pygame.SRCALPHA)
    assert isinstance(surface, ScaledSurface)
    assert surface.get_size() == (100, 50) and surface.get_width() == 100 and surface.get_height() == 50
    assert surface.get_pixel_size() == (150, 75)
    assert surface.get_rect(center=(50, 25)) == pygame.Rect(0, 0, 100, 50)


def test_fill_and_rect_cover_the_pixels_of_their_layout_rect() -> None:
    with gfx.scaled(K):
        surface = gfx.Surface((100, 100))
    surface.fill((0, 0, 0))
    draw.rect(surface, (255, 0, 0), (10, 10, 20, 20))
    assert physical_at(surface, 15, 15) == (255, 0, 0, 255)  # layout (10, 10)
    assert physical_at(surface, 44, 44) == (255, 0, 0, 255)  # layout (29.33, 29.33), still inside
    assert physical_at(surface, 14, 14) == (0, 0, 0, 255) and physical_at(surface, 45, 45) == (0, 0, 0, 255)
    surface.fill((0, 255, 0), (50, 50, 10, 10))
    assert physical_at(surface, 75, 75) == (0, 255, 0, 255) and physical_at(surface, 74, 74) == (0, 0, 0, 255)


def test_a_blit_lands_at_the_scaled_position_and_returns_a_layout_rect() -> None:
    with gfx.scaled(K):
        target = gfx.Surface((100, 100))
        source = gfx.Surface((10, 10))
    target.fill((0, 0, 0))
    source.fill((9, 99, 199))
    done = target.blit(source, (20, 40))
    assert done == pygame.Rect(20, 40, 10, 10)
    assert physical_at(target, 30, 60) == (9, 99, 199, 255) and physical_at(target, 29, 60) == (0, 0, 0, 255)
    assert gfx.stats().enlarged_blits == 0


def test_a_plain_surface_blitted_onto_a_scaled_one_is_enlarged_and_counted() -> None:
    with gfx.scaled(K):
        target = gfx.Surface((100, 100))
    target.blit(pygame.Surface((10, 10)), (0, 0))
    assert gfx.stats().enlarged_blits == 1


@pytest.mark.parametrize("k", [1.0, K])
def test_a_veil_darkens_as_a_translucent_blit_would_without_a_surface_for_it(k: float) -> None:
    rng = random.Random(5)
    with gfx.scaled(k):
        below = gfx.Surface((40, 30))
        for x in range(40):
            for y in range(30):
                below.fill((rng.randrange(256), rng.randrange(256), rng.randrange(256)), (x, y, 1, 1))
        blitted, veiled = below.copy(), below.copy()
        layer = gfx.Surface((40, 30), pygame.SRCALPHA)
        layer.fill((40, 2, 8, 150))
        blitted.blit(layer, (0, 0))
        gfx.veil(veiled, (40, 2, 8), 150)
        w, h = veiled.get_pixel_size() if isinstance(veiled, ScaledSurface) else veiled.get_size()
        worst = max(abs(physical_at(blitted, x, y)[c] - physical_at(veiled, x, y)[c])
                    for x in range(w) for y in range(h) for c in range(3))
        assert worst <= 1
        untouched = below.copy()
        gfx.veil(untouched, (40, 2, 8), 150, (10, 10, 5, 5))  # a rect: only its pixels change
        assert physical_at(untouched, 0, 0) == physical_at(below, 0, 0)
        inside = gfx.pixel_point((12, 12), k)
        assert physical_at(untouched, *inside) != physical_at(below, *inside)
        same = below.copy()
        gfx.veil(same, (40, 2, 8), 0)
        assert physical_at(same, 3, 3) == physical_at(below, 3, 3)


@pytest.mark.parametrize("per_pixel_alpha", [False, True])
def test_blitting_at_an_alpha_matches_set_alpha_and_leaves_the_image_as_it_was(per_pixel_alpha: bool) -> None:
    flags = pygame.SRCALPHA if per_pixel_alpha else 0
    image = gfx.Surface((20, 10), flags)
    image.fill((200, 120, 40, 255) if per_pixel_alpha else (200, 120, 40))
    before = image.get_alpha()
    for alpha in (0, 1, 128, 254, 255, 300):
        expected, got = gfx.Surface((20, 10)), gfx.Surface((20, 10))
        expected.fill((10, 20, 30))
        got.fill((10, 20, 30))
        image.set_alpha(max(0, min(255, alpha)))
        expected.blit(image, (0, 0))
        image.set_alpha(before)
        gfx.blit_at_alpha(got, image, (0, 0), alpha)
        assert got.get_at((5, 5)) == expected.get_at((5, 5)), alpha
        assert image.get_alpha() == before


@pytest.mark.parametrize("k", [1.0, K])
def test_a_vertical_gradient_shades_every_pixel_row_from_top_to_bottom(k: float) -> None:
    with gfx.scaled(k):
        panel = gfx.vertical_gradient((30, 40), (200, 100, 0), (0, 100, 200), alpha=240)
    w, h = gfx.pixels(30, k), gfx.pixels(40, k)
    assert pygame.Surface.get_size(panel) == (w, h)
    column = [physical_at(panel, w // 2, y) for y in range(h)]
    assert column[0] == (200, 100, 0, 240) and column[-1] == (0, 100, 200, 240)
    reds = [c.r for c in column]
    assert reds == sorted(reds, reverse=True) and len(set(reds)) > h // 2  # no gaps, no steps of rows
    assert all(physical_at(panel, x, 7) == column[7] for x in range(w))


def test_lines_widths_and_corner_radii_are_drawn_at_pixel_density() -> None:
    with gfx.scaled(2.0):
        surface = gfx.Surface((50, 50))
    surface.fill((0, 0, 0))
    draw.line(surface, (255, 255, 255), (0, 10), (49, 10), width=2)
    column = [physical_at(surface, 40, y).r for y in range(16, 25)]
    assert column.count(255) == 4  # 2 units of width are 4 pixels at 2x


def test_text_is_rasterised_at_its_shown_size() -> None:
    plain = pygame.font.Font(None, 30).size("Festive Slots")
    with gfx.scaled(K):
        font = gfx.font(None, 30)
        image = font.render("Festive Slots", True, (255, 255, 255))
    assert isinstance(image, ScaledSurface)
    # The glyphs are drawn 1.5 times as large (hinting makes sizes differ by a few per cent) ...
    assert image.get_pixel_size()[0] == pytest.approx(plain[0] * K, rel=0.06)
    # ... and measured in layout units, so layouts made at 1x still fit.
    assert font.size("Festive Slots")[0] == pytest.approx(plain[0], rel=0.06)
    assert font.get_linesize() == pytest.approx(pygame.font.Font(None, 30).get_linesize(), abs=1.5)


def test_adopting_pixels_copies_every_channel_exactly() -> None:
    rng = random.Random(7)
    pixels = pygame.Surface((9, 6), pygame.SRCALPHA)
    for x in range(9):
        for y in range(6):
            pixels.set_at((x, y), (rng.randrange(256), rng.randrange(256), rng.randrange(256), rng.randrange(256)))
    adopted = gfx.adopt(pixels, K)
    assert isinstance(adopted, ScaledSurface) and adopted.get_size() == (6, 4)
    assert all(physical_at(adopted, x, y) == pixels.get_at((x, y)) for x in range(9) for y in range(6))
    copy = adopted.copy()
    assert isinstance(copy, ScaledSurface) and all(
        physical_at(copy, x, y) == pixels.get_at((x, y)) for x in range(9) for y in range(6))


def test_transforms_keep_the_scale_and_take_layout_sizes() -> None:
    with gfx.scaled(K):
        surface = gfx.Surface((40, 20), pygame.SRCALPHA)
    surface.fill((200, 10, 10, 255))
    smaller = transform.smoothscale(surface, (20, 10))
    assert isinstance(smaller, ScaledSurface) and smaller.get_size() == (20, 10)
    assert smaller.get_pixel_size() == (30, 15)
    turned = transform.rotate(surface, 90)
    assert isinstance(turned, ScaledSurface) and turned.get_size() == (20, 40)
    flipped = transform.flip(surface, True, False)
    assert flipped.get_size() == (40, 20)
    part = surface.subsurface((10, 0, 20, 20))
    assert isinstance(part, ScaledSurface) and part.get_size() == (20, 20) and part.get_pixel_size() == (30, 30)


def test_clip_rects_are_in_layout_units() -> None:
    with gfx.scaled(K):
        surface = gfx.Surface((100, 100))
    surface.set_clip(pygame.Rect(10, 10, 20, 20))
    assert surface.get_clip() == pygame.Rect(10, 10, 20, 20)
    surface.fill((0, 0, 0))
    surface.set_clip(None)


def test_a_scale_outside_the_sane_range_is_refused() -> None:
    with pytest.raises(ValueError, match="render scale"):
        gfx.set_scale(0)


def test_the_client_draws_only_through_gfx() -> None:
    """pygame.draw, pygame.transform and new pygame.Surface objects ignore the render scale: a
    screen using them would come out at 720p size (or blurred) at full HD."""
    import re
    from pathlib import Path

    client = Path(__file__).resolve().parent.parent / "game" / "client"
    offenders = []
    for path in client.rglob("*.py"):
        if "gfx" in path.parts:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"\bpygame\.(draw\.|transform\.|Surface\(|font\.Font\()", line):
                offenders.append(f"{path.relative_to(client)}:{number}: {line.strip()}")
    assert not offenders, "\n".join(offenders)


def test_resources_free_a_games_art_with_its_screen_but_keep_the_shells() -> None:
    """Images are held weakly (a left game's art is freed), except the shell's ui/ pictures."""
    import gc

    from game.client.resources import Resources

    res = Resources()
    symbol = res.image("symbols/fat_santa/ace.png")
    button = res.image("ui/button.png", (200, 60))
    assert res.image("symbols/fat_santa/ace.png") is symbol  # shared while held
    del symbol, button
    gc.collect()
    assert ("symbols/fat_santa/ace.png", None) not in res._images  # freed with its last holder
    assert ("ui/button.png", (200, 60)) in res._images  # kept: every dialog uses it
    again = res.image("symbols/fat_santa/ace.png")  # loaded again on demand
    assert again.get_size() == (120, 120) and ("symbols/fat_santa/ace.png", None) in res._images


@pytest.mark.parametrize("k", [1.0, K])
def test_an_image_decoded_from_bytes_read_ahead_is_the_file_itself(k: float, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.client import resources as resources_module
    from game.client.resources import Resources

    relative = "symbols/santas_wonderland/hd/bear.png"
    with gfx.scaled(k):
        data = Resources().read(relative)
        from_file = Resources().image(relative)
        assert data is not None
        loaded: list[object] = []
        load = pygame.image.load

        def noting_load(source: object, *hint: str) -> pygame.Surface:
            loaded.append(source)
            return load(source, *hint)  # type: ignore[arg-type]

        monkeypatch.setattr(resources_module.pygame.image, "load", noting_load)
        from_bytes = Resources().image(relative, data=data)
        assert loaded and not isinstance(loaded[0], str)  # decoded from memory, not opened by name
    assert pygame.Surface.get_size(from_bytes) == pygame.Surface.get_size(from_file)
    assert pygame.image.tobytes(from_bytes, "RGBA") == pygame.image.tobytes(from_file, "RGBA")
    assert Resources().read("symbols/no_such_game/none.png") is None
