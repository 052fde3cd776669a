// The header of an encrypted journal: the first ENTRIES_CIPHER_HEADER_SIZE bytes of the database
// file, before the first page. Only its first HEADER_USED bytes hold anything:
//
//   0  16  magic "EntriesEncrypted"
//  16   4  format version, big-endian like every number here: 1, pages sealed with
//          XChaCha20-Poly1305; 2 (every new journal), pages sealed with AES-256-GCM
//  20   4  page size (4096)
//  24   4  reserved bytes per page (40: nonce and tag)
//  28  16  journal id (random; in every page's associated data)
//  44   4  KDF algorithm (2: Argon2id v1.3, crypto_pwhash_ALG_ARGON2ID13)
//  48   8  KDF opslimit
//  56   8  KDF memlimit (bytes)
//  64  16  salt
//  80  24  passphrase slot: nonce
// 104  48  passphrase slot: data key sealed (32) and tag (16); key = Argon2id(passphrase, salt),
//          associated data = bytes 0..79 and "passphrase"
// 152  24  recovery slot: nonce
// 176  48  recovery slot: data key sealed and tag; key = the recovery key,
//          associated data = bytes 0..43 and "recovery"
//
// The associated data binds each slot to the fields before it: a changed KDF cost, salt, id or
// size makes the slot fail to open instead of being believed. Everything used fits in the first
// 512-byte sector, so a new passphrase is one sector write.
#include <errno.h>
#include <sodium.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "CipherInternal.h"

#define HEADER_USED 224
#define SECTOR 512
#define OFFSET_VERSION 16
#define OFFSET_PAGE_SIZE 20
#define OFFSET_RESERVED 24
#define OFFSET_ID 28
#define OFFSET_KDF_ALGORITHM 44
#define OFFSET_OPSLIMIT 48
#define OFFSET_MEMLIMIT 56
#define OFFSET_SALT 64
#define OFFSET_PASSPHRASE_SLOT 80
#define OFFSET_RECOVERY_SLOT 152
#define SLOT_SIZE (CIPHER_NONCE_SIZE + CIPHER_KEY_SIZE + CIPHER_TAG_SIZE)
/// The format of new journals (older ones keep theirs: see CIPHER_FORMAT_*).
#define FORMAT_VERSION CIPHER_FORMAT_AES_GCM
#define KDF_ARGON2ID13 2
/// Costs a header may ask for (and a new journal or passphrase be given): beyond them a stranger's
/// file could make an open allocate gigabytes or run for minutes. Argon2id's time grows with passes
/// times memory: the product is bounded too, at four times the default's (about two seconds here,
/// ENCRYPTION.md, "Keys"), which leaves room to raise the default.
#define MAX_OPSLIMIT 16ULL
#define MAX_MEMLIMIT (1ULL << 30)
#define MAX_OPS_TIMES_MEMLIMIT (2ULL << 30)

/// Whether Argon2id at this cost is one a header may ask for.
static int cost_in_bounds(uint64_t ops, uint64_t mem) {
    return ops >= crypto_pwhash_OPSLIMIT_MIN && ops <= MAX_OPSLIMIT && mem >= crypto_pwhash_MEMLIMIT_MIN
        && mem <= MAX_MEMLIMIT && ops * mem <= MAX_OPS_TIMES_MEMLIMIT;
}

static const uint8_t magic[16] = {'E', 'n', 't', 'r', 'i', 'e', 's', 'E', 'n', 'c', 'r', 'y', 'p', 't', 'e', 'd'};

static void put64(uint8_t *p, uint64_t v) {
    cipher_put32(p, (uint32_t)(v >> 32));
    cipher_put32(p + 4, (uint32_t)v);
}
static uint64_t get64(const uint8_t *p) { return ((uint64_t)cipher_get32(p) << 32) | cipher_get32(p + 4); }

entries_cipher_kdf_cost entries_cipher_default_cost(void) {
    // Measured on a 2-core build machine (see ENCRYPTION.md, "Keys"): about half a second.
    entries_cipher_kdf_cost cost = {2, 256ULL << 20};
    return cost;
}

