#ifndef ENTRIES_SQLITE_CIPHER_H
#define ENTRIES_SQLITE_CIPHER_H

// An encrypting SQLite VFS shim over the default (unix) VFS, and the header of an encrypted journal.
// Sources/SQLiteStore/Encryption/ENCRYPTION.md describes the construction; every primitive is libsodium's
// or BoringSSL's (swift-crypto's copy).
//
// The data key never crosses this interface: C unwraps it into guarded memory, keeps it in a
// registry private to this target, and hands out a random handle, which names the key in the
// `entries-key` URI parameter of the database file name (it is not the key, and is worthless
// outside this process).

#include <stddef.h>
#include <stdint.h>

/// The name the VFS is registered under (never as the default VFS).
#define ENTRIES_CIPHER_VFS_NAME "entries-cipher"
/// The URI parameter that carries a key handle.
#define ENTRIES_CIPHER_KEY_PARAMETER "entries-key"
/// Bytes before the first page of an encrypted database file: the header.
#define ENTRIES_CIPHER_HEADER_SIZE 4096
/// The page size of every encrypted database.
#define ENTRIES_CIPHER_PAGE_SIZE 4096
/// Bytes reserved at the end of every page for its nonce field (24) and tag (16).
#define ENTRIES_CIPHER_RESERVED_BYTES 40
/// The most memory a journal's cache of opened pages takes unless its key says otherwise
/// (entries_cipher_set_page_cache_limit): none. A page is read into SQLite's buffer and opened in
/// place; the memory an encrypted journal may cost more than a plain one goes to SQLite's own cache
/// of its readers instead (CipherConnection.swift), where a page found costs no copy. See CipherPageCache.c.
#define ENTRIES_CIPHER_PAGE_CACHE_BYTES ((size_t)0)
/// A handle: 32 lowercase hex digits and a NUL.
#define ENTRIES_CIPHER_HANDLE_SIZE 33
/// The recovery key's bytes.
#define ENTRIES_CIPHER_RECOVERY_KEY_SIZE 32
/// The salt's bytes (crypto_pwhash_SALTBYTES).
#define ENTRIES_CIPHER_SALT_SIZE 16

/// What a call below did.
typedef enum {
    ENTRIES_CIPHER_OK = 0,
    /// The passphrase (or recovery key) does not unwrap the data key.
    ENTRIES_CIPHER_WRONG_KEY = 1,
    /// The file does not start with the header of an encrypted journal.
    ENTRIES_CIPHER_NOT_ENCRYPTED = 2,
    /// The file is shorter than its header, or the header names a version or sizes this build does not know.
    ENTRIES_CIPHER_DAMAGED_HEADER = 3,
    /// The file could not be read or written (errno says why).
    ENTRIES_CIPHER_IO = 4,
    /// No memory (the key derivation needs its memory limit), or libsodium could not start.
    ENTRIES_CIPHER_NO_MEMORY = 5,
    /// The handle names no key (forgotten, or never registered).
    ENTRIES_CIPHER_UNKNOWN_HANDLE = 6,
    /// The file is not empty (a new journal's header goes into an empty file only).
    ENTRIES_CIPHER_NOT_EMPTY = 7,
    /// The WAL beside the journal is another journal's (entries_cipher_check_wal).
    ENTRIES_CIPHER_FOREIGN_WAL = 8,
} entries_cipher_result;

/// The cost of the key derivation (Argon2id, crypto_pwhash).
typedef struct {
    unsigned long long opslimit;
    size_t memlimit;
} entries_cipher_kdf_cost;

/// Starts libsodium and registers the VFS once (later calls do nothing). Returns an SQLite result code.
int entries_cipher_register(void);

/// The cost new journals use (measured for about half a second on the machine it was chosen on).
entries_cipher_kdf_cost entries_cipher_default_cost(void);

/// 1 when the file at `path` starts with the header of an encrypted journal, 0 when it does not (or
/// is shorter than the magic), -1 when it cannot be read.
int entries_cipher_file_is_encrypted(const char *path);

/// Reads up to `count` bytes from the start of the regular file at `path` into `out` and returns how
/// many, or a negative errno (-EINVAL: not a regular file). Through SQLite's default VFS, whose
/// close keeps the POSIX locks this process's connections hold on the file (a plain close() drops
/// them all, and SQLite's locking with them).
int entries_sqlite_read_start(const char *path, uint8_t *out, int count);

/// Writes the header of a new encrypted journal into the empty file at `path`: a random data key
/// and journal id, the key wrapped by a key derived from `passphrase` and by a new random recovery
/// key (written to `recovery_key_out`), and registers the data key (`handle_out`).
entries_cipher_result entries_cipher_create(const char *path, const uint8_t *passphrase, size_t passphrase_length,
                                            entries_cipher_kdf_cost cost,
                                            uint8_t recovery_key_out[ENTRIES_CIPHER_RECOVERY_KEY_SIZE],
                                            char handle_out[ENTRIES_CIPHER_HANDLE_SIZE]);

/// Unwraps the data key of the journal at `path` with `passphrase` and registers it.
entries_cipher_result entries_cipher_unlock(const char *path, const uint8_t *passphrase, size_t passphrase_length,
                                            char handle_out[ENTRIES_CIPHER_HANDLE_SIZE]);

