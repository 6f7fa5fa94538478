/// The one error type the library's layers throw: what went wrong (which fixes the exit code)
/// and a message that names the problem and where. Messages never hold secrets.
public struct GQLPatchError: Error, Sendable, CustomStringConvertible {
    public var code: ExitCode
    public var message: String
    /// Whether the request may have reached the server although no usable answer came back (the
    /// connection was lost after sending, a timeout, a broken response): a write may or may not have
    /// been applied. Set by the transport.
    public var requestMayHaveArrived = false
    /// The request never left: no connection to the server could be made (refused, no such host).
    /// Set by the transport; the retry rules read it.
    public var notConnected = false
    /// What the failure is, for a decision its code does not settle (nil: the code says it all).
    public var kind: FailureKind?

    public init(_ code: ExitCode, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }

    /// A failure of `code`, `message` and `kind`.
    public init(_ code: ExitCode, _ message: String, kind: FailureKind) {
        self.init(code, message)
        self.kind = kind
    }

    public static func usage(_ message: String) -> GQLPatchError { GQLPatchError(.usage, message) }
    public static func invalidInput(_ message: String) -> GQLPatchError { GQLPatchError(.invalidInput, message) }
    public static func unreadableFile(_ message: String) -> GQLPatchError { GQLPatchError(.unreadableFile, message) }
    public static func configuration(_ message: String) -> GQLPatchError { GQLPatchError(.configuration, message) }
    /// Input naming what the schema lacks (exit 65, kind `unknownName`).
    public static func unknownName(_ message: String) -> GQLPatchError {
        GQLPatchError(.invalidInput, message, kind: .unknownName)
    }
}
