import GQLPatchSupport
import JSON

/// A Cognito error answer (`{"__type": "...#NotAuthorizedException", "message": "..."}`), read and
/// given its exit code.
package struct CognitoFailure: Sendable, Equatable {
    /// The error's name without a namespace (`NotAuthorizedException`); nil when the body has none.
    package var type: String?
    package var message: String?
    package var status: Int

    /// Reads the error of an answer that was not HTTP 200; `body` may be anything.
    package init(status: Int, body: [UInt8]) {
        self.status = status
        let object = (try? JSONValue.parse(body))?.objectValue
        if let raw = object?["__type"]?.stringValue, !raw.isEmpty {
            let name = raw.split(separator: "#", omittingEmptySubsequences: false).last.map(String.init) ?? raw
            type = name.isEmpty ? nil : String(name.prefix(200))
        }
        // Cognito writes `message`; some errors (and the JSON 1.1 protocol's others) `Message`.
        message = (object?["message"] ?? object?["Message"])?.stringValue.map { String($0.prefix(500)) }
    }

    /// The refusals of the user's sign-in itself: wrong password, disabled or unknown user, an expired
    /// or revoked refresh token, a wrong MFA code.
    package static let refusals: Set<String> = [
        "NotAuthorizedException", "UserNotFoundException", "UserNotConfirmedException",
        "PasswordResetRequiredException", "CodeMismatchException", "ExpiredCodeException",
        "MFAMethodNotFoundException",
    ]
    /// The answers that say "later": retried, then exit 75.
    package static let throttles: Set<String> = ["TooManyRequestsException", "LimitExceededException"]
    /// The service's own failures: retried, then exit 69.
    package static let serviceFailures: Set<String> = ["InternalErrorException", "ServiceUnavailableException"]

    /// Whether trying again later may succeed.
    package var isTransient: Bool {
        status >= 500 || status == 429 || Self.throttles.contains(type ?? "")
            || Self.serviceFailures.contains(type ?? "")
    }

    package var exitCode: ExitCode {
        let type = type ?? ""
        if Self.refusals.contains(type) { return .unauthorized }
        if Self.throttles.contains(type) || status == 429 { return .throttled }
        if status >= 500 || Self.serviceFailures.contains(type) { return .unavailable }
        if status == 401 || status == 403 { return .unauthorized }
        // A body that is not a Cognito error: something else answered at that address.
        if self.type == nil { return .badResponse }
        // InvalidParameterException, ResourceNotFoundException (a wrong client id), a client that does
        // not allow the flow, ...: the configuration must change.
        return .configuration
    }

    /// `HTTP 400 NotAuthorizedException: Incorrect username or password.`
    package var text: String {
        var text = "HTTP \(status)"
        if let type { text += " \(type)" }
        if let message, !message.isEmpty { text += ": \(message)" }
        return text
    }

    /// What to do about it, when that is known (`wording` names gqlpatch's own settings).
    package func hint(_ wording: any InputWording) -> String? {
        switch type {
        case "ResourceNotFoundException":
            return
                "check the app client id (\(wording.name(.clientID)), auth.user_pool_client_id) and the pool's region"
        case "UserNotConfirmedException":
            return "confirm the user first (aws cognito-idp admin-confirm-sign-up)"
        case "PasswordResetRequiredException":
            return "reset the password (aws cognito-idp admin-set-user-password --permanent)"
        case "InvalidParameterException" where message?.contains("flow") == true:
            return
                "the app client may not allow this flow: try the other \(wording.name(.authFlow)), or allow it in the app client"
        default: return nil
        }
    }
}
