extension FaultProxy {
    /// Faults for the requests with one method whose target contains a text, e.g. every PUT
    /// of an artifact (`Rule("PUT", "/zones/", …)`). The first `skip` matching requests are
    /// forwarded faithfully; the next ones get `faults` in order, then `then` (nil: forwarded).
    /// With `perTarget`, each distinct target counts its own requests (a burst per object).
    public struct Rule: Sendable {
        public var method: String
        public var targetContains: String
        public var skip: Int
        public var faults: [Fault]
        public var then: Fault?
        public var perTarget: Bool

        public init(
            _ method: String, _ targetContains: String, skip: Int = 0, faults: [Fault] = [],
            then: Fault? = nil, perTarget: Bool = false
        ) {
            self.method = method
            self.targetContains = targetContains
            self.skip = skip
            self.faults = faults
            self.then = then
            self.perTarget = perTarget
        }

        func matches(_ request: HTTPHead) -> Bool {
            request.method == method && request.target.contains(targetContains)
        }
    }

    /// A rule and how many requests it has matched (in all, or per target).
    struct RuleState {
        let rule: Rule
        var seen: [String: Int] = [:]

        init(_ rule: Rule) { self.rule = rule }

        /// The fault for the next matching request to `target`.
        mutating func next(for target: String) -> Fault? {
            let key = rule.perTarget ? target : ""
            let n = seen[key, default: 0]
            seen[key] = n + 1
            guard n >= rule.skip else { return nil }
            let k = n - rule.skip
            return k < rule.faults.count ? rule.faults[k] : rule.then
        }
    }
}
