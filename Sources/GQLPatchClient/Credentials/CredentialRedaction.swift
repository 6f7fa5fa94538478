import GQLPatchSupport

/// How credential parts are shown to people. Secret keys and session tokens are never shown at all.
package enum CredentialRedaction {
    /// `AKIAIOSFODNN7EXAMPLE` → `AKIA…MPLE`; a short id becomes `…`.
    package static func accessKeyID(_ id: String) -> String {
        Redactor.redact(id)
    }
}
