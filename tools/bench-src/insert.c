/* The C side of the store insert benchmark (`reel bench`, run by tools/bench): writes the same rows
 * as StoreBenchmark.swift (same schema, same pragmas, same prepared inserts, same batching) with
 * plain sqlite3 calls, and prints
 * "sessions frame_view_rows seconds".
 * Usage: insert DB SCHEMA.sql FRAME_VIEW_ROWS */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { FRAMES = 60, VIEWS = 5, TOUCHES = 20, EVENTS = 4, SESSIONS_PER_TRANSACTION = 20 };

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

static sqlite3_stmt *prepare(const char *sql) {
    sqlite3_stmt *statement = NULL;
    check(sqlite3_prepare_v3(db, sql, -1, SQLITE_PREPARE_PERSISTENT, &statement, NULL), sql);
    return statement;
}

static void run(sqlite3_stmt *statement) {
    check(sqlite3_step(statement), sqlite3_sql(statement));
    sqlite3_reset(statement);
}

static char *read_file(const char *path) {
    FILE *file = fopen(path, "rb");
    if (!file) { perror(path); exit(66); }
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *text = malloc(size + 1);
    if (fread(text, 1, size, file) != (size_t)size) { perror(path); exit(66); }
    text[size] = 0;
    fclose(file);
    return text;
}

int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: insert DB SCHEMA.sql FRAME_VIEW_ROWS\n"); return 64; }
    long rows = atol(argv[3]);
    long sessions = (rows + FRAMES * VIEWS - 1) / (FRAMES * VIEWS);

    check(sqlite3_open_v2(argv[1], &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL), "open");
    exec("PRAGMA busy_timeout = 5000");
    exec("PRAGMA application_id = 1380271436");
    exec("PRAGMA foreign_keys = ON");
    exec("PRAGMA journal_mode = WAL");
    exec("PRAGMA synchronous = NORMAL");
    exec("BEGIN IMMEDIATE");
    exec(read_file(argv[2]));
    exec("INSERT INTO engines (name, version, fingerprint, profile_json) VALUES ('bench', '1', 'bench', '{}')");
    exec("INSERT INTO scenarios (name, spec_json) VALUES ('bench', '{}')");
    for (int v = 0; v < VIEWS; v++) {
        char sql[96];
        snprintf(sql, sizeof sql, "INSERT INTO view_keys (key) VALUES ('view%d')", v);
        exec(sql);
    }
    exec("COMMIT");

    sqlite3_stmt *session = prepare(
        "INSERT INTO sessions (scenario_id, engine_id, content_hash, external_id, device_width, device_height,\n"
        "    device_scale, size_class, refresh_hz, tags, source_file, source_line, recorded_at)\n"
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))");
    sqlite3_stmt *touch = prepare("INSERT INTO touches (session_id, seq, t, finger, phase, x, y) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
    sqlite3_stmt *frame = prepare("INSERT INTO frames (session_id, frame_index, t, progress) VALUES (?1, ?2, ?3, ?4)");
    sqlite3_stmt *view = prepare(
        "INSERT INTO frame_views (session_id, frame_index, view_id, z, x, y, w, h, alpha, a, b, c, d, tx, ty,\n"
        "    rotation_x, rotation_y, m34, hidden)\n"
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19)");
    sqlite3_stmt *event = prepare("INSERT INTO events (session_id, seq, t, kind, subject, detail) VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
    sqlite3_stmt *outcome = prepare("INSERT INTO outcomes (session_id, decision, completed_at, hierarchy_json) VALUES (?1, ?2, ?3, ?4)");

    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (long n = 0; n < sessions; n++) {
        if (n % SESSIONS_PER_TRANSACTION == 0) exec("BEGIN IMMEDIATE");
        exec("SAVEPOINT reel_savepoint_1"); /* Archive.insert writes each session in a savepoint */
        char hash[32];
        int hash_length = snprintf(hash, sizeof hash, "bench-%ld", n);
        sqlite3_bind_int64(session, 1, 1);
        sqlite3_bind_int64(session, 2, 1);
        sqlite3_bind_text(session, 3, hash, hash_length, SQLITE_TRANSIENT);
        sqlite3_bind_null(session, 4);
        sqlite3_bind_double(session, 5, 390);
        sqlite3_bind_double(session, 6, 844);
        sqlite3_bind_double(session, 7, 3);
        sqlite3_bind_text(session, 8, "compact", 7, SQLITE_TRANSIENT);
        sqlite3_bind_double(session, 9, 60);
        sqlite3_bind_text(session, 10, "[]", 2, SQLITE_TRANSIENT);
        sqlite3_bind_null(session, 11);
        sqlite3_bind_null(session, 12);
        run(session);
        sqlite3_int64 id = sqlite3_last_insert_rowid(db);

        for (int k = 0; k < TOUCHES; k++) {
            const char *phase = k == 0 ? "began" : k == TOUCHES - 1 ? "ended" : "moved";
            sqlite3_bind_int64(touch, 1, id);
            sqlite3_bind_int64(touch, 2, k);
            sqlite3_bind_double(touch, 3, (double)k / 60);
            sqlite3_bind_int64(touch, 4, 0);
            sqlite3_bind_text(touch, 5, phase, (int)strlen(phase), SQLITE_TRANSIENT);
            sqlite3_bind_double(touch, 6, 4 + (double)k * 9.5);
            sqlite3_bind_double(touch, 7, 420);
            run(touch);
        }
        for (int f = 0; f < FRAMES; f++) {
            double i = f;
            sqlite3_bind_int64(frame, 1, id);
            sqlite3_bind_int64(frame, 2, f);
            sqlite3_bind_double(frame, 3, i / 60);
            sqlite3_bind_double(frame, 4, i / FRAMES);
            run(frame);
            for (int v = 0; v < VIEWS; v++) {
                double k = v;
                sqlite3_bind_int64(view, 1, id);
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
                run(view);
            }
        }
        for (int e = 0; e < EVENTS; e++) {
            sqlite3_bind_int64(event, 1, id);
            sqlite3_bind_int64(event, 2, e);
            sqlite3_bind_double(event, 3, (double)e / 60);
            sqlite3_bind_text(event, 4, "lifecycle", 9, SQLITE_TRANSIENT);
            sqlite3_bind_text(event, 5, "B", 1, SQLITE_TRANSIENT);
            sqlite3_bind_text(event, 6, "viewWillAppear", 14, SQLITE_TRANSIENT);
            run(event);
        }
        sqlite3_bind_int64(outcome, 1, id);
        sqlite3_bind_text(outcome, 2, "finished", 8, SQLITE_TRANSIENT);
        sqlite3_bind_double(outcome, 3, 1);
        sqlite3_bind_text(outcome, 4, "{}", 2, SQLITE_TRANSIENT);
        run(outcome);
        exec("RELEASE reel_savepoint_1");
        if (n % SESSIONS_PER_TRANSACTION == SESSIONS_PER_TRANSACTION - 1 || n == sessions - 1) exec("COMMIT");
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    double seconds = (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) * 1e-9;
    printf("%ld %ld %.6f\n", sessions, sessions * FRAMES * VIEWS, seconds);
    sqlite3_finalize(session); sqlite3_finalize(touch); sqlite3_finalize(frame);
    sqlite3_finalize(view); sqlite3_finalize(event); sqlite3_finalize(outcome);
    sqlite3_close(db);
    return 0;
}
