internal import CFreeMemory

/// Gives the allocator's free pages back to the system (glibc's malloc_trim; nothing elsewhere).
/// A long stage whose steps free much of what they allocate calls it between steps: glibc keeps
/// freed memory for reuse, so without it the peak resident size is the sum of the steps'
/// fragmentation rather than the largest step. False where the C library has no such call.
@discardableResult package func releaseFreeMemory() -> Bool { zonectl_release_free_memory() >= 0 }
