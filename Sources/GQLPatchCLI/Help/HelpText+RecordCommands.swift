/// The `--help` texts of the record commands: `get`, `create`, `delete`, `list`, `query` and `schema`.
/// Their option lists come from each command's `optionTable`.
extension HelpText {
    package static let get = """
        Usage: gqlpatch [global options] get <Model> <key> [--select FIELD,...] [--include-deleted]

        Prints one record as JSON. Exit 3 when there is no record for the key, or when the record is
        soft-deleted (_deleted: true) unless --include-deleted.

        \(GetOptions.optionTable.helpList)

        Examples:
          gqlpatch get Item --id 42
          gqlpatch get RecipeStep --key recipeID=r1 --key rowID=3 --select quantity,action
          gqlpatch get Item --id 42 | jq -r .name

        \(globalsPointer)

        """

    package static let create = """
        Usage: gqlpatch [global options] create <Model> <value>... [--if-absent] [--select FIELD,...]
               gqlpatch [global options] create <Model> --key FIELD=VALUE --next FIELD [--start N] <value>...

        Creates one record. Every value is typed by the model's create input and every required field
        is checked before anything is sent. When the model's key is an automatic id, gqlpatch makes a
        UUID itself, so a create retried after a lost response is recognised instead of duplicated
        (one retry on a dropped connection or HTTP 5xx). Prints the created record as JSON.

        \(CreateOptions.optionTable.helpList)

        With --next FIELD the record joins a sequence: the parent given with --key (the partition key
        of the key whose only sort-key field is FIELD, an Int: the primary key's, or an index's with a
        query) and FIELD one past the parent's largest (one descending key query of limit 1,
        tombstones included, so a deleted number is never reused; --start N, default 1, for an empty
        parent). A number another writer takes meanwhile is read again and retried, up to 25 tries.

        Exit 2 when a record with that key exists (without --if-absent), or when the key is held by a
        soft-deleted record's tombstone (with or without --if-absent); with --next, when other writers
        took every number tried. Exit 65 when FIELD is not an Int that a key sorts.

        Examples:
          gqlpatch create Item --set name=Lamp --set tags:='["a","b"]'
          gqlpatch create RecipeStep --set recipeID=r1 --set rowID=1 --set action=stir --if-absent
          gqlpatch create RecipeStep --key recipeID=r1 --next rowID --set action=Stir
          jq -n '{name: "Desk", imageFile: {bucket: "b", region: "eu-west-1", key: "desk.png"}}' \\
            | gqlpatch create Item --patch -

        \(globalsPointer)

        """

    package static let touch = """
        Usage: gqlpatch [global options] touch <Model> (<key> | --where ... | --filter ... | --all)

        Writes records again without changing them: a key-only update (with the _version read, when
        versioned), so the resolver stores each record anew: updatedAt moves (and _version,
        _lastChangedAt), a DynamoDB stream record is sent (a @searchable index, stream Lambdas) and
        onUpdate subscribers (DataStore clients) see it. No other field is sent, so a value another
        writer stores meanwhile is never reverted. One key prints the record as JSON; a selection is
        read first, counted and confirmed, then written as update --where writes.

        \(TouchOptions.optionTable.helpList)

        It cannot re-create what is not in the table (a deleted search index's mapping is the
        backend's to rebuild) and does not touch soft-deleted records.

        Examples:
          gqlpatch touch Item --id 42
          gqlpatch touch Item --all --yes -j 16 --journal touch.journal

        \(globalsPointer)

        """

