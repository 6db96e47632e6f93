// Sequentially consistent atomic operations on a machine word, for TagHub's send path.
//
// C atomics rather than Swift's `Synchronization.Atomic`, which needs iOS 18, macOS 15, tvOS 18
// and watchOS 11, above the package's floor (iOS 16, macOS 13): these compile on every platform
// Swift does, and keep the package free of dependencies (Docs/Architecture.md, "Atomics"). They
// are the compiler's `__atomic` builtins (Clang's and GCC's), which implement C11's memory model on
// plain words, in C and in C++ alike (a client may import this module with C++ interoperability),
// and which Thread Sanitizer instruments.
//
// Each function takes a pointer to a word that is only ever accessed through these functions,
// allocated and aligned as an `intptr_t`. Every operation is sequentially consistent.

#ifndef TAGHUB_ATOMICS_H
#define TAGHUB_ATOMICS_H

#include <stdint.h>

/// The word at `word`.
static inline intptr_t taghub_atomic_load(intptr_t *word) {
    return __atomic_load_n(word, __ATOMIC_SEQ_CST);
}

/// Adds `delta` to the word at `word`; returns the value before.
static inline intptr_t taghub_atomic_fetch_add(intptr_t *word, intptr_t delta) {
    return __atomic_fetch_add(word, delta, __ATOMIC_SEQ_CST);
}

/// Sets the bits of `mask` in the word at `word`; returns the value before.
static inline intptr_t taghub_atomic_fetch_or(intptr_t *word, intptr_t mask) {
    return __atomic_fetch_or(word, mask, __ATOMIC_SEQ_CST);
}

#endif
