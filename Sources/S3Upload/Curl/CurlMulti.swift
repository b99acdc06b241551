internal import CCurl
import CurlTransport

/// One libcurl multi handle (curl_multi_init / curl_multi_cleanup) running transfers in
/// parallel on the calling thread. It holds the transfers it runs, so that none is freed while
/// added; deinit removes whatever is left before cleaning up.
final class CurlMulti {
    private let handle: UnsafeMutableRawPointer
    private var transfers: [UnsafeMutableRawPointer: CurlTransfer] = [:]

    /// curl_multi_init returns NULL when it cannot allocate.
    init() throws(S3Error) {
        do { try CurlGlobal.ensureInitialized() } catch { throw S3Error(error) }
        guard let handle = zonectl_multi_init() else {
            throw .libcurl(
                function: "curl_multi_init", code: Int(CURLM_OUT_OF_MEMORY.rawValue),
                message: "failed to create a multi handle")
        }
        self.handle = handle
    }

    deinit {
        // curl_multi_remove_handle before curl_multi_cleanup: cleanup does not detach easy handles.
        for easy in transfers.keys { zonectl_multi_remove_handle(handle, easy) }
        transfers.removeAll()
        zonectl_multi_cleanup(handle)
    }

    /// The number of transfers added and not yet removed.
    var count: Int { transfers.count }

    /// curl_multi_add_handle: starts `transfer` on the next `perform`.
    func add(_ transfer: CurlTransfer) throws(S3Error) {
        try check(zonectl_multi_add_handle(handle, transfer.easy.handle), "curl_multi_add_handle")
        transfers[transfer.easy.handle] = transfer
    }

    /// curl_multi_remove_handle: detaches a finished transfer and returns it.
    @discardableResult
    func remove(_ easy: UnsafeMutableRawPointer) throws(S3Error) -> CurlTransfer? {
        guard let transfer = transfers.removeValue(forKey: easy) else { return nil }
        try check(zonectl_multi_remove_handle(handle, easy), "curl_multi_remove_handle")
        return transfer
    }

    /// curl_multi_perform: moves every transfer forward as far as it can without blocking.
    func perform() throws(S3Error) {
        var running: Int32 = 0
        try check(zonectl_multi_perform(handle, &running), "curl_multi_perform")
    }

    /// curl_multi_info_read until empty: the transfers that finished since the last call, with
    /// their result codes. Each is removed from the multi handle.
    func finished() throws(S3Error) -> [(transfer: CurlTransfer, result: CURLcode)] {
        var done: [(UnsafeMutableRawPointer, CURLcode)] = []
        var queued: Int32 = 0
        // curl_multi_info_read returns NULL when no message is left; a message stays valid only
        // until the next call, so copy what is needed first.
        while let message = zonectl_multi_info_read(handle, &queued) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
            done.append((easy, message.pointee.data.result))
        }
        var result: [(transfer: CurlTransfer, result: CURLcode)] = []
        for (easy, code) in done {
            if let transfer = try remove(easy) { result.append((transfer, code)) }
        }
        return result
    }

    /// curl_multi_poll: waits up to `timeoutMilliseconds` for activity on any transfer.
    func poll(timeoutMilliseconds: Int) throws(S3Error) {
        try check(zonectl_multi_poll(handle, nil, 0, Int32(clamping: timeoutMilliseconds), nil), "curl_multi_poll")
    }

    private func check(_ code: CURLMcode, _ function: String) throws(S3Error) {
        guard code == CURLM_OK else {
            throw .libcurl(function: function, code: Int(code.rawValue), message: CurlGlobal.message(for: code))
        }
    }
}
