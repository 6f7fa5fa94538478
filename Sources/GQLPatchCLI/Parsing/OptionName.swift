/// Every option's name, spelled here once. The option tables, the parser, completion and the messages
/// that tell the user which option to give read these, so renaming an option is one edit and a typo
/// is a compile error rather than an option that silently never matches.
package enum OptionName {
    package static let add = "--add"
    package static let all = "--all"
    package static let allowIncomplete = "--allow-incomplete"
    package static let allowInsecureHttp = "--allow-insecure-http"
    package static let apiKey = "--api-key"
    package static let append = "--append"
    package static let arg = "--arg"
    package static let at = "--at"
    package static let atomic = "--atomic"
    package static let auth = "--auth"
    package static let authFlow = "--auth-flow"
    package static let by = "--by"
    package static let cascade = "--cascade"
    package static let clientId = "--client-id"
    package static let clientSecret = "--client-secret"
    package static let compact = "--compact"
    package static let concurrency = "--concurrency"
    package static let config = "--config"
    package static let conflictResolution = "--conflict-resolution"
    package static let continueOnError = "--continue-on-error"
    package static let decr = "--decr"
    package static let dropField = "--drop-field"
    package static let dryRun = "--dry-run"
    package static let endpoint = "--endpoint"
    package static let apiID = "--api-id"
    package static let format = "--format"
    package static let model = "--model"
    package static let columns = "--columns"
    package static let emptyAsNull = "--empty-as-null"
    package static let refresh = "--refresh"
    package static let errorsInline = "--errors-inline"
    package static let everywhere = "--everywhere"
    package static let expectVersion = "--expect-version"
    package static let field = "--field"
    package static let filter = "--filter"
    package static let header = "--header"
    package static let help = "--help"
    package static let id = "--id"
    package static let identity = "--identity"
    package static let identityPoolId = "--identity-pool-id"
    package static let idempotent = "--idempotent"
    package static let `if` = "--if"
    package static let ifAbsent = "--if-absent"
    package static let includeDeleted = "--include-deleted"
    package static let includeTimestamps = "--include-timestamps"
    package static let sameAPI = "--same-api"
    package static let incr = "--incr"
    package static let index = "--index"
    package static let journal = "--journal"
    package static let json = "--json"
    package static let key = "--key"
    package static let limit = "--limit"
    package static let list = "--list"
    package static let mask = "--mask"
    package static let maskKey = "--mask-key"
    package static let mapOwner = "--map-owner"
    package static let maxAttempts = "--max-attempts"
    package static let maxResponseMb = "--max-response-mb"
    package static let mode = "--mode"
    package static let mfaCode = "--mfa-code"
    package static let next = "--next"
    package static let noCache = "--no-cache"
    package static let operation = "--operation"
    package static let owner = "--owner"
    package static let out = "--out"
    package static let output = "--output"
    package static let pageSize = "--page-size"
    package static let paginate = "--paginate"
    package static let on = "--on"
    package static let count = "--count"
    package static let until = "--until"
    package static let realtimeEndpoint = "--realtime-endpoint"
    /// Refused: a password on the command line is visible to other users (`ps`).
    package static let password = "--password"
    package static let passwordFile = "--password-file"
    package static let patch = "--patch"
    package static let prepend = "--prepend"
    package static let pretty = "--pretty"
    package static let preview = "--preview"
    package static let profile = "--profile"
    package static let rate = "--rate"
    package static let region = "--region"
    package static let remove = "--remove"
    package static let resume = "--resume"
    package static let retryConflicts = "--retry-conflicts"
    package static let schema = "--schema"
    package static let select = "--select"
    package static let set = "--set"
    package static let shard = "--shard"
    package static let sort = "--sort"
    package static let start = "--start"
    package static let startingToken = "--starting-token"
    package static let state = "--state"
    package static let step = "--step"
    package static let strict = "--strict"
    package static let timeout = "--timeout"
    package static let token = "--token"
    package static let tokenUse = "--token-use"
    package static let unguarded = "--unguarded"
    package static let unset = "--unset"
    package static let userPoolId = "--user-pool-id"
    package static let username = "--username"
    package static let `var` = "--var"
    package static let verbose = "--verbose"
    package static let version = "--version"
    package static let viaGap = "--via-gap"
    package static let `where` = "--where"
    package static let yes = "--yes"
    package static let undoLog = "--undo-log"
    /// `undo --run ID`: one run of an undo log.
    package static let run = "--run"
    package static let only = "--only"
    package static let env = "--env"
    package static let apiKeyEnv = "--api-key-env"
    package static let apiKeyFile = "--api-key-file"
    package static let protect = "--protect"
    /// `-j`, the short name of `--concurrency`.
    package static let concurrencyShort = "-j"
    /// `-o`, the short name of `--out`.
    package static let outShort = "-o"
    /// `-h`, the short name of `--help`.
    package static let helpShort = "-h"
    /// `diff`'s two sides: a global option with one of these before its name (`--from-endpoint`,
    /// `--to-api-key`) is that side's (`APISide`).
    package static let fromPrefix = "--from-"
    package static let toPrefix = "--to-"

    /// Every name above, for the test that each is declared once and used.
    package static let allNames: [String] = [
        add, all, allowIncomplete, allowInsecureHttp, apiID, apiKey, apiKeyEnv, apiKeyFile, append, arg, at, atomic,
        auth,
        authFlow, by, cascade,
        clientId,
        clientSecret,
        columns, compact, concurrency, config, conflictResolution, continueOnError, decr, dropField, dryRun,
        emptyAsNull, endpoint, env,
        errorsInline,
        everywhere, expectVersion, field, filter, format, header, help, id, identity, identityPoolId, idempotent, `if`,
        ifAbsent,
        includeDeleted, includeTimestamps, incr, index, journal, json, key, limit, list, mapOwner, mask, maskKey,
        maxAttempts,
        maxResponseMb, mfaCode, mode, model, next,
        noCache, operation, owner,
        out, output, pageSize, paginate, password, passwordFile, patch, prepend, pretty, preview, profile, protect,
        rate,
        refresh, region,
        remove, resume, retryConflicts, schema, select, set, shard, sort, start, startingToken, state, step, strict,
        timeout,
        token, tokenUse, unguarded, unset, userPoolId, username, `var`, verbose, version, viaGap, `where`, yes,
        on, count, until, realtimeEndpoint, concurrencyShort, outShort, helpShort, sameAPI, undoLog, run, only,
    ]
}
