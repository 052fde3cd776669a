// Opened pages of one journal, shared by every connection of the process that uses its key, so a
// page read again (past SQLite's own cache, which is per connection) is copied rather than
// authenticated and decrypted again: that is what made searches that read thousands of pages up to
// twice as slow as a plain journal's, whose pages come from the system's file cache.
//
// A page is still read from the file every time (SQLite asked because it does not have it); the
// cached plaintext is used only when the page's 40 stored bytes (nonce and tag) are the ones it was
// opened from. A nonce is never used twice with a key, so the same nonce and tag at the same page
// number and kind of file mean the same sealed page, which this process has already authenticated.
// A page another process rewrote (a checkpoint) has a new nonce and is opened afresh; a changed bit
// elsewhere in a cached page goes unnoticed only while this process holds that page's authentic
// content, which is what it then returns.
#include <pthread.h>
#include <sodium.h>
#include <stdlib.h>
#include <string.h>
#include "CipherInternal.h"

typedef struct {
    uint32_t page_number;  // 0: empty
    char kind;
    uint8_t seal[ENTRIES_CIPHER_RESERVED_BYTES];
    uint8_t *plaintext;  // ENTRIES_CIPHER_PAGE_SIZE - ENTRIES_CIPHER_RESERVED_BYTES bytes, allocated when first filled
} cache_slot;

struct cipher_page_cache {
    pthread_mutex_t mutex;
    cache_slot slots[CIPHER_PAGE_CACHE_SLOTS];
};

#define SEALED_BYTES (ENTRIES_CIPHER_PAGE_SIZE - ENTRIES_CIPHER_RESERVED_BYTES)

cipher_page_cache *cipher_page_cache_create(void) {
    cipher_page_cache *cache = calloc(1, sizeof *cache);
    if (cache == NULL) return NULL;
    pthread_mutex_init(&cache->mutex, NULL);
    return cache;
}

void cipher_page_cache_free(cipher_page_cache *cache) {
    if (cache == NULL) return;
    for (size_t i = 0; i < CIPHER_PAGE_CACHE_SLOTS; i++) {
        if (cache->slots[i].plaintext) {
            sodium_memzero(cache->slots[i].plaintext, SEALED_BYTES);
            free(cache->slots[i].plaintext);
        }
    }
    pthread_mutex_destroy(&cache->mutex);
    sodium_memzero(cache, sizeof *cache);
    free(cache);
}

/// Direct-mapped: the pages of a database file of up to CIPHER_PAGE_CACHE_SLOTS pages never collide
/// with each other; a WAL's copy of a page lands half the cache away from the file's.
static cache_slot *slot_for(cipher_page_cache *cache, char kind, uint32_t page_number) {
    size_t index = ((size_t)page_number + (kind == 'D' ? 0 : CIPHER_PAGE_CACHE_SLOTS / 2)) % CIPHER_PAGE_CACHE_SLOTS;
    return &cache->slots[index];
}

int cipher_page_cache_copy(cipher_page_cache *cache, char kind, uint32_t page_number,
                           const uint8_t seal[ENTRIES_CIPHER_RESERVED_BYTES], uint8_t *page) {
    if (cache == NULL || page_number == 0) return 0;
    cache_slot *slot = slot_for(cache, kind, page_number);
    pthread_mutex_lock(&cache->mutex);
    int found = slot->page_number == page_number && slot->kind == kind && slot->plaintext != NULL
        && memcmp(slot->seal, seal, sizeof slot->seal) == 0;
    if (found) memcpy(page, slot->plaintext, SEALED_BYTES);
    pthread_mutex_unlock(&cache->mutex);
    if (found) memset(page + SEALED_BYTES, 0, ENTRIES_CIPHER_RESERVED_BYTES);
    return found;
}

int cipher_open_page_cached(cipher_page_cache *cache, uint8_t *page, int page_size, const uint8_t key[CIPHER_KEY_SIZE],
                            const uint8_t journal_id[CIPHER_ID_SIZE], char kind, uint32_t page_number) {
    if (cache == NULL || page_size != ENTRIES_CIPHER_PAGE_SIZE || page_number == 0)
        return cipher_open_page(page, page_size, key, journal_id, kind, page_number);
    uint8_t *stored = page + SEALED_BYTES;
    cache_slot *slot = slot_for(cache, kind, page_number);
    pthread_mutex_lock(&cache->mutex);
    if (slot->page_number == page_number && slot->kind == kind && slot->plaintext != NULL
        && memcmp(slot->seal, stored, sizeof slot->seal) == 0) {
        memcpy(page, slot->plaintext, SEALED_BYTES);
        pthread_mutex_unlock(&cache->mutex);
        memset(stored, 0, ENTRIES_CIPHER_RESERVED_BYTES);  // as cipher_open_page leaves them
        return 0;
    }
    pthread_mutex_unlock(&cache->mutex);
    uint8_t seal[ENTRIES_CIPHER_RESERVED_BYTES];
    memcpy(seal, stored, sizeof seal);
    if (cipher_open_page(page, page_size, key, journal_id, kind, page_number) != 0) return -1;
    pthread_mutex_lock(&cache->mutex);
    if (slot->plaintext == NULL) slot->plaintext = malloc(SEALED_BYTES);
    if (slot->plaintext != NULL) {
        memcpy(slot->plaintext, page, SEALED_BYTES);
        memcpy(slot->seal, seal, sizeof seal);
        slot->page_number = page_number;
        slot->kind = kind;
    }
    pthread_mutex_unlock(&cache->mutex);
    return 0;
}
