#ifndef ENTRIES_SQLITE_DEFENSIVE_H
#define ENTRIES_SQLITE_DEFENSIVE_H

#include <sqlite3.h>

/// Turns SQLITE_DBCONFIG_DEFENSIVE on (`on` = 1) or off (0) for `db` and returns the flag as SQLite
/// then reports it (1 when on). sqlite3_db_config() is variadic, which Swift cannot call: this is the
/// one call, spelled out. See <https://www.sqlite.org/c3ref/c_dbconfig_defensive.html>.
int entries_sqlite3_set_defensive(sqlite3 *db, int on);

/// The current SQLITE_DBCONFIG_DEFENSIVE flag of `db` (1 when on), for tests.
int entries_sqlite3_defensive(sqlite3 *db);

#endif
