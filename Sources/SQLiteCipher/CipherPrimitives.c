// The primitives, each one call of a well-kept library: libsodium's XChaCha20-Poly1305 (IETF) for key
// slots and the pages of format 1, BoringSSL's AES-256-GCM (swift-crypto's copy, through its EVP_AEAD
// interface) for the pages of format 2, libsodium's Argon2id for the passphrase.
// See Sources/SQLiteStore/Encryption/ENCRYPTION.md.
#include <CCryptoBoringSSL_aead.h>
#include <sodium.h>
#include <stdlib.h>
#include <string.h>
#include "CipherInternal.h"

void entries_cipher_seal(uint8_t *text, size_t length, uint8_t tag[16], const uint8_t *ad, size_t ad_length,
                         const uint8_t nonce[24], const uint8_t key[32]) {
    unsigned long long tag_length = 0;
    crypto_aead_xchacha20poly1305_ietf_encrypt_detached(text, tag, &tag_length, text, length, ad, ad_length, NULL,
                                                        nonce, key);
}

int entries_cipher_open(uint8_t *text, size_t length, const uint8_t tag[16], const uint8_t *ad, size_t ad_length,
                        const uint8_t nonce[24], const uint8_t key[32]) {
    return crypto_aead_xchacha20poly1305_ietf_decrypt_detached(text, NULL, text, length, tag, ad, ad_length, nonce,
                                                               key) == 0 ? 0 : -1;
}

int entries_cipher_derive(uint8_t *out, size_t out_length, const uint8_t *passphrase, size_t passphrase_length,
                          const uint8_t salt[ENTRIES_CIPHER_SALT_SIZE], entries_cipher_kdf_cost cost) {
    if (sodium_init() < 0) return -1;
    return crypto_pwhash(out, out_length, (const char *)passphrase, passphrase_length, salt, cost.opslimit,
                         cost.memlimit, crypto_pwhash_ALG_ARGON2ID13);
}

/// BoringSSL's AES-256-GCM, detached, in place: one call, no allocation (the context lives on the
/// stack: its state is inline). 0 on success.
static int gcm_with_fresh_context(int sealing, uint8_t *text, size_t length, uint8_t tag[16], const uint8_t *ad,
                                  size_t ad_length, const uint8_t nonce[CIPHER_GCM_NONCE_SIZE], const uint8_t key[32]) {
    EVP_AEAD_CTX context;
    if (!EVP_AEAD_CTX_init(&context, EVP_aead_aes_256_gcm(), key, CIPHER_KEY_SIZE, CIPHER_TAG_SIZE, NULL)) return -1;
    int ok;
    if (sealing) {
        size_t tag_length = 0;
        ok = EVP_AEAD_CTX_seal_scatter(&context, text, tag, &tag_length, CIPHER_TAG_SIZE, nonce, CIPHER_GCM_NONCE_SIZE,
                                       text, length, NULL, 0, ad, ad_length);
    } else {
        ok = EVP_AEAD_CTX_open_gather(&context, text, nonce, CIPHER_GCM_NONCE_SIZE, text, length, tag, CIPHER_TAG_SIZE,
                                      ad, ad_length);
    }
    EVP_AEAD_CTX_cleanup(&context);
    sodium_memzero(&context, sizeof context);
    return ok ? 0 : -1;
}

void entries_cipher_gcm_seal(uint8_t *text, size_t length, uint8_t tag[16], const uint8_t *ad, size_t ad_length,
                             const uint8_t nonce[12], const uint8_t key[32]) {
    gcm_with_fresh_context(1, text, length, tag, ad, ad_length, nonce, key);
}

int entries_cipher_gcm_open(uint8_t *text, size_t length, const uint8_t tag[16], const uint8_t *ad, size_t ad_length,
                            const uint8_t nonce[12], const uint8_t key[32]) {
    // BoringSSL leaves the output undefined on failure: a copy keeps `text` as it was, as the
    // XChaCha20-Poly1305 open does.
    uint8_t tag_copy[CIPHER_TAG_SIZE];
    memcpy(tag_copy, tag, sizeof tag_copy);
    uint8_t *copy = malloc(length > 0 ? length : 1);
    if (copy == NULL) return -1;
    memcpy(copy, text, length);
    int opened = gcm_with_fresh_context(0, copy, length, tag_copy, ad, ad_length, nonce, key);
    if (opened == 0) memcpy(text, copy, length);
    sodium_memzero(copy, length);
    free(copy);
    return opened;
}

/// The associated data of a page: the journal's id, the kind of file, the page number (big-endian).
static void page_ad(uint8_t ad[CIPHER_ID_SIZE + 5], const uint8_t journal_id[CIPHER_ID_SIZE], char kind,
                    uint32_t page_number) {
    memcpy(ad, journal_id, CIPHER_ID_SIZE);
    ad[CIPHER_ID_SIZE] = (uint8_t)kind;
    cipher_put32(ad + CIPHER_ID_SIZE + 1, page_number);
}

