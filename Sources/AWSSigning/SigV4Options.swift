/// Choices that differ between AWS services and SigV4 test suites.
public struct SigV4Options: Sendable, Hashable {
    /// Add and sign an `x-amz-content-sha256` header holding the body hash (S3 style). Off by default;
    /// AppSync does not need it.
    public var signsBody: Bool
    /// Normalise the path before encoding: drop `.` and empty segments and resolve `..`. On by default;
    /// S3 wants it off.
    public var normalizesPath: Bool
    /// Add `X-Amz-Security-Token` only after signing, leaving it out of the signed headers. Off by
    /// default: the token is signed.
    public var omitsSessionToken: Bool

    /// Makes options; the defaults suit AppSync and most non-S3 services.
    public init(signsBody: Bool = false, normalizesPath: Bool = true, omitsSessionToken: Bool = false) {
        self.signsBody = signsBody
        self.normalizesPath = normalizesPath
        self.omitsSessionToken = omitsSessionToken
    }
}
