// The encrypting VFS shim: every page of an encrypted journal's database file, every page in its
// WAL and every page in its rollback journal is sealed with an AEAD (AES-256-GCM in format 2,
// XChaCha20-Poly1305 in format 1) on the way to the default VFS and opened on the way back; temporary files stay in memory. See Sources/SQLiteStore/Encryption/ENCRYPTION.md.
//
// Like SQLite3 Multiple Ciphers' VFS and SQLCipher, a page keeps its size and the cipher's nonce and
// tag live in the page's reserved bytes (SQLite leaves the last ENTRIES_CIPHER_RESERVED_BYTES of
// every page unused when the database says so). Unlike them, the database file starts with a
// header of its own (key slots and parameters), and every page's associated data binds it to its
// journal, its kind of file and its page number.
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sodium.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "CipherInternal.h"

#define WAL_HEADER_SIZE 32
#define WAL_FRAME_HEADER_SIZE 24
/// Format 2's random nonces drawn by one call to the system's random source.
#define NONCE_POOL_SIZE 64

enum file_kind { KIND_DATABASE = 'D', KIND_WAL = 'W', KIND_JOURNAL = 'J', KIND_PLAIN = 'P' };

typedef struct {
    sqlite3_file base;
    char kind;
    cipher_key *key;
    int page_size;
    /// A page and a WAL frame header: where pages are sealed and partial reads opened.
    uint8_t *scratch;
    /// The page number SQLite last wrote or read as 4 bytes (a journal record's first field), and where.
    sqlite3_int64 page_number_offset;
    uint32_t page_number;
    /// Format 1's nonces: the journal's mark and 12 random bytes drawn when the file is opened, then a
    /// counter (see fresh_nonce).
    uint8_t nonce_prefix[16];
    uint64_t nonce_counter;
    /// Format 2's nonces: random bytes from libsodium's randombytes_buf, drawn NONCE_POOL_SIZE nonces
    /// at a time, and how many of them are used.
    uint8_t nonce_pool[NONCE_POOL_SIZE * CIPHER_GCM_NONCE_SIZE];
    int nonce_pool_used;
    sqlite3_file *real;
} cipher_file;

static sqlite3_vfs cipher_vfs;
static sqlite3_vfs *underlying;
static pthread_once_t registration = PTHREAD_ONCE_INIT;
static int registration_result = SQLITE_ERROR;

sqlite3_vfs *cipher_underlying_vfs(void) { return underlying; }

#define REAL(f) ((f)->real)
#define CALL(f, method, ...) ((f)->real->pMethods->method((f)->real, __VA_ARGS__))

/// Reads `length` bytes of the real file; a short read's missing bytes are zeros.
static int real_read(cipher_file *f, void *buffer, int length, sqlite3_int64 offset) {
    return CALL(f, xRead, buffer, length, offset);
}

/// The nonce field of a page sealed now (the 24 bytes before its tag), in the key's format.
///
/// Format 2 (AES-256-GCM): the journal's mark, 96 bits from the system's random source, 8 zero
/// bytes. GCM's nonce is the 96 random bits: random nonces are NIST SP 800-38D's construction of
/// section 8.2.2, good for 2^32 seals per key (ENCRYPTION.md says why a journal stays far below).
/// They are drawn in batches of NONCE_POOL_SIZE: a getrandom(2) call per page would cost as much
/// as sealing it.
///
/// Format 1 (XChaCha20-Poly1305): the journal's mark (the first CIPHER_MARK_SIZE bytes of its id,
/// which tell its WAL from another journal's, see CipherWALCheck.c), 96 bits drawn at random when
/// the file was opened, and a 64-bit counter. A repeat would need two opens to draw the same 96
/// bits (about 2^48 opens) or 2^64 writes in one.
static void fresh_nonce(cipher_file *f, uint8_t nonce[CIPHER_NONCE_SIZE]) {
    if (f->key->format == CIPHER_FORMAT_AES_GCM) {
        if (f->nonce_pool_used == NONCE_POOL_SIZE) {
            randombytes_buf(f->nonce_pool, sizeof f->nonce_pool);
            f->nonce_pool_used = 0;
        }
        uint8_t *drawn = f->nonce_pool + (size_t)f->nonce_pool_used * CIPHER_GCM_NONCE_SIZE;
        memset(nonce, 0, CIPHER_NONCE_SIZE);
        memcpy(nonce, f->key->journal_id, CIPHER_MARK_SIZE);
        memcpy(nonce + CIPHER_MARK_SIZE, drawn, CIPHER_GCM_NONCE_SIZE);
        sodium_memzero(drawn, CIPHER_GCM_NONCE_SIZE);  // never handed out twice
        f->nonce_pool_used += 1;
        return;
    }
    memcpy(nonce, f->nonce_prefix, sizeof f->nonce_prefix);
    uint64_t counter = f->nonce_counter++;
    cipher_put32(nonce + 16, (uint32_t)(counter >> 32));
    cipher_put32(nonce + 20, (uint32_t)counter);
}

