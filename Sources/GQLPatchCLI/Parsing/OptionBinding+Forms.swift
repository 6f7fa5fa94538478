import GQLPatchSupport

/// The ways an option's value is stored: set (the last one given wins), once (a second is refused),
/// appended (repeatable), or a flag.
extension OptionBinding {
    /// A flag that sets `path`.
    package static func flag(
        _ name: String, short: String? = nil, _ help: String, section: String = "Options",
        sets path: WritableKeyPath<Target, Bool> & Sendable
    ) -> Self {
        OptionBinding(.flag(name, short: short, help, section: section)) { target, _, _ in target[keyPath: path] = true
        }
    }

    /// A flag and its opposite (`--compact | --pretty`): `name` stores `value` in `path`, `opposite`
    /// the reverse.
    package static func flag(
        _ name: String, opposite: String, _ help: String, section: String = "Options",
        stores value: Bool, in path: WritableKeyPath<Target, Bool> & Sendable
    ) -> Self {
        OptionBinding(.flag(name, opposite: opposite, help, section: section)) { target, _, given in
            target[keyPath: path] = given == name ? value : !value
        }
    }

    /// A value read by `reader`; a later one replaces an earlier one.
    package static func value<Value>(
        _ name: String, short: String? = nil, _ valueName: String, _ help: String, moreForms: [OptionSpec.Form] = [],
        section: String = "Options", completes: OptionCompletion = .none, read reader: ValueReader<Value>,
        into path: WritableKeyPath<Target, Value> & Sendable
    ) -> Self {
        OptionBinding(
            .value(
                name, short: short, valueName, help, values: reader.choices, moreForms: moreForms, section: section,
                completion: completes)
        ) { (target, value, given) throws(GQLPatchError) in
            target[keyPath: path] = try reader.read(value, given)
        }
    }

    /// A value read by `reader` into an optional; a later one replaces an earlier one.
    package static func value<Value>(
        _ name: String, short: String? = nil, _ valueName: String, _ help: String, moreForms: [OptionSpec.Form] = [],
        section: String = "Options", completes: OptionCompletion = .none, read reader: ValueReader<Value>,
        into path: WritableKeyPath<Target, Value?> & Sendable
    ) -> Self {
        OptionBinding(
            .value(
                name, short: short, valueName, help, values: reader.choices, moreForms: moreForms, section: section,
                completion: completes)
        ) { (target, value, given) throws(GQLPatchError) in
            target[keyPath: path] = try reader.read(value, given)
        }
    }

    /// A value that may be given once: a second is refused (`--id given twice`).
    package static func once<Value>(
        _ name: String, _ valueName: String, _ help: String, section: String = "Options",
        completes: OptionCompletion = .none, read reader: ValueReader<Value>,
        into path: WritableKeyPath<Target, Value?> & Sendable
    ) -> Self {
        OptionBinding(.value(name, valueName, help, section: section, completion: completes)) {
            (target, value, given) throws(GQLPatchError) in
            if target[keyPath: path] != nil { throw .usage("\(given) given twice") }
            target[keyPath: path] = try reader.read(value, given)
        }
    }

    /// A repeatable value, each appended to `path` (`--set`, `--where`).
    package static func repeated<Value>(
        _ name: String, _ valueName: String, _ help: String, moreForms: [OptionSpec.Form] = [],
        section: String = "Options", completes: OptionCompletion = .none, read reader: ValueReader<Value>,
        appending path: WritableKeyPath<Target, [Value]> & Sendable
    ) -> Self {
        OptionBinding(
            .value(
                name, valueName, help, repeats: true, moreForms: moreForms, section: section,
                completion: completes)
        ) { (target, value, given) throws(GQLPatchError) in
            target[keyPath: path].append(try reader.read(value, given))
        }
    }

    /// A repeatable list (`--select a,b --select c`), each one's items appended to `path`.
    package static func list(
        _ name: String, _ valueName: String, _ help: String, section: String = "Options",
        completes: OptionCompletion = .fieldList, read reader: ValueReader<[String]>,
        appending path: WritableKeyPath<Target, [String]?> & Sendable
    ) -> Self {
        OptionBinding(.value(name, valueName, help, repeats: true, section: section, completion: completes)) {
            (target, value, given) throws(GQLPatchError) in
            target[keyPath: path] = (target[keyPath: path] ?? []) + (try reader.read(value, given))
        }
    }

    /// A repeatable list into a list that is never absent (`--by a,b --by c`).
    package static func list(
        _ name: String, _ valueName: String, _ help: String, section: String = "Options",
        completes: OptionCompletion = .fieldList, read reader: ValueReader<[String]>,
        appending path: WritableKeyPath<Target, [String]> & Sendable
    ) -> Self {
        OptionBinding(.value(name, valueName, help, repeats: true, section: section, completion: completes)) {
            (target, value, given) throws(GQLPatchError) in
            target[keyPath: path] += try reader.read(value, given)
        }
    }

    /// A value from a fixed set (`--auth`, `--sort`): the enumeration's raw values, which help lists
    /// (unless `valueName` names them) and completion offers.
    package static func choice<Choice: CaseIterable & RawRepresentable & Sendable>(
        _ name: String, valueName: String? = nil, _ help: String, section: String = "Options",
        lowercased: Bool = false, into path: WritableKeyPath<Target, Choice?> & Sendable
    ) -> Self where Choice.RawValue == String {
        let reader = ValueReader<Choice>.choice(lowercased: lowercased)
        return .value(
            name, valueName ?? (reader.choices ?? []).joined(separator: "|"), help, section: section, read: reader,
            into: path)
    }

    /// A value from a fixed set, into a property with a default.
    package static func choice<Choice: CaseIterable & RawRepresentable & Sendable>(
        _ name: String, valueName: String? = nil, _ help: String, section: String = "Options",
        into path: WritableKeyPath<Target, Choice> & Sendable
    ) -> Self where Choice.RawValue == String {
        let reader = ValueReader<Choice>.choice()
        return .value(
            name, valueName ?? (reader.choices ?? []).joined(separator: "|"), help, section: section, read: reader,
            into: path)
    }
}
