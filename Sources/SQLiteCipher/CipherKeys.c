// The registry of unwrapped data keys, private to this target: a key is reached by its random handle
// (which the database file name's `entries-key` URI parameter carries), never by a global another
// module can see. Keys live in libsodium's guarded, locked memory and are wiped when released.
#include <CCryptoBoringSSL_aead.h>
#include <pthread.h>
#include <sodium.h>
#include <stdlib.h>
#include <string.h>
#include "CipherInternal.h"

static pthread_mutex_t registry_mutex = PTHREAD_MUTEX_INITIALIZER;
static cipher_key *registry;

/// The AES-256-GCM context of `key` in guarded memory, read-only once set up; NULL when out of memory.
static EVP_AEAD_CTX *gcm_context(const uint8_t key[CIPHER_KEY_SIZE]) {
    EVP_AEAD_CTX *context = sodium_malloc(sizeof *context);
    if (context == NULL) return NULL;
    if (!EVP_AEAD_CTX_init(context, EVP_aead_aes_256_gcm(), key, CIPHER_KEY_SIZE, CIPHER_TAG_SIZE, NULL)) {
        sodium_free(context);
        return NULL;
    }
    sodium_mprotect_readonly(context);
    return context;
}

/// Wipes and frees a context made by gcm_context (nothing for NULL).
static void free_gcm_context(EVP_AEAD_CTX *context) {
    if (context == NULL) return;
    sodium_mprotect_readwrite(context);
    EVP_AEAD_CTX_cleanup(context);
    sodium_free(context);  // wipes it
}

cipher_key *cipher_key_register(const uint8_t key[CIPHER_KEY_SIZE], const uint8_t journal_id[CIPHER_ID_SIZE],
                                uint32_t format, char handle_out[ENTRIES_CIPHER_HANDLE_SIZE]) {
    cipher_key *entry = calloc(1, sizeof *entry);
    if (entry == NULL) return NULL;
    entry->key = sodium_malloc(CIPHER_KEY_SIZE);
    if (entry->key == NULL) { free(entry); return NULL; }
    memcpy(entry->key, key, CIPHER_KEY_SIZE);
    sodium_mprotect_readonly(entry->key);
    entry->format = format;
    if (format == CIPHER_FORMAT_AES_GCM) {
        entry->gcm = gcm_context(key);
        if (entry->gcm == NULL) { sodium_free(entry->key); free(entry); return NULL; }
    }
    memcpy(entry->journal_id, journal_id, CIPHER_ID_SIZE);
    entry->pages = cipher_page_cache_create(ENTRIES_CIPHER_PAGE_CACHE_BYTES);
    uint8_t random[16];
    randombytes_buf(random, sizeof random);
    sodium_bin2hex(entry->handle, sizeof entry->handle, random, sizeof random);
    entry->references = 1;
    pthread_mutex_lock(&registry_mutex);
    entry->next = registry;
    registry = entry;
    pthread_mutex_unlock(&registry_mutex);
    memcpy(handle_out, entry->handle, ENTRIES_CIPHER_HANDLE_SIZE);
    return entry;
}

cipher_key *cipher_key_acquire(const char *handle) {
    if (handle == NULL || strlen(handle) != ENTRIES_CIPHER_HANDLE_SIZE - 1) return NULL;
    pthread_mutex_lock(&registry_mutex);
    cipher_key *found = NULL;
    for (cipher_key *entry = registry; entry != NULL; entry = entry->next) {
        if (sodium_memcmp(entry->handle, handle, ENTRIES_CIPHER_HANDLE_SIZE - 1) == 0) {
            entry->references += 1;
            found = entry;
            break;
        }
    }
    pthread_mutex_unlock(&registry_mutex);
    return found;
}

/// Frees a key no longer in the registry nor used; called with the mutex held.
static void release_locked(cipher_key *key) {
    key->references -= 1;
    if (key->references > 0) return;
    sodium_free(key->key);  // wipes it
    free_gcm_context(key->gcm);
    cipher_page_cache_free(key->pages);
    sodium_memzero(key, sizeof *key);
    free(key);
}

void cipher_key_release(cipher_key *key) {
    if (key == NULL) return;
    pthread_mutex_lock(&registry_mutex);
    release_locked(key);
    pthread_mutex_unlock(&registry_mutex);
}

void entries_cipher_wipe(void *bytes, size_t length) {
    if (bytes != NULL && length > 0) sodium_memzero(bytes, length);
}

void entries_cipher_forget(const char *handle) {
    if (handle == NULL) return;
    pthread_mutex_lock(&registry_mutex);
    for (cipher_key **link = &registry; *link != NULL; link = &(*link)->next) {
        cipher_key *entry = *link;
        if (strncmp(entry->handle, handle, ENTRIES_CIPHER_HANDLE_SIZE) == 0) {
            *link = entry->next;
            entry->next = NULL;
            release_locked(entry);
            break;
        }
    }
    pthread_mutex_unlock(&registry_mutex);
}

/// Runs `body` on the key behind `handle` with the registry locked; 0 when there is no such key.
static int with_key(const char *handle, void (*body)(cipher_key *, void *), void *context) {
    if (handle == NULL) return 0;
    pthread_mutex_lock(&registry_mutex);
    int found = 0;
    for (cipher_key *entry = registry; entry != NULL; entry = entry->next) {
        if (strncmp(entry->handle, handle, ENTRIES_CIPHER_HANDLE_SIZE) == 0) {
            body(entry, context);
            found = 1;
            break;
        }
    }
    pthread_mutex_unlock(&registry_mutex);
    return found;
}

static void set_budget(cipher_key *key, void *context) {
    size_t budget = *(size_t *)context;
    if (key->pages != NULL) {
        cipher_page_cache_set_budget(key->pages, budget);
    } else {
        key->pages = cipher_page_cache_create(budget);
    }
}

entries_cipher_result entries_cipher_set_page_cache_limit(const char *handle, size_t bytes) {
    return with_key(handle, set_budget, &bytes) ? ENTRIES_CIPHER_OK : ENTRIES_CIPHER_UNKNOWN_HANDLE;
}

static void count_bytes(cipher_key *key, void *context) { *(size_t *)context = cipher_page_cache_bytes(key->pages); }

size_t entries_cipher_page_cache_bytes(const char *handle) {
    size_t bytes = 0;
    with_key(handle, count_bytes, &bytes);
    return bytes;
}
