/// A named type definition or extension (`type`, `interface`, `union`, `enum`, `input`, `scalar`).
/// One flat struct for all kinds: the members that do not apply to a kind stay empty.
public struct TypeDefinition: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case scalar
        case object = "type"
        case interface, union
        case enumeration = "enum"
        case inputObject = "input"
    }

    public var kind: Kind
    public var description: String?
    public var name: String
    /// `implements A & B` (objects and interfaces).
    public var interfaces: [String]
    public var directives: [Directive]
    /// Object and interface fields.
    public var fields: [FieldDefinition]
    /// Input object fields.
    public var inputFields: [InputValueDefinition]
    public var enumValues: [EnumValueDefinition]
    public var unionMembers: [String]
    /// True for `extend type X ...`.
    public var isExtension: Bool
    public var location: SourceLocation

    public init(
        kind: Kind, description: String? = nil, name: String, interfaces: [String] = [],
        directives: [Directive] = [], fields: [FieldDefinition] = [], inputFields: [InputValueDefinition] = [],
        enumValues: [EnumValueDefinition] = [], unionMembers: [String] = [], isExtension: Bool = false,
        location: SourceLocation
    ) {
        self.kind = kind
        self.description = description
        self.name = name
        self.interfaces = interfaces
        self.directives = directives
        self.fields = fields
        self.inputFields = inputFields
        self.enumValues = enumValues
        self.unionMembers = unionMembers
        self.isExtension = isExtension
        self.location = location
    }

    public func directive(_ name: String) -> Directive? {
        directives.first { $0.name == name }
    }

    public func field(_ name: String) -> FieldDefinition? {
        fields.first { $0.name == name }
    }
}
