"""The application icon: PNGs at 256 and 512 px, a Windows .ico and a macOS .icns, all made by
``python -m tools.make_art --only 'icons/*'``, and used for the window."""

from __future__ import annotations

import io
import os
import struct
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "assets" / "icons"


def _png(data: bytes) -> pygame.Surface:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return pygame.image.load(io.BytesIO(data), "icon.png")


@pytest.mark.parametrize("size", [256, 512])
def test_png_icons(size: int) -> None:
    image = pygame.image.load(str(ICONS / f"festive-slots-{size}.png"))
    assert image.get_size() == (size, size)
    image = image.convert_alpha() if pygame.display.get_surface() else image
    assert image.get_at((0, 0)).a == 0  # transparent corner: a rounded shape, not a square
    assert image.get_at((size // 2, size // 2)).a == 255


def read_ico(data: bytes) -> dict[int, pygame.Surface]:
    reserved, kind, count = struct.unpack_from("<HHH", data, 0)
    assert (reserved, kind) == (0, 1)
    images = {}
    for i in range(count):
        w, h, colours, _, planes, bits, size, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        assert (colours, planes, bits) == (0, 1, 32)
        image = _png(data[offset:offset + size])
        assert image.get_size() == (w or 256, h or 256)
        images[w or 256] = image
    return images


def read_icns(data: bytes) -> dict[bytes, pygame.Surface]:
    assert data[:4] == b"icns"
    assert struct.unpack_from(">I", data, 4)[0] == len(data)
    images, at = {}, 8
    while at < len(data):
        kind, length = data[at:at + 4], struct.unpack_from(">I", data, at + 4)[0]
        images[kind] = _png(data[at + 8:at + length])
        at += length
    assert at == len(data)
    return images


def test_ico_holds_every_size_up_to_256() -> None:
    images = read_ico((ICONS / "festive-slots.ico").read_bytes())
    assert sorted(images) == [16, 24, 32, 48, 64, 128, 256]


def test_icns_holds_128_256_512() -> None:
    images = read_icns((ICONS / "festive-slots.icns").read_bytes())
    assert {kind: image.get_width() for kind, image in images.items()} == {b"ic07": 128, b"ic08": 256, b"ic09": 512}


def test_containers_are_written_by_the_art_tool() -> None:
    """The tool's own writers round-trip (no Pillow: the containers are written by hand)."""
    from tools import make_art

    surf = pygame.Surface((64, 64), pygame.SRCALPHA)
    surf.fill((200, 30, 90, 255))
    ico = read_ico(make_art.ico_bytes(surf, sizes=(16, 32, 64)))
    assert sorted(ico) == [16, 32, 64] and tuple(ico[32].get_at((5, 5)))[:3] == (200, 30, 90)
    icns = read_icns(make_art.icns_bytes(surf, types=((b"icp4", 16), (b"icp5", 32))))
    assert [image.get_width() for image in icns.values()] == [16, 32]
    assert {"icons/festive-slots-256.png", "icons/festive-slots-512.png", "icons/festive-slots.ico",
            "icons/festive-slots.icns"} <= set(make_art.JOBS)


def test_window_gets_the_icon_and_the_product_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.client.app import App
    from game.client.options import parse_args

    icons: list[tuple[int, int]] = []
    monkeypatch.setattr(pygame.display, "set_icon", lambda surface: icons.append(surface.get_size()))
    app = App(parse_args(["--data-dir", str(tmp_path), "--mute"]))  # opens the window
    try:
        assert pygame.display.get_caption()[0] == "Festive Slots"
    finally:
        app.shutdown()
    assert icons == [(256, 256)]
