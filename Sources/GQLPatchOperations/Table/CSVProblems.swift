import CSV

/// The problems of one row, or of a header.
public struct CSVProblems: Error, Sendable, Equatable {
    public var problems: [CSVProblem]

    public init(_ problems: [CSVProblem]) {
        self.problems = problems
    }
}