// MARK: Files, through the default VFS: its close keeps the process's POSIX locks on the file when
// SQLite has it open too (a plain close() would drop them).

typedef struct {
    sqlite3_file *file;
} raw_file;

static int raw_open(raw_file *raw, const char *path, int writable) {
    sqlite3_vfs *vfs = cipher_underlying_vfs();
    raw->file = calloc(1, (size_t)vfs->szOsFile);
    if (raw->file == NULL) return SQLITE_NOMEM;
    int flags = SQLITE_OPEN_MAIN_DB | (writable ? SQLITE_OPEN_READWRITE : SQLITE_OPEN_READONLY);
    int out = 0;
    int rc = vfs->xOpen(vfs, path, raw->file, flags, &out);
    if (rc != SQLITE_OK) {
        if (raw->file->pMethods) raw->file->pMethods->xClose(raw->file);
        free(raw->file);
        raw->file = NULL;
    }
    return rc;
}

static void raw_close(raw_file *raw) {
    if (raw->file == NULL) return;
    raw->file->pMethods->xClose(raw->file);
    free(raw->file);
    raw->file = NULL;
}

/// The first bytes of the regular file at `path`, read through the default VFS (see below on why).
int entries_sqlite_read_start(const char *path, uint8_t *out, int count) {
    struct stat info;
    if (stat(path, &info) != 0) return -errno;
    if (!S_ISREG(info.st_mode)) return -EINVAL;
    if (access(path, R_OK) != 0) return -errno;
    if (entries_cipher_register() != SQLITE_OK) return -ENOMEM;
    raw_file raw;
    if (raw_open(&raw, path, 0) != SQLITE_OK) return -EIO;
    sqlite3_int64 size = 0;
    int rc = raw.file->pMethods->xFileSize(raw.file, &size);
    int wanted = size < count ? (int)size : count;
    if (rc == SQLITE_OK && wanted > 0) rc = raw.file->pMethods->xRead(raw.file, out, wanted, 0);
    raw_close(&raw);
    return rc == SQLITE_OK ? wanted : -EIO;
}

/// Whether `path` starts with the magic, read through the default VFS like the header (a plain
/// open() and close() here would drop the POSIX locks of every connection this process has on the
/// file, SQLite's among them: another process could then take the file as unused, checkpoint and
/// remove its WAL under a write of ours, which is lost). Never blocks: anything but a regular file
/// (a FIFO, a device) is refused by stat() before any open.
int entries_cipher_file_is_encrypted(const char *path) {
    struct stat info;
    if (stat(path, &info) != 0) return -1;
    if (!S_ISREG(info.st_mode)) return 0;
    if (info.st_size < 16) return 0;
    if (entries_cipher_register() != SQLITE_OK) return -1;
    raw_file raw;
    if (raw_open(&raw, path, 0) != SQLITE_OK) return -1;
    uint8_t start[16];
    int rc = raw.file->pMethods->xRead(raw.file, start, sizeof start, 0);
    raw_close(&raw);
    if (rc != SQLITE_OK) return 0;
    return memcmp(start, "EntriesEncrypted", 16) == 0;
}

