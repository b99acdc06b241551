import Testing

@testable import ZonePipeline

/// Wrong types: reported at the value, naming what was expected and what was found.
@Suite struct ConfigTypeErrorTests {
    @Test(arguments: [
        BadConfig("zones", "zones: 3\n", 1, 8, "expected a path or a list of paths, got integer 3"),
        BadConfig("zones[1]", "zones: [a, 1]\n", 1, 12, "expected a string, got integer 1"),
        BadConfig("output", "output: [a]\n", 1, 9, "expected a string, got a list"),
        BadConfig("group_by", "group_by: city\n", 1, 11, "expected a list of strings, got string \"city\""),
        BadConfig("keep", "keep: {a: 1}\n", 1, 7, "expected a list of strings, got a mapping"),
        BadConfig("precision", "precision: abc\n", 1, 12, "expected an integer, got string \"abc\""),
        BadConfig("precision float", "precision: 6.5\n", 1, 12, "expected an integer, got float 6.5"),
        BadConfig("repair", "repair: \"yes\"\n", 1, 9, "expected a boolean, got string \"yes\""),
        BadConfig(
            "overlaps", "overlaps: deny\n", 1, 11,
            "expected 'allow' or a mapping {priority: [style, ...]}, got string \"deny\""),
        BadConfig(
            "overlaps list", "overlaps: [a]\n", 1, 11,
            "expected 'allow' or a mapping {priority: [style, ...]}, got a list"),
        BadConfig(
            "overlaps.priority", "overlaps:\n  priority: parking\n", 2, 13,
            "expected a list of strings, got string \"parking\""),
        BadConfig("simplify", "simplify: 5\n", 1, 11, "expected a mapping, got integer 5"),
        BadConfig(
            "simplify.tolerance_m", "simplify:\n  tolerance_m: \"1\"\n", 2, 16,
            "expected a number, got string \"1\""),
        BadConfig(
            "simplify.method", "simplify:\n  method: fast\n", 2, 11,
            "expected one of douglas-peucker, visvalingam, got string \"fast\""),
        BadConfig(
            "simplify.min_area_m2", "simplify: {min_area_m2: true}\n", 1, 25,
            "expected a number, got boolean true"),
        BadConfig("antimeridian", "antimeridian: linear\n", 1, 15, "expected a mapping, got string \"linear\""),
        BadConfig(
            "antimeridian.interpolation", "antimeridian:\n  interpolation: 1\n", 2, 18,
            "expected one of great-circle, linear, got integer 1"),
        BadConfig("styles", "styles: [a]\n", 1, 9, "expected a mapping, got a list"),
        BadConfig("styles.property", "styles:\n  property: 1\n", 2, 13, "expected a string, got integer 1"),
        BadConfig("styles.keys", "styles:\n  keys: [a, [b]]\n", 2, 13, "expected a string, got a list"),
        BadConfig("styles.definitions", "styles:\n  definitions: [a]\n", 2, 16, "expected a mapping, got a list"),
        BadConfig(
            "styles.definitions.parking", "styles:\n  definitions:\n    parking: red\n", 3, 14,
            "expected a mapping, got string \"red\""),
        BadConfig(
            "styles.definitions.parking.fill", "styles:\n  definitions:\n    parking:\n      fill: [1]\n",
            4, 13, "expected a string, number or boolean, got a list"),
        BadConfig(
            "styles.definitions null value", "styles:\n  definitions:\n    parking: {fill: ~}\n", 3, 21,
            "expected a string, number or boolean, got null"),
        BadConfig("gzip_level", "gzip_level: 9.0\n", 1, 13, "expected an integer, got float 9.0"),
        BadConfig("encodings", "encodings: br\n", 1, 12, "expected a list of encodings (gzip, br), got string \"br\""),
        BadConfig(
            "encodings unknown", "encodings: [gzip, zstd]\n", 1, 19, "expected one of gzip, br, got string \"zstd\""),
        BadConfig("encodings empty", "encodings: []\n", 1, 12, "expected at least one entry"),
        BadConfig("encodings duplicate", "encodings: [br, br]\n", 1, 17, "duplicate entry \"br\""),
        BadConfig("brotli_quality", "brotli_quality: 12\n", 1, 17, "expected an integer from 0 to 11, got 12"),
        BadConfig("publish", "publish: s3://b\n", 1, 10, "expected a mapping, got string \"s3://b\""),
        BadConfig("publish.target", "publish:\n  target: 5\n", 2, 11, "expected a string, got integer 5"),
        BadConfig("publish.endpoint", "publish:\n  endpoint: true\n", 2, 13, "expected a string, got boolean true"),
        BadConfig("publish.region", "publish:\n  region: [x]\n", 2, 11, "expected a string, got a list"),
        BadConfig(
            "publish.addressing", "publish:\n  addressing: host\n", 2, 15,
            "expected one of path, virtual, got string \"host\""),
        BadConfig(
            "publish.keep_versions", "publish:\n  keep_versions: ten\n", 2, 18,
            "expected an integer, got string \"ten\""),
        BadConfig(
            "publish.manifest_max_age", "publish:\n  manifest_max_age: 1.5\n", 2, 21,
            "expected an integer, got float 1.5"),
        BadConfig(
            "publish.concurrency", "publish:\n  concurrency: \"8\"\n", 2, 16,
            "expected an integer, got string \"8\""),
        BadConfig(
            "publish.max_attempts", "publish:\n  max_attempts: 2.5\n", 2, 17,
            "expected an integer, got float 2.5"),
        BadConfig("top level list", "- zones\n", 1, 1, "expected a mapping, got a list"),
        BadConfig("tiles", "tiles: pmtiles\n", 1, 8, "expected a mapping, got string \"pmtiles\""),
        BadConfig(
            "tiles.format", "tiles: {format: mbtiles}\n", 1, 17,
            "expected one of pmtiles, got string \"mbtiles\""),
    ])
    func wrongType(_ bad: BadConfig) { bad.check() }
}

