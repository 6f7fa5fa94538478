// The system's libcurl (the library FoundationNetworking itself is built on), for gqlpatch's
// transport. The library is loaded with dlopen on the first request, not linked: a run that sends
// nothing (--help, --version, --dry-run, refused input) never pays the few milliseconds it takes to
// load libcurl and the dozens of libraries behind it.
//
// No curl header is included: building needs the Swift toolchain alone, not a -dev package. The few
// types and constants gqlpatch uses are declared here under curl's own names, with the values of
// libcurl's stable ABI (they have not changed since they were added; CurlABITests checks each one
// against the libcurl it loads). Only what gqlpatch calls is declared.
//
// curl's setopt/getinfo functions are variadic, which Swift cannot call: each argument type gqlpatch
// uses gets a typed function here.
#ifndef GQLPATCH_CCURL_H
#define GQLPATCH_CCURL_H

#include <stddef.h>
#include <stdint.h>

typedef void CURL;
typedef void CURLM;
typedef int64_t curl_off_t;  // curl's system.h: a 64-bit signed integer on every LP64 platform

struct curl_slist {
    char *data;
    struct curl_slist *next;
};

typedef enum {
    CURLE_OK = 0,
    CURLE_UNSUPPORTED_PROTOCOL = 1,
    CURLE_FAILED_INIT = 2,
    CURLE_URL_MALFORMAT = 3,
    CURLE_COULDNT_RESOLVE_HOST = 6,
    CURLE_COULDNT_CONNECT = 7,
    CURLE_WEIRD_SERVER_REPLY = 8,
    CURLE_PARTIAL_FILE = 18,
    CURLE_WRITE_ERROR = 23,
    CURLE_OUT_OF_MEMORY = 27,
    CURLE_OPERATION_TIMEDOUT = 28,
    CURLE_SSL_CONNECT_ERROR = 35,
    CURLE_ABORTED_BY_CALLBACK = 42,
    CURLE_GOT_NOTHING = 52,
    CURLE_SEND_ERROR = 55,
    CURLE_RECV_ERROR = 56,
    CURLE_SSL_CERTPROBLEM = 58,
    CURLE_SSL_CIPHER = 59,
    CURLE_PEER_FAILED_VERIFICATION = 60,
    CURLE_BAD_CONTENT_ENCODING = 61,
    CURLE_FILESIZE_EXCEEDED = 63,
    CURLE_SSL_CACERT_BADFILE = 77,
    CURLE_SSL_ISSUER_ERROR = 83,
    CURLE_SSL_PINNEDPUBKEYNOTMATCH = 90,
    CURLE_SSL_INVALIDCERTSTATUS = 91,
} CURLcode;

// An option's number is its type's base (long 0, pointer 10000, function 20000, curl_off_t 30000)
// plus its index.
typedef enum {
    CURLOPT_WRITEDATA = 10001,
    CURLOPT_URL = 10002,
    CURLOPT_PROXY = 10004,
    CURLOPT_ERRORBUFFER = 10010,
    CURLOPT_WRITEFUNCTION = 20011,
    CURLOPT_HTTPHEADER = 10023,
    CURLOPT_HEADERDATA = 10029,
    CURLOPT_CUSTOMREQUEST = 10036,
    CURLOPT_POST = 47,
    CURLOPT_FOLLOWLOCATION = 52,
    CURLOPT_CAINFO = 10065,
    CURLOPT_HEADERFUNCTION = 20079,
    CURLOPT_NOSIGNAL = 99,
    CURLOPT_TIMEOUT_MS = 155,
    CURLOPT_COPYPOSTFIELDS = 10165,
    CURLOPT_NOPROXY = 10177,
    CURLOPT_MAXFILESIZE_LARGE = 30117,
    CURLOPT_POSTFIELDSIZE_LARGE = 30120,
    CURLOPT_PREREQFUNCTION = 20312,
    CURLOPT_PREREQDATA = 10313,
    CURLOPT_PROTOCOLS_STR = 10318,
} CURLoption;

