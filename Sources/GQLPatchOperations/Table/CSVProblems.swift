/// The problems of one row, or of a header.
public struct CSVProblems: Error, Sendable, Equatable {
    public var problems: [CSVCellProblem]

    public init(_ problems: [CSVCellProblem]) {
        self.problems = problems
    }
}
