import GQLPatchSupport
import GraphQLSDL
import JSON

/// Loads a `ModelCatalogue` from a schema file, choosing the reader by the file's content:
/// JSON (first non-space byte `{`) is model introspection (`amplify_outputs.json` with
/// `data.model_introspection`, or a bare document with `version` and `models`); SDL with `@model`
/// types is an Amplify source schema; other SDL is a compiled AppSync schema when its mutation type
/// has model update fields (`input: Update...Input!`).
public enum CatalogueLoader {
    /// The file beside a source schema that says whether conflict detection is on.
    public static let transformConfigFileName = "transform.conf.json"
    /// A Gen 1 project's CLI settings, `<project>/amplify/cli.json`, looked for in the schema's folder and
    /// each folder above it (the schema sits at `<project>/amplify/backend/api/<name>/schema.graphql`).
    public static let cliJSONPath = "amplify/cli.json"
    /// How many folders up `amplify/cli.json` is looked for.
    private static let cliJSONSearchDepth = 64

    /// Reads and loads the schema at `path` through `files` (`InputLimit.schemaFile`); a folder is an
    /// Amplify `schema/` folder, its files joined as the Amplify CLI joins them (`SchemaFolder`), unless
    /// `readsFolders` is false (a discovered `./schema.graphql` is a file). For a source
    /// schema, `transform.conf.json` in the same folder (if any) gives the conflict-detection setting;
    /// `versioned` (conflict resolution forced on or off) overrides it for every model. `origin`
    /// says who named the schema (the exit code of a schema that cannot be read); the transform
    /// config is always one gqlpatch found. So is `amplify/cli.json` (see `cliJSONPath`), which says which
    /// transformer compiles a schema whose directives do not, and the flags that change names; a relative
    /// `path` is looked up from `workingDirectory`. Both are read only for a source schema.
    public static func load(
        path: String, files: FileSystem, origin: FileSystem.Origin = .named, versioned: Bool? = nil,
        focus: CatalogueFocus? = nil, workingDirectory: String? = nil, readsFolders: Bool = true
    ) throws(GQLPatchError) -> ModelCatalogue {
        if readsFolders, files.stat(path)?.kind == .directory {
            // An Amplify `schema/` folder: its files joined, each problem reported in its own file.
            let folder = try SchemaFolder(path: path, files: files, origin: origin)
            do {
                return try load(
                    bytes: folder.bytes, file: folder.path, files: files, versioned: versioned, focus: focus,
                    workingDirectory: workingDirectory)
            } catch {
                throw folder.relocating(error)
            }
        }
        let bytes = try files.read(path, limit: .schemaFile, origin: origin)
        return try load(
            bytes: bytes, file: path, files: files, versioned: versioned, focus: focus,
            workingDirectory: workingDirectory)
    }

    /// `bytes` read from the schema at `path` (a file, or a `schema/` folder's files joined), with the
    /// `transform.conf.json` beside it and the `amplify/cli.json` above it.
    private static func load(
        bytes: [UInt8], file path: String, files: FileSystem, versioned: Bool?, focus: CatalogueFocus?,
        workingDirectory: String?
    ) throws(GQLPatchError) -> ModelCatalogue {
        let configPath = transformConfigPath(besides: path)
        return try load(
            bytes: bytes, file: path, versioned: versioned, focus: focus,
            transformConfig: { () throws(GQLPatchError) -> JSONValue? in
                guard files.exists(configPath) else { return nil }
                return try parseProjectJSON(
                    files.read(configPath, limit: .schemaFile, origin: .found), file: configPath)
            },
            features: { () throws(GQLPatchError) -> AmplifyCLIFeatures in
                for folder in projectFolders(above: path, workingDirectory: workingDirectory) {
                    let cliPath = FilePathText.join(folder, cliJSONPath)
                    guard files.exists(cliPath) else { continue }
                    let json = try parseProjectJSON(
                        files.read(cliPath, limit: .schemaFile, origin: .found), file: cliPath)
                    return AmplifyCLIFeatures(json: json)
                }
                return AmplifyCLIFeatures()
            })
    }

    /// The schema's folder and the folders above it, nearest first (`a/b`, `a`, `.`, or up to `/`).
    private static func projectFolders(above path: String, workingDirectory: String?) -> [String] {
        var folder = FilePathText.directory(of: path)
        if !folder.hasPrefix("/"), let workingDirectory {
            folder = folder == "." ? workingDirectory : FilePathText.join(workingDirectory, folder)
        }
        var folders: [String] = []
        while folders.count < cliJSONSearchDepth {
            folders.append(folder)
            let parent = FilePathText.directory(of: folder)
            if parent == folder { break }
            folder = parent
        }
        return folders
    }

    /// `transform.conf.json` in the folder of the schema at `path`.
    private static func transformConfigPath(besides path: String) -> String {
        FilePathText.join(FilePathText.directory(of: path), transformConfigFileName)
    }

    /// Loads a catalogue from bytes already read (the fuzz targets). `transformConfig` is the parsed
    /// `transform.conf.json` that goes with a source schema (ignored for other kinds).
    ///
    /// `focus` (nil: everything) names the models the caller needs. For a compiled schema (SDL with no
    /// `@model` in its text) only those are read, with the models they relate to and the types they
    /// reach (see `CompiledSchemaReader.readFocused`): `models` holds them, `modelNames` every model,
    /// `inputObjects`, `enums` and `nonModelTypes` what they reach. Schemas of other kinds, and
    /// compiled schemas the focused read cannot handle (errors included), are read whole.
    public static func load(
        bytes: [UInt8], file: String, transformConfig: JSONValue?, versioned: Bool? = nil, focus: CatalogueFocus? = nil,
        features: AmplifyCLIFeatures = AmplifyCLIFeatures()
    ) throws(GQLPatchError) -> ModelCatalogue {
        try load(
            bytes: bytes, file: file, versioned: versioned, focus: focus,
            transformConfig: { () throws(GQLPatchError) -> JSONValue? in transformConfig },
            features: { () throws(GQLPatchError) -> AmplifyCLIFeatures in features })
    }

