#include <sqlite3.h>

/// Turns on SQLITE_DBCONFIG_DEFENSIVE for `db` (sqlite3_db_config is variadic, which Swift cannot
/// call): no writable_schema, no direct writes to shadow tables, nothing that can corrupt the file
/// through SQL. Returns SQLite's result code.
static inline int reel_sqlite3_enable_defensive(sqlite3 *db) {
    int enabled = 0;
    return sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, &enabled);
}
