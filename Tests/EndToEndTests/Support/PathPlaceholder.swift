/// The `X` that a test's arguments, environment and config text put where a file's path goes. Only
/// the token is replaced (a whole `X`, an `@X` at the end, a config value `= X`), never an `X`
/// elsewhere: a temporary folder's random name (`/tmp/tmp.nJpXP4h7FK`, the clone a fresh CI run
/// works in) holds one as often as not, and replacing it broke the schema's path.
enum PathPlaceholder {
    static func substitute(_ text: String, with path: String) -> String {
        if text == "X" { return path }
        if text.hasSuffix("@X") { return String(text.dropLast()) + path }
        return text.replacingOccurrences(of: "= X\n", with: "= \(path)\n")
    }
}