/// Values of the right type outside their range: reported at the value.
@Suite struct ConfigRangeErrorTests {
    @Test(arguments: [
        BadConfig("precision 0", "precision: 0\n", 1, 12, "expected an integer from 1 to 9, got 0"),
        BadConfig("precision 10", "zones: z\nprecision: 10\n", 2, 12, "expected an integer from 1 to 9, got 10"),
        BadConfig(
            "precision overflow", "precision: 99999999999999999999\n", 1, 12,
            "expected an integer from 1 to 9, got 99999999999999999999"),
        BadConfig("gzip_level 0", "gzip_level: 0\n", 1, 13, "expected an integer from 1 to 12, got 0"),
        BadConfig(
            "simplify.tolerance_m", "simplify:\n  tolerance_m: -1\n", 2, 16,
            "expected a finite number >= 0, got -1"),
        BadConfig(
            "simplify.min_area_m2", "simplify:\n  min_area_m2: .inf\n", 2, 16,
            "expected a finite number >= 0, got .inf"),
        BadConfig("publish.keep_versions", "publish:\n  keep_versions: 0\n", 2, 18, "expected an integer >= 1, got 0"),
        BadConfig(
            "publish.manifest_max_age", "publish:\n  manifest_max_age: -5\n", 2, 21,
            "expected an integer >= 0, got -5"),
        BadConfig(
            "publish.concurrency", "publish:\n  concurrency: 65\n", 2, 16,
            "expected an integer from 1 to 64, got 65"),
        BadConfig(
            "publish.max_attempts", "publish:\n  max_attempts: 0\n", 2, 17,
            "expected an integer from 1 to 10, got 0"),
        BadConfig(
            "publish.stall_timeout_s", "publish:\n  stall_timeout_s: 601\n", 2, 20,
            "expected an integer from 1 to 600, got 601"),
        BadConfig(
            "publish.endpoint", "publish:\n  endpoint: ftp://x\n", 2, 13,
            "expected an http:// or https:// URL, got string \"ftp://x\""),
        BadConfig(
            "publish.target", "publish:\n  target: s3:///prefix\n", 2, 11,
            "expected s3://bucket[/prefix], got string \"s3:///prefix\""),
        BadConfig("group_by empty", "group_by: []\n", 1, 11, "expected at least one entry"),
        BadConfig("group_by duplicate", "group_by: [city, city]\n", 1, 18, "duplicate entry \"city\""),
        BadConfig("zones empty", "zones: []\n", 1, 8, "expected at least one entry"),
        BadConfig("output empty", "output: ''\n", 1, 9, "expected a non-empty string"),
        BadConfig(
            "tiles.max_zoom", "tiles:\n  max_zoom: 19\n", 2, 13, "expected an integer from 0 to 18, got 19"),
        BadConfig(
            "tiles.min_zoom above max_zoom", "tiles: {min_zoom: 9, max_zoom: 4}\n", 1, 19,
            "min_zoom 9 is above max_zoom 4"),
        BadConfig("tiles.extent", "tiles: {extent: 5000}\n", 1, 17, "extent 5000 is not one of 4096, 8192"),
        BadConfig(
            "tiles.extent range", "tiles: {extent: 16384}\n", 1, 17, "expected an integer from 4096 to 8192, got 16384"),
    ])
    func outOfRange(_ bad: BadConfig) { bad.check() }
}