/// Reads the used part of the header; checks the magic, the version and the sizes.
static entries_cipher_result read_header(const char *path, uint8_t header[HEADER_USED]) {
    if (entries_cipher_register() != SQLITE_OK) return ENTRIES_CIPHER_NO_MEMORY;
    raw_file raw;
    if (raw_open(&raw, path, 0) != SQLITE_OK) return ENTRIES_CIPHER_IO;
    sqlite3_int64 size = 0;
    int rc = raw.file->pMethods->xFileSize(raw.file, &size);
    if (rc == SQLITE_OK) rc = raw.file->pMethods->xRead(raw.file, header, HEADER_USED, 0);
    raw_close(&raw);
    if (rc != SQLITE_OK && rc != SQLITE_IOERR_SHORT_READ) return ENTRIES_CIPHER_IO;
    if (size < (sqlite3_int64)sizeof magic || memcmp(header, magic, sizeof magic) != 0) return ENTRIES_CIPHER_NOT_ENCRYPTED;
    if (size < ENTRIES_CIPHER_HEADER_SIZE) return ENTRIES_CIPHER_DAMAGED_HEADER;
    uint32_t version = cipher_get32(header + OFFSET_VERSION);
    if ((version != CIPHER_FORMAT_XCHACHA && version != CIPHER_FORMAT_AES_GCM)
        || cipher_get32(header + OFFSET_PAGE_SIZE) != ENTRIES_CIPHER_PAGE_SIZE
        || cipher_get32(header + OFFSET_RESERVED) != ENTRIES_CIPHER_RESERVED_BYTES
        || cipher_get32(header + OFFSET_KDF_ALGORITHM) != KDF_ARGON2ID13)
        return ENTRIES_CIPHER_DAMAGED_HEADER;
    uint64_t ops = get64(header + OFFSET_OPSLIMIT), mem = get64(header + OFFSET_MEMLIMIT);
    if (!cost_in_bounds(ops, mem)) return ENTRIES_CIPHER_DAMAGED_HEADER;
    return ENTRIES_CIPHER_OK;
}

/// Writes the first sector of the header (everything used) and syncs.
static entries_cipher_result write_header(const char *path, const uint8_t header[HEADER_USED], int whole) {
    raw_file raw;
    if (raw_open(&raw, path, 1) != SQLITE_OK) return ENTRIES_CIPHER_IO;
    int length = whole ? ENTRIES_CIPHER_HEADER_SIZE : SECTOR;
    uint8_t *block = calloc(1, (size_t)length);
    if (block == NULL) { raw_close(&raw); return ENTRIES_CIPHER_NO_MEMORY; }
    memcpy(block, header, HEADER_USED);
    int rc = raw.file->pMethods->xWrite(raw.file, block, length, 0);
    if (rc == SQLITE_OK) rc = raw.file->pMethods->xSync(raw.file, SQLITE_SYNC_NORMAL);
    free(block);
    raw_close(&raw);
    return rc == SQLITE_OK ? ENTRIES_CIPHER_OK : ENTRIES_CIPHER_IO;
}

static entries_cipher_kdf_cost header_cost(const uint8_t *header) {
    entries_cipher_kdf_cost cost = {get64(header + OFFSET_OPSLIMIT), (size_t)get64(header + OFFSET_MEMLIMIT)};
    return cost;
}

// MARK: Slots

/// The associated data of a slot: the header's bytes before `covered` and the slot's name.
static size_t slot_ad(uint8_t *ad, const uint8_t *header, size_t covered, const char *name) {
    memcpy(ad, header, covered);
    memcpy(ad + covered, name, strlen(name));
    return covered + strlen(name);
}

static void seal_slot(uint8_t *header, int offset, size_t covered, const char *name, const uint8_t *data_key,
                      const uint8_t *wrapping_key) {
    uint8_t ad[OFFSET_PASSPHRASE_SLOT + 16];
    size_t ad_length = slot_ad(ad, header, covered, name);
    uint8_t *slot = header + offset;
    randombytes_buf(slot, CIPHER_NONCE_SIZE);
    memcpy(slot + CIPHER_NONCE_SIZE, data_key, CIPHER_KEY_SIZE);
    entries_cipher_seal(slot + CIPHER_NONCE_SIZE, CIPHER_KEY_SIZE, slot + CIPHER_NONCE_SIZE + CIPHER_KEY_SIZE, ad,
                        ad_length, slot, wrapping_key);
}

/// Opens a slot into `data_key` (guarded memory); 0 when the wrapping key is the right one.
static int open_slot(const uint8_t *header, int offset, size_t covered, const char *name, uint8_t *data_key,
                     const uint8_t *wrapping_key) {
    uint8_t ad[OFFSET_PASSPHRASE_SLOT + 16];
    size_t ad_length = slot_ad(ad, header, covered, name);
    const uint8_t *slot = header + offset;
    memcpy(data_key, slot + CIPHER_NONCE_SIZE, CIPHER_KEY_SIZE);
    return entries_cipher_open(data_key, CIPHER_KEY_SIZE, slot + CIPHER_NONCE_SIZE + CIPHER_KEY_SIZE, ad, ad_length,
                               slot, wrapping_key);
}

