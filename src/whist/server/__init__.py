"""The web app (``whist serve``): an authoritative server where friends and bots sit at one table.

:func:`create_app` builds the FastAPI app; :mod:`whist.server.table` holds a table and its one
command path (its state and what each seat is sent: :mod:`whist.server.state`),
:mod:`whist.server.storage` the event logs, :mod:`whist.server.codec` the JSON of
views, :mod:`whist.server.protocol` the WebSocket messages. docs/protocol.md describes the protocol.
"""

from whist.server.app import DEFAULT_DB, create_app

__all__ = ["DEFAULT_DB", "create_app"]
