import Foundation

extension JSONDecoder {
    /// A decoder for the JSON the Python checks and the AWS suite write: `overlap_m2` fills `overlapM2`.
    public static var fromSnakeCase: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }
}
