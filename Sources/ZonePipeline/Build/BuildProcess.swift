import Foundation

/// The process settings a build needs, made once at the start of every command.
public enum BuildProcess {
    /// Turns a zone file cut short while mapped into a clear error, and fixes glibc's large
    /// allocation thresholds.
    public static func tune() {
        reportShrunkenFiles()
        fixLargeAllocationThreshold()
    }

    /// A large zone file is mapped while it is scanned (docs/ARCHITECTURE.md, "One build, end to
    /// end"); if another program cuts it short meanwhile, reading past its new end raises SIGBUS.
    /// That becomes a clear error (exit 2, nothing written) instead of a crash.
    static func reportShrunkenFiles() {
        signal(SIGBUS) { _ in
            let message: StaticString =
                "zonectl: error: a zone file was cut short while zonectl read it; run the command again\n"
            _ = write(2, message.utf8Start, message.utf8CodeUnitCount)
            _exit(2)
        }
    }

    /// glibc serves allocations above a threshold by mmap, returned on free; after such a block is
    /// freed it raises the threshold (up to 32 MB), so the build's per-city arrays of a few MB then
    /// stay in each worker's heap, which holds its high-water mark. Fixed at 16 MB, the peak RSS of
    /// a large build falls markedly.
    ///
    /// Fixing it also stops glibc from raising the trim threshold with it (to twice the mmap
    /// threshold), so each worker's heap was given back above 128 KB of free top: a `madvise`
    /// with a TLB flush on every core, then the pages faulted in again by the next city (hundreds
    /// of thousands of page faults and seconds of system time in a large build). The trim threshold
    /// is set to what glibc's own rule gives, 32 MB: a small fraction of those page faults and of
    /// that system time, for a little more peak RSS.
    static func fixLargeAllocationThreshold() {
        #if canImport(Glibc)
            // mallopt(M_MMAP_THRESHOLD, …): Swift's Glibc module has neither (they are in <malloc.h>).
            typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
            let mmapThreshold: Int32 = -3
            let trimThreshold: Int32 = -1
            if let symbol = dlsym(nil, "mallopt") {  // nil is RTLD_DEFAULT
                let mallopt = unsafeBitCast(symbol, to: MallOpt.self)
                _ = mallopt(mmapThreshold, 16 << 20)
                _ = mallopt(trimThreshold, 32 << 20)
            }
        #endif
    }
}
