/// One value a run uses and where it came from (`env show`); a secret's value is never kept.
package struct SettingValue: Sendable, Equatable {
    /// `endpoint`, `apiId`, `schema`, `config`, `auth`, `apiKey`, `region`, `profile`, `userPoolId`, `clientId`.
    package var name: String
    /// nil for a secret (`apiKey`: only whether it is set, and where from).
    package var value: String?
    package var source: SettingSource

    package init(name: String, value: String?, source: SettingSource) {
        self.name = name
        self.value = value
        self.source = source
    }
}
