#define _GNU_SOURCE
#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// The libcurl functions gqlpatch calls, resolved from libcurl.so.4 on first use.
static struct {
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    void (*easy_reset)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_setopt)(CURLM *, CURLMoption, ...);
    CURLMcode (*multi_add_handle)(CURLM *, CURL *);
    CURLMcode (*multi_remove_handle)(CURLM *, CURL *);
    CURLMcode (*multi_perform)(CURLM *, int *);
    CURLMsg *(*multi_info_read)(CURLM *, int *);
    CURLMcode (*multi_poll)(CURLM *, void *, unsigned int, int, int *);  // no extra descriptors: NULL, 0
    CURLMcode (*multi_wakeup)(CURLM *);
    const void *(*easy_option_by_name)(const char *);
} api;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char failure[512];
static int ready;

static int resolve(void *library, void **slot, const char *name) {
    *slot = dlsym(library, name);
    if (*slot == NULL) {
        snprintf(failure, sizeof failure, "libcurl.so.4 has no %s (libcurl 7.85 or later is needed)", name);
        return 0;
    }
    return 1;
}

static void load(void) {
    void *library = dlopen("libcurl.so.4", RTLD_LAZY | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(failure, sizeof failure, "cannot load libcurl (install libcurl4): %s", reason ? reason : "unknown error");
        return;
    }
#define RESOLVE(member) if (!resolve(library, (void **)&api.member, "curl_" #member)) return;
    RESOLVE(global_init)
    RESOLVE(easy_init)
    RESOLVE(easy_reset)
    RESOLVE(easy_strerror)
    RESOLVE(easy_setopt)
    RESOLVE(easy_getinfo)
    RESOLVE(slist_append)
    RESOLVE(slist_free_all)
    RESOLVE(multi_init)
    RESOLVE(multi_setopt)
    RESOLVE(multi_add_handle)
    RESOLVE(multi_remove_handle)
    RESOLVE(multi_perform)
    RESOLVE(multi_info_read)
    RESOLVE(multi_poll)
    RESOLVE(multi_wakeup)
    RESOLVE(easy_option_by_name)
#undef RESOLVE
    // The newest option gqlpatch sets (7.85): an older libcurl would ignore it without a word.
    if (api.easy_option_by_name("PROTOCOLS_STR") == NULL) {
        snprintf(failure, sizeof failure, "libcurl is older than 7.85 (gqlpatch needs 7.85 or later)");
        return;
    }
    if (api.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
        snprintf(failure, sizeof failure, "libcurl failed to initialise");
        return;
    }
    ready = 1;
}

const char *gqlpatch_curl_load(void) {
    pthread_once(&once, load);
    return ready ? NULL : failure;
}

static void *preload(void *unused) {
    (void)unused;
    gqlpatch_curl_load();
    return NULL;
}

void gqlpatch_curl_preload(void) {
    pthread_t thread;
    pthread_attr_t attributes;
    if (pthread_attr_init(&attributes) != 0) return;
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    // No thread, no harm: the first request loads the library itself.
    (void)pthread_create(&thread, &attributes, preload, NULL);
    pthread_attr_destroy(&attributes);
}

CURL *gqlpatch_curl_easy_init(void) { return api.easy_init(); }
void gqlpatch_curl_easy_reset(CURL *handle) { api.easy_reset(handle); }
const char *gqlpatch_curl_easy_strerror(CURLcode code) { return api.easy_strerror(code); }

CURLcode gqlpatch_curl_set_long(CURL *handle, CURLoption option, long value) {
    return api.easy_setopt(handle, option, value);
}
CURLcode gqlpatch_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return api.easy_setopt(handle, option, value);
}
CURLcode gqlpatch_curl_set_pointer(CURL *handle, CURLoption option, const void *value) {
    return api.easy_setopt(handle, option, value);
}
CURLcode gqlpatch_curl_set_callback(CURL *handle, CURLoption option, gqlpatch_curl_data_callback value) {
    return api.easy_setopt(handle, option, value);
}
CURLcode gqlpatch_curl_set_prerequest(CURL *handle, gqlpatch_curl_prerequest_callback value) {
    return api.easy_setopt(handle, CURLOPT_PREREQFUNCTION, value);
}
CURLcode gqlpatch_curl_get_long(CURL *handle, CURLINFO info, long *value) {
    return api.easy_getinfo(handle, info, value);
}

struct curl_slist *gqlpatch_curl_slist_append(struct curl_slist *list, const char *text) {
    return api.slist_append(list, text);
}
void gqlpatch_curl_slist_free_all(struct curl_slist *list) { api.slist_free_all(list); }

CURLM *gqlpatch_curl_multi_init(void) { return api.multi_init(); }
CURLMcode gqlpatch_curl_multi_set_long(CURLM *multi, CURLMoption option, long value) {
    return api.multi_setopt(multi, option, value);
}
CURLMcode gqlpatch_curl_multi_add_handle(CURLM *multi, CURL *handle) { return api.multi_add_handle(multi, handle); }
CURLMcode gqlpatch_curl_multi_remove_handle(CURLM *multi, CURL *handle) { return api.multi_remove_handle(multi, handle); }
CURLMcode gqlpatch_curl_multi_perform(CURLM *multi, int *running) { return api.multi_perform(multi, running); }
CURLMsg *gqlpatch_curl_multi_info_read(CURLM *multi, int *left) { return api.multi_info_read(multi, left); }
CURLMcode gqlpatch_curl_multi_poll(CURLM *multi, int timeoutMilliseconds) {
    return api.multi_poll(multi, NULL, 0, timeoutMilliseconds, NULL);
}
CURLMcode gqlpatch_curl_multi_wakeup(CURLM *multi) { return api.multi_wakeup(multi); }

CURLcode gqlpatch_curl_message_result(const CURLMsg *message) { return message->data.result; }

void gqlpatch_curl_name_thread(const char *name) {
    char cut[16];
    snprintf(cut, sizeof cut, "%s", name);
    pthread_setname_np(pthread_self(), cut);
}
