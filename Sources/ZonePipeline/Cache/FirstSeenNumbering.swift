import Foundation

/// Values numbered in the order first seen: a cache entry writes each distinct value once, in
/// a table, and refers to it by number (property sets, messages, strings).
struct FirstSeenNumbering<Value: Hashable> {
    private var numbers: [Value: Int] = [:]
    private(set) var order: [Value] = []

    mutating func number(_ v: Value) -> Int {
        if let n = numbers[v] { return n }
        numbers[v] = order.count
        order.append(v)
        return order.count - 1
    }
}
