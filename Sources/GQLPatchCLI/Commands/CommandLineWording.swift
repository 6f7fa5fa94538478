import GQLPatchSupport
import JSON

/// The command line's names for the input sources the lower layers report against: `--key id`,
/// `missing --key rowID`, `give --set rowID=VALUE`.
package struct CommandLineWording: InputWording {
    /// The option that gives conditions: `--if`, or `wait`'s `--until`.
    package var conditionOption = OptionName.if

    package init() {}

    package init(conditionOption: String) { self.conditionOption = conditionOption }

    package func name(_ source: InputSource) -> String {
        switch source {
        case .id: return OptionName.id
        case .key: return OptionName.key
        case .set: return OptionName.set
        case .unset: return OptionName.unset
        case .patch: return OptionName.patch
        case .append: return OptionName.append
        case .prepend: return OptionName.prepend
        case .remove: return OptionName.remove
        case .add: return OptionName.add
        case .increment: return OptionName.incr
        case .decrement: return OptionName.decr
        case .unguarded: return OptionName.unguarded
        case .condition: return conditionOption
        case .select: return OptionName.select
        case .filter: return OptionName.where
        case .filterJSON: return OptionName.filter
        case .sort: return OptionName.sort
        case .pageSize: return OptionName.pageSize
        case .index: return OptionName.index
        case .expectVersion: return OptionName.expectVersion
        case .conflictResolution: return OptionName.conflictResolution
        case .next: return OptionName.next
        case .start: return OptionName.start
        case .groupBy: return OptionName.by
        case .insertAt: return OptionName.at
        case .renumberField: return OptionName.field
        case .viaGap: return OptionName.viaGap
        case .variable: return OptionName.var
        case .operation: return OptionName.operation
        case .argument: return OptionName.arg
        case .idempotent: return OptionName.idempotent
        case .atomic: return OptionName.atomic
        case .journal: return OptionName.journal
        case .resume: return OptionName.resume
        case .allowIncomplete: return OptionName.allowIncomplete
        case .mapOwner: return OptionName.mapOwner
        case .region: return OptionName.region
        case .profile: return OptionName.profile
        case .passwordFile: return OptionName.passwordFile
        case .mfaCode: return OptionName.mfaCode
        case .clientID: return OptionName.clientId
        case .authFlow: return OptionName.authFlow
        case .verbose: return OptionName.verbose
        case .apiKey: return OptionName.apiKey
        case .token: return OptionName.token
        case .identityPoolID: return OptionName.identityPoolId
        case .config: return OptionName.config
        case .header: return OptionName.header
        case .apiID: return OptionName.apiID
        case .allowInsecureHTTP: return OptionName.allowInsecureHttp
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
