import ArgumentParser

/// An option given under its name or under its old spelling, kept hidden for one release:
/// `--from` for publish's `--dist`, `--target` for diff's `--against`, `--out` for sync's `--cache`.
/// Both at once is a usage error.
func renamed(_ value: String?, old: String?, name: String, oldName: String) throws -> String? {
    if value != nil, old != nil { throw ValidationError("\(oldName) is the old name of \(name): give \(name) only") }
    return value ?? old
}
