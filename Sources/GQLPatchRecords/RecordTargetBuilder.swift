import GQLPatchOperations
import GQLPatchSchema
import GQLPatchSupport
import JSON

/// Turns what is asked of one record (the model's name, the key, the changes, typed but not yet
/// checked against the schema) into the target the record rules run: the typed key and changes,
/// the condition, what is printed and what is read, and whether the record is versioned. Every
/// check is made here, before anything is sent; refusals name their input through `wording`.
/// `update`, `upsert` and `delete` make their targets with it.
package struct RecordTargetBuilder: Sendable {
    package var catalogue: ModelCatalogue
    package var conflictResolution: ConflictResolution
    package var readFile: ChangeSetBuilder.FileReader
    package var wording: any InputWording
    /// Where the schema was read, for the refusals that depend on it.
    package var schemaSource: String

    package init(
        catalogue: ModelCatalogue, conflictResolution: ConflictResolution,
        readFile: @escaping ChangeSetBuilder.FileReader,
        wording: any InputWording, schemaSource: String
    ) {
        self.catalogue = catalogue
        self.conflictResolution = conflictResolution
        self.readFile = readFile
        self.wording = wording
        self.schemaSource = schemaSource
    }

    /// An update as asked.
    package struct Update: Sendable {
        package var model: String
        package var key: ChangeSetBuilder.Key
        /// A patch's fields (a whole record's: only those that differ are sent).
        package var patch: JSONObject?
        package var changes: [FieldAssignment] = []
        package var edits: [EditRequest] = []
        package var conditions: [FieldAssignment] = []
        package var expectVersion: Int?
        package var select: [String]?
        package var unguarded = false

        package init(model: String, key: ChangeSetBuilder.Key) {
            self.model = model
            self.key = key
        }
    }

    /// The target of `asked`; `note` hears what was made of a whole-record patch.
    package func update(_ asked: Update, note: (String) -> Void) throws(GQLPatchError) -> UpdateTarget {
        let model = try ModelLookup.model(named: asked.model, in: catalogue)
        let builder = ChangeSetBuilder(catalogue: catalogue, readFile: readFile, wording: wording)
        var patch = asked.patch
        var expectVersion = asked.expectVersion
        var differencesOnly = false
        if let given = patch,
            let whole = try WholeRecordPatch.read(
                given, model: model, key: try builder.key(model: model, asked.key), catalogue: catalogue)
        {
            patch = whole.patch
            differencesOnly = true
            if let version = whole.expectVersion {
                if let flag = expectVersion, flag != version {
                    throw .usage(
                        "\(wording.name(.expectVersion)) \(flag) and the patch's version \(version) disagree")
                }
                expectVersion = version
            }
            note(
                "gqlpatch: note: the patch is a whole \(model.name) record: \(whole.dropped.joined(separator: ", ")) ignored (the key and what the server sets)"
                    + (whole.expectVersion.map { "; it must still be at version \($0)" } ?? "")
                    + "; only the fields that differ from the stored record are sent")
        }
        let changeSet = try builder.build(
            model: model, key: asked.key, patch: patch, changes: asked.changes, edits: asked.edits,
            mergesPatchObjects: true)
        if changeSet.changes.isEmpty, changeSet.edits.isEmpty {
            throw .invalidInput("the patch for \(model.name) names no fields to change")
        }
        let condition = try ConditionBuilder(catalogue: catalogue, wording: wording).condition(
            model: model, pairs: asked.conditions)
        let selections = SelectionBuilder(catalogue: catalogue, wording: wording)
        let selection = try self.selection(for: model, asked.select)
        var fetchSelection = selections.defaultSelection(for: model)
        if let select = asked.select {
            fetchSelection = try selections.selection(
                for: model, paths: select + changeSet.changes.keys + changeSet.edits.map(\.field))
        }
        let versioned = try checkVersioning(model, expectVersion: expectVersion)
        if versioned { fetchSelection = VersionScheme.of(model).fetchSelection(fetchSelection) }
        return UpdateTarget(
            model: model, changeSet: changeSet, condition: condition, expectVersion: expectVersion,
            selection: selection, fetchSelection: fetchSelection, versioned: versioned, unguarded: asked.unguarded,
            differencesOnly: differencesOnly)
    }

    /// The target of writing the record `key` names again, every value as it is (`touch`): a
    /// key-only update (`UpdateTarget.touches`), with the version read when versioned.
    package func touch(model name: String, key: ChangeSetBuilder.Key) throws(GQLPatchError) -> UpdateTarget {
        let model = try ModelLookup.model(named: name, in: catalogue)
        guard model.operations.update != nil, model.operations.updateInput != nil else {
            throw .invalidInput("the API has no update operation for \(model.name)")
        }
        let typed = try ChangeSetBuilder(catalogue: catalogue, readFile: readFile, wording: wording).key(
            model: model, key)
        let selection = SelectionBuilder(catalogue: catalogue, wording: wording).defaultSelection(for: model)
        let versioned = try checkVersioning(model, expectVersion: nil)
        var target = UpdateTarget(
            model: model, changeSet: ChangeSet(key: typed, changes: JSONObject()), selection: selection,
            fetchSelection: versioned ? VersionScheme.of(model).fetchSelection(selection) : selection,
            versioned: versioned)
        target.touches = true
        return target
    }

    /// The target of creating a record of `patch` and `values`, typed and checked against the create
    /// input (its required fields included), and what the typing found (the key given whole, an id
    /// made up).
    package func create(model name: String, patch: JSONObject?, values: [FieldAssignment], select: [String]?)
        throws(GQLPatchError) -> (target: RecordService.CreateTarget, built: CreateInputBuilder.Result)
    {
        let model = try ModelLookup.model(named: name, in: catalogue)
        let built = try CreateInputBuilder(catalogue: catalogue, readFile: readFile, wording: wording)
            .build(model: model, patch: patch, values: values)
        let selection = try self.selection(for: model, select)
        var fetchSelection = SelectionBuilder(catalogue: catalogue, wording: wording).defaultSelection(for: model)
        if let select {
            // The fetch after an existing key reads every field sent, to tell a lost try's record.
            let sent = built.input.keys.filter { model.field($0) != nil }
            fetchSelection = try SelectionBuilder(catalogue: catalogue, wording: wording).selection(
                for: model, paths: select + sent)
        }
        // An existing key may be a versioned delete's tombstone: the fetch must see `_deleted`.
        if model.isVersioned { fetchSelection = RecordService.withSyncFields(fetchSelection) }
        // The key fields given, which the answer must carry: an id made up is the server's to replace.
        var checkedKey = built.key
        if built.generatedID { checkedKey["id"] = nil }
        let target = RecordService.CreateTarget(
            model: model, input: built.input, checkedKey: checkedKey, key: built.keyIsComplete ? built.key : nil,
            selection: selection, fetchSelection: fetchSelection)
        return (target, built)
    }

    /// The target of deleting the record `key` names, under `conditions`.
    package func delete(
        model name: String, key: ChangeSetBuilder.Key, conditions: [FieldAssignment], expectVersion: Int?,
        select: [String]?
    ) throws(GQLPatchError) -> RecordService.DeleteTarget {
        let model = try ModelLookup.model(named: name, in: catalogue)
        guard model.operations.delete != nil, model.operations.deleteInput != nil else {
            throw .invalidInput("the API has no delete operation for \(model.name)")
        }
        let key = try ChangeSetBuilder(catalogue: catalogue, readFile: readFile, wording: wording).key(
            model: model, key)
        let condition = try ConditionBuilder(catalogue: catalogue, wording: wording).condition(
            model: model, pairs: conditions)
        let selection = try self.selection(for: model, select)
        let versioned = try checkVersioning(model, expectVersion: expectVersion)
        return RecordService.DeleteTarget(
            model: model, key: key, condition: condition, expectVersion: expectVersion, selection: selection,
            versioned: versioned)
    }

    /// The fields printed: those asked for, else the model's default selection.
    private func selection(for model: Model, _ paths: [String]?) throws(GQLPatchError) -> SelectionSet {
        let selections = SelectionBuilder(catalogue: catalogue, wording: wording)
        guard let paths else { return selections.defaultSelection(for: model) }
        return try selections.selection(for: model, paths: paths)
    }

    /// Whether the model is versioned under the run's conflict resolution; refused when an expected
    /// version is given for an unversioned model, or a versioned one has no get query to read it.
    private func checkVersioning(_ model: Model, expectVersion: Int?) throws(GQLPatchError) -> Bool {
        let versioned = RecordService.isVersioned(model, under: conflictResolution)
        if expectVersion != nil, !versioned {
            throw .invalidInput(
                "\(wording.name(.expectVersion)) needs a versioned model, and \(model.name) has no _version in \(schemaSource) (use \(wording.name(.conflictResolution)) on if the API is versioned)"
            )
        }
        if versioned, model.operations.get == nil {
            throw .invalidInput("\(model.name) is versioned but the API has no get query to fetch its _version")
        }
        return versioned
    }
}
