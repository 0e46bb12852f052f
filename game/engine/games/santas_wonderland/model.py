"""Santa's Wonderland's data (``data.json``), read and validated into plain tables."""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from math import lcm
from pathlib import Path
from typing import NamedTuple

from ...data import BetLadder, Reader, StatedRtp, load_json, read_bets, read_stated_rtp
from ...money import parse_multiplier
from ...rng import RoundRng
from .clusters import CELLS, COLS, MIN_CLUSTER, ROWS

FEATURES = ("refresh", "wild_santa", "blocks", "supersize", "lucky_santa")  # the fixed order
DROP_TOTAL = 256  # drop weights are out of 256: one random byte picks one symbol


@dataclass(frozen=True)
class Weighted:
    """A designed distribution: ``values`` with integer weights, drawn with one randrange."""

    values: tuple[int, ...]
    cumulative: tuple[int, ...]

    @property
    def total(self) -> int:
        return self.cumulative[-1]

    def draw(self, rng: RoundRng) -> int:
        return self.values[bisect_right(self.cumulative, rng.randrange(self.cumulative[-1]))]

    def probability(self, value: int) -> Fraction:
        share = 0
        previous = 0
        for v, c in zip(self.values, self.cumulative):
            if v == value:
                share += c - previous
            previous = c
        return Fraction(share, self.total)

    @staticmethod
    def of(pairs: list[tuple[int, int]]) -> Weighted:
        values, cumulative, total = [], [], 0
        for value, weight in pairs:
            if weight:
                total += weight
                values.append(value)
                cumulative.append(total)
        return Weighted(tuple(values), tuple(cumulative))


@dataclass(frozen=True)
class Phase:
    """What the base game or Midnight Riches draws from."""

    drop_weights: tuple[int, ...]  # per paying symbol, out of 256
    drop_table: bytes  # byte value -> symbol index (bytes.translate table)
    wild_santa_weights: tuple[int, ...]  # per paying symbol (only symbols on the grid can be chosen)
    blocks_count: Weighted
    blocks_symbol: Weighted
    supersize_size: Weighted
    supersize_symbol: Weighted
    lucky_count: Weighted


class Level(NamedTuple):
    """A Midnight Riches level; a tuple, so ``level, multiplier, target = lv`` reads it too."""

    level: int
    multiplier: int
    target: int | None  # symbols to collect in the previous level to reach this one