/// Seals a copy of `page` into the scratch buffer (at `at`).
static uint8_t *seal_copy(cipher_file *f, const void *page, uint32_t page_number, int at) {
    uint8_t *copy = f->scratch + at;
    memcpy(copy, page, (size_t)f->page_size);
    uint8_t nonce[CIPHER_NONCE_SIZE];
    fresh_nonce(f, nonce);
    cipher_seal_page(copy, f->page_size, f->key, f->kind, page_number, nonce);
    return copy;
}

/// Opens a sealed page SQLite asked for, through the journal's cache of opened pages (CipherPageCache.c).
static int open_page(cipher_file *f, uint8_t *page, char kind, uint32_t page_number) {
    return cipher_open_page_cached(f->key->pages, page, f->page_size, f->key, kind, page_number);
}

// MARK: The database file: pages shifted past the header.

static int database_read(cipher_file *f, void *buffer, int amount, sqlite3_int64 offset) {
    const int size = f->page_size;
    const sqlite3_int64 physical = offset + ENTRIES_CIPHER_HEADER_SIZE;
    if (offset % size == 0 && amount % size == 0) {
        // A page the journal's cache keeps opened: its stored nonce and tag alone are read, and when
        // they are the ones it was opened from, the kept copy is the page (one copy of it, as a plain
        // journal's read makes; reading the whole sealed page first would make two).
        uint32_t first = (uint32_t)(offset / size) + 1;
        if (amount == size && cipher_page_cache_holds(f->key->pages, KIND_DATABASE, first)) {
            uint8_t seal[ENTRIES_CIPHER_RESERVED_BYTES];
            if (real_read(f, seal, sizeof seal, physical + size - (int)sizeof seal) == SQLITE_OK
                && cipher_page_cache_copy(f->key->pages, buffer, size, KIND_DATABASE, first, seal))
                return SQLITE_OK;
        }
        // Otherwise one read of the whole page, as a plain journal's, opened (and kept).
        int rc = real_read(f, buffer, amount, physical);
        if (rc == SQLITE_IOERR_SHORT_READ) { memset(buffer, 0, (size_t)amount); return rc; }
        if (rc != SQLITE_OK) return rc;
        for (int at = 0; at < amount; at += size) {
            uint32_t page_number = (uint32_t)((offset + at) / size) + 1;
            if (open_page(f, (uint8_t *)buffer + at, KIND_DATABASE, page_number) != 0)
                return SQLITE_IOERR_DATA;
        }
        return SQLITE_OK;
    }
    // Part of one page (the header SQLite reads at offset 0): the whole page, opened, then the part.
    const sqlite3_int64 start = offset - offset % size;
    if (offset + amount > start + size) return SQLITE_IOERR_READ;
    int rc = real_read(f, f->scratch, size, start + ENTRIES_CIPHER_HEADER_SIZE);
    if (rc == SQLITE_IOERR_SHORT_READ) { memset(buffer, 0, (size_t)amount); return rc; }
    if (rc != SQLITE_OK) return rc;
    if (open_page(f, f->scratch, KIND_DATABASE, (uint32_t)(start / size) + 1) != 0) return SQLITE_IOERR_DATA;
    memcpy(buffer, f->scratch + (offset - start), (size_t)amount);
    return SQLITE_OK;
}

