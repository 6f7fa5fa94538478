// The system's libcurl (the library FoundationNetworking itself is built on), for gqlpatch's
// transport. The library is loaded with dlopen on the first request, not linked: a run that sends
// nothing (--help, --version, --dry-run, refused input) never pays the few milliseconds it takes to
// load libcurl and the dozens of libraries behind it. curl's headers give the types and constants.
//
// curl's setopt/getinfo functions are variadic, which Swift cannot call: each argument type gqlpatch
// uses gets a typed function here.
#ifndef GQLPATCH_CCURL_H
#define GQLPATCH_CCURL_H

#include <curl/curl.h>

/// Loads libcurl (once; thread-safe). NULL when it is ready, else why it could not be loaded.
/// No other function of this header may be called before this one returned NULL.
const char *gqlpatch_curl_load(void);

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
