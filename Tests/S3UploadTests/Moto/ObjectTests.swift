import Foundation
import S3Upload
import TestSupport
import Testing

extension MotoS3Tests {
    @Suite("objects")
    struct Objects {
        @Test("PUT then GET and HEAD round-trip the bytes and the metadata")
        func roundTrip() throws {
            let moto = try MotoServer.require()
            let client = try moto.client()
            let key = uniquePrefix("roundtrip") + "/berlin.geojson.gz"
            let body = testBytes(70_000)
            let etag = try client.putObject(
                key: key, body: body, contentType: "application/geo+json", contentEncoding: "gzip",
                cacheControl: "public, max-age=31536000, immutable")
            #expect(etag == "\"\(md5Hex(body))\"")

            guard case .object(let object) = try client.getObject(key: key) else {
                Issue.record("expected the object")
                return
            }
            #expect(object.body == body)
            #expect(object.metadata.etag == etag)
            #expect(object.metadata.contentType == "application/geo+json")
            #expect(object.metadata.contentEncoding == "gzip")
            #expect(object.metadata.cacheControl == "public, max-age=31536000, immutable")

            let head = try client.headObject(key: key)
            #expect(
                head
                    == S3ObjectMetadata(
                        etag: etag, contentLength: Int64(body.count), contentType: "application/geo+json",
                        contentEncoding: "gzip",
                        cacheControl: "public, max-age=31536000, immutable", lastModified: head.lastModified))
            #expect(head.lastModified != nil)
        }

        @Test("an empty object round-trips")
        func emptyObject() throws {
            let client = try MotoServer.require().client()
            let key = uniquePrefix("empty") + "/nothing"
            let etag = try client.putObject(key: key, body: [])
            #expect(etag == "\"d41d8cd98f00b204e9800998ecf8427e\"")
            #expect(
                try client.getObject(key: key) == .object(S3Object(body: [], metadata: try client.headObject(key: key)))
            )
        }

        @Test("GET with If-None-Match: 304 while the ETag matches, the object once it changed")
        func conditionalGet() throws {
            let client = try MotoServer.require().client()
            let key = uniquePrefix("manifest") + "/manifest.json"
            let first = try client.putObject(
                key: key, body: Array("{\"version\":1}".utf8), contentType: "application/json")
            #expect(try client.getObject(key: key, ifNoneMatch: first) == .notModified)

            let second = try client.putObject(
                key: key, body: Array("{\"version\":2}".utf8), contentType: "application/json")
            #expect(second != first)
            guard case .object(let object) = try client.getObject(key: key, ifNoneMatch: first) else {
                Issue.record("expected the changed object")
                return
            }
            #expect(object.body == Array("{\"version\":2}".utf8))
            #expect(object.metadata.etag == second)
        }

        @Test("If-None-Match: * on an existing key fails with .preconditionFailed and keeps the object")
        func createOnly() throws {
            let client = try MotoServer.require().client()
            let key = uniquePrefix("create-only") + "/artifact.gz"
            let etag = try client.putObject(key: key, body: [1, 2, 3], condition: .ifAbsent)
            #expect(throws: S3Error.preconditionFailed) {
                try client.putObject(key: key, body: [4, 5, 6], condition: .ifAbsent)
            }
            #expect(try client.headObject(key: key).etag == etag)
        }

        @Test("If-Match: the current ETag replaces the object, a stale one fails with .preconditionFailed")
        func compareAndSwap() throws {
            let client = try MotoServer.require().client()
            let key = uniquePrefix("cas") + "/manifest.json"
            let v1 = try client.putObject(key: key, body: Array("v1".utf8))
            let v2 = try client.putObject(key: key, body: Array("v2".utf8), condition: .ifMatch(v1))
            #expect(v2 != v1)
            #expect(throws: S3Error.preconditionFailed) {
                try client.putObject(key: key, body: Array("v3".utf8), condition: .ifMatch(v1))
            }
            guard case .object(let object) = try client.getObject(key: key) else {
                Issue.record("expected the object")
                return
            }
            #expect(object.body == Array("v2".utf8))
        }

        @Test("DELETE removes the object; GET and HEAD then give .notFound")
        func delete() throws {
            let client = try MotoServer.require().client()
            let prefix = uniquePrefix("delete")
            let key = prefix + "/old.gz"
            _ = try client.putObject(key: key, body: [9])
            try client.deleteObject(key: key)
            #expect(throws: S3Error.notFound) { try client.getObject(key: key) }
            #expect(throws: S3Error.notFound) { try client.headObject(key: key) }
            #expect(try client.listObjectsV2(prefix: prefix).objects.isEmpty)
        }

        @Test("a missing bucket is an .http 404 NoSuchBucket on GET, not .notFound")
        func missingBucket() throws {
            let client = try MotoServer.require().client(bucket: "zonectl-no-such-bucket")
            #expect {
                try client.getObject(key: "manifest.json")
            } throws: { error in
                guard case .http(let status, let code, _, _) = error as? S3Error else { return false }
                return status == 404 && code == "NoSuchBucket"
            }
        }

        @Test("CreateBucket makes a bucket outside us-east-1; creating it again is an .http 409")
        func createBucket() throws {
            let client = try MotoServer.require().client(bucket: "zonectl-created") { $0.region = "eu-central-1" }
            try client.createBucket()
            _ = try client.putObject(key: "k", body: [1])
            #expect {
                try client.createBucket()
            } throws: { error in
                guard case .http(let status, let code, _, _) = error as? S3Error else { return false }
                return status == 409 && (code == "BucketAlreadyOwnedByYou" || code == "BucketAlreadyExists")
            }
        }

        @Test("virtual-hosted addressing (bucket.localhost) reaches the same bucket")
        func virtualHosted() throws {
            let moto = try MotoServer.require()
            let pathClient = try moto.client()
            let virtualClient = try moto.client(host: "localhost", addressingStyle: .virtualHosted)
            let prefix = uniquePrefix("virtual")
            let key = prefix + "/v.json"
            let etag = try virtualClient.putObject(
                key: key, body: Array("virtual".utf8), contentType: "application/json")
            #expect(try pathClient.headObject(key: key).etag == etag)
            #expect(try virtualClient.listObjectsV2(prefix: prefix).objects.map(\.key) == [key])
        }
    }
}
