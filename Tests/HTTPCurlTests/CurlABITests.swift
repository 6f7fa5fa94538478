import CCurl
import GQLPatchTestSupport
import Glibc
import HTTP
import Testing

@testable import GQLPatchSupport
@testable import HTTPCurl

/// CCurl declares libcurl's types and constants itself (no curl header at build time). This checks
/// every declared number against the libcurl the process loads: options by libcurl's own option
/// table (`curl_easy_option_by_name`), result codes by the words of libcurl's own message for each.
@Suite struct CurlABITests {
    private typealias OptionByName = @convention(c) (UnsafePointer<CChar>) -> UnsafeRawPointer?

    /// libcurl's `struct curl_easyoption` starts with the name (a pointer), then the option's number.
    private func optionNumber(_ name: String) throws -> UInt32? {
        let library = try #require(dlopen("libcurl.so.4", RTLD_LAZY | RTLD_LOCAL), "libcurl.so.4 must load")
        let symbol = try #require(dlsym(library, "curl_easy_option_by_name"), "libcurl 7.73 or later")
        let byName = unsafeBitCast(symbol, to: OptionByName.self)
        guard let option = name.withCString({ byName($0) }) else { return nil }
        return option.load(fromByteOffset: MemoryLayout<UnsafeRawPointer>.size, as: UInt32.self)
    }

    static let options: [(String, CURLoption)] = [
        ("WRITEDATA", CURLOPT_WRITEDATA), ("URL", CURLOPT_URL), ("ERRORBUFFER", CURLOPT_ERRORBUFFER),
        ("WRITEFUNCTION", CURLOPT_WRITEFUNCTION), ("HTTPHEADER", CURLOPT_HTTPHEADER),
        ("HEADERDATA", CURLOPT_HEADERDATA), ("CUSTOMREQUEST", CURLOPT_CUSTOMREQUEST), ("POST", CURLOPT_POST),
        ("FOLLOWLOCATION", CURLOPT_FOLLOWLOCATION), ("CAINFO", CURLOPT_CAINFO),
        ("HEADERFUNCTION", CURLOPT_HEADERFUNCTION), ("NOSIGNAL", CURLOPT_NOSIGNAL),
        ("TIMEOUT_MS", CURLOPT_TIMEOUT_MS), ("COPYPOSTFIELDS", CURLOPT_COPYPOSTFIELDS),
        ("MAXFILESIZE_LARGE", CURLOPT_MAXFILESIZE_LARGE), ("POSTFIELDSIZE_LARGE", CURLOPT_POSTFIELDSIZE_LARGE),
        ("PREREQFUNCTION", CURLOPT_PREREQFUNCTION), ("PREREQDATA", CURLOPT_PREREQDATA),
        ("PROTOCOLS_STR", CURLOPT_PROTOCOLS_STR),
    ]

    @Test(arguments: options) func optionNumberIsLibcurls(name: String, option: CURLoption) throws {
        #expect(try optionNumber(name) == option.rawValue, "CURLOPT_\(name)")
    }

    @Test func anUnknownOptionNameIsNotFound() throws {
        #expect(try optionNumber("NO_SUCH_OPTION_GQLPATCH") == nil)
    }

    /// A word (lower case) of libcurl's message for each code: stable across 7.x and 8.x wordings.
    static let codes: [(CURLcode, String)] = [
        (CURLE_OK, "no error"), (CURLE_UNSUPPORTED_PROTOCOL, "protocol"), (CURLE_FAILED_INIT, "init"),
        (CURLE_URL_MALFORMAT, "url"), (CURLE_COULDNT_RESOLVE_HOST, "resolve"),
        (CURLE_COULDNT_CONNECT, "connect"), (CURLE_WEIRD_SERVER_REPLY, "weird"),
        (CURLE_PARTIAL_FILE, "partial"), (CURLE_WRITE_ERROR, "writ"), (CURLE_OUT_OF_MEMORY, "memory"),
        (CURLE_OPERATION_TIMEDOUT, "timeout"), (CURLE_SSL_CONNECT_ERROR, "ssl connect"),
        (CURLE_ABORTED_BY_CALLBACK, "callback"), (CURLE_GOT_NOTHING, "nothing"),
        (CURLE_SEND_ERROR, "sending"), (CURLE_RECV_ERROR, "receiving"), (CURLE_SSL_CERTPROBLEM, "local ssl"),
        (CURLE_SSL_CIPHER, "cipher"), (CURLE_PEER_FAILED_VERIFICATION, "peer"),
        (CURLE_BAD_CONTENT_ENCODING, "encoding"), (CURLE_FILESIZE_EXCEEDED, "file size"),
        (CURLE_SSL_CACERT_BADFILE, "ca cert"), (CURLE_SSL_ISSUER_ERROR, "issuer"),
        (CURLE_SSL_PINNEDPUBKEYNOTMATCH, "pinned"), (CURLE_SSL_INVALIDCERTSTATUS, "status"),
    ]

    @Test(arguments: codes) func resultCodeMeansWhatItsNameSays(code: CURLcode, word: String) throws {
        try #require(gqlpatch_curl_load() == nil, "libcurl must load")
        let message = String(cString: gqlpatch_curl_easy_strerror(code)).lowercased()
        #expect(message.contains(word), "code \(code.rawValue): \(message)")
    }

    @Test func infoItemsAndMultiOptionAreKnown() throws {
        try #require(gqlpatch_curl_load() == nil, "libcurl must load")
        let handle = try #require(gqlpatch_curl_easy_init())
        var value = -1
        // An unknown info item is CURLE_UNKNOWN_OPTION (48) or BAD_FUNCTION_ARGUMENT (43), not OK.
        #expect(gqlpatch_curl_get_long(handle, CURLINFO_RESPONSE_CODE, &value) == CURLE_OK)
        #expect(value == 0)
        #expect(gqlpatch_curl_get_long(handle, CURLINFO_OS_ERRNO, &value) == CURLE_OK)
        #expect(gqlpatch_curl_set_long(handle, CURLOPT_TIMEOUT_MS, 1000) == CURLE_OK)
        let multi = try #require(gqlpatch_curl_multi_init())
        #expect(gqlpatch_curl_multi_set_long(multi, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX)) == CURLM_OK)
        // 99999 is no multi option: libcurl must say so, or the check above proves nothing.
        #expect(gqlpatch_curl_multi_set_long(multi, CURLMoption(99999), 1) != CURLM_OK)
    }
}
