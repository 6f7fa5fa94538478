import AWSSigning
import GQLPatchSchema
import GQLPatchSupport
import JSON

/// Replaces personal data in records as they are exported (`--mask`). The same value maps to the
/// same masked value wherever it appears, within a run and across runs with the same key (an
/// HMAC-SHA256 of the value under the mask key, the kind mixed in), so keys, relations and unique
/// values still hold: a masked key field is masked the same way in every foreign key that refers
/// to it. A masked value never equals the value it replaces.
public struct RecordMasker: Sendable {
    /// Per model, the masked fields and their kinds.
    public private(set) var rules: [String: [String: FieldMask.Kind]] = [:]
    private let key: SymmetricKey

    /// The scalar types a mask applies to: text that can hold any of the kinds.
    static let textTypes: Set<String> = ["String", "ID", "AWSEmail", "AWSPhone", "AWSURL"]

    /// `masks` checked against the schema (the model and field exist, the field holds text), each
    /// key field's mask carried to every foreign key that refers to it, whichever models are
    /// written; a field of `models` (those written) that looks like a reference to a masked key but
    /// that no relation names is refused, since it would be written unmasked.
    public init(masks: [FieldMask], catalogue: ModelCatalogue, models: [String], key: [UInt8]) throws(GQLPatchError) {
        self.key = SymmetricKey(data: key)
        for mask in masks {
            guard let model = catalogue.models[mask.model] else {
                let hint =
                    FieldSuggestion.closest(to: mask.model, among: catalogue.modelNames)
                    .map { "; did you mean \($0)?" } ?? ""
                throw .invalidInput("mask \(mask.model).\(mask.field): the schema has no model \(mask.model)\(hint)")
            }
            guard let field = model.field(mask.field), field.relationship == nil else {
                let names = model.fields.filter { $0.relationship == nil }.map(\.name)
                let hint = FieldSuggestion.closest(to: mask.field, among: names).map { "; did you mean \($0)?" } ?? ""
                throw .invalidInput(
                    "mask \(mask.model).\(mask.field): \(mask.model) has no field \(mask.field)\(hint)")
            }
            guard Self.textTypes.contains(field.type.namedType) else {
                throw .invalidInput(
                    "mask \(mask.model).\(mask.field): it holds \(field.type.namedType), and only text fields (\(Self.textTypes.sorted().joined(separator: ", "))) are masked"
                )
            }
            let kind = mask.kind ?? Self.kind(for: field, isKey: model.primaryKey.contains(field.name))
            if let given = rules[model.name]?[field.name], given != kind {
                throw .invalidInput(
                    "mask \(mask.model).\(mask.field) is given as \(given.rawValue) and as \(kind.rawValue)")
            }
            rules[model.name, default: [:]][field.name] = kind
        }
        // A masked key is masked alike in what refers to it, so children still find their parent, and
        // alike whether or not its own model is written: the original never leaks through a child.
        for link in ModelLink.links(among: catalogue.modelNames, in: catalogue) {
            guard let referenced = catalogue.models[link.referenced], let masked = rules[link.referenced] else {
                continue
            }
            for (index, keyField) in referenced.primaryKey.enumerated() where index < link.fields.count {
                guard let kind = masked[keyField] else { continue }
                let holderField = link.fields[index]
                if let given = rules[link.holder]?[holderField], given != kind {
                    throw .invalidInput(
                        "mask \(link.holder).\(holderField) is given as \(given.rawValue), but it refers to \(link.referenced).\(keyField), masked as \(kind.rawValue)"
                    )
                }
                rules[link.holder, default: [:]][holderField] = kind
            }
        }
        try refuseUnlinkedReferences(models: models, catalogue: catalogue)
    }

    /// Refuses a text field of `models` named as a reference to a masked key field (`customerID` or
    /// `customer_id` for `Customer.id`) that no relation covers: the schema (a compiled one keeps no
    /// relations) does not say it refers there, and it would be written with the original values.
    private func refuseUnlinkedReferences(models: [String], catalogue: ModelCatalogue) throws(GQLPatchError) {
        for (maskedName, fields) in rules.sorted(by: { $0.key < $1.key }) {
            guard let masked = catalogue.models[maskedName] else { continue }
            for keyField in masked.primaryKey where fields[keyField] != nil {
                let base = maskedName.lowercased()
                let names: Set<String> = [base + keyField.lowercased(), base + "_" + keyField.lowercased()]
                for name in models {
                    guard let model = catalogue.models[name] else { continue }
                    for field in model.fields where field.relationship == nil && rules[name]?[field.name] == nil {
                        guard names.contains(field.name.lowercased()), Self.textTypes.contains(field.type.namedType)
                        else { continue }
                        let kind = fields[keyField]?.rawValue ?? "hash"
                        throw .invalidInput(
                            "mask \(maskedName).\(keyField): \(name).\(field.name) looks like a reference to it, but the schema names no relation between them (a compiled schema keeps none), so it would be written unmasked; mask \(name).\(field.name)=\(kind) too, or read the source schema, whose relations say what refers to \(maskedName)"
                        )
                    }
                }
            }
        }
    }