/// Derives the passphrase's wrapping key into guarded memory; NULL when out of memory.
static uint8_t *derive_wrapping_key(const uint8_t *header, const uint8_t *passphrase, size_t length) {
    uint8_t *key = sodium_malloc(CIPHER_KEY_SIZE);
    if (key == NULL) return NULL;
    if (entries_cipher_derive(key, CIPHER_KEY_SIZE, passphrase, length, header + OFFSET_SALT, header_cost(header)) != 0) {
        sodium_free(key);
        return NULL;
    }
    return key;
}

// MARK: The calls

entries_cipher_result entries_cipher_create(const char *path, const uint8_t *passphrase, size_t passphrase_length,
                                            entries_cipher_kdf_cost cost,
                                            uint8_t recovery_key_out[ENTRIES_CIPHER_RECOVERY_KEY_SIZE],
                                            char handle_out[ENTRIES_CIPHER_HANDLE_SIZE]) {
    if (entries_cipher_register() != SQLITE_OK) return ENTRIES_CIPHER_NO_MEMORY;
    if (!cost_in_bounds(cost.opslimit, cost.memlimit)) return ENTRIES_CIPHER_DAMAGED_HEADER;
    {
        raw_file raw;
        if (raw_open(&raw, path, 0) != SQLITE_OK) return ENTRIES_CIPHER_IO;
        sqlite3_int64 size = -1;
        int rc = raw.file->pMethods->xFileSize(raw.file, &size);
        raw_close(&raw);
        if (rc != SQLITE_OK) return ENTRIES_CIPHER_IO;
        if (size != 0) return ENTRIES_CIPHER_NOT_EMPTY;
    }
    uint8_t header[HEADER_USED] = {0};
    memcpy(header, magic, sizeof magic);
    cipher_put32(header + OFFSET_VERSION, FORMAT_VERSION);
    cipher_put32(header + OFFSET_PAGE_SIZE, ENTRIES_CIPHER_PAGE_SIZE);
    cipher_put32(header + OFFSET_RESERVED, ENTRIES_CIPHER_RESERVED_BYTES);
    randombytes_buf(header + OFFSET_ID, CIPHER_ID_SIZE);
    cipher_put32(header + OFFSET_KDF_ALGORITHM, KDF_ARGON2ID13);
    put64(header + OFFSET_OPSLIMIT, cost.opslimit);
    put64(header + OFFSET_MEMLIMIT, cost.memlimit);
    randombytes_buf(header + OFFSET_SALT, ENTRIES_CIPHER_SALT_SIZE);

    uint8_t *data_key = sodium_malloc(CIPHER_KEY_SIZE);
    if (data_key == NULL) return ENTRIES_CIPHER_NO_MEMORY;
    randombytes_buf(data_key, CIPHER_KEY_SIZE);
    uint8_t *wrapping_key = derive_wrapping_key(header, passphrase, passphrase_length);
    if (wrapping_key == NULL) { sodium_free(data_key); return ENTRIES_CIPHER_NO_MEMORY; }
    seal_slot(header, OFFSET_PASSPHRASE_SLOT, OFFSET_PASSPHRASE_SLOT, "passphrase", data_key, wrapping_key);
    sodium_free(wrapping_key);
    randombytes_buf(recovery_key_out, ENTRIES_CIPHER_RECOVERY_KEY_SIZE);
    seal_slot(header, OFFSET_RECOVERY_SLOT, OFFSET_KDF_ALGORITHM, "recovery", data_key, recovery_key_out);

    entries_cipher_result result = write_header(path, header, 1);
    if (result == ENTRIES_CIPHER_OK && cipher_key_register(data_key, header + OFFSET_ID, cipher_get32(header + OFFSET_VERSION), handle_out) == NULL)
        result = ENTRIES_CIPHER_NO_MEMORY;
    sodium_free(data_key);
    return result;
}

