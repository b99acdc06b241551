import ZoneClient

/// "May I park here?", from the synced cache (no network): whether the zone at the position
/// has one of the `allowed` styles. Outside every zone (or every city): false.
func mayPark(_ client: ZoneClient, longitude: Double, latitude: Double, allowed: Set<String>)
    async throws(ZoneClientError) -> Bool
{
    let answer = try await client.lookup(longitude: longitude, latitude: latitude)
    guard let style = answer.style else { return false }
    return allowed.contains(style)
}

/// Many positions in one city (a route, a list of car parks): the city's index once, then
/// direct calls, with no actor hop a position.
func zoneStyles(_ client: ZoneClient, city: String, positions: [(longitude: Double, latitude: Double)])
    async throws(ZoneClientError) -> [String?]
{
    let index = try await client.index(city: city)
    return positions.map { index.style(longitude: $0.longitude, latitude: $0.latitude) }
}