    /// The kind a field gets when none is given: from its type, else its name, else text.
    static func kind(for field: ModelField, isKey: Bool) -> FieldMask.Kind {
        let name = field.name.lowercased()
        if field.type.namedType == "AWSEmail" || name.contains("email") { return .email }
        if field.type.namedType == "AWSPhone" || name.contains("phone") { return .phone }
        if isKey || field.type.namedType == "ID" || name.hasSuffix("id") { return .hash }
        if name.contains("name") { return .name }
        return .text
    }

    /// Whether `model`'s records have fields to mask.
    public func masks(_ model: String) -> Bool { rules[model] != nil }

    /// `record` of `model` with its masked fields replaced (strings, and the strings of lists).
    public func mask(_ record: JSONObject, model: String) -> JSONObject {
        guard let fields = rules[model] else { return record }
        var masked = record
        for (field, kind) in fields {
            switch record[field] {
            case .string(let value)?: masked[field] = .string(mask(value, as: kind))
            case .array(let values)?:
                masked[field] = .array(values.map { $0.stringValue.map { .string(mask($0, as: kind)) } ?? $0 })
            default: break
            }
        }
        return masked
    }

    /// The masked value of `value` as `kind`.
    public func mask(_ value: String, as kind: FieldMask.Kind) -> String {
        let digest = HMAC<SHA256>.authenticationCode(for: Array("\(kind.rawValue)\u{0}\(value)".utf8), using: key).bytes
        let made = Self.make(kind, digest: digest, like: value)
        // The same only by a chance in 2^40 or so; still never handed back unchanged.
        return made == value ? made + "-masked" : made
    }

    static func make(_ kind: FieldMask.Kind, digest: [UInt8], like value: String) -> String {
        let hex = Hex.encode(digest)
        switch kind {
        case .email:
            return "user-\(hex.prefix(12))@example.com"
        case .phone:
            let number = digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) } % 10_000_000
            let digits = String(number)
            return "+1555" + String(repeating: "0", count: 7 - digits.count) + digits
        case .name:
            let first = firstNames[Int(digest[0]) % firstNames.count]
            let last = lastNames[Int(digest[1]) % lastNames.count]
            return "\(first) \(last) \(hex.prefix(4).uppercased())"
        case .hash:
            if Self.isUUID(value) {
                let h = Array(hex.prefix(32))
                return [h[0..<8], h[8..<12], h[12..<16], h[16..<20], h[20..<32]].map { String($0) }.joined(
                    separator: "-")
            }
            return String(hex.prefix(24))
        case .text:
            var words: [String] = []
            var length = 0
            var index = 0
            while length < max(1, value.count), index < digest.count {
                let word = lorem[Int(digest[index]) % lorem.count]
                words.append(word)
                length += word.count + 1
                index += 1
            }
            return words.joined(separator: " ")
        }
    }

    static func isUUID(_ value: String) -> Bool {
        let parts = value.split(separator: "-", omittingEmptySubsequences: false)
        return parts.map(\.count) == [8, 4, 4, 4, 12] && parts.allSatisfy { $0.allSatisfy(\.isHexDigit) }
    }

    static let firstNames = [
        "Avery", "Blake", "Casey", "Dana", "Eden", "Finley", "Gray", "Harper", "Indigo", "Jordan", "Kai", "Logan",
        "Morgan", "Noel", "Oakley", "Parker", "Quinn", "Reese", "Sage", "Taylor", "Umber", "Val", "Wren", "Yael",
    ]
    static let lastNames = [
        "Ashby", "Brook", "Carver", "Dale", "Ellis", "Frost", "Greer", "Hollis", "Ives", "Joss", "Kerr", "Lane",
        "Marsh", "Nash", "Oakes", "Penn", "Quill", "Rowe", "Stone", "Thorne", "Upton", "Vale", "Wells", "York",
    ]
    static let lorem = [
        "lorem", "ipsum", "dolor", "sit", "amet", "consectetur", "adipiscing", "elit", "sed", "do", "eiusmod",
        "tempor", "incididunt", "ut", "labore", "et", "dolore", "magna", "aliqua", "enim", "ad", "minim", "veniam",
        "quis", "nostrud", "exercitation", "ullamco", "laboris", "nisi", "aliquip", "ex", "ea",
    ]
}
