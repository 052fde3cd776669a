// Opened pages of one journal, shared by every connection of the process that uses its key, so a
// page read again (past SQLite's own cache, which is per connection) is copied rather than
// authenticated and decrypted again: that is what made searches that read thousands of pages up to
// twice as slow as a plain journal's, whose pages come from the system's file cache.
//
// A page is still read from the file every time (SQLite asked because it does not have it): of a
// page kept here, only its 40 stored bytes (nonce and tag), and the kept plaintext is used only when
// they are the ones it was opened from (one copy of the page, as a plain journal's read makes). A nonce is never used twice with a key, so the same nonce and tag at the same page
// number and kind of file mean the same sealed page, which this process has already authenticated.
// A page another process rewrote (a checkpoint) has a new nonce and is opened afresh; a changed bit
// elsewhere in a cached page goes unnoticed only while this process holds that page's authentic
// content, which is what it then returns.
//
// By default it keeps nothing (ENTRIES_CIPHER_PAGE_CACHE_BYTES is 0): copying each opened page in and
// each kept one out (libc's memmove) cost more than BoringSSL's AES-256-GCM (0.5 us a page), so a page
// is read into SQLite's buffer and opened in place, and the memory goes to SQLite's own cache of the
// journal's readers (CipherConnection.swift), where a page found costs no copy at all. A cache that
// keeps nothing is passed by without its lock (keeps_nothing).
//
// The cache holds at most its budget of bytes (ENTRIES_CIPHER_PAGE_CACHE_BYTES unless the key's owner
// sets another, entries_cipher_set_page_cache_limit): a plain journal's pages sit in the system's file
// cache, which is not the process's memory, so every byte kept here is memory an encrypted journal
// costs more than a plain one. Its slots are grouped in sets of CACHE_WAYS by page number; a page
// opened replaces the one of its set used least recently, so a working set that fits the budget
// stays, and a larger one is opened again as before there was a cache. Sixteen ways, not four: the
// rows a page of entries in title order within a year reads lie on pages scattered over the file, and
// with four ways 53 of its 550 pages fell out of sets that overflowed, though all fit the budget.
#include <pthread.h>
#include <sodium.h>
#include <stdlib.h>
#include <string.h>
#include "CipherInternal.h"

/// Slots a page may be kept in (a set): a page is looked for in its set only.
#define CACHE_WAYS 16

typedef struct {
    uint32_t page_number;  // 0: empty
    char kind;
    /// When the slot was last used (the cache's clock): the least recent of a set is replaced.
    uint64_t used;
    uint8_t seal[ENTRIES_CIPHER_RESERVED_BYTES];
    uint8_t *plaintext;  // SEALED_BYTES, allocated when first filled
} cache_slot;

struct cipher_page_cache {
    pthread_mutex_t mutex;
    /// Slots (0: keeps nothing; else a multiple of CACHE_WAYS), and how many hold a page.
    size_t capacity;
    size_t filled;
    uint64_t clock;
    cache_slot *slots;
};

#define SEALED_BYTES (ENTRIES_CIPHER_PAGE_SIZE - ENTRIES_CIPHER_RESERVED_BYTES)

/// The slots a budget of bytes pays for: each costs its bookkeeping and its page.
static size_t capacity_for(size_t budget) {
    if (budget <= sizeof(cipher_page_cache)) return 0;
    size_t slots = (budget - sizeof(cipher_page_cache)) / (sizeof(cache_slot) + SEALED_BYTES);
    return slots - slots % CACHE_WAYS;
}

/// Wipes and frees every kept page and the slots; called with the mutex held.
static void empty_locked(cipher_page_cache *cache) {
    for (size_t i = 0; i < cache->capacity; i++) {
        if (cache->slots[i].plaintext) {
            sodium_memzero(cache->slots[i].plaintext, SEALED_BYTES);
            free(cache->slots[i].plaintext);
        }
    }
    if (cache->slots) {
        sodium_memzero(cache->slots, cache->capacity * sizeof(cache_slot));
        free(cache->slots);
    }
    cache->slots = NULL;
    __atomic_store_n(&cache->capacity, 0, __ATOMIC_RELEASE);
    cache->filled = 0;
}

