import AWSSigning
import Foundation

/// The signing parameters of one suite case, in the keys of aws-c-auth's `context.json`.
struct SuiteContext {
    var signer: SigV4Signer
    var date: SigningDate

    /// Reads `credentials`, `region`, `service`, `timestamp`, `normalize`, `sign_body` and
    /// `omit_session_token` from `json`, with `fallback` supplying keys `json` lacks.
    init(_ json: [String: Any], fallback: [String: Any] = [:]) throws {
        func value<T>(_ key: String, _ type: T.Type) throws -> T {
            guard let found = (json[key] ?? fallback[key]) as? T else {
                throw FixtureError(message: "context: missing or mistyped \(key)")
            }
            return found
        }
        var credentials = (fallback["credentials"] as? [String: Any]) ?? [:]
        credentials.merge((json["credentials"] as? [String: Any]) ?? [:]) { $1 }
        guard let keyID = credentials["access_key_id"] as? String,
            let secret = credentials["secret_access_key"] as? String
        else {
            throw FixtureError(message: "context: missing credentials")
        }
        let timestamp = try value("timestamp", String.self)
        guard let instant = ISO8601DateFormatter().date(from: timestamp) else {
            throw FixtureError(message: "context: bad timestamp \(timestamp)")
        }
        date = SigningDate(secondsSince1970: Int(instant.timeIntervalSince1970))
        signer = SigV4Signer(
            credentials: SigV4Credentials(
                accessKeyID: keyID,
                secretAccessKey: secret,
                sessionToken: credentials["token"] as? String
            ),
            region: try value("region", String.self),
            service: try value("service", String.self),
            options: SigV4Options(
                signsBody: try value("sign_body", Bool.self),
                normalizesPath: try value("normalize", Bool.self),
                omitsSessionToken: (json["omit_session_token"] ?? fallback["omit_session_token"]) as? Bool ?? false
            )
        )
    }
}
