"""What only a real PostgreSQL shows (issue 9, findings 19 and 20): stale pooled connections after a restart, and
the advisory lock that keeps a second server off the database."""

from __future__ import annotations

import pytest
from sqlalchemy import create_engine, func, select, text

from paiju.server.schema import RoomRow
from paiju.server.storage import ADVISORY_KEY, Store, StoreError

from .conftest import Postgres


@pytest.fixture
def postgres_url(postgres: Postgres) -> str:
    return postgres.fresh()


def test_finding_19_a_restarted_postgresql_does_not_fail_the_first_call_after_it(
    postgres: Postgres, postgres_url: str
) -> None:
    """pool_pre_ping: the pooled connections died with the old server; the next call gets a new one."""
    if postgres.data is None:
        pytest.skip("$PAIJU_TEST_POSTGRES names a server this session cannot restart")
    store = Store(postgres_url)
    store.add_room(RoomRow(code="BEFORE23", settings={}, host_id="h", created_at=0.0))
    postgres.restart()
    assert store.room_exists("BEFORE23")
    store.add_room(RoomRow(code="AFTER234", settings={}, host_id="h", created_at=0.0))
    store.close()  # its advisory lock went with the old server: closing must not fail either


def test_finding_20_the_advisory_lock_is_held_on_its_own_connection_for_the_store_s_life(postgres_url: str) -> None:
    """Another session cannot take the lock while the Store is open, and can once it is closed."""
    probe = create_engine(postgres_url, isolation_level="AUTOCOMMIT")
    store = Store(postgres_url)
    with probe.connect() as conn:
        assert conn.scalar(select(func.pg_try_advisory_lock(ADVISORY_KEY))) is False
        held = conn.scalar(text("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted"))
        assert held == 1
    with pytest.raises(StoreError, match="another paiju serve"):
        Store(postgres_url)
    store.close()
    with probe.connect() as conn:
        assert conn.scalar(select(func.pg_try_advisory_lock(ADVISORY_KEY))) is True
        conn.scalar(select(func.pg_advisory_unlock(ADVISORY_KEY)))
    probe.dispose()


def test_a_postgresql_store_error_names_the_database_without_its_password(postgres_url: str) -> None:
    """A refused connection is a StoreError whose one line shows the URL with its password masked."""
    wrong = postgres_url.replace("postgres@", "postgres:secret@").replace("/paiju_test", "/no_such_database")
    with pytest.raises(StoreError) as refused:
        Store(wrong)
    assert "secret" not in str(refused.value) and "no_such_database" in str(refused.value)
    assert "\n" not in str(refused.value)
