import GQLPatchSupport
import JSON

/// The command line's names for the input sources the lower layers report against: `--key id`,
/// `missing --key rowID`, `give --set rowID=VALUE`.
package struct CommandLineWording: InputWording {
    package init() {}

    package func name(_ source: InputSource) -> String {
        switch source {
        case .id: return "--id"
        case .key: return "--key"
        case .set: return "--set"
        case .unset: return "--unset"
        case .patch: return "--patch"
        case .append: return "--append"
        case .prepend: return "--prepend"
        case .remove: return "--remove"
        case .add: return "--add"
        case .increment: return "--incr"
        case .decrement: return "--decr"
        case .unguarded: return "--unguarded"
        case .condition: return "--if"
        case .select: return "--select"
        case .filter: return "--where"
        case .filterJSON: return "--filter"
        case .sort: return "--sort"
        case .pageSize: return "--page-size"
        case .index: return "--index"
        case .expectVersion: return "--expect-version"
        case .conflictResolution: return "--conflict-resolution"
        case .next: return "--next"
        case .start: return "--start"
        case .groupBy: return "--by"
        case .insertAt: return "--at"
        case .renumberField: return "--field"
        case .variable: return "--var"
        case .operation: return "--operation"
        case .atomic: return "--atomic"
        case .resume: return "--resume"
        case .region: return "--region"
        case .profile: return "--profile"
        case .passwordFile: return "--password-file"
        case .mfaCode: return "--mfa-code"
        case .clientID: return "--client-id"
        case .authFlow: return "--auth-flow"
        case .verbose: return "--verbose"
        }
    }

    package func field(_ field: String, in source: InputSource) -> String { "\(name(source)) \(field)" }

    package func missing(_ field: String, in source: InputSource) -> String { "missing \(name(source)) \(field)" }

    package func given(in source: InputSource) -> String { "with \(name(source))" }

    package func assignment(_ field: String, object: Bool, in source: InputSource) -> String {
        object ? "\(name(source)) \(field):='{...}'" : "\(name(source)) \(field)=VALUE"
    }

    package func listAssignment(_ field: String, element: String, addable: Bool, in source: InputSource) -> String {
        let list = JSONValue.array([.string(element)]).serialized()
        let whole = "give the whole list as JSON (\(name(source)) \(LostWriteHint.shellQuoted("\(field):=\(list)")))"
        guard addable else { return whole }
        return whole + ", or add one element with \(name(.add)) \(LostWriteHint.shellQuoted("\(field)=\(element)"))"
    }
}