    package static let delete = """
        Usage: gqlpatch [global options] delete <Model> <key> [--expect-version N] [--if FIELD=VALUE]...
                                              [--cascade [--page-size N]]
               gqlpatch [global options] delete <Model> (--where ... | --filter ... | --all) [--cascade] [--yes]

        Deletes one record and prints it as JSON. For versioned models the record's _version is
        fetched first and the delete is soft: the record stays with _deleted: true (said on stderr).

        \(DeleteOptions.optionTable.helpList)
        With --dry-run and --cascade the children are read and what would be deleted is listed
        ({"model": ..., "key": {...}, "dryRun": true} lines); nothing is written.
        A cascade that fails part-way stops, says on stderr what was and was not deleted, and exits
        with the failure's code.

        Examples:
          gqlpatch delete Item --id 42
          gqlpatch delete Item --id 42 --if name=Lamp --expect-version 3
          gqlpatch delete Recipe --id r1 --cascade
          gqlpatch --dry-run delete Recipe --id r1 --cascade
          gqlpatch delete Item --where description=obsolete --yes

        \(globalsPointer)

        """

    package static let list = """
        Usage: gqlpatch [global options] list <Model> [--where FIELD=VALUE]... [--filter JSON|@PATH]
                                            [--index NAME] [--limit N] [--page-size N] [--sort asc|desc]
                                            [--include-deleted]

        Prints records as JSON Lines (one compact record per line), streaming as pages arrive and
        following nextToken to the end. --where on the partition key of the primary key or of a
        secondary index (and its sort-key fields: =, >, >=, <, <=, LOW..HIGH, ^=) queries that key,
        so the records of one partition come back in sort-key order; other --where fields and
        --filter filter the records (a scan, with a note on stderr saying why no index served).
        Soft-deleted records are left out unless --include-deleted.

        \(ListOptions.optionTable.helpList)
        With --output envelope each response is printed as one line.

        Examples:
          gqlpatch list Item --limit 10
          gqlpatch list RecipeStep --where recipeID=r1 --sort desc
          gqlpatch list RecipeStep --where recipeID=r1 --where 'rowID>3'
          gqlpatch list Child --where parentEmail=ann@example.com --index byParent
          gqlpatch list Item --filter '{"name": {"beginsWith": "La"}}' | jq -r .id

        \(globalsPointer)

        """

    package static let query = """
        Usage: gqlpatch [global options] query (DOCUMENT | @PATH | -) [--var NAME=VALUE]... [--operation NAME]

        Sends a hand-written GraphQL query or mutation and prints its data (or the whole response
        with --output envelope). Variables are typed by the document's variable definitions. When a
        schema is known the document is checked first: the operation, the root fields, and the
        variables (declared, used, required ones given); problems are reported as
        FILE:LINE:COLUMN (<argument> for a document given inline, <stdin> for standard input).

        \(QueryOptions.optionTable.helpList)

        Examples:
          gqlpatch query '{ listItems(limit: 5) { items { id name } } }'
          gqlpatch query 'query Q($id: ID!) { getItem(id: $id) { name } }' --var id=42
          gqlpatch query @ops.graphql --operation Rename --var id=42 --var input:='{"id": "42", "name": "Lamp"}'

        \(globalsPointer)

        """

    package static let schema = """
        Usage: gqlpatch [global options] schema [<Model>] [--refresh]
               gqlpatch [global options] schema pull [--refresh]

        schema prints what gqlpatch knows about the models as JSON: per model its fields (type,
        required, list, kind), primary key, relationships, whether it is versioned, and the names of
        its operations and inputs. schema <Model> prints one model. No endpoint is needed.

        schema pull sends the standard introspection query to the endpoint and prints the schema as
        SDL, which can be saved and given back with --schema. No local schema is needed. With
        --api-id ID (or an environment naming one) both read the API's schema as AppSync's control
        plane gives it (GetIntrospectionSchema, which answers with introspection turned off), cached.

        \(SchemaOptions.bindings.map(\.spec).helpList)

        Examples:
          gqlpatch schema | jq '.models | keys'
          gqlpatch schema RecipeStep | jq .primaryKey
          gqlpatch schema pull > schema.graphql
          gqlpatch --api-id abcdefghijklmnopqrstuvwxyz --region eu-west-1 schema pull --refresh

        \(globalsPointer)

        """
}
