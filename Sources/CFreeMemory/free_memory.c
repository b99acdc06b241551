#include "free_memory.h"

// Any C library header: glibc defines __GLIBC__ in the ones it includes first.
#include <stdlib.h>

#if defined(__GLIBC__)
#include <malloc.h>

int zonectl_release_free_memory(void) { return malloc_trim(0); }
#else
int zonectl_release_free_memory(void) { return -1; }
#endif
