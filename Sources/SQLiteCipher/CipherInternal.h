#ifndef ENTRIES_CIPHER_INTERNAL_H
#define ENTRIES_CIPHER_INTERNAL_H

// What the files of this target share; not part of its interface.

#include <sqlite3.h>
#include <stdint.h>
#include "SQLiteCipher.h"

#define CIPHER_NONCE_SIZE 24
#define CIPHER_TAG_SIZE 16
#define CIPHER_KEY_SIZE 32
#define CIPHER_ID_SIZE 16
/// A sealed page's nonce starts with this many bytes of its journal's id (see fresh_nonce).
#define CIPHER_MARK_SIZE 4
/// AES-256-GCM's nonce (format version 2).
#define CIPHER_GCM_NONCE_SIZE 12

/// The page formats a header's version names: XChaCha20-Poly1305 (libsodium) pages, and
/// AES-256-GCM (BoringSSL, from swift-crypto) pages. Key slots are XChaCha20-Poly1305 in both.
#define CIPHER_FORMAT_XCHACHA 1
#define CIPHER_FORMAT_AES_GCM 2


typedef struct cipher_page_cache cipher_page_cache;
struct evp_aead_ctx_st;

/// A data key in the registry: guarded memory (sodium_malloc), counted references (the registry's
/// own, and one per open file using it).
typedef struct cipher_key {
    struct cipher_key *next;
    char handle[ENTRIES_CIPHER_HANDLE_SIZE];
    uint8_t *key;
    uint8_t journal_id[CIPHER_ID_SIZE];
    /// The journal's format version: how its pages are sealed (CIPHER_FORMAT_*).
    uint32_t format;
    /// For CIPHER_FORMAT_AES_GCM: the key's AES-256-GCM context (its expanded key), set up once, in
    /// guarded memory; NULL otherwise.
    struct evp_aead_ctx_st *gcm;
    int references;
    /// Its journal's opened pages (NULL when there was no memory for it: pages are then opened every time).
    cipher_page_cache *pages;
} cipher_key;

/// Registers a copy of `key` for the journal `journal_id`; writes its new random handle. NULL when out of memory.
cipher_key *cipher_key_register(const uint8_t key[CIPHER_KEY_SIZE], const uint8_t journal_id[CIPHER_ID_SIZE],
                                uint32_t format, char handle_out[ENTRIES_CIPHER_HANDLE_SIZE]);
/// The key behind `handle` with one more reference, or NULL.
cipher_key *cipher_key_acquire(const char *handle);
/// Drops a reference; the key is wiped and freed with the last.
void cipher_key_release(cipher_key *key);

/// Seals `page` in place with `key`, in its journal's format, storing `nonce_field` (the 24 bytes
/// before the tag: see fresh_nonce in CipherVFS.c).
void cipher_seal_page(uint8_t *page, int page_size, const cipher_key *key, char kind, uint32_t page_number,
                      const uint8_t nonce_field[CIPHER_NONCE_SIZE]);
/// Opens the AEAD sealed page (see entries_cipher_seal_page and entries_cipher_seal_page_gcm) in its
/// journal's format; 0 when it verifies.
int cipher_open_page(uint8_t *page, int page_size, const cipher_key *key, char kind, uint32_t page_number);

/// An empty cache of opened pages that holds at most `budget` bytes (pages and their bookkeeping), or
/// NULL when out of memory or when the budget holds no page.
cipher_page_cache *cipher_page_cache_create(size_t budget);
/// The bytes the cache holds now (kept pages and their bookkeeping).
size_t cipher_page_cache_bytes(cipher_page_cache *cache);
/// Empties the cache and gives it a new budget of bytes (0: it keeps nothing); 0 when there was no
/// memory for it (it then keeps nothing), 1 otherwise.
int cipher_page_cache_set_budget(cipher_page_cache *cache, size_t budget);
/// Wipes and frees the cache.
void cipher_page_cache_free(cipher_page_cache *cache);
/// cipher_open_page, taking the plaintext from `cache` when this very sealed page was opened before,
/// and keeping it there otherwise. 0 when the page verifies.
int cipher_open_page_cached(cipher_page_cache *cache, uint8_t *page, int page_size, const cipher_key *key, char kind,
                            uint32_t page_number);

/// 1 when `cache` keeps an opened copy of this page, whatever its seal (no copy made): reading its
/// stored nonce and tag alone then tells whether the copy is still the page.
int cipher_page_cache_holds(cipher_page_cache *cache, char kind, uint32_t page_number);
/// Copies into `page` the opened copy `cache` keeps of this very sealed page (`seal`: its stored nonce
/// and tag), its reserved bytes zeroed as cipher_open_page leaves them; 1 when there was one, else 0
/// and `page` is as it was.
int cipher_page_cache_copy(cipher_page_cache *cache, uint8_t *page, int page_size, char kind, uint32_t page_number,
                           const uint8_t seal[ENTRIES_CIPHER_RESERVED_BYTES]);

/// Big-endian 32-bit integers, as SQLite's file formats write them.
static inline uint32_t cipher_get32(const uint8_t *p) {
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | (uint32_t)p[3];
}
static inline void cipher_put32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16); p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v;
}

/// The default VFS the shim forwards to (set by entries_cipher_register).
sqlite3_vfs *cipher_underlying_vfs(void);

/// Opens a file in memory (for temporary files: nothing of an encrypted journal's goes to disk in the clear).
int cipher_memory_file_open(sqlite3_file *file);

#endif
