#!/usr/bin/env bash
# Prints the `swift build` flags of a release build; the Makefile (RELEASE_FLAGS), scripts/bench-tui.sh
# and scripts/startup-trace.sh all build with them. `--static` prints them without `-c release`.
#
# Each flag is here for the first screen's time or the app's memory (issue 17; measured with
# scripts/startup-trace.sh and scripts/bench-tui.sh, numbers in docs/performance.md):
#
# - `--static-swift-stdlib`: the Swift runtime and Foundation linked in: no shared libraries to find
#   and bind at every start.
# - `--no-export-dynamic`: the static runtime's link options export every symbol of the program
#   (42,000) for nobody; the runtime's start-up `dladdr` would scan them all.
# - `-disable-concrete-type-metadata-mangled-name-accessors` (a compiler option): code reaches the type
#   metadata of a concrete generic type (`Set<Key>`, say) by calling its accessor, not by asking the
#   runtime to demangle the type's name. Demangling such a name looks up the type's conformances
#   (`Key: Hashable`), and every first lookup scans all 9,000 conformance records of the binary.
# - lld, with `scripts/hot-functions.txt` as its symbol order: the functions a start and a short
#   session run (recorded by scripts/record-hot-functions.sh) lie next to each other, so the few
#   megabytes of code a start needs are read from a few places of the 30 MB of code, not from all over it.
# - libstdc++ linked in (the Swift runtime is C++): one shared library fewer for the loader to find,
#   map and relocate at every start (0.4 ms, 1 MB). The link finds the archive first through a folder
#   that holds only it (`.build/static-libstdc++`), as the runtime's link options ask for `-lstdc++`.
# - `-z pack-relative-relocs` (where the C library has it, glibc 2.36 and later): the 126,000 relative
#   relocations of a position-independent executable packed in 25 kB instead of 3 MB that every start
#   reads. Older C libraries cannot load such a binary, so it is left out there.
#
# Not taken: linking a position-dependent executable (`-no-pie`) would start about 0.6 ms sooner (the
# loader would relocate nothing) and hold 0.5 MB less, but the program's own code would lie at the same
# address in every run, and that code reads files from strangers (libyaml and BoringSSL are linked in).
#
# Every flag is a link or code-generation choice: none changes what the program does. They stay out of
# Package.swift, where such flags would stop other packages from depending on this one.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
flags=()
[[ "${1:-}" == "--static" ]] || flags+=(-c release)
flags+=(--static-swift-stdlib -Xlinker --no-export-dynamic)
flags+=(-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors)

swift_path="$(command -v swift || true)"
swift_bin="$(dirname "$(readlink -f "${swift_path:-/usr/bin/swift}")")"
if [[ -x "$swift_bin/ld.lld" || -x "$swift_bin/lld" ]] || command -v ld.lld > /dev/null; then
    flags+=(-Xswiftc -use-ld=lld)
    if [[ -f "$root/scripts/hot-functions.txt" ]]; then
        # Names that no longer exist (the code changed since the recording) are skipped quietly.
        flags+=(-Xlinker "--symbol-ordering-file=$root/scripts/hot-functions.txt" -Xlinker --no-warn-symbol-ordering)
    fi
    glibc="$(getconf GNU_LIBC_VERSION 2> /dev/null | awk '{print $2}' || true)"
    if [[ -n "$glibc" && "$(printf '%s\n' 2.36 "$glibc" | sort -V | head -1)" == "2.36" ]]; then
        flags+=(-Xlinker -z -Xlinker pack-relative-relocs)
    fi
fi
libstdcxx="$("$swift_bin/clang" -print-file-name=libstdc++.a 2> /dev/null || true)"
if [[ "$libstdcxx" == /* && -f "$libstdcxx" ]]; then
    mkdir -p "$root/.build/static-libstdc++"
    ln -sf "$libstdcxx" "$root/.build/static-libstdc++/libstdc++.a"
    flags+=(-Xswiftc -Xclang-linker -Xswiftc "-L$root/.build/static-libstdc++")
fi
echo "${flags[*]}"