/// Page 1 holds the database header: its page size and reserved bytes must leave room for the nonce
/// and tag, or a write would overwrite data with them.
static int first_page_has_room(const uint8_t *page, int size) {
    return ((page[16] << 8) | page[17]) == size && page[20] == ENTRIES_CIPHER_RESERVED_BYTES;
}

/// A write within one page that is not the whole page (SQLite writes whole pages; the store puts
/// back the header's change counters after a failed import): the page is opened, changed and sealed again.
static int database_patch(cipher_file *f, const void *buffer, int amount, sqlite3_int64 offset) {
    const int size = f->page_size;
    const sqlite3_int64 start = offset - offset % size;
    if (offset + amount > start + size) return SQLITE_IOERR_WRITE;
    uint32_t page_number = (uint32_t)(start / size) + 1;
    int rc = real_read(f, f->scratch, size, start + ENTRIES_CIPHER_HEADER_SIZE);
    if (rc != SQLITE_OK) return SQLITE_IOERR_WRITE;
    if (cipher_open_page(f->scratch, size, f->key, KIND_DATABASE, page_number) != 0)
        return SQLITE_IOERR_DATA;
    memcpy(f->scratch + (offset - start), buffer, (size_t)amount);
    if (page_number == 1 && !first_page_has_room(f->scratch, size)) return SQLITE_IOERR_WRITE;
    uint8_t nonce[CIPHER_NONCE_SIZE];
    fresh_nonce(f, nonce);
    cipher_seal_page(f->scratch, size, f->key, KIND_DATABASE, page_number, nonce);
    return CALL(f, xWrite, f->scratch, size, start + ENTRIES_CIPHER_HEADER_SIZE);
}

static int database_write(cipher_file *f, const void *buffer, int amount, sqlite3_int64 offset) {
    const int size = f->page_size;
    if (offset % size != 0 || amount % size != 0) return database_patch(f, buffer, amount, offset);
    for (int at = 0; at < amount; at += size) {
        const uint8_t *page = (const uint8_t *)buffer + at;
        uint32_t page_number = (uint32_t)((offset + at) / size) + 1;
        if (page_number == 1 && !first_page_has_room(page, size)) return SQLITE_IOERR_WRITE;
        uint8_t *sealed = seal_copy(f, page, page_number, 0);
        int rc = CALL(f, xWrite, sealed, size, offset + at + ENTRIES_CIPHER_HEADER_SIZE);
        if (rc != SQLITE_OK) return rc;
    }
    return SQLITE_OK;
}

// MARK: The WAL: a 32-byte header, then frames of a 24-byte header (page number first) and a page.

/// Where `offset` falls in its frame (0: the frame header's start; 24: the page's), or -1 in the WAL header.
static sqlite3_int64 frame_position(cipher_file *f, sqlite3_int64 offset) {
    if (offset < WAL_HEADER_SIZE) return -1;
    return (offset - WAL_HEADER_SIZE) % (f->page_size + WAL_FRAME_HEADER_SIZE);
}

