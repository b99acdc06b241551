internal import CGEOS
import ZoneSupport

/// One GEOS context handle (`GEOS_init_r`), with the messages GEOS reports on it collected here.
///
/// GEOS reports failures out of band: a function returns NULL (or 0, or 2) and hands the reason
/// to the context's error handler. The handler installed here appends the text to
/// ``errorMessages``; wrappers turn them into a ``GEOSError`` when the call's return says it failed.
///
/// Not thread-safe: create one context per worker and use it from that worker only (the type is
/// deliberately not `Sendable`). Every ``GEOSGeometry`` made with a context keeps it alive.
public final class GEOSContext {
    /// The C handle; valid for the lifetime of `self`.
    package let handle: OpaquePointer
    /// Error messages GEOS reported since they were last taken, oldest first.
    public private(set) var errorMessages: [String] = []
    /// The latest notice (warning) messages GEOS reported (at most ``noticesKept``), oldest
    /// first. The build reports its own findings, so nothing takes them.
    public private(set) var noticeMessages: [String] = []
    static let noticesKept = 64

    /// Creates a context (`GEOS_init_r`) and installs its error and notice handlers.
    public init() throws {
        // GEOS_init_r: returns NULL when the context cannot be allocated.
        guard let handle = GEOS_init_r() else { throw GEOSError.contextUnavailable }
        self.handle = handle
        // The handlers get `self` unretained: the handle is finished in `deinit`, so GEOS can
        // never call them after `self` is gone, and retaining would make a cycle.
        let userdata = Unmanaged.passUnretained(self).toOpaque()
        GEOSContext_setErrorMessageHandler_r(
            handle,
            { message, userdata in
                GEOSContext.from(userdata)?.record(message, notice: false)
            }, userdata)
        GEOSContext_setNoticeMessageHandler_r(
            handle,
            { message, userdata in
                GEOSContext.from(userdata)?.record(message, notice: true)
            }, userdata)
    }

    deinit {
        GEOSContext_setErrorMessageHandler_r(handle, nil, nil)
        GEOSContext_setNoticeMessageHandler_r(handle, nil, nil)
        GEOS_finish_r(handle)
    }

    /// Returns and clears the collected error messages.
    public func takeErrorMessages() -> [String] {
        defer { errorMessages.removeAll() }
        return errorMessages
    }

    /// The error for a failed call of `operation`, carrying (and clearing) the collected messages.
    package func failure(_ operation: String) -> GEOSError {
        let messages = takeErrorMessages()
        return .failed(
            operation: operation,
            message: messages.isEmpty ? "GEOS reported no message" : messages.joined(separator: "; "))
    }

    private func record(_ message: UnsafePointer<CChar>?, notice: Bool) {
        guard let message else { return }
        // GEOS formats some messages with a trailing newline.
        let text = String(cString: message).trimmingTrailingWhitespace()
        if notice {
            // Kept for debugging only and bounded: a long build or fuzzing run gets millions.
            if noticeMessages.count == Self.noticesKept { noticeMessages.removeFirst() }
            noticeMessages.append(text)
        } else {
            errorMessages.append(text)
        }
    }

    private static func from(_ userdata: UnsafeMutableRawPointer?) -> GEOSContext? {
        userdata.map { Unmanaged<GEOSContext>.fromOpaque($0).takeUnretainedValue() }
    }
}

/// A context must stay on one thread at a time; see ``GEOSContext``.
@available(*, unavailable)
extension GEOSContext: Sendable {}

extension String {
    fileprivate func trimmingTrailingWhitespace() -> String {
        var scalars = Substring(self)
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}

/// `parallelMap` with a GEOS context per worker (nil when GEOS could not make one), as GEOS
/// handles must not be shared between threads.
package func parallelMapWithGEOS<Result>(
    count: Int, jobs: Int, weights: [Int]? = nil, lending: IdleCores? = nil,
    _ body: @Sendable (inout GEOSContext?, Int) -> Result
) -> [Result] {
    parallelMap(
        count: count, jobs: jobs, weights: weights, lending: lending, makeWorker: { try? GEOSContext() }, body)
}
