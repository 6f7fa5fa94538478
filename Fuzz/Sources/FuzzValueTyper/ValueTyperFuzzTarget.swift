import GQLPatchBatch
import GQLPatchCLI
import GQLPatchClient
import GQLPatchOperations
import GQLPatchRecords
import GQLPatchSchema
import GQLPatchSupport
import GraphQLSDL
import JSON

/// Types arbitrary text the way `--set FIELD=TEXT` does. The first byte chooses the schema type:
/// every scalar kind, an enum, lists and an input object (nullable and required). What is accepted
/// must be a value of that type's JSON shape; the text is also checked as `:=` JSON when it parses.
enum ValueTyperFuzzTarget {
    static let schema = """
        enum Status { DRAFT PUBLISHED ARCHIVED }
        type File { bucket: String! region: String! key: String! contentType: String size: Int }
        type Item @model { id: ID! name: String! status: Status imageFile: File tags: [String] }
        """

    static let typer: ValueTyper = {
        do {
            let catalogue = try CatalogueLoader.load(
                bytes: Array(schema.utf8), file: "fuzz.graphql", transformConfig: nil)
            precondition(catalogue.inputObjects["FileInput"] != nil, "the fuzz schema has no FileInput")
            precondition(catalogue.enums["Status"] != nil, "the fuzz schema has no Status enum")
            return ValueTyper(catalogue: catalogue)
        } catch {
            fatalError("the fuzz schema does not load: \(error)")
        }
    }()

    static let types: [TypeReference] = {
        let scalars = [
            "ID", "String", "Int", "Float", "Boolean", "AWSDate", "AWSTime", "AWSDateTime", "AWSTimestamp", "AWSEmail",
            "AWSJSON", "AWSURL", "AWSPhone", "AWSIPAddress", "Status", "FileInput",
        ]
        var types: [TypeReference] = []
        for name in scalars {
            types.append(.named(name))
            types.append(.nonNull(.named(name)))
        }
        types.append(.list(.named("String")))
        types.append(.nonNull(.list(.nonNull(.named("Int")))))
        types.append(.list(.named("FileInput")))
        types.append(.list(.list(.named("Status"))))
        return types
    }()

    static func run(_ bytes: [UInt8]) {
        guard let first = bytes.first else { return }
        let type = types[Int(first) % types.count]
        let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
        do {
            let value = try typer.value(fromText: text, as: type, at: "Item.field")
            check(value, type)
            if type.nullable == .named("String") || type.nullable == .named("ID") {
                precondition(value == .string(text), "String/ID text was changed")
            }
        } catch {
            precondition(error.message.hasPrefix("Item.field"), "error does not name the field: \(error.message)")
        }
        if let json = try? JSONValue.parse(text) {
            do {
                check(try typer.value(fromJSON: json, as: type, at: "Item.field"), type)
            } catch {
                precondition(error.message.hasPrefix("Item.field"), "error does not name the field: \(error.message)")
            }
        }
    }

    /// The typed value has the JSON shape of its type.
    static func check(_ value: JSONValue, _ type: TypeReference) {
        if value.isNull {
            precondition(!type.isNonNull, "null accepted for \(type)")
            return
        }
        switch type.nullable {
        case .list(let element):
            guard let items = value.arrayValue else { preconditionFailure("\(type) gave \(value)") }
            for item in items { check(item, element) }
        default:
            switch type.namedType {
            case "Int", "AWSTimestamp":
                guard case .int = value else { preconditionFailure("\(type) gave \(value)") }
            case "Float":
                switch value {
                case .int, .double: break
                default: preconditionFailure("\(type) gave \(value)")
                }
            case "Boolean":
                guard case .bool = value else { preconditionFailure("\(type) gave \(value)") }
            case "FileInput":
                precondition(value.objectValue != nil, "\(type) gave \(value)")
            default:
                precondition(value.stringValue != nil, "\(type) gave \(value)")
            }
        }
    }
}