class HalfColumnNames(dict[int, list[str]]):
    """The names of half a column's 4 cells, by the little-endian number their 4 symbol bytes make.

    The events name the whole grid again and again; a column is two look-ups and one ``top +
    bottom`` (a new list: these stay the table's own), half what naming its 8 cells one by one
    costs. Filled at once for up to 16 names (65,536 halves; Wonderland's 8 make 4,096), else as
    halves turn up.
    """

    def __init__(self, names: tuple[str, ...]) -> None:
        super().__init__()
        self.names = names
        if len(names) <= 16:
            for half in product(range(len(names)), repeat=ROWS // 2):
                self[int.from_bytes(bytes(half), "little")] = [names[s] for s in half]

    def __missing__(self, key: int) -> list[str]:
        names = self[key] = [self.names[s] for s in key.to_bytes(ROWS // 2, "little")]
        return names


class WonderlandData:
    """Every designed and printed number of the game, validated."""

    def __init__(self, path: Path) -> None:
        source = str(path)
        doc = Reader(source, load_json(path))
        self.title = doc.child("title").text()
        self.rtp: StatedRtp = read_stated_rtp(doc)
        symbols = doc.child("symbols")
        self.symbols = tuple(item.text() for item in symbols.items())
        if len(set(self.symbols)) != len(self.symbols) or not self.symbols:
            raise symbols.fail("symbols must be distinct and at least one")
        self.wild = doc.child("wild").text()
        if self.wild in self.symbols:
            raise doc.child("wild").fail("the wild is not a paying symbol")
        self.names = (*self.symbols, self.wild)  # index -> name; the wild is the last index
        self.index = {name: i for i, name in enumerate(self.names)}
        self.half_columns = HalfColumnNames(self.names)

        self.pays = self._read_pays(doc.child("pays"))
        self.pay_den = lcm(*(pay.denominator for table in self.pays for pay in table if pay))
        # pay in units of 1/pay_den of the total bet, by symbol index then cluster size 0..64
        self.pay_units = tuple(tuple(int(pay * self.pay_den) for pay in table) for table in self.pays)

        self.bet_ladder: BetLadder = read_bets(doc)
        self.bets = self.bet_ladder.ladder
        self.default_bet = self.bet_ladder.default

        markers = doc.child("markers")
        order = markers.child("order")
        if [item.text() for item in order.items()] != list(FEATURES):
            raise order.fail(f"the printed order is {', '.join(FEATURES)}")
        weights = markers.child("cell_weights")
        columns = list(weights.items())
        if len(columns) != COLS:
            raise weights.fail(f"expected {COLS} columns of {ROWS} weights (cell_weights[col][row])")
        cell_weights: list[int] = []
        for column in columns:
            rows = list(column.items())
            if len(rows) != ROWS:
                raise column.fail(f"expected {ROWS} weights, one per row")
            cell_weights.extend(row.integer(0) for row in rows)
        if sum(1 for w in cell_weights if w) < len(FEATURES):
            raise weights.fail(f"at least {len(FEATURES)} cells need a weight above 0")
        self.marker_weights = tuple(cell_weights)
        self.markers_uniform = len(set(cell_weights)) == 1

        self.trigger_points = doc.child("meter_trigger").integer(1)
        self.levels = self._read_levels(doc.child("midnight_levels"))
        self.base = self._read_phase(doc.child("base"))
        self.midnight = self._read_phase(doc.child("midnight"))

    # -- parts ------------------------------------------------------------------------------

    def _symbol(self, reader: Reader, name: str) -> int:
        if name not in self.symbols:
            raise reader.fail(f"unknown paying symbol {name!r} (symbols: {', '.join(self.symbols)})")
        return self.symbols.index(name)

    def _read_pays(self, pays: Reader) -> tuple[tuple[Fraction, ...], ...]:
        tables = []
        for name in self.symbols:
            entry = pays.child(name)
            table = [Fraction(0)] * (CELLS + 1)
            covered: set[int] = set()
            for key in entry.fields():
                low_text, _, high_text = key.partition("-")
                try:
                    low = int(low_text)
                    high = int(high_text) if high_text else low
                except ValueError:
                    raise entry.fail(f"size {key!r} is not a size or a range like 9-11") from None
                if not MIN_CLUSTER <= low <= high <= CELLS:
                    raise entry.fail(f"size {key!r} is outside {MIN_CLUSTER}-{CELLS}")
                pay = entry.child(key).convert(parse_multiplier, "a pay figure")
                if pay <= 0:
                    raise entry.child(key).fail("a pay must be above 0")
                for size in range(low, high + 1):
                    if size in covered:
                        raise entry.fail(f"size {size} is paid twice")
                    covered.add(size)
                    table[size] = pay
            missing = sorted(set(range(MIN_CLUSTER, CELLS + 1)) - covered)
            if missing:
                raise entry.fail(f"no pay for cluster size {missing[0]}")
            tables.append(tuple(table))
        for name in pays.fields():
            self._symbol(pays.child(name), name)
        return tuple(tables)

    def _read_levels(self, levels: Reader) -> tuple[Level, ...]:
        out = []
        for number, item in enumerate(levels.items(), start=1):
            if item.child("level").integer() != number:
                raise item.child("level").fail(f"expected level {number}")
            multiplier = item.child("multiplier").integer(1)
            target_reader = item.child("target")
            if number == 1:
                if target_reader.value is not None:
                    raise target_reader.fail("level 1 has no target (null)")
                target = None
            else:
                target = target_reader.integer(1)
            out.append(Level(number, multiplier, target))
        if not out:
            raise levels.fail("at least one level")
        return tuple(out)

    def _symbol_weights(self, reader: Reader) -> tuple[int, ...]:
        weights = [0] * len(self.symbols)
        for name in reader.fields():
            weights[self._symbol(reader, name)] = reader.child(name).integer(0)
        if not any(weights):
            raise reader.fail("at least one weight must be above 0")
        return tuple(weights)

    def _counts(self, reader: Reader, low: int, high: int) -> Weighted:
        pairs = []
        for key in reader.fields():
            try:
                value = int(key)
            except ValueError:
                raise reader.fail(f"{key!r} is not a whole number") from None
            if not low <= value <= high:
                raise reader.fail(f"{key} is outside {low}-{high}")
            pairs.append((value, reader.child(key).integer(0)))
        if not any(w for _, w in pairs):
            raise reader.fail("at least one weight must be above 0")
        return Weighted.of(sorted(pairs))

    def _read_phase(self, phase: Reader) -> Phase:
        drops = phase.child("drop_weights")
        drop = self._symbol_weights(drops)
        if sum(drop) != DROP_TOTAL:
            raise drops.fail(f"drop weights are out of {DROP_TOTAL} (one random byte per symbol), found {sum(drop)}")
        table = bytes(symbol for symbol, weight in enumerate(drop) for _ in range(weight))
        blocks = phase.child("blocks")
        supersize = phase.child("supersize")
        return Phase(
            drop_weights=drop,
            drop_table=table,
            wild_santa_weights=self._symbol_weights(phase.child("wild_santa").child("symbol_weights")),
            blocks_count=self._counts(blocks.child("count_weights"), 1, 9),
            blocks_symbol=Weighted.of(list(enumerate(self._symbol_weights(blocks.child("symbol_weights"))))),
            supersize_size=self._counts(supersize.child("size_weights"), 3, 5),
            supersize_symbol=Weighted.of(list(enumerate(self._symbol_weights(supersize.child("symbol_weights"))))),
            lucky_count=self._counts(phase.child("lucky_santa").child("count_weights"), 5, 15),
        )
