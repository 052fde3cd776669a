#if canImport(Glibc)
import Glibc
#endif

/// Gives the memory freed so far back to the system, where the C library keeps it for later
/// allocations otherwise (glibc keeps freed blocks of its heaps mapped: a large table freed stays in
/// the process's resident memory).
///
/// A streamed import calls it once the duplicate check's table is freed, before the store builds its
/// indexes, so that their memory does not add to the table's. Elsewhere (or should glibc lack it,
/// as musl does) a no-op.
enum FreedMemory {
    static func giveBack() {
        #if canImport(Glibc)
        // `malloc_trim` is glibc's own, declared in <malloc.h>, which Swift's Glibc module leaves out.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
        typealias MallocTrim = @convention(c) (Int) -> Int32
        _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
        #endif
    }
}
