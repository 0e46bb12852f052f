"""Fat Santa's designed data (``data.json``), read and checked once, with errors naming file and key.

DESIGN.md beside this file explains every figure. Pays are written x line bet (line bet = total
bet / number of lines) and held here as integer *units* of ``1 / unit_den`` of the total bet, so a
spin adds integers and makes one Fraction at the end.
"""

from __future__ import annotations

import sys
from fractions import Fraction
from math import lcm
from pathlib import Path

from ...data import BetLadder, Reader, StatedRtp, load_json, read_bets, read_lines, read_stated_rtp, read_symbol
from ...money import parse_multiplier
from ...reels import ReelSet

REELS = 5
ROWS = 5


class FatSantaData:
    """Everything designed about Fat Santa: symbols, pays, lines, strips, sleigh and free games."""

    def __init__(self, path: Path) -> None:
        source = str(path)
        doc = Reader(source, load_json(path))
        self.title = doc.child("title").text()
        self.rtp: StatedRtp = read_stated_rtp(doc)
        if doc.child("reels").integer() != REELS or doc.child("rows").integer() != ROWS:
            raise doc.fail(f"Fat Santa is {REELS} reels of {ROWS} rows")
        self.symbols = tuple(sys.intern(item.text()) for item in doc.child("symbols").items())
        if len(set(self.symbols)) != len(self.symbols):
            raise doc.child("symbols").fail("a symbol is listed twice")
        self.santa = self._symbol(doc.child("santa"))
        self.pie = self._symbol(doc.child("pie"))
        if self.santa == self.pie:
            raise doc.child("pie").fail("Fat Santa and the pie are different symbols")
        self._read_pays(doc.child("pays"))
        self._read_lines(doc.child("lines"))
        self.bet_ladder: BetLadder = read_bets(doc)
        self.bets = self.bet_ladder.ladder
        self.default_bet = self.bet_ladder.default
        self._read_strips(doc.child("strips"))
        self._read_sleigh(doc.child("sleigh"))
        self._read_free_game(doc.child("free_game"))

    def _symbol(self, reader: Reader) -> str:
        return read_symbol(reader, self.symbols)

    def _read_pays(self, doc: Reader) -> None:
        pays: dict[str, dict[int, Fraction]] = {}
        for name in doc.fields():
            entry = doc.child(name)
            self._symbol(Reader(doc.source, name, f"{entry.where} (symbol)"))
            row: dict[int, Fraction] = {}
            for count_text in entry.fields():
                figure = entry.child(count_text)
                count = Reader(doc.source, count_text, f"{figure.where} (count)").convert(int, "a count")
                if not 1 <= count <= REELS:
                    raise figure.fail(f"count {count} is not between 1 and {REELS}")
                pay = figure.convert(parse_multiplier, "a pay figure")
                if pay <= 0:
                    raise figure.fail("a pay is positive")
                row[count] = pay
            pays[sys.intern(name)] = row
        self.pays = pays  # x line bet

    def _read_lines(self, doc: Reader) -> None:
        lines = self.lines = read_lines(doc, REELS, ROWS)
        # Pays as units of the total bet: pay (x line bet) / lines = pay_units / unit_den.
        per_bet = [pay / len(lines) for row in self.pays.values() for pay in row.values()]
        self.unit_den = lcm(*(value.denominator for value in per_bet)) if per_bet else 1
        self.units: dict[str, list[int]] = {}
        for name, row in self.pays.items():
            table = [0] * (REELS + 1)
            for count, pay in row.items():
                table[count] = int(pay / len(lines) * self.unit_den)
            self.units[name] = table

    def _read_strips(self, doc: Reader) -> None:
        known = set(self.symbols)
        base_doc, free_doc = doc.child("base"), doc.child("free")
        # Interned strips: the evaluator compares symbols by identity.
        self.base_reels, self.free_reels = (
            ReelSet([[sys.intern(s) for s in strip] for strip in ReelSet.read(reader, ROWS, known).strips], ROWS)
            for reader in (base_doc, free_doc)
        )
        for name, reels in (("base", self.base_reels), ("free", self.free_reels)):
            if len(reels.strips) != REELS:
                raise doc.child(name).fail(f"one strip per reel ({REELS})")
        for index, strip in enumerate(self.base_reels.strips[1:], start=1):
            if self.santa in strip:
                raise base_doc.child(index).fail("Fat Santa lands only on reel 1")
        santa_at = [i for i, symbol in enumerate(self.base_reels.strips[0]) if symbol == self.santa]
        length = len(self.base_reels.strips[0])
        gaps = [b - a for a, b in zip(santa_at, santa_at[1:] + [santa_at[0] + length])] if santa_at else []
        if santa_at and min(gaps) < ROWS:
            raise base_doc.child(0).fail(f"two Fat Santas stand fewer than {ROWS} apart (one shows at a time)")
        for index, strip in enumerate(self.free_reels.strips):
            if self.santa in strip:
                raise free_doc.child(index).fail("Fat Santa is on the reels already in the free games")

    def _read_sleigh(self, doc: Reader) -> None:
        chance = doc.child("chance")
        self.sleigh_flies = chance.child("flies").integer(0)
        self.sleigh_of = chance.child("of").integer(1)
        if self.sleigh_flies > self.sleigh_of:
            raise chance.child("flies").fail(f"must be at most 'of' ({self.sleigh_of})")
        reels = [item.integer(0, REELS - 1) for item in doc.child("reels").items()]
        if not reels or len(set(reels)) != len(reels):
            raise doc.child("reels").fail("a non-empty list of distinct reel indexes")
        self.sleigh_cells = tuple((col, row) for col in sorted(reels) for row in range(ROWS))
        weights = doc.child("pie_weights")
        table = []
        for count_text in weights.fields():
            weight = weights.child(count_text)
            count = Reader(doc.source, count_text, f"{weight.where} (count)").convert(int, "a number of pies")
            if not 1 <= count <= len(self.sleigh_cells):
                raise weight.fail(f"the sleigh leaves 1 to {len(self.sleigh_cells)} pies, not {count}")
            table.append((count, weight.integer(0)))
        table.sort()
        if not table or sum(w for _, w in table) == 0:
            raise weights.fail("at least one positive weight")
        self.sleigh_counts = tuple(c for c, w in table for _ in range(w))  # one entry per unit of weight
        self.sleigh_weights = tuple(table)

    def _read_free_game(self, doc: Reader) -> None:
        self.free_spins = doc.child("spins").integer(1)
        meter = doc.child("meter")
        self.meter = tuple(item.integer(1) for item in meter.items())
        if len(self.meter) != REELS - 1:
            raise meter.fail(f"one meter size per growth of Santa (1x1 to {REELS}x{REELS}: {REELS - 1})")
        extra = doc.child("extra_spins")
        self.extra_spins = tuple(item.integer(0) for item in extra.items())
        if len(self.extra_spins) != len(self.meter):
            raise extra.fail(f"one award per meter fill ({len(self.meter)})")
        self.eaten_pie = self._symbol(doc.child("eaten_pie"))
        rows = doc.child("buy_santa_row_weights")
        self.buy_row_weights = tuple(item.integer(0) for item in rows.items())
        if len(self.buy_row_weights) != ROWS or not any(self.buy_row_weights):
            raise rows.fail(f"one weight per row ({ROWS}), not all zero")
        self.buy_rows = tuple(r for r, w in enumerate(self.buy_row_weights) for _ in range(w))
