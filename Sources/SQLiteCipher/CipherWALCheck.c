// Whether the WAL beside an encrypted journal is the journal's own, looked at before SQLite opens
// the journal. SQLite replays any WAL beside a database whose header and frames check; the cipher
// then finds that the pages of another journal's WAL do not open, and ends the log there as it does
// for a frame torn by a crash, so such a WAL would be ignored in silence. It is refused instead, before
// anything is written, when its first frame is positively another journal's: the frame is whole, it
// is part of the WAL's current log (its salts are the header's), its page does not open with this
// journal's key, and its nonce does not start with this journal's mark (the first bytes of the
// journal id, which every page the cipher seals carries, see fresh_nonce). A frame of this journal's
// that does not open (its page torn by a crash, left over from before the log restarted) carries the
// mark, or is zeros, and is left to SQLite's recovery as before.
#include <errno.h>
#include <fcntl.h>
#include <sodium.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "CipherInternal.h"

#define WAL_HEADER_SIZE 32
#define WAL_FRAME_HEADER_SIZE 24

static int is_zeros(const uint8_t *bytes, size_t count) {
    uint8_t any = 0;
    for (size_t i = 0; i < count; i++) any |= bytes[i];
    return any == 0;
}

/// Reads `count` bytes at `offset`; 1 when all were read.
static int read_exactly(int descriptor, uint8_t *out, size_t count, off_t offset) {
    size_t done = 0;
    while (done < count) {
        ssize_t got = pread(descriptor, out + done, count - done, offset + (off_t)done);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) return 0;
        done += (size_t)got;
    }
    return 1;
}

/// The check on an open WAL file (see above).
static entries_cipher_result check_wal(int descriptor, cipher_key *key) {
    uint8_t header[WAL_HEADER_SIZE];
    uint8_t frame[WAL_FRAME_HEADER_SIZE + ENTRIES_CIPHER_PAGE_SIZE];
    if (!read_exactly(descriptor, header, sizeof header, 0)) return ENTRIES_CIPHER_OK;  // no log to replay
    uint32_t magic = cipher_get32(header);
    if ((magic != 0x377f0682 && magic != 0x377f0683) || cipher_get32(header + 8) != ENTRIES_CIPHER_PAGE_SIZE)
        return ENTRIES_CIPHER_OK;  // SQLite ignores a WAL it cannot read as one
    if (!read_exactly(descriptor, frame, sizeof frame, WAL_HEADER_SIZE)) return ENTRIES_CIPHER_OK;  // no whole frame
    if (memcmp(frame + 8, header + 16, 8) != 0) return ENTRIES_CIPHER_OK;  // not part of the current log
    uint8_t *page = frame + WAL_FRAME_HEADER_SIZE;
    if (is_zeros(page, ENTRIES_CIPHER_PAGE_SIZE)) return ENTRIES_CIPHER_OK;
    uint8_t mark[CIPHER_MARK_SIZE];
    memcpy(mark, page + ENTRIES_CIPHER_PAGE_SIZE - ENTRIES_CIPHER_RESERVED_BYTES, sizeof mark);
    uint32_t page_number = cipher_get32(frame);
    if (page_number != 0
        && cipher_open_page(page, ENTRIES_CIPHER_PAGE_SIZE, key, 'W', page_number) == 0) {
        sodium_memzero(page, ENTRIES_CIPHER_PAGE_SIZE);
        return ENTRIES_CIPHER_OK;
    }
    if (memcmp(mark, key->journal_id, sizeof mark) == 0) return ENTRIES_CIPHER_OK;
    return ENTRIES_CIPHER_FOREIGN_WAL;
}

entries_cipher_result entries_cipher_check_wal(const char *database_path, const char *handle) {
    cipher_key *key = cipher_key_acquire(handle);
    if (key == NULL) return ENTRIES_CIPHER_UNKNOWN_HANDLE;
    char wal[4096];
    size_t length = strlen(database_path);
    if (length + 5 > sizeof wal) { cipher_key_release(key); return ENTRIES_CIPHER_IO; }
    memcpy(wal, database_path, length);
    memcpy(wal + length, "-wal", 5);
    // SQLite holds no lock on a WAL file (its locks are on the database file and the -shm), so this
    // open and close cannot drop any, unlike one of the database file (see entries_sqlite_read_start).
    int descriptor = open(wal, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (descriptor < 0) {
        cipher_key_release(key);
        return errno == ENOENT ? ENTRIES_CIPHER_OK : ENTRIES_CIPHER_IO;
    }
    struct stat info;
    entries_cipher_result result = ENTRIES_CIPHER_OK;
    if (fstat(descriptor, &info) != 0 || !S_ISREG(info.st_mode)) result = ENTRIES_CIPHER_IO;
    else result = check_wal(descriptor, key);
    close(descriptor);
    cipher_key_release(key);
    return result;
}
