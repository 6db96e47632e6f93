// The functions are `static inline` in the header: this file only makes the target a C library.
#include "_TagHubAtomics.h"
