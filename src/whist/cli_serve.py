"""``whist serve``: start the web app where friends and bots sit at one table (:mod:`whist.server`).

Tables live in the database at ``--db`` (SQLite by default, PostgreSQL by URL); a server started
again on the same database rebuilds every table from its event log. ``--lang fr``: the command's
own lines (the address to open, the tables found, its errors and the warnings it logs) in French;
the page has its own switch.
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import socket
import sys
from typing import TYPE_CHECKING, Annotated

import typer

from whist.cards import Lang, Refusal, os_reason
from whist.cli_common import BUDGET_SPAN, budget_option, fail, parse_lang
from whist.cli_help import en_fr, fr_doc

if TYPE_CHECKING:
    from sqlalchemy.engine import URL

    from whist.server.service import TableService

__all__ = ["log_to_stderr", "serve"]

LOG_FORMAT = "%(asctime)s whist: %(message)s"
"""How the server's log lines read: ``2026-12-04 23:41:15 whist: table x7Qb: the database …``."""


LOG_FR: dict[str, str] = {
    "deleted %d score sheet(s) nobody changed for %d days (--keep-sheets)":
        "%d feuille(s) de marque effacée(s), que personne n'avait changée(s) depuis %d jours"
        " (--keep-sheets)",
    "bot %s is not available: %s": "le robot %s n'est pas disponible : %s",
    "bot %s failed at %s; a simpler bot plays this move":
        "le robot %s a échoué à la place %s ; un robot plus simple joue ce coup",
    "the tables shared with other processes wait for the database: %s":
        "les tables partagées avec les autres processus attendent la base de données : %s",
    "the tables shared with other processes play on: the database answers again":
        "les tables partagées avec les autres processus reprennent : la base de données répond de"
        " nouveau",
    "not hearing the other server processes: %s":
        "les autres processus du serveur ne sont plus entendus : %s",
    "hearing the other server processes again": "les autres processus du serveur sont de nouveau entendus",
    "table %s cannot be rebuilt from its log; left out":
        "la table %s ne peut être reconstruite depuis son journal ; elle est laissée de côté",
    "table %s: its listing cannot be stored": "table %s : sa fiche ne peut être enregistrée",
    "table %s cannot be rebuilt from its log": "la table %s ne peut être reconstruite depuis son journal",
    "sweeping idle tables failed": "le rangement des tables inactives a échoué",
    "table %s: the events of another process wait for the database: %s":
        "table %s : les événements d'un autre processus attendent la base de données : %s",
    "table %s: made in another process, it waits for the database: %s":
        "table %s : faite par un autre processus, elle attend la base de données : %s",
    "table %s: the events of another process cannot be applied":
        "table %s : les événements d'un autre processus ne peuvent être appliqués",
    "the round with the other server processes failed":
        "le tour avec les autres processus du serveur a échoué",
    "the database file %s is gone (deleted or moved): the server takes no change until it is back":
        "le fichier de la base de données %s a disparu (effacé ou déplacé) : le serveur ne prend"
        " aucun changement tant qu'il n'est pas revenu",
    "the database file %s is back": "le fichier de la base de données %s est revenu",
    "cannot copy the write-ahead log into %s: %s":
        "impossible de recopier le journal d'écriture dans %s : %s",
    "the write-ahead log is copied into %s again": "le journal d'écriture est de nouveau recopié dans %s",
    "table %s: the table's own step was refused: %s":
        "table %s : le pas de la table elle-même a été refusé : %s",
    "table %s: step failed": "table %s : le pas de la table a échoué",
    "table %s: the database cannot be reached: %s; it waits for the database":
        "table %s : la base de données ne répond pas : %s ; la table l'attend",
    "table %s: the database answers again; the table plays on":
        "table %s : la base de données répond de nouveau ; la table reprend",
    "the score sheets past --keep-sheets %d cannot be deleted: the database cannot be reached: %s":
        "les feuilles de marque au-delà de --keep-sheets %d ne peuvent être effacées : la base de"
        " données ne répond pas : %s",
    "the database has not answered for %g s: the calls to it wait":
        "la base de données ne répond plus depuis %g s : les appels attendent",
    "the database answers again, after %.0f s": "la base de données répond de nouveau, après %.0f s",
    "deleting the score sheets past --keep-sheets %d failed":
        "l'effacement des feuilles de marque au-delà de --keep-sheets %d a échoué",
}
"""The server's warnings (every one it logs at the level the operator sees, warning and above),
in French, by their English format; what they quote (a database's own words) stays as it is."""


