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
        var text = ""
        text.reserveCapacity(16 * fields.count + 4)
        render(into: &text)
        return text
    }

    /// Appends in place: a document is built for every record of a batch, and temporary strings per
    /// field were most of its cost.
    private func render(into text: inout String) {
        text.append("{")
        for field in fields {
            text.append(" ")
            text.append(field.name)
            if let subselection = field.subselection {
                text.append(" ")
                subselection.render(into: &text)
            }
        }
        text.append(" }")
    }
}
