"""Table definitions and the checks that tell our database from a damaged or foreign one."""

from __future__ import annotations

import sqlite3

SCHEMA_VERSION = 7

# Column definitions shared by CREATE_SQL and the migration that added them, so that a new
# file and an upgraded one have the same columns with the same checks.
_DECISION_PRICE = "price INTEGER NOT NULL DEFAULT 0 CHECK (typeof(price) = 'integer' AND price >= 0)"
# The 64-bit entropy an answer was taken with, as decimal text as the seed is (docs/RNG.md); NULL
# for an answer recorded before schema 6, which replays with the entropy derived from the seed.
_DECISION_ENTROPY = "entropy TEXT CHECK (entropy IS NULL OR typeof(entropy) = 'text')"
# The decision a debit paid for (NULL: the round's purchase, a credit or a top-up).
_LEDGER_DECISION_SEQ = (
    "decision_seq INTEGER CHECK (decision_seq IS NULL"
    " OR (kind = 'debit' AND typeof(decision_seq) = 'integer' AND decision_seq >= 0))"
)
# At most one debit per decision.
_LEDGER_BY_DECISION = (
    "CREATE UNIQUE INDEX ledger_by_decision ON ledger (round_id, decision_seq) WHERE decision_seq IS NOT NULL"
)

# What a round records about the engine that played it (schema 3): the engine's version, the
# SHA-256 of the game's data, and the digest of the events known at purchase (JSON), so that a
# resumed round can tell whether its replay is the round that was bought.
_ROUND_ORIGIN = """engine_version TEXT,
    data_digest    TEXT,
    replay_check   TEXT"""
# The second copy of every money movement and settlement (schema 3): record ``seq`` of the
# journal file ``wallet.journal``, written in the transaction that made the change.
_JOURNAL = """CREATE TABLE journal (
    seq    INTEGER PRIMARY KEY CHECK (typeof(seq) = 'integer' AND seq >= 1),
    record TEXT NOT NULL
)"""
# Every movement of a progressive jackpot pool (schema 4), in hundredths of a cent (``units``):
# the seed when a pool starts and each wager's contribution (both in the transaction that takes
# the wager), each jackpot paid and each reseed (in the transaction that settles the round), and
# a refunded wager's contribution taken back out. ``game_id`` names the carried state that holds
# the pool (``{"pool": units}``); ``pool_after`` is the pool after the movement. The balance's
# ledger is not touched: a jackpot paid is part of the round's one credit.
_POOL_LEDGER = """CREATE TABLE pool_ledger (
    id         INTEGER PRIMARY KEY,
    game_id    TEXT NOT NULL,
    round_id   INTEGER NOT NULL REFERENCES rounds (id),
    kind       TEXT NOT NULL CHECK (kind IN ('seed', 'contribution', 'payout', 'reseed', 'refund')),
    units      INTEGER NOT NULL CHECK (typeof(units) = 'integer' AND units > 0),
    pool_after INTEGER NOT NULL CHECK (typeof(pool_after) = 'integer' AND pool_after >= 0),
    at         TEXT NOT NULL,
    CHECK (kind != 'payout' OR units % 100 = 0)
);
CREATE INDEX pool_ledger_by_game ON pool_ledger (game_id, id);
CREATE INDEX pool_ledger_by_round ON pool_ledger (round_id)"""
# The bonus balance (schema 5): promotional money beside the cash ``balance``. It is never
# withdrawn or converted: it comes in with a grant of free games or as a round's share of a win,
# and goes out only as (part of) a stake.
_WALLET_BONUS = "bonus INTEGER NOT NULL DEFAULT 0 CHECK (typeof(bonus) = 'integer' AND bonus >= 0)"
# Each grant of free games (schema 5): ``games`` free games at ``stake`` cents for ``game_id``
# (NULL: any game whose bet ladder has that stake), ``games_left`` of them still to play. Its money
# (games x stake) goes into the bonus balance when it is granted.
_FREE_GAMES = """CREATE TABLE free_games (
    id         INTEGER PRIMARY KEY,
    game_id    TEXT CHECK (game_id IS NULL OR (typeof(game_id) = 'text' AND game_id != '')),
    stake      INTEGER NOT NULL CHECK (typeof(stake) = 'integer' AND stake > 0),
    games      INTEGER NOT NULL CHECK (typeof(games) = 'integer' AND games > 0),
    games_left INTEGER NOT NULL CHECK (typeof(games_left) = 'integer' AND games_left >= 0 AND games_left <= games),
    reason     TEXT NOT NULL,
    granted_at TEXT NOT NULL
)"""
# Every movement of the bonus balance (schema 5), the bonus account's ledger: a ``grant``'s money
# (no round; ``grant_id`` names it), a ``debit`` of a round's stake (its purchase, or the decision
# ``decision_seq`` it paid for; a free game's purchase names its grant), and a ``credit``, the
# bonus share of a round's win. ``bonus_after`` is the bonus balance after the movement. Written in
# the transaction that moves the money, like the cash ``ledger``.
_BONUS_LEDGER = """CREATE TABLE bonus_ledger (
    id           INTEGER PRIMARY KEY,
    round_id     INTEGER REFERENCES rounds (id),
    kind         TEXT NOT NULL CHECK (kind IN ('grant', 'debit', 'credit')),
    amount       INTEGER NOT NULL CHECK (typeof(amount) = 'integer' AND amount > 0),
    bonus_after  INTEGER NOT NULL CHECK (typeof(bonus_after) = 'integer' AND bonus_after >= 0),
    at           TEXT NOT NULL,
    reason       TEXT,
    decision_seq INTEGER CHECK (decision_seq IS NULL
                     OR (kind = 'debit' AND typeof(decision_seq) = 'integer' AND decision_seq >= 0)),
    grant_id     INTEGER REFERENCES free_games (id),
    CHECK ((kind = 'grant') = (round_id IS NULL)),
    CHECK (kind != 'grant' OR grant_id IS NOT NULL),
    CHECK (grant_id IS NULL OR kind = 'grant' OR (kind = 'debit' AND decision_seq IS NULL))
);
CREATE INDEX bonus_ledger_by_round ON bonus_ledger (round_id);
CREATE UNIQUE INDEX bonus_ledger_by_decision ON bonus_ledger (round_id, decision_seq)
    WHERE decision_seq IS NOT NULL"""

