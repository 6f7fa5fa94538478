/// What `stat` tells of a path (symbolic links followed): enough for discovery to tell a file from a
/// folder, and for callers that care about size, permissions or age.
public struct FileStatus: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case regularFile, directory, fifo, characterDevice, blockDevice, socket, other
    }

    public var kind: Kind
    /// Bytes (regular files; 0 or what the system says for the others).
    public var size: Int
    /// The permission bits (`0o644`).
    public var mode: UInt32
    /// The last modification, in seconds since 1970.
    public var modified: Int

    public init(kind: Kind, size: Int, mode: UInt32, modified: Int) {
        self.kind = kind
        self.size = size
        self.mode = mode
        self.modified = modified
    }
}
