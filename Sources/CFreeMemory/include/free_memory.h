#ifndef ZONECTL_FREE_MEMORY_H
#define ZONECTL_FREE_MEMORY_H

/// Returns the free memory the allocator holds to the kernel (glibc's malloc_trim(0): the free
/// pages of every arena, not only the top of the main heap). Returns 1 when memory was
/// released, 0 when none was, -1 where the C library has no such call.
int zonectl_release_free_memory(void);

#endif