# The seal (schema 7, ``game.store.seal``): the HMAC-SHA256 of a journal record (chained), of a money row, or of
# the balances with the last record; NULL only in a wallet from before the seals, until it is sealed at its first
# launch with them (``meta`` ``seal_key`` names the key then).
_MAC = "mac TEXT CHECK (mac IS NULL OR typeof(mac) = 'text')"

# Upgrades from an older schema: MIGRATIONS[v] turns version v into v + 1 (SQL script).
# Applied in one transaction by the wallet when it opens an older file.
MIGRATIONS: dict[int, str] = {
    # 1 -> 2: priced decisions. A decision records what it cost; a debit names the decision it
    # paid for. Older rounds had only free decisions and one purchase debit: the defaults fit.
    1: f"""
ALTER TABLE decisions ADD COLUMN {_DECISION_PRICE};
ALTER TABLE ledger ADD COLUMN {_LEDGER_DECISION_SEQ};
{_LEDGER_BY_DECISION};
""",
    # 2 -> 3: each round names the engine and data that played it, and the journal table. Older
    # rounds have NULLs (not known); the wallet writes the journal's first records from the rows
    # already there when it next opens.
    2: f"""
ALTER TABLE rounds ADD COLUMN engine_version TEXT;
ALTER TABLE rounds ADD COLUMN data_digest TEXT;
ALTER TABLE rounds ADD COLUMN replay_check TEXT;
{_JOURNAL};
""",
    # 3 -> 4: the jackpot pools' own ledger. No game carried a pool before, so it starts empty.
    3: f"""
{_POOL_LEDGER};
""",
    # 4 -> 5: the bonus balance, its ledger and the grants of free games. Nothing was granted
    # before, so the bonus starts at 0 and both tables start empty.
    4: f"""
ALTER TABLE wallet ADD COLUMN {_WALLET_BONUS};
{_FREE_GAMES};
{_BONUS_LEDGER};
""",
    # 5 -> 6: each answer's entropy, drawn when it is recorded (what follows the answer is drawn
    # from it). Older answers have NULL: they replay with the entropy their seed derives.
    5: f"""
ALTER TABLE decisions ADD COLUMN {_DECISION_ENTROPY};
""",
    # 6 -> 7: the seals. The columns start NULL; the wallet seals its records and rows as they are at
    # this first launch with them (``reconcile``), and from then on every record and money row carries one.
    6: f"""
ALTER TABLE journal ADD COLUMN {_MAC};
ALTER TABLE ledger ADD COLUMN {_MAC};
ALTER TABLE bonus_ledger ADD COLUMN {_MAC};
ALTER TABLE wallet ADD COLUMN {_MAC};
""",
}