static entries_cipher_result unlock(const char *path, const uint8_t *secret, size_t secret_length, int is_recovery_key,
                                    char handle_out[ENTRIES_CIPHER_HANDLE_SIZE]) {
    uint8_t header[HEADER_USED];
    entries_cipher_result result = read_header(path, header);
    if (result != ENTRIES_CIPHER_OK) return result;
    uint8_t *data_key = sodium_malloc(CIPHER_KEY_SIZE);
    if (data_key == NULL) return ENTRIES_CIPHER_NO_MEMORY;
    int opened;
    if (is_recovery_key) {
        opened = open_slot(header, OFFSET_RECOVERY_SLOT, OFFSET_KDF_ALGORITHM, "recovery", data_key, secret);
    } else {
        uint8_t *wrapping_key = derive_wrapping_key(header, secret, secret_length);
        if (wrapping_key == NULL) { sodium_free(data_key); return ENTRIES_CIPHER_NO_MEMORY; }
        opened = open_slot(header, OFFSET_PASSPHRASE_SLOT, OFFSET_PASSPHRASE_SLOT, "passphrase", data_key, wrapping_key);
        sodium_free(wrapping_key);
    }
    if (opened != 0) result = ENTRIES_CIPHER_WRONG_KEY;
    else if (cipher_key_register(data_key, header + OFFSET_ID, cipher_get32(header + OFFSET_VERSION), handle_out) == NULL) result = ENTRIES_CIPHER_NO_MEMORY;
    sodium_free(data_key);
    return result;
}

entries_cipher_result entries_cipher_unlock(const char *path, const uint8_t *passphrase, size_t passphrase_length,
                                            char handle_out[ENTRIES_CIPHER_HANDLE_SIZE]) {
    return unlock(path, passphrase, passphrase_length, 0, handle_out);
}

entries_cipher_result entries_cipher_unlock_with_recovery_key(const char *path,
                                                              const uint8_t recovery_key[ENTRIES_CIPHER_RECOVERY_KEY_SIZE],
                                                              char handle_out[ENTRIES_CIPHER_HANDLE_SIZE]) {
    return unlock(path, recovery_key, ENTRIES_CIPHER_RECOVERY_KEY_SIZE, 1, handle_out);
}

entries_cipher_result entries_cipher_rewrap(const char *path, const char *handle, const uint8_t *new_passphrase,
                                            size_t new_passphrase_length, entries_cipher_kdf_cost cost) {
    cipher_key *key = cipher_key_acquire(handle);
    if (key == NULL) return ENTRIES_CIPHER_UNKNOWN_HANDLE;
    uint8_t header[HEADER_USED];
    entries_cipher_result result = read_header(path, header);
    if (result == ENTRIES_CIPHER_OK && sodium_memcmp(header + OFFSET_ID, key->journal_id, CIPHER_ID_SIZE) != 0)
        result = ENTRIES_CIPHER_WRONG_KEY;
    if (result == ENTRIES_CIPHER_OK && !cost_in_bounds(cost.opslimit, cost.memlimit))
        result = ENTRIES_CIPHER_DAMAGED_HEADER;
    if (result == ENTRIES_CIPHER_OK) {
        // The recovery slot's associated data stops before the KDF fields, so it stays valid.
        put64(header + OFFSET_OPSLIMIT, cost.opslimit);
        put64(header + OFFSET_MEMLIMIT, cost.memlimit);
        randombytes_buf(header + OFFSET_SALT, ENTRIES_CIPHER_SALT_SIZE);
        uint8_t *wrapping_key = derive_wrapping_key(header, new_passphrase, new_passphrase_length);
        if (wrapping_key == NULL) {
            result = ENTRIES_CIPHER_NO_MEMORY;
        } else {
            seal_slot(header, OFFSET_PASSPHRASE_SLOT, OFFSET_PASSPHRASE_SLOT, "passphrase", key->key, wrapping_key);
            sodium_free(wrapping_key);
            result = write_header(path, header, 0);
        }
    }
    cipher_key_release(key);
    return result;
}