static int wal_read(cipher_file *f, void *buffer, int amount, sqlite3_int64 offset) {
    const int size = f->page_size;
    sqlite3_int64 position = frame_position(f, offset);
    if (position == WAL_FRAME_HEADER_SIZE && amount == size) {
        // A page of a frame SQLite has found valid: read with its frame header for the page number.
        int rc = real_read(f, f->scratch, size + WAL_FRAME_HEADER_SIZE, offset - WAL_FRAME_HEADER_SIZE);
        if (rc == SQLITE_IOERR_SHORT_READ) { memset(buffer, 0, (size_t)amount); return rc; }
        if (rc != SQLITE_OK) return rc;
        uint8_t *page = f->scratch + WAL_FRAME_HEADER_SIZE;
        if (open_page(f, page, KIND_WAL, cipher_get32(f->scratch)) != 0) return SQLITE_IOERR_DATA;
        memcpy(buffer, page, (size_t)size);
        return SQLITE_OK;
    }
    int rc = real_read(f, buffer, amount, offset);
    if (position == 0 && amount == size + WAL_FRAME_HEADER_SIZE) {
        // A whole frame: recovery scanning the log. A page that does not open (a frame torn by a
        // crash, stale, or not this journal's) is handed over as zeros, which fail the frame's
        // checksum: SQLite then ends the log there, as it does for any frame that does not check.
        uint8_t *page = (uint8_t *)buffer + WAL_FRAME_HEADER_SIZE;
        if (rc != SQLITE_OK) {
            memset(page, 0, (size_t)size);
            return rc;
        }
        uint32_t page_number = cipher_get32(buffer);
        if (page_number == 0 || cipher_open_page(page, size, f->key, KIND_WAL, page_number) != 0)
            memset(page, 0, (size_t)size);
        return SQLITE_OK;
    }
    // Headers only (the WAL header, a frame header): nothing sealed is in them.
    if (position < 0 ? offset + amount > WAL_HEADER_SIZE : position + amount > WAL_FRAME_HEADER_SIZE) {
        memset(buffer, 0, (size_t)amount);
        return SQLITE_IOERR_READ;
    }
    return rc;
}

static int wal_write(cipher_file *f, const void *buffer, int amount, sqlite3_int64 offset) {
    const int size = f->page_size;
    sqlite3_int64 position = frame_position(f, offset);
    if (position == WAL_FRAME_HEADER_SIZE && amount == size) {
        // SQLite writes a frame's header, then its page: the page number is the header's first field.
        uint32_t page_number = 0;
        if (f->page_number_offset == offset - WAL_FRAME_HEADER_SIZE) {
            page_number = f->page_number;
        } else {
            uint8_t field[4];
            int rc = real_read(f, field, 4, offset - WAL_FRAME_HEADER_SIZE);
            if (rc != SQLITE_OK) return SQLITE_IOERR_WRITE;
            page_number = cipher_get32(field);
        }
        if (page_number == 0) return SQLITE_IOERR_WRITE;
        return CALL(f, xWrite, seal_copy(f, buffer, page_number, 0), size, offset);
    }
    if (position == 0 && amount == size + WAL_FRAME_HEADER_SIZE) {
        uint32_t page_number = cipher_get32(buffer);
        if (page_number == 0) return SQLITE_IOERR_WRITE;
        memcpy(f->scratch, buffer, WAL_FRAME_HEADER_SIZE);
        seal_copy(f, (const uint8_t *)buffer + WAL_FRAME_HEADER_SIZE, page_number, WAL_FRAME_HEADER_SIZE);
        return CALL(f, xWrite, f->scratch, amount, offset);
    }
    // Only headers go through as they are; a write reaching into a page is refused, never written in the clear.
    if (position < 0 ? offset + amount > WAL_HEADER_SIZE : position + amount > WAL_FRAME_HEADER_SIZE)
        return SQLITE_IOERR_WRITE;
    if (position == 0 && amount >= 4) {
        f->page_number_offset = offset;
        f->page_number = cipher_get32(buffer);
    }
    return CALL(f, xWrite, buffer, amount, offset);
}

// MARK: The rollback journal: sector-aligned headers, then records of a page number (4 bytes), a
// page and a checksum (4 bytes). A record's page starts 4 bytes past a multiple of 8 (headers are
// multiples of 512 bytes, records page size + 8), which tells it from a header of the same size.

static int is_journal_page(cipher_file *f, int amount, sqlite3_int64 offset) {
    return amount == f->page_size && offset % 8 == 4;
}