# Money columns carry CHECK(typeof(..) = 'integer') so a float can never slip in, and
# because SQLite silently turns an overflowing integer sum into a REAL. A round's ``cost`` is
# its whole stake: the purchase price plus every priced decision (the sum of its debits).
# Columns added by a migration come last, where ALTER TABLE puts them in an upgraded file.
CREATE_SQL = f"""
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE wallet (
    id      INTEGER PRIMARY KEY CHECK (id = 1),
    balance INTEGER NOT NULL CHECK (typeof(balance) = 'integer' AND balance >= 0),
    {_WALLET_BONUS},
    {_MAC}
);
CREATE TABLE rounds (
    id         INTEGER PRIMARY KEY,
    game_id    TEXT NOT NULL,
    bet        INTEGER NOT NULL CHECK (typeof(bet) = 'integer' AND bet >= 0),
    cost       INTEGER NOT NULL CHECK (typeof(cost) = 'integer' AND cost >= 0),
    seed       TEXT NOT NULL CHECK (typeof(seed) = 'text'),
    buy        INTEGER NOT NULL CHECK (buy IN (0, 1)),
    state_in   TEXT,
    progress   TEXT NOT NULL DEFAULT '{{}}',
    status     TEXT NOT NULL CHECK (status IN ('open', 'settled')),
    win        INTEGER CHECK (win IS NULL OR (typeof(win) = 'integer' AND win >= 0)),
    state_out  TEXT,
    summary    TEXT,
    created_at TEXT NOT NULL,
    settled_at TEXT,
    note       TEXT,
    {_ROUND_ORIGIN},
    CHECK ((status = 'open' AND win IS NULL AND settled_at IS NULL)
        OR (status = 'settled' AND win IS NOT NULL AND settled_at IS NOT NULL))
);
CREATE INDEX rounds_by_game ON rounds (game_id, status, id);
CREATE TABLE decisions (
    round_id INTEGER NOT NULL REFERENCES rounds (id),
    seq      INTEGER NOT NULL,
    data     TEXT NOT NULL,
    at       TEXT NOT NULL,
    {_DECISION_PRICE},
    {_DECISION_ENTROPY},
    PRIMARY KEY (round_id, seq)
);
CREATE TABLE ledger (
    id            INTEGER PRIMARY KEY,
    round_id      INTEGER REFERENCES rounds (id),
    kind          TEXT NOT NULL CHECK (kind IN ('debit', 'credit', 'top_up')),
    amount        INTEGER NOT NULL CHECK (typeof(amount) = 'integer' AND amount > 0),
    balance_after INTEGER NOT NULL
                  CHECK (typeof(balance_after) = 'integer' AND balance_after >= 0),
    at            TEXT NOT NULL,
    reason        TEXT,
    {_LEDGER_DECISION_SEQ},
    {_MAC},
    CHECK ((kind = 'top_up') = (round_id IS NULL))
);
CREATE INDEX ledger_by_round ON ledger (round_id);
{_LEDGER_BY_DECISION};
CREATE TABLE game_state (
    game_id    TEXT PRIMARY KEY,
    state      TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE TABLE settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
{_JOURNAL};
ALTER TABLE journal ADD COLUMN {_MAC};
{_POOL_LEDGER};
{_FREE_GAMES};
{_BONUS_LEDGER};
ALTER TABLE bonus_ledger ADD COLUMN {_MAC};
"""

