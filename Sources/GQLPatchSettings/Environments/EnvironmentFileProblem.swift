/// What is wrong with the environments file (worded into a configuration error with its path).
package struct EnvironmentFileProblem: Error, Sendable {
    package var message: String

    package init(_ message: String) {
        self.message = message
    }
}
