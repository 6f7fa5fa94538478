/// The fields a query or mutation asks for, with subselections for object fields.
public struct SelectionSet: Sendable, Equatable {
    /// One selected field; `subselection` is set for object fields.
    public struct Field: Sendable, Equatable {
        public var name: String
        public var subselection: SelectionSet?

        public init(name: String, subselection: SelectionSet? = nil) {
            self.name = name
            self.subselection = subselection
        }
    }

    public var fields: [Field]

    public init(fields: [Field]) {
        self.fields = fields
    }

    /// The field names at this level, in order.
    public var names: [String] { fields.map(\.name) }

    public func contains(_ name: String) -> Bool {
        fields.contains { $0.name == name }
    }

    /// GraphQL text, compact and deterministic: `{ id name imageFile { bucket key } }`.
    public var rendered: String {
        var text: [UInt8] = []
        text.reserveCapacity(16 * fields.count + 4)
        render(into: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends bytes in place: a document is built for every record of a batch, and `String` appends
    /// of short names cost several hundred instructions each.
    package func render(into text: inout [UInt8]) {
        text.append(UInt8(ascii: "{"))
        for field in fields {
            text.append(UInt8(ascii: " "))
            text.append(contentsOf: field.name.utf8)
            if let subselection = field.subselection {
                text.append(UInt8(ascii: " "))
                subselection.render(into: &text)
            }
        }
        text.append(contentsOf: " }".utf8)
    }
}
