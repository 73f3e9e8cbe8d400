#include <stddef.h>
#include <sqlite3.h>

/// Turns on SQLITE_DBCONFIG_DEFENSIVE for `db` (sqlite3_db_config is variadic, which Swift cannot
/// call): no writable_schema, no direct writes to shadow tables, nothing that can corrupt the file
/// through SQL. Returns SQLite's result code.
static inline int reel_sqlite3_enable_defensive(sqlite3 *db) {
    int enabled = 0;
    return sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, &enabled);
}

/// Turns SQLite's memory statistics off for the process (SQLITE_CONFIG_MEMSTATUS; sqlite3_config is
/// variadic, which Swift cannot call): they cost every allocation a mutex and a counter update.
/// Only effective before SQLite initializes; returns SQLite's result code (SQLITE_MISUSE after).
static inline int reel_sqlite3_memstatus_off(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

/// SQLite 3.40 (Debian 12, Ubuntu 24.04) does not mark json_valid and json_type innocuous, so with
/// trusted_schema=OFF it refuses every schema whose CHECK constraints call them, Reel's own
/// included. `reel_sqlite3_register_innocuous_json` registers one-argument json_valid and
/// json_type on a connection, marked innocuous and deterministic, that hand their argument to
/// SQLite's own functions on a private in-memory connection: the same results, and the archive's
/// schema may use them while trusting nothing else.
typedef struct {
    sqlite3 *db;
    sqlite3_stmt *valid;
    sqlite3_stmt *type;
} reel_json_helper;

static void reel_json_helper_free(void *pointer) {
    reel_json_helper *helper = pointer;
    sqlite3_finalize(helper->valid);
    sqlite3_finalize(helper->type);
    sqlite3_close(helper->db);
    sqlite3_free(helper);
}

static void reel_json_forward(sqlite3_context *context, sqlite3_stmt *statement, sqlite3_value *argument) {
    sqlite3_bind_value(statement, 1, argument);
    if (sqlite3_step(statement) == SQLITE_ROW) {
        sqlite3_result_value(context, sqlite3_column_value(statement, 0));
    } else {
        sqlite3_result_error(context, sqlite3_errmsg(sqlite3_db_handle(statement)), -1);
    }
    sqlite3_reset(statement);
    sqlite3_clear_bindings(statement);
}

static void reel_json_valid(sqlite3_context *context, int count, sqlite3_value **arguments) {
    (void)count;
    reel_json_forward(context, ((reel_json_helper *)sqlite3_user_data(context))->valid, arguments[0]);
}

static void reel_json_type(sqlite3_context *context, int count, sqlite3_value **arguments) {
    (void)count;
    reel_json_forward(context, ((reel_json_helper *)sqlite3_user_data(context))->type, arguments[0]);
}

static inline int reel_sqlite3_register_innocuous_json(sqlite3 *db) {
    reel_json_helper *helper = sqlite3_malloc(sizeof *helper);
    if (!helper) return SQLITE_NOMEM;
    helper->db = NULL;
    helper->valid = NULL;
    helper->type = NULL;
    int rc = sqlite3_open_v2(":memory:", &helper->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL);
    if (rc == SQLITE_OK) rc = sqlite3_prepare_v2(helper->db, "SELECT json_valid(?1)", -1, &helper->valid, NULL);
    if (rc == SQLITE_OK) rc = sqlite3_prepare_v2(helper->db, "SELECT json_type(?1)", -1, &helper->type, NULL);
    if (rc != SQLITE_OK) {
        reel_json_helper_free(helper);
        return rc;
    }
    int flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS;
    // On failure SQLite itself calls the destructor (sqlite3_create_function_v2).
    rc = sqlite3_create_function_v2(db, "json_valid", 1, flags, helper, reel_json_valid, NULL, NULL, reel_json_helper_free);
    if (rc != SQLITE_OK) return rc;
    return sqlite3_create_function_v2(db, "json_type", 1, flags, helper, reel_json_type, NULL, NULL, NULL);
}
