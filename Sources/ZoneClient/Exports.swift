// What an app imports: the ZoneClient actor and the URLSession transport here, and everything
// else (sync, manifest, lookups, zone layers and styles) from ZoneClientCore, which the zonectl
// CLI links without the networking stack.
@_exported public import ZoneClientCore