/// Unknown keys: reported at the key, listing the allowed ones.
@Suite struct ConfigUnknownKeyTests {
    @Test(arguments: [
        BadConfig(
            "top level", "zones: a\nfoo: 1\n", 2, 1,
            "unknown key 'foo'; expected one of: zones, output, group_by, keep, precision, repair, overlaps, "
                + "simplify, antimeridian, gaps, styles, gzip_level, encodings, brotli_quality, publish, points, "
                + "tiles"),
        BadConfig(
            "tiles", "tiles:\n  maxzoom: 12\n", 2, 3,
            "unknown key 'maxzoom' in 'tiles'; expected one of: format, min_zoom, max_zoom, extent"),
        BadConfig(
            "publish", "publish:\n  target: x\n  bucket: y\n", 3, 3,
            "unknown key 'bucket' in 'publish'; expected one of: target, endpoint, region, addressing, "
                + "keep_versions, manifest_max_age, concurrency, max_attempts, stall_timeout_s"),
        BadConfig(
            "simplify flow", "simplify: {tolerance: 1}\n", 1, 12,
            "unknown key 'tolerance' in 'simplify'; expected one of: tolerance_m, method, min_area_m2"),
        BadConfig(
            "overlaps", "overlaps:\n  allow: true\n", 2, 3,
            "unknown key 'allow' in 'overlaps'; expected one of: priority"),
        BadConfig(
            "style definition member", "styles:\n  definitions:\n    parking:\n      colour: red\n", 4, 7,
            "unknown key 'colour' in 'styles.definitions.parking'; expected one of: "
                + "stroke, stroke-width, stroke-opacity, fill, fill-opacity"),
    ])
    func unknownKey(_ bad: BadConfig) { bad.check() }
}

/// Duplicate keys: reported at the repeat, naming the first occurrence.
@Suite struct ConfigDuplicateKeyTests {
    @Test(arguments: [
        BadConfig(
            "top level", "zones: a\noutput: b\nzones: c\n", 3, 1,
            "duplicate key 'zones' (first at line 1, column 1)"),
        BadConfig(
            "nested", "simplify:\n  method: visvalingam\n\n  # again\n  method: douglas-peucker\n", 5, 3,
            "duplicate key 'method' (first at line 2, column 3)"),
        BadConfig(
            "quoted repeat", "publish:\n  region: a\n  \"region\": b\n", 3, 3,
            "duplicate key 'region' (first at line 2, column 3)"),
        BadConfig(
            "flow", "simplify: {method: a, method: b}\n", 1, 23,
            "duplicate key 'method' (first at line 1, column 12)"),
    ])
    func duplicateKey(_ bad: BadConfig) { bad.check(kind: .syntax) }
}

/// Text that is not YAML: a syntax error at the position Yams reports.
@Suite struct ConfigSyntaxErrorTests {
    @Test(arguments: [
        BadConfig(
            "unclosed flow list", "zones: [a, b\noutput: dist\n", 2, 7,
            "invalid YAML: while parsing a flow sequence at line 1, column 8, did not find expected ',' or ']'"),
        BadConfig(
            "bad indentation", "zones: a\n  output: b\n", 2, 9,
            "invalid YAML: mapping values are not allowed in this context"),
        BadConfig(
            "tab indentation", "zones:\n\t- a\n", 2, 1,
            "invalid YAML: a tab indents this line; YAML allows only spaces for indentation"),
        BadConfig(
            "tab after spaces", "zones: a\nsimplify:\n  method: visvalingam\n  \ttolerance_m: 2\n", 4, 3,
            "invalid YAML: a tab indents this line; YAML allows only spaces for indentation"),
        BadConfig(
            "tab before a comment", "zones: a\n\t# note\noutput: dist\n", 2, 1,
            "invalid YAML: a tab indents this line; YAML allows only spaces for indentation"),
        BadConfig(
            "tab after a key, not indenting", "zones: a\noutput:\t\"dist\n", 3, 1,
            "invalid YAML: while scanning a quoted scalar at line 2, column 9, found unexpected end of stream"),
        BadConfig(
            "unterminated quote", "precision: 6\noutput: \"dist\n", 3, 1,
            "invalid YAML: while scanning a quoted scalar at line 2, column 9, found unexpected end of stream"),
        BadConfig(
            "two documents", "zones: a\n---\noutput: b\n", 2, 1,
            "invalid YAML: expected a single document in the stream at line 1, column 1, "
                + "but found another document"),
        BadConfig(
            "control character", "zones: a\noutput: é\u{07}\n", 2, 10,
            "invalid YAML: control characters are not allowed"),
        BadConfig("undefined alias", "zones: a\noutput: *missing\n", 2, 9, "invalid YAML: found undefined alias"),
    ])
    func invalidYAML(_ bad: BadConfig) { bad.check(kind: .syntax) }
}
