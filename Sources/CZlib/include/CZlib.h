#ifndef ENTRIES_CZLIB_H
#define ENTRIES_CZLIB_H

#include <zlib.h>

/// Starts `stream` inflating raw deflate data (no zlib header), as a zip's members hold it.
/// inflateInit2() is a macro, which Swift cannot call: this is that one call, spelled out.
/// Returns Z_OK or zlib's error. See <https://zlib.net/manual.html#Advanced>.
int entries_inflate_init_raw(z_stream *stream);

#endif