class _FrenchLog(logging.Formatter):
    """Formats the server's log lines in French: a warning of :data:`LOG_FR` by its French
    format; another one as it is."""

    def format(self, record: logging.LogRecord) -> str:
        french = LOG_FR.get(record.msg) if isinstance(record.msg, str) else None
        if french is not None:
            record = logging.makeLogRecord({**record.__dict__, "msg": french})
        return super().format(record)


class _Stderr(logging.StreamHandler):  # type: ignore[type-arg]
    """Writes on whatever ``sys.stderr`` is when a line is written (a command run in-process, as
    by the tests, swaps it for the time of the run)."""

    def emit(self, record: logging.LogRecord) -> None:
        self.stream = sys.stderr
        super().emit(record)


def log_to_stderr(lang: Lang = "en") -> logging.Handler:
    """Print the server's warnings (the database gone and back, a bot missing …) on stderr, each
    with the date and time it happened, so that an operator reading the log later knows when, in
    ``lang``; once, however often it is called (the language of the last call). The handler it
    added (or had added)."""
    logger = logging.getLogger("whist.server")
    handler = next((h for h in logger.handlers if h.get_name() == "whist-stderr"), None)
    if handler is None:
        handler = _Stderr()
        handler.set_name("whist-stderr")
        handler.setLevel(logging.WARNING)
        logger.addHandler(handler)
    if lang == "fr":
        handler.setFormatter(_FrenchLog(LOG_FORMAT.replace("whist:", "whist :"), "%Y-%m-%d %H:%M:%S"))
    else:
        handler.setFormatter(logging.Formatter(LOG_FORMAT, "%Y-%m-%d %H:%M:%S"))
    return handler


WS_PING = 20.0
"""Seconds between the server's pings of each WebSocket (and the wait for the answer): a table's
connection stays open through a proxy that closes one silent for a minute (nginx's default
``proxy_read_timeout``) while its player thinks (docs/hosting.md)."""


@fr_doc("""Lancer l'application web : ouvrez l'adresse affichée, créez une table, partagez son
    lien ; des robots prennent les places vides. Arrêt par Ctrl+C ; relancée sur la même --db,
    chaque table revient.""")