static int journal_page_number(cipher_file *f, sqlite3_int64 offset, uint32_t *page_number) {
    if (f->page_number_offset == offset - 4) { *page_number = f->page_number; return SQLITE_OK; }
    uint8_t field[4];
    int rc = real_read(f, field, 4, offset - 4);
    *page_number = cipher_get32(field);
    return rc;
}

static int journal_read(cipher_file *f, void *buffer, int amount, sqlite3_int64 offset) {
    int rc = real_read(f, buffer, amount, offset);
    if (is_journal_page(f, amount, offset)) {
        if (rc == SQLITE_IOERR_SHORT_READ) { memset(buffer, 0, (size_t)amount); return rc; }
        if (rc != SQLITE_OK) return rc;
        uint32_t page_number;
        if (journal_page_number(f, offset, &page_number) != SQLITE_OK) return SQLITE_IOERR_READ;
        if (cipher_open_page(buffer, amount, f->key, KIND_JOURNAL, page_number) != 0)
            return SQLITE_IOERR_DATA;
        return SQLITE_OK;
    }
    if (rc == SQLITE_OK && amount == 4) {
        f->page_number_offset = offset;
        f->page_number = cipher_get32(buffer);
    }
    return rc;
}

static int journal_write(cipher_file *f, const void *buffer, int amount, sqlite3_int64 offset) {
    if (is_journal_page(f, amount, offset)) {
        uint32_t page_number;
        if (journal_page_number(f, offset, &page_number) != SQLITE_OK || page_number == 0) return SQLITE_IOERR_WRITE;
        return CALL(f, xWrite, seal_copy(f, buffer, page_number, 0), amount, offset);
    }
    // The fields of a record (4 bytes) and headers (at multiples of 512 bytes) go through as they are;
    // anything else might hold page content, and is refused.
    if (amount > 4 && offset % 512 != 0) return SQLITE_IOERR_WRITE;
    int rc = CALL(f, xWrite, buffer, amount, offset);
    if (rc == SQLITE_OK && amount == 4) {
        f->page_number_offset = offset;
        f->page_number = cipher_get32(buffer);
    }
    return rc;
}

// MARK: io methods

static int io_close(sqlite3_file *file) {
    cipher_file *f = (cipher_file *)file;
    int rc = REAL(f)->pMethods ? REAL(f)->pMethods->xClose(REAL(f)) : SQLITE_OK;
    if (f->scratch) { sodium_memzero(f->scratch, (size_t)f->page_size + WAL_FRAME_HEADER_SIZE); free(f->scratch); }
    f->scratch = NULL;
    cipher_key_release(f->key);
    f->key = NULL;
    return rc;
}

static int io_read(sqlite3_file *file, void *buffer, int amount, sqlite3_int64 offset) {
    cipher_file *f = (cipher_file *)file;
    switch (f->kind) {
    case KIND_DATABASE: return database_read(f, buffer, amount, offset);
    case KIND_WAL: return wal_read(f, buffer, amount, offset);
    case KIND_JOURNAL: return journal_read(f, buffer, amount, offset);
    default: return real_read(f, buffer, amount, offset);
    }
}

static int io_write(sqlite3_file *file, const void *buffer, int amount, sqlite3_int64 offset) {
    cipher_file *f = (cipher_file *)file;
    switch (f->kind) {
    case KIND_DATABASE: return database_write(f, buffer, amount, offset);
    case KIND_WAL: return wal_write(f, buffer, amount, offset);
    case KIND_JOURNAL: return journal_write(f, buffer, amount, offset);
    default: return CALL(f, xWrite, buffer, amount, offset);
    }
}

static sqlite3_int64 shift(cipher_file *f) { return f->kind == KIND_DATABASE ? ENTRIES_CIPHER_HEADER_SIZE : 0; }

static int io_truncate(sqlite3_file *file, sqlite3_int64 size) {
    cipher_file *f = (cipher_file *)file;
    return CALL(f, xTruncate, size + shift(f));
}

