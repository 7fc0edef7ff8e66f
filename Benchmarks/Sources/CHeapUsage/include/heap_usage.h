#ifndef HEAP_USAGE_H
#define HEAP_USAGE_H

#include <stddef.h>

/// Bytes the C allocator has handed out and not taken back: glibc's `mallinfo2`, which Swift's
/// Glibc module does not import. Zero where the C library has no `mallinfo2`.
size_t heap_bytes_in_use(void);

#endif
