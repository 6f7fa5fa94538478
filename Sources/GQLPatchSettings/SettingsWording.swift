import GQLPatchSupport

/// How the caller says what settings report: each input by its name (`InputWording`), each problem
/// as the error that ends the run (message and exit code), and the verbose note of a run without a
/// config; the command line's names its given.
package protocol SettingsWording: InputWording {
    func error(_ problem: SettingsProblem) -> GQLPatchError
    /// What `config:` says when no config was named and none is in `directory`.
    func noConfig(in directory: String) -> String
}
