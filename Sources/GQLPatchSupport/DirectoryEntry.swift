/// One entry of a folder listing: its name and what it is, symbolic links not followed (the Amplify CLI
/// reads a `schema/` folder with `lstat`, so a link there is neither a file nor a folder to it).
public struct DirectoryEntry: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case regularFile, directory, other
    }

    public var name: String
    public var kind: Kind

    public init(name: String, kind: Kind) {
        self.name = name
        self.kind = kind
    }
}