static int io_sync(sqlite3_file *file, int flags) { return CALL((cipher_file *)file, xSync, flags); }

static int io_file_size(sqlite3_file *file, sqlite3_int64 *size) {
    cipher_file *f = (cipher_file *)file;
    int rc = CALL(f, xFileSize, size);
    if (rc == SQLITE_OK) {
        *size -= shift(f);
        if (*size < 0) *size = 0;
    }
    return rc;
}

static int io_lock(sqlite3_file *file, int lock) { return CALL((cipher_file *)file, xLock, lock); }
static int io_unlock(sqlite3_file *file, int lock) { return CALL((cipher_file *)file, xUnlock, lock); }
static int io_check_reserved_lock(sqlite3_file *file, int *out) {
    return CALL((cipher_file *)file, xCheckReservedLock, out);
}

static int io_file_control(sqlite3_file *file, int op, void *argument) {
    cipher_file *f = (cipher_file *)file;
    switch (op) {
    case SQLITE_FCNTL_MMAP_SIZE:
        // Memory-mapped pages would be read without being opened: never.
        *(sqlite3_int64 *)argument = 0;
        return SQLITE_OK;
    case SQLITE_FCNTL_SIZE_HINT: {
        sqlite3_int64 hint = *(sqlite3_int64 *)argument + shift(f);
        return CALL(f, xFileControl, op, &hint);
    }
    case SQLITE_FCNTL_VFSNAME:
        *(char **)argument = sqlite3_mprintf("%s", ENTRIES_CIPHER_VFS_NAME);
        return SQLITE_OK;
    default:
        return CALL(f, xFileControl, op, argument);
    }
}

static int io_sector_size(sqlite3_file *file) {
    cipher_file *f = (cipher_file *)file;
    return REAL(f)->pMethods->xSectorSize(REAL(f));
}

static int io_device_characteristics(sqlite3_file *file) {
    cipher_file *f = (cipher_file *)file;
    int characteristics = REAL(f)->pMethods->xDeviceCharacteristics(REAL(f));
    // Atomic writes would let SQLite keep a journal in memory and spill it in chunks of any size,
    // which could not be sealed page by page.
    return characteristics & ~(SQLITE_IOCAP_ATOMIC | SQLITE_IOCAP_ATOMIC512 | SQLITE_IOCAP_ATOMIC1K
                               | SQLITE_IOCAP_ATOMIC2K | SQLITE_IOCAP_ATOMIC4K | SQLITE_IOCAP_ATOMIC8K
                               | SQLITE_IOCAP_ATOMIC16K | SQLITE_IOCAP_ATOMIC32K | SQLITE_IOCAP_ATOMIC64K
                               | SQLITE_IOCAP_BATCH_ATOMIC);
}

static int io_shm_map(sqlite3_file *file, int page, int size, int extend, void volatile **out) {
    return CALL((cipher_file *)file, xShmMap, page, size, extend, out);
}
static int io_shm_lock(sqlite3_file *file, int offset, int n, int flags) {
    return CALL((cipher_file *)file, xShmLock, offset, n, flags);
}
static void io_shm_barrier(sqlite3_file *file) {
    cipher_file *f = (cipher_file *)file;
    REAL(f)->pMethods->xShmBarrier(REAL(f));
}
static int io_shm_unmap(sqlite3_file *file, int delete_flag) {
    return CALL((cipher_file *)file, xShmUnmap, delete_flag);
}
static int io_fetch(sqlite3_file *file, sqlite3_int64 offset, int amount, void **out) {
    (void)file; (void)offset; (void)amount;
    *out = NULL;  // no memory-mapped reads: SQLite then reads through xRead
    return SQLITE_OK;
}
static int io_unfetch(sqlite3_file *file, sqlite3_int64 offset, void *page) {
    (void)file; (void)offset; (void)page;
    return SQLITE_OK;
}

