import FuzzHarness
import ZoneGeometry
import ZonePipeline

// libFuzzer target: scripts/fuzz.sh (`make fuzz`) builds it with libFuzzer and ASan and
// -DZONECTL_FUZZ, which leaves out the @main below (libFuzzer brings its own `main`). In a plain
// build, @main replays the files (or directories) given as arguments: `.build/debug/FuzzGeometry crash-…`.

/// One GEOS context for the whole run (libFuzzer calls the entry point on one thread).
nonisolated(unsafe) let context = try! GEOSContext()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGeometry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzHarness.geometry(UnsafeBufferPointer(start: data, count: size), context: context)
    return 0
}

#if !ZONECTL_FUZZ
    @main
    enum FuzzGeometryReplay {
        static func main() {
            FuzzHarness.replayCommandLine { FuzzHarness.summary(FuzzHarness.geometry($0, context: context)) }
        }
    }
#endif