    /// `transformConfig` reads the `transform.conf.json` and `features` the `amplify/cli.json` that go with a
    /// source schema (asked only for one).
    private static func load(
        bytes: [UInt8], file: String, versioned: Bool?, focus: CatalogueFocus? = nil,
        transformConfig: () throws(GQLPatchError) -> JSONValue?,
        features: () throws(GQLPatchError) -> AmplifyCLIFeatures
    ) throws(GQLPatchError) -> ModelCatalogue {
        if let focus, firstSignificantByte(bytes) != UInt8(ascii: "{"), !containsModelDirective(bytes),
            var catalogue = CompiledSchemaReader(file: file).readFocused(bytes: bytes, focus: focus)
        {
            if let versioned {
                for name in catalogue.models.keys { overrideVersioning(&catalogue, name, versioned) }
            }
            return catalogue
        }
        if firstSignificantByte(bytes) == UInt8(ascii: "{") {
            let json = try parseJSON(bytes, file: file)
            let reader = ModelIntrospectionReader(file: file, versionedOverride: versioned)
            if let data = json["data"] {
                guard let introspection = data["model_introspection"], introspection.objectValue != nil else {
                    throw GQLPatchError(
                        .configuration,
                        "\(file): data.model_introspection must be an object (the file has no data models)")
                }
                return try reader.read(introspection, path: "data.model_introspection")
            }
            guard json["models"] != nil, json["version"] != nil else {
                throw GQLPatchError(
                    .configuration,
                    "\(file): not a model introspection document: expected \"data.model_introspection\" or \"version\" and \"models\""
                )
            }
            return try reader.read(json, path: "")
        }
        let document: Document
        do {
            document = try Parser.parse(bytes, file: file)
        } catch {
            throw GQLPatchError(.configuration, error.description)
        }
        let table = try SchemaTypeTable(document: document, file: file)
        if table.all(.object).contains(where: { $0.directive("model") != nil }) {
            let config = try transformConfig().map(TransformConfig.init(json:)) ?? TransformConfig()
            return try SourceSchemaTransformer(
                file: file, transformConfig: config, versionedOverride: versioned, features: features()
            ).transform(table)
        }
        if CompiledSchemaReader.hasModelOperations(table) {
            var catalogue = try CompiledSchemaReader(file: file).read(table)
            if let versioned {
                for name in catalogue.modelNames { overrideVersioning(&catalogue, name, versioned) }
            }
            return catalogue
        }
        throw SchemaDiagnostic.error(
            file, SchemaDiagnostic.start, "no models found: no @model types and no mutation takes an Update input")
    }

    /// The conflict-resolution override decides `_version` for every model but the v1 `@versioned` ones, whose
    /// update and delete inputs require their expected version whatever the flag says.
    private static func overrideVersioning(_ catalogue: inout ModelCatalogue, _ name: String, _ versioned: Bool) {
        guard catalogue.models[name]?.fieldVersioning == nil else { return }
        catalogue.models[name]?.isVersioned = versioned
    }

    /// Whether `@model` occurs in the text (a source schema; compiled schemas do not have it).
    /// Looks for `@` eight bytes at a time.
    private static func containsModelDirective(_ bytes: [UInt8]) -> Bool {
        let needle = Array("@model".utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress.map(UnsafeRawPointer.init) else { return false }
            let last = buffer.count - needle.count
            var p = 0
            while p <= last {
                if p + 8 <= buffer.count {
                    // Lanes equal to `@` (0x40), each flagged by its high bit.
                    let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: p, as: UInt64.self))
                    let t = word ^ 0x4040_4040_4040_4040
                    let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
                    let found = ~(((t & low7) &+ low7) | t | low7)
                    if found == 0 {
                        p += 8
                        continue
                    }
                    p += found.trailingZeroBitCount >> 3
                } else if buffer[p] != needle[0] {
                    p += 1
                    continue
                }
                if p <= last, buffer[p + 1] == needle[1], buffer[p + 2] == needle[2], buffer[p + 3] == needle[3],
                    buffer[p + 4] == needle[4], buffer[p + 5] == needle[5]
                {
                    return true
                }
                p += 1
            }
            return false
        }
    }

    /// The first byte that is not JSON/GraphQL white space or a UTF-8 byte-order mark.
    private static func firstSignificantByte(_ bytes: [UInt8]) -> UInt8? {
        bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
    }

    /// An Amplify project file (`transform.conf.json`, `amplify/cli.json`), read as the Amplify CLI reads
    /// it: trailing commas accepted (`LenientJSON`).
    package static func parseProjectJSON(_ bytes: [UInt8], file: String) throws(GQLPatchError) -> JSONValue {
        try parseJSON(LenientJSON.withoutTrailingCommas(bytes), file: file)
    }

    package static func parseJSON(_ bytes: [UInt8], file: String) throws(GQLPatchError) -> JSONValue {
        do {
            return try JSONValue.parse(bytes)
        } catch {
            throw SchemaDiagnostic.error(file, line: error.line, column: error.column, error.message)
        }
    }
}
