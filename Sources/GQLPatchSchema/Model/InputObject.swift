/// An input object type the API accepts (`UpdateItemInput`, `FileInput`).
public struct InputObject: Sendable {
    public var name: String
    public var fields: [InputField]

    public init(name: String, fields: [InputField]) {
        self.name = name
        self.fields = fields
    }

    public func field(_ name: String) -> InputField? {
        fields.first { $0.name == name }
    }
}
