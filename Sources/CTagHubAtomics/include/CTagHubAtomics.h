// Sequentially consistent atomic operations on a machine word, for TagHub's send path.
//
// C11 atomics rather than Swift's `Synchronization.Atomic`, which needs iOS 18, macOS 15, tvOS 18
// and watchOS 11, above the package's floor (iOS 16, macOS 13): these compile on every platform
// Swift does, and keep the package free of dependencies (Docs/Architecture.md, "Atomics").
//
// Each function takes a pointer to a word that is only ever accessed through these functions,
// allocated and aligned as an `intptr_t`. Every operation is sequentially consistent.

#ifndef CTAGHUB_ATOMICS_H
#define CTAGHUB_ATOMICS_H

#include <stdatomic.h>
#include <stdint.h>

/// The word at `word`.
static inline intptr_t taghub_atomic_load(intptr_t *word) {
    return atomic_load_explicit((_Atomic(intptr_t) *)word, memory_order_seq_cst);
}

/// Adds `delta` to the word at `word`; returns the value before.
static inline intptr_t taghub_atomic_fetch_add(intptr_t *word, intptr_t delta) {
    return atomic_fetch_add_explicit((_Atomic(intptr_t) *)word, delta, memory_order_seq_cst);
}

/// Sets the bits of `mask` in the word at `word`; returns the value before.
static inline intptr_t taghub_atomic_fetch_or(intptr_t *word, intptr_t mask) {
    return atomic_fetch_or_explicit((_Atomic(intptr_t) *)word, mask, memory_order_seq_cst);
}

#endif