static const sqlite3_io_methods cipher_io_methods = {
    3, io_close, io_read, io_write, io_truncate, io_sync, io_file_size, io_lock, io_unlock, io_check_reserved_lock,
    io_file_control, io_sector_size, io_device_characteristics, io_shm_map, io_shm_lock, io_shm_barrier, io_shm_unmap,
    io_fetch, io_unfetch,
};

// MARK: The VFS

/// Reads the start of a database file opened through the shim and checks it is the journal the key
/// belongs to: a file swapped in after the key was unlocked is refused.
static int check_database_header(cipher_file *f) {
    uint8_t header[44];
    int rc = real_read(f, header, sizeof header, 0);
    if (rc == SQLITE_IOERR_SHORT_READ) return SQLITE_NOTADB;
    if (rc != SQLITE_OK) return rc;
    if (memcmp(header, "EntriesEncrypted", 16) != 0 || cipher_get32(header + 16) != f->key->format
        || cipher_get32(header + 20) != ENTRIES_CIPHER_PAGE_SIZE
        || cipher_get32(header + 24) != ENTRIES_CIPHER_RESERVED_BYTES
        || sodium_memcmp(header + 28, f->key->journal_id, CIPHER_ID_SIZE) != 0)
        return SQLITE_NOTADB;
    return SQLITE_OK;
}

static int vfs_open(sqlite3_vfs *vfs, sqlite3_filename name, sqlite3_file *file, int flags, int *out_flags) {
    (void)vfs;
    cipher_file *f = (cipher_file *)file;
    memset(f, 0, sizeof *f);
    f->page_number_offset = -1;
    char kind;
    const char *database_name = NULL;
    if (name != NULL && (flags & SQLITE_OPEN_MAIN_DB)) {
        kind = KIND_DATABASE;
        database_name = name;
    } else if (name != NULL && (flags & SQLITE_OPEN_WAL)) {
        kind = KIND_WAL;
        database_name = sqlite3_filename_database(name);
    } else if (name != NULL && (flags & SQLITE_OPEN_MAIN_JOURNAL)) {
        kind = KIND_JOURNAL;
        database_name = sqlite3_filename_database(name);
    } else if (name != NULL && (flags & SQLITE_OPEN_SUPER_JOURNAL)) {
        kind = KIND_PLAIN;  // names of journals only
    } else {
        // Temporary databases, statement journals, sorts: in memory.
        if (out_flags) *out_flags = flags;
        return cipher_memory_file_open(file);
    }
    f->kind = kind;
    f->real = (sqlite3_file *)(f + 1);
    if (kind != KIND_PLAIN) {
        f->key = cipher_key_acquire(sqlite3_uri_parameter(database_name, ENTRIES_CIPHER_KEY_PARAMETER));
        if (f->key == NULL) return SQLITE_CANTOPEN;
        f->page_size = ENTRIES_CIPHER_PAGE_SIZE;
        memcpy(f->nonce_prefix, f->key->journal_id, CIPHER_MARK_SIZE);
        randombytes_buf(f->nonce_prefix + CIPHER_MARK_SIZE, sizeof f->nonce_prefix - CIPHER_MARK_SIZE);
        f->nonce_pool_used = NONCE_POOL_SIZE;  // drawn at the first seal
        f->scratch = malloc((size_t)f->page_size + WAL_FRAME_HEADER_SIZE);
        if (f->scratch == NULL) { cipher_key_release(f->key); f->key = NULL; return SQLITE_NOMEM; }
    }
    int rc = underlying->xOpen(underlying, name, f->real, flags, out_flags);
    if (rc != SQLITE_OK) {
        if (f->real->pMethods) f->real->pMethods->xClose(f->real);
        free(f->scratch);
        f->scratch = NULL;
        cipher_key_release(f->key);
        f->key = NULL;
        return rc;
    }
    file->pMethods = &cipher_io_methods;
    if (kind == KIND_DATABASE) {
        rc = check_database_header(f);
        if (rc != SQLITE_OK) {
            io_close(file);
            file->pMethods = NULL;
            return rc;
        }
    }
    return SQLITE_OK;
}

