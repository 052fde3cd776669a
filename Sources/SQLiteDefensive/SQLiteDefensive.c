#include "SQLiteDefensive.h"

int entries_sqlite3_set_defensive(sqlite3 *db, int on) {
    int enabled = -1;
    if (sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, on ? 1 : 0, &enabled) != SQLITE_OK) return -1;
    return enabled;
}

int entries_sqlite3_defensive(sqlite3 *db) {
    int enabled = 0;
    if (sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, -1, &enabled) != SQLITE_OK) return 0;
    return enabled;
}
