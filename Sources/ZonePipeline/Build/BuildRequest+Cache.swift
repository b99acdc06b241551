import Foundation

extension BuildRequest {
    /// This build with the cache in `directory`, checked as zonectl's own (and made) before any
    /// work; neither it nor the build's inputs may be one of `also`. The cache is keyed by the
    /// running executable (``BuildCache/executableIdentity``).
    public func cached(in directory: String, also: [OwnedDirectory.Protected] = []) throws -> BuildRequest {
        var request = self
        try OwnedDirectory.check(directory, for: .cache, protecting: inputs + also).prepare()
        request.cache = BuildCache(directory: directory, codeIdentity: BuildCache.executableIdentity)
        return request
    }
}