/// Gives the cache `capacity` empty slots; called with the mutex held. 0 when there was no memory
/// (the cache then keeps nothing).
static int resize_locked(cipher_page_cache *cache, size_t capacity) {
    empty_locked(cache);
    if (capacity == 0) return 1;
    cache->slots = calloc(capacity, sizeof(cache_slot));
    if (cache->slots == NULL) return 0;
    __atomic_store_n(&cache->capacity, capacity, __ATOMIC_RELEASE);
    return 1;
}

cipher_page_cache *cipher_page_cache_create(size_t budget) {
    cipher_page_cache *cache = calloc(1, sizeof *cache);
    if (cache == NULL) return NULL;
    pthread_mutex_init(&cache->mutex, NULL);
    if (!resize_locked(cache, capacity_for(budget))) {
        pthread_mutex_destroy(&cache->mutex);
        free(cache);
        return NULL;
    }
    return cache;
}

int cipher_page_cache_set_budget(cipher_page_cache *cache, size_t budget) {
    if (cache == NULL) return 0;
    pthread_mutex_lock(&cache->mutex);
    int done = resize_locked(cache, capacity_for(budget));
    pthread_mutex_unlock(&cache->mutex);
    return done;
}

size_t cipher_page_cache_bytes(cipher_page_cache *cache) {
    if (cache == NULL) return 0;
    pthread_mutex_lock(&cache->mutex);
    size_t bytes = sizeof *cache + cache->capacity * sizeof(cache_slot) + cache->filled * SEALED_BYTES;
    pthread_mutex_unlock(&cache->mutex);
    return bytes;
}

void cipher_page_cache_free(cipher_page_cache *cache) {
    if (cache == NULL) return;
    empty_locked(cache);
    pthread_mutex_destroy(&cache->mutex);
    sodium_memzero(cache, sizeof *cache);
    free(cache);
}

/// The first slot of a page's set, or NULL when the cache keeps nothing; called with the mutex held.
/// Consecutive pages fall in consecutive sets; a WAL's copy of a page lands half the sets away from
/// the file's.
static cache_slot *set_for(cipher_page_cache *cache, char kind, uint32_t page_number) {
    if (cache->capacity == 0) return NULL;
    size_t sets = cache->capacity / CACHE_WAYS;
    size_t index = ((size_t)page_number + (kind == 'D' ? 0 : sets / 2)) % sets;
    return &cache->slots[index * CACHE_WAYS];
}

/// The slot of `set` holding the opened page of this sealed page, or NULL; called with the mutex held.
static cache_slot *find(cache_slot *set, char kind, uint32_t page_number, const uint8_t *seal) {
    if (set == NULL) return NULL;
    for (int way = 0; way < CACHE_WAYS; way++) {
        cache_slot *slot = &set[way];
        if (slot->page_number == page_number && slot->kind == kind && slot->plaintext != NULL
            && memcmp(slot->seal, seal, sizeof slot->seal) == 0)
            return slot;
    }
    return NULL;
}

/// Where to keep a page just opened: the slot of `set` that holds an older seal of it, else an empty
/// one, else the one used least recently; called with the mutex held.
static cache_slot *victim(cache_slot *set, char kind, uint32_t page_number) {
    cache_slot *chosen = &set[0];
    for (int way = 0; way < CACHE_WAYS; way++) {
        cache_slot *slot = &set[way];
        if (slot->page_number == page_number && slot->kind == kind) return slot;
        if (slot->plaintext == NULL) {
            if (chosen->plaintext != NULL) chosen = slot;
        } else if (chosen->plaintext != NULL && slot->used < chosen->used) {
            chosen = slot;
        }
    }
    return chosen;
}