# What a file must have for us to trust it (extra tables or columns are tolerated).
REQUIRED_COLUMNS: dict[str, frozenset[str]] = {
    "meta": frozenset({"key", "value"}),
    "wallet": frozenset({"id", "balance", "bonus", "mac"}),
    "rounds": frozenset(
        {
            "id",
            "game_id",
            "bet",
            "cost",
            "seed",
            "buy",
            "state_in",
            "progress",
            "status",
            "win",
            "state_out",
            "summary",
            "created_at",
            "settled_at",
            "note",
            "engine_version",
            "data_digest",
            "replay_check",
        }
    ),
    "decisions": frozenset({"round_id", "seq", "data", "at", "price", "entropy"}),
    "ledger": frozenset(
        {"id", "round_id", "kind", "amount", "balance_after", "at", "reason", "decision_seq", "mac"}
    ),
    "game_state": frozenset({"game_id", "state", "updated_at"}),
    "settings": frozenset({"key", "value"}),
    "journal": frozenset({"seq", "record", "mac"}),
    "pool_ledger": frozenset({"id", "game_id", "round_id", "kind", "units", "pool_after", "at"}),
    "free_games": frozenset({"id", "game_id", "stake", "games", "games_left", "reason", "granted_at"}),
    "bonus_ledger": frozenset(
        {"id", "round_id", "kind", "amount", "bonus_after", "at", "reason", "decision_seq", "grant_id", "mac"}
    ),
}


class SchemaProblem(Exception):
    """The file is a database but not (or no longer) a usable wallet. Internal to the store."""


def user_tables(conn: sqlite3.Connection) -> set[str]:
    rows = conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    ).fetchall()
    return {row[0] for row in rows}


def read_version(conn: sqlite3.Connection, tables: set[str]) -> int:
    """The file's schema version; raises SchemaProblem when it is missing or not a number."""
    if "meta" not in tables:
        raise SchemaProblem("it has no 'meta' table; it is not a Festive Slots wallet")
    try:
        row = conn.execute(
            "SELECT value FROM meta WHERE key = 'schema_version'"
        ).fetchone()
    except sqlite3.OperationalError as exc:  # meta with other columns
        raise SchemaProblem(f"its 'meta' table is unusable ({exc})") from exc
    if row is None:
        raise SchemaProblem("it records no schema version")
    try:
        version = int(row[0])
    except (TypeError, ValueError):
        raise SchemaProblem(f"its schema version {row[0]!r} is not a number") from None
    if version < 1:
        raise SchemaProblem(f"its schema version {version} is invalid")
    return version


def check_structure(conn: sqlite3.Connection) -> None:
    """Raise SchemaProblem unless every table and column of the current schema is present."""
    tables = user_tables(conn)
    for table, needed in REQUIRED_COLUMNS.items():
        if table not in tables:
            raise SchemaProblem(f"the '{table}' table is missing")
        have = {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}
        missing = sorted(needed - have)
        if missing:
            raise SchemaProblem(
                f"the '{table}' table lacks column(s) {', '.join(missing)}"
            )
    row = conn.execute(
        "SELECT value FROM meta WHERE key = 'starting_balance'"
    ).fetchone()
    try:
        start = int(row[0]) if row is not None else None
    except (TypeError, ValueError):
        start = None
    if start is None or start < 0:
        raise SchemaProblem("the starting balance is missing or invalid")
    row = conn.execute("SELECT balance, bonus FROM wallet WHERE id = 1").fetchone()
    if row is None:
        raise SchemaProblem("the balance row is missing")
    if not isinstance(row[0], int) or row[0] < 0:
        raise SchemaProblem(f"the balance {row[0]!r} is invalid")
    if not isinstance(row[1], int) or row[1] < 0:
        raise SchemaProblem(f"the bonus balance {row[1]!r} is invalid")