/// Format 2's nonce field: the journal's mark, the 12-byte GCM nonce, then 8 zero bytes (read back
/// as they must be: nothing in a page goes unauthenticated).
static int gcm_field_is_well_formed(const uint8_t field[CIPHER_NONCE_SIZE], const uint8_t journal_id[CIPHER_ID_SIZE]) {
    static const uint8_t zeros[CIPHER_NONCE_SIZE - CIPHER_MARK_SIZE - CIPHER_GCM_NONCE_SIZE] = {0};
    return memcmp(field, journal_id, CIPHER_MARK_SIZE) == 0
        && memcmp(field + CIPHER_MARK_SIZE + CIPHER_GCM_NONCE_SIZE, zeros, sizeof zeros) == 0;
}

void entries_cipher_seal_page(uint8_t *page, int page_size, const uint8_t key[32], const uint8_t journal_id[16],
                              char kind, uint32_t page_number, const uint8_t nonce[24]) {
    uint8_t ad[CIPHER_ID_SIZE + 5];
    page_ad(ad, journal_id, kind, page_number);
    uint8_t *stored_nonce = page + page_size - ENTRIES_CIPHER_RESERVED_BYTES;
    memmove(stored_nonce, nonce, CIPHER_NONCE_SIZE);
    entries_cipher_seal(page, (size_t)(page_size - ENTRIES_CIPHER_RESERVED_BYTES), page + page_size - CIPHER_TAG_SIZE,
                        ad, sizeof ad, stored_nonce, key);
}

void entries_cipher_seal_page_gcm(uint8_t *page, int page_size, const uint8_t key[32], const uint8_t journal_id[16],
                                  char kind, uint32_t page_number, const uint8_t nonce[12]) {
    uint8_t ad[CIPHER_ID_SIZE + 5];
    page_ad(ad, journal_id, kind, page_number);
    uint8_t *field = page + page_size - ENTRIES_CIPHER_RESERVED_BYTES;
    uint8_t gcm_nonce[CIPHER_GCM_NONCE_SIZE];
    memcpy(gcm_nonce, nonce, sizeof gcm_nonce);
    memset(field, 0, CIPHER_NONCE_SIZE);
    memcpy(field, journal_id, CIPHER_MARK_SIZE);
    memcpy(field + CIPHER_MARK_SIZE, gcm_nonce, sizeof gcm_nonce);
    entries_cipher_gcm_seal(page, (size_t)(page_size - ENTRIES_CIPHER_RESERVED_BYTES), page + page_size - CIPHER_TAG_SIZE,
                            ad, sizeof ad, gcm_nonce, key);
}

void cipher_seal_page(uint8_t *page, int page_size, const cipher_key *key, char kind, uint32_t page_number,
                      const uint8_t nonce_field[CIPHER_NONCE_SIZE]) {
    if (key->format != CIPHER_FORMAT_AES_GCM) {
        entries_cipher_seal_page(page, page_size, key->key, key->journal_id, kind, page_number, nonce_field);
        return;
    }
    // The key's own context: its AES key schedule was expanded once, when the key was registered.
    uint8_t ad[CIPHER_ID_SIZE + 5];
    page_ad(ad, key->journal_id, kind, page_number);
    uint8_t *field = page + page_size - ENTRIES_CIPHER_RESERVED_BYTES;
    memmove(field, nonce_field, CIPHER_NONCE_SIZE);
    size_t tag_length = 0;
    EVP_AEAD_CTX_seal_scatter(key->gcm, page, page + page_size - CIPHER_TAG_SIZE, &tag_length, CIPHER_TAG_SIZE,
                              field + CIPHER_MARK_SIZE, CIPHER_GCM_NONCE_SIZE, page,
                              (size_t)(page_size - ENTRIES_CIPHER_RESERVED_BYTES), NULL, 0, ad, sizeof ad);
}

int cipher_open_page(uint8_t *page, int page_size, const cipher_key *key, char kind, uint32_t page_number) {
    uint8_t ad[CIPHER_ID_SIZE + 5];
    page_ad(ad, key->journal_id, kind, page_number);
    uint8_t *field = page + page_size - ENTRIES_CIPHER_RESERVED_BYTES;
    const size_t sealed = (size_t)(page_size - ENTRIES_CIPHER_RESERVED_BYTES);
    int opened;
    if (key->format == CIPHER_FORMAT_AES_GCM) {
        opened = gcm_field_is_well_formed(field, key->journal_id)
                  && EVP_AEAD_CTX_open_gather(key->gcm, page, field + CIPHER_MARK_SIZE, CIPHER_GCM_NONCE_SIZE, page,
                                              sealed, page + page_size - CIPHER_TAG_SIZE, CIPHER_TAG_SIZE, ad, sizeof ad)
            ? 0 : -1;
    } else {
        opened = entries_cipher_open(page, sealed, page + page_size - CIPHER_TAG_SIZE, ad, sizeof ad, field, key->key);
    }
    // SQLite hands an opened page's reserved bytes back when it writes the page, and a WAL frame's
    // checksum covers them: they must read as what SQLite had there, zeros (a new page is all
    // zeros, and every page it reads comes through here), not this write's nonce and tag, or a
    // crash's WAL recovery would find the frame's checksum wrong and drop the log.
    if (opened == 0) memset(field, 0, ENTRIES_CIPHER_RESERVED_BYTES);
    return opened;
}