// CURLINFO_LONG (0x200000) plus the item's index.
typedef enum {
    CURLINFO_RESPONSE_CODE = 0x200000 + 2,
    CURLINFO_OS_ERRNO = 0x200000 + 25,
} CURLINFO;

typedef enum {
    CURLM_CALL_MULTI_PERFORM = -1,
    CURLM_OK = 0,
} CURLMcode;

typedef enum {
    CURLMOPT_PIPELINING = 3,
    CURLMOPT_MAXCONNECTS = 6,
} CURLMoption;

typedef enum {
    CURLMSG_NONE = 0,
    CURLMSG_DONE = 1,
} CURLMSG;

typedef struct {
    CURLMSG msg;
    CURL *easy_handle;
    union {
        void *whatever;
        CURLcode result;
    } data;
} CURLMsg;

#define CURLPIPE_MULTIPLEX 2L
#define CURL_ERROR_SIZE 256
#define CURL_PREREQFUNC_OK 0
#define CURL_PREREQFUNC_ABORT 1
#define CURL_GLOBAL_DEFAULT 3L  // CURL_GLOBAL_SSL | CURL_GLOBAL_WIN32

/// Loads libcurl (once; thread-safe). NULL when it is ready, else why it could not be loaded.
/// No other function of this header may be called before this one returned NULL.
const char *gqlpatch_curl_load(void);
// Starts loading libcurl (gqlpatch_curl_load) on a thread of its own and returns at once, so that
// the 5 ms of dlopen and TLS set-up overlap the run's own start (schema, credentials, signing). The
// process ends with _exit, so a load still running then is simply dropped.
void gqlpatch_curl_preload(void);

typedef size_t (*gqlpatch_curl_data_callback)(char *data, size_t size, size_t count, void *context);
typedef int (*gqlpatch_curl_prerequest_callback)(void *context, char *primaryIP, char *localIP, int primaryPort, int localPort);

CURL *gqlpatch_curl_easy_init(void);
void gqlpatch_curl_easy_reset(CURL *handle);
const char *gqlpatch_curl_easy_strerror(CURLcode code);
CURLcode gqlpatch_curl_set_long(CURL *handle, CURLoption option, long value);
CURLcode gqlpatch_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value);
CURLcode gqlpatch_curl_set_pointer(CURL *handle, CURLoption option, const void *value);
CURLcode gqlpatch_curl_set_callback(CURL *handle, CURLoption option, gqlpatch_curl_data_callback value);
CURLcode gqlpatch_curl_set_prerequest(CURL *handle, gqlpatch_curl_prerequest_callback value);
CURLcode gqlpatch_curl_get_long(CURL *handle, CURLINFO info, long *value);

struct curl_slist *gqlpatch_curl_slist_append(struct curl_slist *list, const char *text);
void gqlpatch_curl_slist_free_all(struct curl_slist *list);

CURLM *gqlpatch_curl_multi_init(void);
CURLMcode gqlpatch_curl_multi_set_long(CURLM *multi, CURLMoption option, long value);
CURLMcode gqlpatch_curl_multi_add_handle(CURLM *multi, CURL *handle);
CURLMcode gqlpatch_curl_multi_remove_handle(CURLM *multi, CURL *handle);
CURLMcode gqlpatch_curl_multi_perform(CURLM *multi, int *running);
CURLMsg *gqlpatch_curl_multi_info_read(CURLM *multi, int *left);
CURLMcode gqlpatch_curl_multi_poll(CURLM *multi, int timeoutMilliseconds);
CURLMcode gqlpatch_curl_multi_wakeup(CURLM *multi);

/// Names the calling thread (as `top`, `perf` and debuggers show it); the name is cut at 15 bytes.
void gqlpatch_curl_name_thread(const char *name);

/// The result code of a finished transfer (a member of an anonymous union in CURLMsg).
CURLcode gqlpatch_curl_message_result(const CURLMsg *message);

#endif