def serve(
    host: Annotated[str, typer.Option(
        "--host", metavar="ADDRESS",
        help=en_fr(
            "Address to listen on: 127.0.0.1 for this machine only, 0.0.0.0 for every network it is"
            " on.",
            "Adresse où écouter : 127.0.0.1 pour cette machine seule, 0.0.0.0 pour tous les réseaux"
            " où elle est."))] = "127.0.0.1",
    port: Annotated[int, typer.Option(
        "--port", min=1, max=65535, metavar="PORT", help=en_fr("Port to listen on.",
                                                              "Port où écouter."))] = 8000,
    db: Annotated[str, typer.Option(
        "--db", metavar="URL",
        help=en_fr(
            "Database of the tables: sqlite:///whist.db (a file here), or a PostgreSQL URL such as"
            " postgresql+psycopg://user@localhost:5432/whist.",
            "Base de données des tables : sqlite:///whist.db (un fichier ici), ou une URL PostgreSQL"
            " comme postgresql+psycopg://utilisateur@localhost:5432/whist."))] = "sqlite:///whist.db",
    bot_budget: Annotated[str, typer.Option(
        "--bot-budget", metavar="SECONDS",
        help=en_fr(
            f"Seconds a bot that thinks (pimc) may take per card, {BUDGET_SPAN[0]}; calls get three"
            " times as long. Bots think in threads off the server's event loop, for less when many"
            " wait.",
            f"Secondes qu'un robot qui réfléchit (pimc) peut prendre par carte, {BUDGET_SPAN[1]} ;"
            " les annonces ont trois fois plus. Les robots réfléchissent dans des fils à part de la"
            " boucle du serveur, moins longtemps quand beaucoup attendent."))] = "1.0",
    max_tables: Annotated[int, typer.Option(
        "--max-tables", min=1, metavar="N",
        help=en_fr(
            "Most tables in play at once (a finished game does not count, nor one left for ten"
            " minutes): beyond, creating one is refused until a game has finished or been left.",
            "Nombre maximal de tables en jeu à la fois (une partie finie ne compte pas, ni une"
            " laissée depuis dix minutes) : au-delà, en créer une est refusé jusqu'à ce qu'une partie"
            " soit finie ou laissée."))] = 500,
    max_sheets: Annotated[int, typer.Option(
        "--max-sheets", min=1, metavar="N",
        help=en_fr(
            "Most score sheets kept in the database (every sheet started counts, with those of the"
            " other server processes on it): beyond, starting one is refused.",
            "Nombre maximal de feuilles de marque gardées dans la base (chaque feuille commencée"
            " compte, avec celles des autres processus serveur qui l'utilisent) : au-delà, en"
            " commencer une est refusé."))] = 10_000,
    keep_sheets: Annotated[int | None, typer.Option(
        "--keep-sheets", min=1, metavar="DAYS",
        help=en_fr(
            "Delete the score sheets nobody changed for DAYS days (as the server starts, then every"
            " hour, and at once when a new sheet needs the room). Without it, sheets are kept until"
            " deleted by hand.",
            "Effacer les feuilles de marque que personne n'a changées depuis JOURS jours (au"
            " démarrage du serveur, puis toutes les heures, et aussitôt quand une nouvelle feuille a"
            " besoin de la place). Sans elle, les feuilles sont gardées jusqu'à ce qu'on les efface à"
            " la main."))] = None,
    lang: Annotated[str, typer.Option(
        "--lang", metavar="en|fr",
        help=en_fr(
            "Language of the command's own lines: the address to open, the tables found, its"
            " errors and the server's warnings, en or fr (the page has its own switch); also of this"
            " help.",
            "Langue des lignes de la commande elle-même : l'adresse à ouvrir, les tables trouvées,"
            " ses erreurs et les avertissements du serveur, en ou fr (la page a son propre choix) ;"
            " aussi de cette aide."))] = "en",
) -> None:
    """Start the web app: open the printed address, create a table, share its link; bots take the
    empty seats. Stop with Ctrl+C; started again on the same --db, every table comes back."""
    import uvicorn
    from sqlalchemy.exc import NoSuchModuleError, SQLAlchemyError

    from whist.server import create_app

    language = parse_lang(lang)
    thinking = budget_option("--bot-budget", bot_budget, language)
    sock = _listen(host, port, language)  # first: a port in use is said before any table is loaded
    log_to_stderr(language)
    with sock:
        if "://" not in db:  # a file's name or path: SQLAlchemy would only say it is no URL
            fail(Refusal(f"cannot open the database {db}: --db is a URL; for a SQLite file, sqlite:///{db}",
                         f"impossible d'ouvrir la base de données {db} : --db est une URL ; pour un"
                         f" fichier SQLite, sqlite:///{db}"), 2, language)
        shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else f"[{host}]" if ":" in host else host

        def ready(service: TableService) -> None:  # the tables loaded: the address answers now
            if _in_memory(db):
                typer.echo(f"whist : les tables sont gardées en mémoire ({db}) : toutes les tables et"
                           " feuilles de marque sont perdues à l'arrêt du serveur (un fichier les garde :"
                           " --db sqlite:///whist.db)" if language == "fr" else
                           f"whist: the tables are kept in memory ({db}): every table and score sheet is"
                           " lost when the server stops (a file keeps them: --db sqlite:///whist.db)",
                           err=True)
            typer.echo(_ready_line(f"http://{shown}:{port}/", len(service.tables) + len(service.unloaded),
                                   service.in_play(), db, language))

        try:
            app = create_app(db, bot_budget=thinking, max_tables=max_tables, max_sheets=max_sheets,
                             keep_sheets=keep_sheets, on_ready=ready)
        except (ImportError, NoSuchModuleError) as exc:
            # a database whose driver is not installed (mysql://), or a name SQLAlchemy does not
            # know (postgres://, as some hosts write their URLs)
            why = str(exc).splitlines()[0]
            fail(Refusal(f"cannot open the database {_shown_url(db)}: {why} (whist keeps its tables in"
                         " SQLite, sqlite:///whist.db by default, or PostgreSQL,"
                         " postgresql+psycopg://user@host/db)",
                         f"impossible d'ouvrir la base de données {_shown_url(db)} : {why} (whist garde"
                         " ses tables dans SQLite, sqlite:///whist.db par défaut, ou PostgreSQL,"
                         " postgresql+psycopg://utilisateur@hôte/base)"), 2, language)
        except (SQLAlchemyError, ValueError) as exc:
            why = str(exc).splitlines()[0]
            fail(Refusal(f"cannot open the database {_shown_url(db)}: {why}{_sqlite_folder(db)}",
                         f"impossible d'ouvrir la base de données {_shown_url(db)} : {why}"
                         f"{_sqlite_folder(db, 'fr')}"), 2, language)
        server = uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level="warning",
                                               ws_max_size=64 * 1024, ws_ping_interval=WS_PING,
                                               ws_ping_timeout=WS_PING))
        try:
            with contextlib.suppress(KeyboardInterrupt):  # Ctrl+C: the server has stopped cleanly
                server.run(sockets=[sock])
        finally:  # closed by the app's end already, unless it never started (its checkpointer's
            app.state.service.storage.close()  # thread then still watched the SQLite file)
    if not server.started:
        raise typer.Exit(3)


