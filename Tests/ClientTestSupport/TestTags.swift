import Testing

/// What a test needs beyond the toolchain and the system libraries. `make test` installs all of
/// it (scripts/install-deps.sh --test) and runs every test; `make test-fast`
/// (scripts/test-fast.sh) leaves out the tests and suites that carry one of these tags.
/// A suite's tags are its tests' tags too.
extension Tag {
    /// Runs the test venv's Python (`ZONECTL_PYTHON`): a script of Tests/*/Scripts, shapely,
    /// pyproj, pysupercluster-rust, the antimeridian package.
    @Tag public static var python: Self
    /// Starts a moto_server (the venv's moto) for a real S3 API.
    @Tag public static var moto: Self
    /// Draws with MapLibre Native (the venv's mapli, under Xvfb).
    @Tag public static var mapli: Self
    /// Reads with GDAL's ogrinfo (Debian's gdal-bin).
    @Tag public static var gdal: Self
    /// Takes long enough (seconds on 2 cores) to keep out of the quick loop.
    @Tag public static var slow: Self
}