static int vfs_delete(sqlite3_vfs *vfs, const char *name, int sync_directory) {
    (void)vfs;
    return underlying->xDelete(underlying, name, sync_directory);
}
static int vfs_access(sqlite3_vfs *vfs, const char *name, int flags, int *out) {
    (void)vfs;
    return underlying->xAccess(underlying, name, flags, out);
}
static int vfs_full_pathname(sqlite3_vfs *vfs, const char *name, int size, char *out) {
    (void)vfs;
    return underlying->xFullPathname(underlying, name, size, out);
}
static void *vfs_dl_open(sqlite3_vfs *vfs, const char *name) { (void)vfs; (void)name; return NULL; }
static void vfs_dl_error(sqlite3_vfs *vfs, int size, char *out) {
    (void)vfs;
    sqlite3_snprintf(size, out, "loading extensions is not supported");
}
static void (*vfs_dl_sym(sqlite3_vfs *vfs, void *library, const char *symbol))(void) {
    (void)vfs; (void)library; (void)symbol;
    return NULL;
}
static void vfs_dl_close(sqlite3_vfs *vfs, void *library) { (void)vfs; (void)library; }
static int vfs_randomness(sqlite3_vfs *vfs, int size, char *out) {
    (void)vfs;
    return underlying->xRandomness(underlying, size, out);
}
static int vfs_sleep(sqlite3_vfs *vfs, int microseconds) {
    (void)vfs;
    return underlying->xSleep(underlying, microseconds);
}
static int vfs_current_time(sqlite3_vfs *vfs, double *out) {
    (void)vfs;
    return underlying->xCurrentTime(underlying, out);
}
static int vfs_get_last_error(sqlite3_vfs *vfs, int size, char *out) {
    (void)vfs;
    return underlying->xGetLastError ? underlying->xGetLastError(underlying, size, out) : 0;
}
static int vfs_current_time_int64(sqlite3_vfs *vfs, sqlite3_int64 *out) {
    (void)vfs;
    return underlying->xCurrentTimeInt64(underlying, out);
}

static void register_once(void) {
    if (sodium_init() < 0) { registration_result = SQLITE_ERROR; return; }
    if (sqlite3_initialize() != SQLITE_OK) { registration_result = SQLITE_ERROR; return; }
    underlying = sqlite3_vfs_find("unix");
    if (underlying == NULL) underlying = sqlite3_vfs_find(NULL);
    if (underlying == NULL) { registration_result = SQLITE_ERROR; return; }
    memset(&cipher_vfs, 0, sizeof cipher_vfs);
    cipher_vfs.iVersion = 2;
    cipher_vfs.szOsFile = (int)sizeof(cipher_file) + underlying->szOsFile;
    cipher_vfs.mxPathname = underlying->mxPathname;
    cipher_vfs.zName = ENTRIES_CIPHER_VFS_NAME;
    cipher_vfs.xOpen = vfs_open;
    cipher_vfs.xDelete = vfs_delete;
    cipher_vfs.xAccess = vfs_access;
    cipher_vfs.xFullPathname = vfs_full_pathname;
    cipher_vfs.xDlOpen = vfs_dl_open;
    cipher_vfs.xDlError = vfs_dl_error;
    cipher_vfs.xDlSym = vfs_dl_sym;
    cipher_vfs.xDlClose = vfs_dl_close;
    cipher_vfs.xRandomness = vfs_randomness;
    cipher_vfs.xSleep = vfs_sleep;
    cipher_vfs.xCurrentTime = vfs_current_time;
    cipher_vfs.xGetLastError = vfs_get_last_error;
    cipher_vfs.xCurrentTimeInt64 = vfs_current_time_int64;
    registration_result = sqlite3_vfs_register(&cipher_vfs, 0);
}

int entries_cipher_register(void) {
    pthread_once(&registration, register_once);
    return registration_result;
}
