// The primitives, each a libsodium call: XChaCha20-Poly1305 (IETF) for pages and key slots, Argon2id
// for the passphrase. See Sources/SQLiteStore/Encryption/ENCRYPTION.md.
#include <sodium.h>
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

/// The associated data of a page: the journal's id, the kind of file, the page number (big-endian).
static void page_ad(uint8_t ad[CIPHER_ID_SIZE + 5], const uint8_t journal_id[CIPHER_ID_SIZE], char kind,
                    uint32_t page_number) {
    memcpy(ad, journal_id, CIPHER_ID_SIZE);
    ad[CIPHER_ID_SIZE] = (uint8_t)kind;
    cipher_put32(ad + CIPHER_ID_SIZE + 1, page_number);
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

int cipher_open_page(uint8_t *page, int page_size, const uint8_t key[CIPHER_KEY_SIZE],
                     const uint8_t journal_id[CIPHER_ID_SIZE], char kind, uint32_t page_number) {
    uint8_t ad[CIPHER_ID_SIZE + 5];
    page_ad(ad, journal_id, kind, page_number);
    int opened = entries_cipher_open(page, (size_t)(page_size - ENTRIES_CIPHER_RESERVED_BYTES),
                                     page + page_size - CIPHER_TAG_SIZE, ad, sizeof ad,
                                     page + page_size - ENTRIES_CIPHER_RESERVED_BYTES, key);
    // SQLite hands an opened page's reserved bytes back when it writes the page, and a WAL frame's
    // checksum covers them: they must read as what SQLite had there, zeros (a new page is all
    // zeros, and every page it reads comes through here), not this write's nonce and tag, or a
    // crash's WAL recovery would find the frame's checksum wrong and drop the log.
    if (opened == 0) memset(page + page_size - ENTRIES_CIPHER_RESERVED_BYTES, 0, ENTRIES_CIPHER_RESERVED_BYTES);
    return opened;
}
