// The C library's allocator statistics, which Swift's Glibc module does not export.
#ifndef MALLOC_STATS_H
#define MALLOC_STATS_H

#include <stddef.h>

/// Bytes the allocator has handed out and not yet had back (mallinfo2's
/// uordblks + hblkhd), or 0 where glibc's mallinfo2 is not available.
size_t malloc_stats_bytes_in_use(void);

/// Returns free memory to the system (glibc's malloc_trim(0)); does nothing elsewhere.
void malloc_stats_trim(void);

#endif
