"""Alembic migrations of the server's database, run by ``Store`` at start-up (see ``storage.py``)."""
