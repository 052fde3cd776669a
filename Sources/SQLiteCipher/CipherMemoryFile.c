// A file in memory, for the temporary files SQLite opens beside an encrypted journal (temporary
// tables and indexes, statement journals, sorts that spill): their content is the journal's, in the
// clear, and must not reach a disk. `PRAGMA temp_store = MEMORY` keeps most of them in memory
// already; this catches the rest (a large sort's spill files).
#include <sodium.h>
#include <stdlib.h>
#include <string.h>
#include "CipherInternal.h"

typedef struct {
    sqlite3_file base;
    uint8_t *bytes;
    sqlite3_int64 size;
    sqlite3_int64 capacity;
} memory_file;

static int memory_close(sqlite3_file *file) {
    memory_file *m = (memory_file *)file;
    if (m->bytes) { sodium_memzero(m->bytes, (size_t)m->capacity); free(m->bytes); }
    m->bytes = NULL;
    m->size = m->capacity = 0;
    return SQLITE_OK;
}

static int memory_read(sqlite3_file *file, void *buffer, int amount, sqlite3_int64 offset) {
    memory_file *m = (memory_file *)file;
    if (offset >= m->size) { memset(buffer, 0, (size_t)amount); return SQLITE_IOERR_SHORT_READ; }
    sqlite3_int64 available = m->size - offset;
    if (available >= amount) { memcpy(buffer, m->bytes + offset, (size_t)amount); return SQLITE_OK; }
    memcpy(buffer, m->bytes + offset, (size_t)available);
    memset((uint8_t *)buffer + available, 0, (size_t)(amount - available));
    return SQLITE_IOERR_SHORT_READ;
}

static int memory_reserve(memory_file *m, sqlite3_int64 size) {
    if (size <= m->capacity) return SQLITE_OK;
    sqlite3_int64 capacity = m->capacity ? m->capacity : 65536;
    while (capacity < size) capacity *= 2;
    uint8_t *bytes = malloc((size_t)capacity);
    if (bytes == NULL) return SQLITE_IOERR_NOMEM;
    if (m->bytes) {
        memcpy(bytes, m->bytes, (size_t)m->size);
        sodium_memzero(m->bytes, (size_t)m->capacity);
        free(m->bytes);
    }
    memset(bytes + m->size, 0, (size_t)(capacity - m->size));
    m->bytes = bytes;
    m->capacity = capacity;
    return SQLITE_OK;
}

static int memory_write(sqlite3_file *file, const void *buffer, int amount, sqlite3_int64 offset) {
    memory_file *m = (memory_file *)file;
    int rc = memory_reserve(m, offset + amount);
    if (rc != SQLITE_OK) return rc;
    if (offset > m->size) memset(m->bytes + m->size, 0, (size_t)(offset - m->size));
    memcpy(m->bytes + offset, buffer, (size_t)amount);
    if (offset + amount > m->size) m->size = offset + amount;
    return SQLITE_OK;
}

static int memory_truncate(sqlite3_file *file, sqlite3_int64 size) {
    memory_file *m = (memory_file *)file;
    if (size < m->size) {
        sodium_memzero(m->bytes + size, (size_t)(m->size - size));
        m->size = size;
    }
    return SQLITE_OK;
}

static int memory_sync(sqlite3_file *file, int flags) { (void)file; (void)flags; return SQLITE_OK; }
static int memory_file_size(sqlite3_file *file, sqlite3_int64 *size) {
    *size = ((memory_file *)file)->size;
    return SQLITE_OK;
}
static int memory_lock(sqlite3_file *file, int lock) { (void)file; (void)lock; return SQLITE_OK; }
static int memory_check_reserved_lock(sqlite3_file *file, int *out) { (void)file; *out = 0; return SQLITE_OK; }
static int memory_file_control(sqlite3_file *file, int op, void *argument) {
    (void)file; (void)op; (void)argument;
    return SQLITE_NOTFOUND;
}
static int memory_sector_size(sqlite3_file *file) { (void)file; return 512; }
static int memory_device_characteristics(sqlite3_file *file) { (void)file; return 0; }

static const sqlite3_io_methods memory_io_methods = {
    1, memory_close, memory_read, memory_write, memory_truncate, memory_sync, memory_file_size, memory_lock,
    memory_lock, memory_check_reserved_lock, memory_file_control, memory_sector_size, memory_device_characteristics,
    NULL, NULL, NULL, NULL, NULL, NULL,
};

int cipher_memory_file_open(sqlite3_file *file) {
    memory_file *m = (memory_file *)file;
    memset(m, 0, sizeof *m);
    file->pMethods = &memory_io_methods;
    return SQLITE_OK;
}