def _ready_line(address: str, stored: int, in_play: int, db: str, lang: Lang = "en") -> str:
    """The first line, once the tables are loaded: the address to open, how many tables the
    database holds and where, how many are in play.

    >>> _ready_line("http://localhost:8000/", 1, 0, "postgresql://db/w", "fr")[57:]
    '(1 table dans postgresql://db/w, dont 0 en jeu ; Ctrl+C pour arrêter)'
    >>> _ready_line("http://localhost:8000/", 1, 1, "postgresql://db/w")[48:]
    '(1 table in postgresql://db/w, 1 of them in play; Ctrl+C to stop)'
    """
    if lang == "fr":
        return (f"whist : ouvrez {address} dans un navigateur ({stored} table{'s' if stored > 1 else ''}"
                f" dans {_where(db, lang)}, dont {in_play} en jeu ; Ctrl+C pour arrêter)")
    return (f"whist: open {address} in a browser ({stored} table{'s' if stored != 1 else ''} in"
            f" {_where(db)}, {in_play} of them in play; Ctrl+C to stop)")


def _listen(host: str, port: int, lang: Lang = "en") -> socket.socket:
    """A socket listening at ``host``:``port``; one line in ``lang`` and exit 2 if it cannot be
    had (the port is in use, the address is not this machine's, the name is unknown)."""
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(2048)
    except socket.gaierror:  # a name the resolver does not know (its words are the system's)
        sock.close()
        fail(Refusal(f"cannot listen on {host}:{port}: unknown name (--host takes an address of this"
                     " machine, such as 127.0.0.1 or 0.0.0.0)",
                     f"impossible d'écouter sur {host}:{port} : nom inconnu (--host prend une adresse de"
                     " cette machine, comme 127.0.0.1 ou 0.0.0.0)"), 2, lang)
    except OSError as exc:
        sock.close()
        fail(Refusal(f"cannot listen on {host}:{port}: {os_reason(exc)}",
                     f"impossible d'écouter sur {host}:{port} : {os_reason(exc, 'fr')}"), 2, lang)
    return sock


