import GQLPatchSupport
import JSON

/// What `InitiateAuth` and `RespondToAuthChallenge` answered: tokens, or a challenge to answer.
/// Every field is checked: a missing or mistyped one is refused with the endpoint named (exit 76).
package enum CognitoAnswer: Sendable, Equatable {
    case tokens(UserPoolTokens)
    /// `parameters` keeps the string-valued `ChallengeParameters` (the only kind gqlpatch reads).
    case challenge(name: String, session: String?, parameters: [String: String])

    /// The longest token accepted (Cognito's are 1-4 KB; a group-heavy ID token can be larger).
    package static let maxTokenBytes = 32 << 10
    /// The longest token lifetime accepted: Cognito's ID and access tokens last one day at most.
    package static let maxLifetime = 86_400

    /// Reads `object`. `now` dates the tokens' expiry; `problem` words a refusal (`what` and host
    /// are already in it).
    package static func read(_ object: JSONObject, now: Int, problem: (String) -> GQLPatchError)
        throws(GQLPatchError) -> CognitoAnswer
    {
        if let result = object["AuthenticationResult"], !result.isNull {
            guard let result = result.objectValue else { throw problem("AuthenticationResult is not an object") }
            return .tokens(try tokens(in: result, now: now, problem: problem))
        }
        guard let nameValue = object["ChallengeName"], !nameValue.isNull else {
            throw problem("the answer has neither AuthenticationResult nor ChallengeName")
        }
        guard let name = nameValue.stringValue, !name.isEmpty, name.count <= 64,
            name.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber || $0 == "_") })
        else { throw problem("ChallengeName is not a challenge's name") }
        var session: String?
        if let value = object["Session"], !value.isNull {
            guard let text = value.stringValue, !text.isEmpty, text.utf8.count <= 8192 else {
                throw problem("Session is not a non-empty string of at most 8192 bytes")
            }
            session = text
        }
        var parameters: [String: String] = [:]
        if let value = object["ChallengeParameters"], !value.isNull {
            guard let fields = value.objectValue else { throw problem("ChallengeParameters is not an object") }
            for (key, value) in fields {
                if let text = value.stringValue { parameters[key] = text }
            }
        }
        return .challenge(name: name, session: session, parameters: parameters)
    }

    private static func tokens(in result: JSONObject, now: Int, problem: (String) -> GQLPatchError)
        throws(GQLPatchError) -> UserPoolTokens
    {
        func token(_ name: String, required: Bool) throws(GQLPatchError) -> String? {
            guard let value = result[name], !value.isNull else {
                if required { throw problem("AuthenticationResult has no \(name)") }
                return nil
            }
            guard let text = value.stringValue, !text.isEmpty else {
                throw problem("AuthenticationResult.\(name) is not a non-empty string")
            }
            guard text.utf8.count <= maxTokenBytes else {
                throw problem("AuthenticationResult.\(name) is longer than \(maxTokenBytes) bytes")
            }
            if let bad = HeaderCheck.problem(inValue: text) {
                throw problem("AuthenticationResult.\(name) holds \(bad), which cannot be sent in an HTTP header")
            }
            return text
        }
        let id = try token("IdToken", required: true)!
        let access = try token("AccessToken", required: true)!
        let refresh = try token("RefreshToken", required: false)
        guard let lifetime = result["ExpiresIn"]?.intValue else {
            throw problem("AuthenticationResult.ExpiresIn is missing or not a whole number of seconds")
        }
        guard (1...maxLifetime).contains(lifetime) else {
            throw problem("AuthenticationResult.ExpiresIn \(lifetime) is not between 1 and \(maxLifetime) seconds")
        }
        return UserPoolTokens(
            idToken: id, accessToken: access, refreshToken: refresh, obtainedAt: now, expiresAt: now + lifetime)
    }
}
