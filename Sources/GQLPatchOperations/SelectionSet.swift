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
        var text = "{"
        for field in fields {
            text += " " + field.name
            if let subselection = field.subselection { text += " " + subselection.rendered }
        }
        return text + " }"
    }
}
