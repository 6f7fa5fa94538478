// The system's libcurl (the library FoundationNetworking itself is built on), called directly by
// gqlpatch's transport. curl's setopt/getinfo functions are variadic, which Swift cannot call, so
// each argument type gqlpatch uses gets a typed inline wrapper here.
#ifndef GQLPATCH_CCURL_H
#define GQLPATCH_CCURL_H

#include <curl/curl.h>

typedef size_t (*gqlpatch_curl_data_callback)(char *data, size_t size, size_t count, void *context);

static inline CURLcode gqlpatch_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode gqlpatch_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode gqlpatch_curl_set_pointer(CURL *handle, CURLoption option, const void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode gqlpatch_curl_set_callback(CURL *handle, CURLoption option, gqlpatch_curl_data_callback value) {
    return curl_easy_setopt(handle, option, value);
}

typedef int (*gqlpatch_curl_prerequest_callback)(void *context, char *primaryIP, char *localIP, int primaryPort, int localPort);

static inline CURLcode gqlpatch_curl_set_prerequest(CURL *handle, gqlpatch_curl_prerequest_callback value) {
    return curl_easy_setopt(handle, CURLOPT_PREREQFUNCTION, value);
}

static inline CURLcode gqlpatch_curl_get_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode gqlpatch_curl_get_pointer(CURL *handle, CURLINFO info, void **value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLMcode gqlpatch_curl_multi_set_long(CURLM *handle, CURLMoption option, long value) {
    return curl_multi_setopt(handle, option, value);
}

/// The result code of a finished transfer (a member of an anonymous union in CURLMsg).
static inline CURLcode gqlpatch_curl_message_result(const CURLMsg *message) {
    return message->data.result;
}

#endif
