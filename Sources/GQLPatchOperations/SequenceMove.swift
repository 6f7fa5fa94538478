/// One row of a sequence moving from its number to another (`insert`, `renumber`).
public struct SequenceMove: Sendable, Equatable, CustomStringConvertible {
    public var from: Int
    public var to: Int

    public init(from: Int, to: Int) {
        self.from = from
        self.to = to
    }

    public var description: String { "\(from)->\(to)" }
}
