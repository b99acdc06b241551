/// 10^n for small n, exactly.
package func pow10(_ n: Int) -> Double {
    var p = 1.0
    for _ in 0..<n { p *= 10 }
    return p
}