/// Unwraps the data key of the journal at `path` with its recovery key and registers it.
entries_cipher_result entries_cipher_unlock_with_recovery_key(const char *path,
                                                              const uint8_t recovery_key[ENTRIES_CIPHER_RECOVERY_KEY_SIZE],
                                                              char handle_out[ENTRIES_CIPHER_HANDLE_SIZE]);

/// Wraps the data key behind `handle` with a key derived from `new_passphrase` (a new salt) and
/// rewrites the header of the journal at `path` in one write of its first sector; the recovery key
/// is kept. Refuses when the file is not the journal the handle's key belongs to.
entries_cipher_result entries_cipher_rewrap(const char *path, const char *handle, const uint8_t *new_passphrase,
                                            size_t new_passphrase_length, entries_cipher_kdf_cost cost);

/// Looks at the WAL beside the encrypted journal at `database_path` (its path + "-wal") before
/// SQLite opens the journal: ENTRIES_CIPHER_FOREIGN_WAL when its first frame is another journal's,
/// ENTRIES_CIPHER_OK when it is this journal's, missing, empty or nothing SQLite would replay;
/// ENTRIES_CIPHER_IO when it cannot be read or is not a regular file. Nothing is written.
entries_cipher_result entries_cipher_check_wal(const char *database_path, const char *handle);

/// Empties the cache of opened pages of the key behind `handle` (shared by every connection using
/// the key) and lets it hold at most `bytes` from now on (0: no page is kept, each is opened every
/// time it is read). ENTRIES_CIPHER_UNKNOWN_HANDLE when the handle names no key.
entries_cipher_result entries_cipher_set_page_cache_limit(const char *handle, size_t bytes);

/// The memory the cache of opened pages of the key behind `handle` holds now, in bytes (0 for an
/// unknown handle).
size_t entries_cipher_page_cache_bytes(const char *handle);

/// Overwrites `length` bytes at `bytes` with zeros in a way the compiler keeps (sodium_memzero).
void entries_cipher_wipe(void *bytes, size_t length);

/// Forgets the key behind `handle` (its memory is wiped once no open file uses it).
void entries_cipher_forget(const char *handle);

/// The KDF as the header uses it: Argon2id (crypto_pwhash, ALG_ARGON2ID13) of `passphrase` with a
/// 16-byte salt into `out`. 0 on success. Exposed for known-answer tests.
int entries_cipher_derive(uint8_t *out, size_t out_length, const uint8_t *passphrase, size_t passphrase_length,
                          const uint8_t salt[ENTRIES_CIPHER_SALT_SIZE], entries_cipher_kdf_cost cost);

/// XChaCha20-Poly1305 (IETF) detached, as pages and key slots use it: encrypts `length` bytes of
/// `text` in place and writes the 16-byte tag. Exposed for known-answer tests.
void entries_cipher_seal(uint8_t *text, size_t length, uint8_t tag[16], const uint8_t *ad, size_t ad_length,
                         const uint8_t nonce[24], const uint8_t key[32]);

/// The inverse of entries_cipher_seal; 0 when the tag verifies (`text` is then plaintext), -1 when
/// not (`text` is then unchanged).
int entries_cipher_open(uint8_t *text, size_t length, const uint8_t tag[16], const uint8_t *ad, size_t ad_length,
                        const uint8_t nonce[24], const uint8_t key[32]);

/// AES-256-GCM (BoringSSL's EVP_aead_aes_256_gcm) detached, as the pages of format 2 use it: encrypts
/// `length` bytes of `text` in place and writes the 16-byte tag. Exposed for known-answer tests.
void entries_cipher_gcm_seal(uint8_t *text, size_t length, uint8_t tag[16], const uint8_t *ad, size_t ad_length,
                             const uint8_t nonce[12], const uint8_t key[32]);

/// The inverse of entries_cipher_gcm_seal; 0 when the tag verifies (`text` is then plaintext), -1
/// when not (`text` is then unchanged).
int entries_cipher_gcm_open(uint8_t *text, size_t length, const uint8_t tag[16], const uint8_t *ad, size_t ad_length,
                            const uint8_t nonce[12], const uint8_t key[32]);

/// Seals one page of `page_size` bytes in place as the VFS does for a journal of format 2 (every
/// new one), with the given 96-bit nonce (the VFS draws a random one per write): the first
/// page_size-40 bytes encrypted with AES-256-GCM, then the nonce field (the first 4 bytes of
/// `journal_id`, the nonce, 8 zero bytes) and the tag. For tests.
void entries_cipher_seal_page_gcm(uint8_t *page, int page_size, const uint8_t key[32], const uint8_t journal_id[16],
                                  char kind, uint32_t page_number, const uint8_t nonce[12]);

/// Seals one page of `page_size` bytes in place as the VFS does for a journal of format 1, with the
/// given nonce (the VFS makes a fresh one per write): the first page_size-40 bytes encrypted with
/// XChaCha20-Poly1305, then the nonce and the tag. `kind` is 'D' (database file), 'W' (WAL) or 'J'
/// (rollback journal). For tests.
void entries_cipher_seal_page(uint8_t *page, int page_size, const uint8_t key[32], const uint8_t journal_id[16],
                              char kind, uint32_t page_number, const uint8_t nonce[24]);

#endif