/// Whether the cache keeps nothing (its default): read without its lock, so that a page then costs
/// its read and its AEAD alone. A budget set meanwhile is seen at a later page.
static int keeps_nothing(cipher_page_cache *cache) {
    return cache == NULL || __atomic_load_n(&cache->capacity, __ATOMIC_ACQUIRE) == 0;
}

int cipher_open_page_cached(cipher_page_cache *cache, uint8_t *page, int page_size, const cipher_key *key, char kind,
                            uint32_t page_number) {
    if (keeps_nothing(cache) || page_size != ENTRIES_CIPHER_PAGE_SIZE || page_number == 0)
        return cipher_open_page(page, page_size, key, kind, page_number);
    uint8_t *stored = page + SEALED_BYTES;
    pthread_mutex_lock(&cache->mutex);
    cache_slot *slot = find(set_for(cache, kind, page_number), kind, page_number, stored);
    if (slot != NULL) {
        slot->used = ++cache->clock;
        memcpy(page, slot->plaintext, SEALED_BYTES);
        pthread_mutex_unlock(&cache->mutex);
        memset(stored, 0, ENTRIES_CIPHER_RESERVED_BYTES);  // as cipher_open_page leaves them
        return 0;
    }
    pthread_mutex_unlock(&cache->mutex);
    uint8_t seal[ENTRIES_CIPHER_RESERVED_BYTES];
    memcpy(seal, stored, sizeof seal);
    if (cipher_open_page(page, page_size, key, kind, page_number) != 0) return -1;
    pthread_mutex_lock(&cache->mutex);
    cache_slot *set = set_for(cache, kind, page_number);  // the budget may have changed meanwhile
    slot = set != NULL ? victim(set, kind, page_number) : NULL;
    if (slot != NULL && slot->plaintext == NULL) {
        slot->plaintext = malloc(SEALED_BYTES);
        if (slot->plaintext != NULL) cache->filled += 1;
    }
    if (slot != NULL && slot->plaintext != NULL) {
        memcpy(slot->plaintext, page, SEALED_BYTES);
        memcpy(slot->seal, seal, sizeof seal);
        slot->page_number = page_number;
        slot->kind = kind;
        slot->used = ++cache->clock;
    }
    pthread_mutex_unlock(&cache->mutex);
    return 0;
}

int cipher_page_cache_holds(cipher_page_cache *cache, char kind, uint32_t page_number) {
    if (keeps_nothing(cache) || page_number == 0) return 0;
    pthread_mutex_lock(&cache->mutex);
    cache_slot *set = set_for(cache, kind, page_number);
    int held = 0;
    for (int way = 0; set != NULL && way < CACHE_WAYS && !held; way++)
        held = set[way].page_number == page_number && set[way].kind == kind && set[way].plaintext != NULL;
    pthread_mutex_unlock(&cache->mutex);
    return held;
}

int cipher_page_cache_copy(cipher_page_cache *cache, uint8_t *page, int page_size, char kind, uint32_t page_number,
                           const uint8_t seal[ENTRIES_CIPHER_RESERVED_BYTES]) {
    if (cache == NULL || page_size != ENTRIES_CIPHER_PAGE_SIZE || page_number == 0) return 0;
    pthread_mutex_lock(&cache->mutex);
    cache_slot *slot = find(set_for(cache, kind, page_number), kind, page_number, seal);
    if (slot != NULL) {
        slot->used = ++cache->clock;
        memcpy(page, slot->plaintext, SEALED_BYTES);
    }
    pthread_mutex_unlock(&cache->mutex);
    if (slot == NULL) return 0;
    memset(page + SEALED_BYTES, 0, ENTRIES_CIPHER_RESERVED_BYTES);  // as cipher_open_page leaves them
    return 1;
}
