/// `--output record|envelope`: what stdout carries on success.
public enum OutputMode: String, Sendable, CaseIterable {
    /// The record the mutation or query returned.
    case record
    /// The whole GraphQL response (`{"data": ..., "errors": ...}`), also printed on GraphQL failures.
    case envelope
}
