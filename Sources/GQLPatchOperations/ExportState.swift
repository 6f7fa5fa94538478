import AWSSigning
import GQLPatchSupport
import JSON

/// How far an export got, as its `--state` file keeps it: for each model (in write order) the page to
/// read next and how much of its part files is good, whether it was read to the end, and whether it
/// was copied into the output; and the output's length after the last copy. A resumed export cuts
/// each file back to the recorded length and goes on from there, so no line is written twice.
public struct ExportState: Sendable, Equatable {
    /// One model's progress.
    public struct Progress: Sendable, Equatable {
        public var model: String
        /// The `nextToken` to read next; nil before the first page and after the last.
        public var nextToken: String?
        /// Every page was read into the part files.
        public var read = false
        /// The first-pass part was copied into the output.
        public var written = false
        /// The second-pass part was copied into the output.
        public var secondWritten = false
        /// Records (first-pass lines) and second-pass lines in the part files so far.
        public var records = 0
        public var secondLines = 0
        /// Bytes of the part files that hold whole pages.
        public var partLength = 0
        public var secondLength = 0

        public init(model: String) {
            self.model = model
        }
    }

    /// The output file the lines go to (a resumed export must name the same).
    public var output: String
    public var steps: [Progress]
    /// The output's length after the last part copied into it.
    public var outputLength = 0
    /// The digest of those bytes so far (`SHA256.saved`; empty before the header is written, or when
    /// the file left it out: the bytes are then digested again), so a resumed export's end line
    /// digests the lines a killed run wrote too.
    public var digest: [UInt8] = []

    public init(output: String, models: [String]) {
        self.output = output
        self.steps = models.map(Progress.init)
    }

    /// The models in write order.
    public var models: [String] { steps.map(\.model) }

    static let format = 2

    /// The state as its file holds it.
    public var json: JSONValue {
        .object(
            JSONObject([
                ("format", .int(Self.format)), ("output", .string(output)), ("outputLength", .int(outputLength)),
                ("digest", .string(Hex.encode(digest))),
                (
                    "steps",
                    .array(
                        steps.map { step in
                            .object(
                                JSONObject([
                                    ("model", .string(step.model)),
                                    ("nextToken", step.nextToken.map(JSONValue.string) ?? .null),
                                    ("read", .bool(step.read)), ("written", .bool(step.written)),
                                    ("secondWritten", .bool(step.secondWritten)), ("records", .int(step.records)),
                                    ("secondLines", .int(step.secondLines)), ("partLength", .int(step.partLength)),
                                    ("secondLength", .int(step.secondLength)),
                                ]))
                        })
                ),
            ]))
    }

    /// Reads a state file's contents; the error says what is wrong (the caller names the file).
    public init(parsing bytes: [UInt8]) throws(GQLPatchError) {
        let value: JSONValue
        do {
            value = try JSONValue.parse(bytes)
        } catch {
            throw .invalidInput("not an export state (\(error.message))")
        }
        guard let object = value.objectValue, object["format"]?.intValue == Self.format,
            let output = object["output"]?.stringValue, let length = object["outputLength"]?.intValue, length >= 0,
            let steps = object["steps"]?.arrayValue
        else { throw .invalidInput("not an export state of this version of gqlpatch") }
        // Without its digest the output's bytes so far are digested again when the run goes on.
        guard let digest = object["digest"].map({ $0.stringValue.flatMap(Hex.decode) }) ?? [] else {
            throw .invalidInput("not an export state of this version of gqlpatch (its digest is not hex)")
        }
        self.output = output
        self.outputLength = length
        self.digest = digest
        self.steps = []
        for entry in steps {
            guard let step = entry.objectValue, let model = step["model"]?.stringValue,
                let read = step["read"]?.boolValue, let written = step["written"]?.boolValue,
                let secondWritten = step["secondWritten"]?.boolValue, let records = step["records"]?.intValue,
                let secondLines = step["secondLines"]?.intValue, let partLength = step["partLength"]?.intValue,
                let secondLength = step["secondLength"]?.intValue, partLength >= 0, secondLength >= 0
            else { throw .invalidInput("not an export state of this version of gqlpatch (a step is incomplete)") }
            var progress = Progress(model: model)
            progress.nextToken = step["nextToken"]?.stringValue
            progress.read = read
            progress.written = written
            progress.secondWritten = secondWritten
            progress.records = records
            progress.secondLines = secondLines
            progress.partLength = partLength
            progress.secondLength = secondLength
            self.steps.append(progress)
        }
    }
}
