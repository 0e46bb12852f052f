"""``pygame.draw`` in layout units: on a scaled surface every point, width and radius is scaled."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from .surface import ScaledSurface, layout_rect, pixel_point, pixel_rect


def _width(width: int, k: float) -> int:
    return 0 if width <= 0 else max(1, round(width * k))


def _points(points: Sequence[Any], k: float) -> list[tuple[int, int]]:
    return [pixel_point(p, k) for p in points]


def rect(surface: pygame.Surface, color: Any, rect: Any, width: int = 0, border_radius: int = 0,
         border_top_left_radius: int = -1, border_top_right_radius: int = -1,
         border_bottom_left_radius: int = -1, border_bottom_right_radius: int = -1) -> pygame.Rect:
    if not isinstance(surface, ScaledSurface):
        return pygame.draw.rect(surface, color, rect, width, border_radius, border_top_left_radius,
                                border_top_right_radius, border_bottom_left_radius, border_bottom_right_radius)
    k = surface.k

    def radius(r: int) -> int:
        return r if r <= 0 else max(1, round(r * k))

    done = pygame.draw.rect(surface, color, pixel_rect(rect, k), _width(width, k), radius(border_radius),
                            radius(border_top_left_radius), radius(border_top_right_radius),
                            radius(border_bottom_left_radius), radius(border_bottom_right_radius))
    return layout_rect(done, k)


def circle(surface: pygame.Surface, color: Any, center: Any, radius: float, width: int = 0) -> pygame.Rect:
    if not isinstance(surface, ScaledSurface):
        return pygame.draw.circle(surface, color, center, radius, width)
    k = surface.k
    done = pygame.draw.circle(surface, color, (center[0] * k, center[1] * k), radius * k, _width(width, k))
    return layout_rect(done, k)


def ellipse(surface: pygame.Surface, color: Any, rect: Any, width: int = 0) -> pygame.Rect:
    if not isinstance(surface, ScaledSurface):
        return pygame.draw.ellipse(surface, color, rect, width)
    k = surface.k
    return layout_rect(pygame.draw.ellipse(surface, color, pixel_rect(rect, k), _width(width, k)), k)


def arc(surface: pygame.Surface, color: Any, rect: Any, start_angle: float, stop_angle: float,
        width: int = 1) -> pygame.Rect:
    if not isinstance(surface, ScaledSurface):
        return pygame.draw.arc(surface, color, rect, start_angle, stop_angle, width)
    k = surface.k
    done = pygame.draw.arc(surface, color, pixel_rect(rect, k), start_angle, stop_angle, _width(width, k))
    return layout_rect(done, k)


def line(surface: pygame.Surface, color: Any, start_pos: Any, end_pos: Any, width: int = 1) -> pygame.Rect:
    if not isinstance(surface, ScaledSurface):
        return pygame.draw.line(surface, color, start_pos, end_pos, width)
    k = surface.k
    done = pygame.draw.line(surface, color, pixel_point(start_pos, k), pixel_point(end_pos, k), _width(width, k))
    return layout_rect(done, k)


def lines(surface: pygame.Surface, color: Any, closed: bool, points: Sequence[Any], width: int = 1) -> pygame.Rect:
    if not isinstance(surface, ScaledSurface):
        return pygame.draw.lines(surface, color, closed, points, width)
    k = surface.k
    return layout_rect(pygame.draw.lines(surface, color, closed, _points(points, k), _width(width, k)), k)


def aalines(surface: pygame.Surface, color: Any, closed: bool, points: Sequence[Any]) -> pygame.Rect:
    if not isinstance(surface, ScaledSurface):
        return pygame.draw.aalines(surface, color, closed, points)
    k = surface.k
    return layout_rect(pygame.draw.aalines(surface, color, closed, [(x * k, y * k) for x, y in points]), k)


def polygon(surface: pygame.Surface, color: Any, points: Sequence[Any], width: int = 0) -> pygame.Rect:
    if not isinstance(surface, ScaledSurface):
        return pygame.draw.polygon(surface, color, points, width)
    k = surface.k
    return layout_rect(pygame.draw.polygon(surface, color, _points(points, k), _width(width, k)), k)
