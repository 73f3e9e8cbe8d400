/* The C reference of `reel bench` (run by tools/bench): prepared inserts of frame-view rows into a
 * simple keyed table (the v3 frame_views columns, primary key (session, frame, view), WITHOUT ROWID,
 * no other table, no foreign key), in transactions of 20 sessions of 60 frames x 5 views, with
 * Reel's pragmas; then one scan of every row, reading every column. Prints
 * "sessions frame_view_rows insert_seconds scan_seconds".
 * Usage: insert DB FRAME_VIEW_ROWS */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { FRAMES = 60, VIEWS = 5, SESSIONS_PER_TRANSACTION = 20 };

static sqlite3 *db;

static void check(int rc, const char *what) {
    if (rc != SQLITE_OK && rc != SQLITE_DONE && rc != SQLITE_ROW) {
        fprintf(stderr, "insert: %s: %s\n", what, sqlite3_errmsg(db));
        exit(70);
    }
}

static void exec(const char *sql) {
    char *message = NULL;
    if (sqlite3_exec(db, sql, NULL, NULL, &message) != SQLITE_OK) {
        fprintf(stderr, "insert: %s: %s\n", sql, message);
        exit(70);
    }
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: insert DB FRAME_VIEW_ROWS\n"); return 64; }
    long rows = atol(argv[2]);
    long sessions = (rows + FRAMES * VIEWS - 1) / (FRAMES * VIEWS);

    check(sqlite3_open_v2(argv[1], &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL), "open");
    exec("PRAGMA journal_mode = WAL");
    exec("PRAGMA synchronous = NORMAL");
    exec("CREATE TABLE frame_views (session_id INTEGER NOT NULL, frame_index INTEGER NOT NULL, view_id INTEGER NOT NULL,"
         " z INTEGER NOT NULL, x REAL NOT NULL, y REAL NOT NULL, w REAL NOT NULL, h REAL NOT NULL, alpha REAL NOT NULL,"
         " a REAL NOT NULL, b REAL NOT NULL, c REAL NOT NULL, d REAL NOT NULL, tx REAL NOT NULL, ty REAL NOT NULL,"
         " rotation_x REAL NOT NULL, rotation_y REAL NOT NULL, m34 REAL NOT NULL, hidden INTEGER NOT NULL,"
         " PRIMARY KEY (session_id, frame_index, view_id)) STRICT, WITHOUT ROWID");
    sqlite3_stmt *view = NULL;
    check(sqlite3_prepare_v3(db,
        "INSERT INTO frame_views VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19)",
        -1, SQLITE_PREPARE_PERSISTENT, &view, NULL), "prepare insert");

    double start = now();
    for (long n = 0; n < sessions; n++) {
        if (n % SESSIONS_PER_TRANSACTION == 0) exec("BEGIN IMMEDIATE");
        for (int f = 0; f < FRAMES; f++) {
            double i = f;
            for (int v = 0; v < VIEWS; v++) {
                double k = v;
                sqlite3_bind_int64(view, 1, n + 1);
                sqlite3_bind_int64(view, 2, f);
                sqlite3_bind_int64(view, 3, v + 1);
                sqlite3_bind_int64(view, 4, v);
                sqlite3_bind_double(view, 5, i * 0.5 + k * 10.25);
                sqlite3_bind_double(view, 6, k * 1.5);
                sqlite3_bind_double(view, 7, 390);
                sqlite3_bind_double(view, 8, 844);
                sqlite3_bind_double(view, 9, i / FRAMES);
                sqlite3_bind_double(view, 10, 1);
                sqlite3_bind_double(view, 11, 0);
                sqlite3_bind_double(view, 12, 0);
                sqlite3_bind_double(view, 13, 1);
                sqlite3_bind_double(view, 14, i * 0.25);
                sqlite3_bind_double(view, 15, 0);
                sqlite3_bind_double(view, 16, 0);
                sqlite3_bind_double(view, 17, k * 0.01);
                sqlite3_bind_double(view, 18, v == 0 ? 0 : -0.002);
                sqlite3_bind_int64(view, 19, v == VIEWS - 1 && f % 2 == 1);
                check(sqlite3_step(view), "insert");
                sqlite3_reset(view);
            }
        }
        if (n % SESSIONS_PER_TRANSACTION == SESSIONS_PER_TRANSACTION - 1 || n == sessions - 1) exec("COMMIT");
    }
    double inserted = now();

    sqlite3_stmt *scan = NULL;
    check(sqlite3_prepare_v3(db, "SELECT * FROM frame_views", -1, 0, &scan, NULL), "prepare scan");
    long scanned = 0;
    double sum = 0;
    int rc;
    while ((rc = sqlite3_step(scan)) == SQLITE_ROW) {
        for (int column = 0; column < 19; column++) sum += sqlite3_column_double(scan, column);
        scanned++;
    }
    check(rc, "scan");
    double end = now();
    if (scanned != sessions * FRAMES * VIEWS || sum != sum) { fprintf(stderr, "insert: scanned %ld rows\n", scanned); return 70; }
    printf("%ld %ld %.6f %.6f\n", sessions, scanned, inserted - start, end - inserted);
    sqlite3_finalize(view);
    sqlite3_finalize(scan);
    sqlite3_close(db);
    return 0;
}