def _sqlite_folder(db: str, lang: Lang = "en") -> str:
    """What keeps a SQLite file from opening, when its folder is why (SQLite says only "unable to
    open database file", or "attempt to write a readonly database" of a file that is writable in a
    folder that is not), or the file is a folder or no SQLite database, as words to add to the
    error in ``lang`` (SQLite's own words are English); else nothing.

    >>> _sqlite_folder("sqlite:////nowhere/at/all/whist.db"), _sqlite_folder("sqlite:////nowhere/w.db", "fr")
    (' (the folder /nowhere/at/all does not exist)', " (le dossier /nowhere n'existe pas)")
    """
    path = _sqlite_file(db)
    if path is None:
        return ""
    folder, name = os.path.split(path)
    fr = lang == "fr"
    if not os.path.isdir(folder):
        return f" (le dossier {folder} n'existe pas)" if fr else f" (the folder {folder} does not exist)"
    if not os.access(folder, os.W_OK | os.X_OK):
        if fr:
            return (f" (cet utilisateur ne peut écrire dans le dossier {folder} : SQLite y écrit"
                    f" {name}-wal et {name}-shm, à côté de {name})")
        return (f" (the folder {folder} is not writable by this user: SQLite writes {name}-wal and"
                f" {name}-shm there, beside {name})")
    if os.path.isdir(path):
        return f" ({path} est un dossier, pas un fichier)" if fr else f" ({path} is a folder, not a file)"
    if os.path.exists(path) and not os.access(path, os.R_OK | os.W_OK):
        if fr:
            return f" (cet utilisateur ne peut lire et écrire le fichier {path})"
        return f" (the file {path} is not readable and writable by this user)"
    try:
        with open(path, "rb") as f:
            head = f.read(16)
    except OSError:  # none yet: SQLite makes it
        head = b""
    if head and head != b"SQLite format 3\0":  # how every SQLite file begins
        return (f" (le fichier {path} n'est pas une base SQLite)" if fr
                else f" (the file {path} is not a SQLite database)")
    return ""


def _sqlite_file(db: str) -> str | None:
    """The absolute path of the SQLite file at ``db``; ``None`` for another database (or SQLite in
    memory, or no URL).

    >>> _sqlite_file("sqlite:////srv/club/whist.db"), _sqlite_file("sqlite://")
    ('/srv/club/whist.db', None)
    """
    url = _sqlite_url(db)
    if url is None or url.database in _NO_FILE:
        return None
    return os.path.abspath(url.database)


_NO_FILE = (None, "", ":memory:")
"""The databases of a SQLite URL that name no file: the tables are kept in memory."""


def _in_memory(db: str) -> bool:
    """``db`` keeps its tables in memory only (SQLite with no file).

    >>> _in_memory("sqlite://"), _in_memory("sqlite:///:memory:"), _in_memory("sqlite:///whist.db")
    (True, True, False)
    """
    url = _sqlite_url(db)
    return url is not None and url.database in _NO_FILE


def _sqlite_url(db: str) -> URL | None:
    """``db`` read, if it is a SQLite URL."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        url = make_url(db)
    except (ArgumentError, ValueError):
        return None
    return url if url.drivername.startswith("sqlite") else None


def _where(db: str, lang: Lang = "en") -> str:
    """Where the tables are, as the operator looks for them: a SQLite file by its absolute path
    (sqlite:///whist.db is in the folder the server was started from), another database by its
    URL without its password."""
    path = _sqlite_file(db)
    if path is None:
        return _shown_url(db)
    return f"le fichier {path}" if lang == "fr" else f"the file {path}"


def _shown_url(db: str) -> str:
    """The database URL as the console and its logs may show it: without its password, given
    before the host or as libpq's ``password`` parameter.

    >>> _shown_url("postgresql+psycopg://club:secret@db.example/whist")
    'postgresql+psycopg://club:***@db.example/whist'
    >>> _shown_url("postgresql+psycopg://club@db.example/whist?sslmode=require&password=secret")
    'postgresql+psycopg://club@db.example/whist?password=***&sslmode=require'
    """
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        shown = make_url(db).render_as_string(hide_password=True)
    except (ArgumentError, ValueError):
        shown = db
    return re.sub(r"([?&]password=)[^&]*", r"\1***", shown, flags=re.IGNORECASE)
