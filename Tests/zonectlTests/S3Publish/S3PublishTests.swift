import TestSupport
import Testing

/// `zonectl publish` (the built binary) against a real S3 API: one moto_server with signature
/// checking on for all the suites nested here (in the other files of this folder), which run
/// one test at a time, each under its own key prefix of the bucket.
@Suite("zonectl publish against moto_server", .serialized, .motoServer, .tags(.moto))
struct S3PublishTests {}
