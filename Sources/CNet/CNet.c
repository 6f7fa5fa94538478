#define _GNU_SOURCE
#include "CNet.h"

#include <arpa/inet.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

// The libssl (OpenSSL 3 or 1.1) functions used, resolved from libssl on first use; libcrypto's
// through the same handle (dlsym searches a library's dependencies too).
typedef void SSL_CTX;
typedef void SSL;
typedef void SSL_METHOD;
typedef void X509_VERIFY_PARAM;
typedef void SSL_SESSION;

static struct {
    int (*init_ssl)(uint64_t, const void *);
    const SSL_METHOD *(*client_method)(void);
    SSL_CTX *(*ctx_new)(const SSL_METHOD *);
    void (*ctx_free)(SSL_CTX *);
    long (*ctx_ctrl)(SSL_CTX *, int, long, void *);
    void (*ctx_set_verify)(SSL_CTX *, int, void *);
    int (*ctx_load_verify_locations)(SSL_CTX *, const char *, const char *);
    int (*ctx_set_default_verify_paths)(SSL_CTX *);
    SSL *(*ssl_new)(SSL_CTX *);
    void (*ssl_free)(SSL *);
    int (*set_fd)(SSL *, int);
    long (*ctrl)(SSL *, int, long, void *);
    int (*set1_host)(SSL *, const char *);
    void (*set_hostflags)(SSL *, unsigned int);
    X509_VERIFY_PARAM *(*get0_param)(SSL *);
    int (*param_set1_ip_asc)(X509_VERIFY_PARAM *, const char *);
    int (*connect)(SSL *);
    int (*read)(SSL *, void *, int);
    int (*peek)(SSL *, void *, int);
    int (*write)(SSL *, const void *, int);
    int (*pending)(const SSL *);
    int (*get_error)(const SSL *, int);
    long (*get_verify_result)(const SSL *);
    const char *(*verify_error_string)(long);
    unsigned long (*err_get_error)(void);
    void (*err_error_string_n)(unsigned long, char *, size_t);
    void (*err_clear_error)(void);
    void (*ctx_sess_set_new_cb)(SSL_CTX *, int (*)(SSL *, SSL_SESSION *));
    int (*set_session)(SSL *, SSL_SESSION *);
    void (*session_free)(SSL_SESSION *);
    int (*set_ex_data)(SSL *, int, void *);
    void *(*get_ex_data)(const SSL *, int);
    SSL_SESSION *(*session_dup)(const SSL_SESSION *);  // OpenSSL 1.1.1 and later; NULL: no resumption
} ssl;

enum {
    SSL_ERROR_SSL_ = 1,
    SSL_ERROR_WANT_READ_ = 2,
    SSL_ERROR_WANT_WRITE_ = 3,
    SSL_ERROR_SYSCALL_ = 5,
    SSL_ERROR_ZERO_RETURN_ = 6,
    SSL_VERIFY_PEER_ = 1,
    SSL_CTRL_MODE_ = 33,
    SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER_ = 2,
    SSL_CTRL_SET_TLSEXT_HOSTNAME_ = 55,
    TLSEXT_NAMETYPE_HOST_NAME_ = 0,
    SSL_CTRL_SET_MIN_PROTO_VERSION_ = 123,
    SSL_CTRL_SET_SESS_CACHE_MODE_ = 44,
    SSL_SESS_CACHE_CLIENT_ = 0x0001,
    SSL_SESS_CACHE_NO_INTERNAL_ = 0x0300,
    TLS1_2_VERSION_ = 0x0303,
    X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS_ = 0x4,
};

static pthread_once_t ssl_once = PTHREAD_ONCE_INIT;
static char ssl_failure[256];
static int ssl_ready;

static int resolve(void *library, void **slot, const char *name) {
    *slot = dlsym(library, name);
    if (*slot == NULL) {
        snprintf(ssl_failure, sizeof ssl_failure, "libssl has no %s (OpenSSL 1.1 or later is needed)", name);
        return 0;
    }
    return 1;
}

static void load_ssl(void) {
    void *library = dlopen("libssl.so.3", RTLD_LAZY | RTLD_LOCAL);
    if (library == NULL) library = dlopen("libssl.so.1.1", RTLD_LAZY | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(ssl_failure, sizeof ssl_failure, "cannot load libssl (install libssl3): %s",
                 reason ? reason : "unknown error");
        return;
    }
#define RESOLVE(member, name) \
    if (!resolve(library, (void **)&ssl.member, name)) return;
    RESOLVE(init_ssl, "OPENSSL_init_ssl")
    RESOLVE(client_method, "TLS_client_method")
    RESOLVE(ctx_new, "SSL_CTX_new")
    RESOLVE(ctx_free, "SSL_CTX_free")
    RESOLVE(ctx_ctrl, "SSL_CTX_ctrl")
    RESOLVE(ctx_set_verify, "SSL_CTX_set_verify")
    RESOLVE(ctx_load_verify_locations, "SSL_CTX_load_verify_locations")
    RESOLVE(ctx_set_default_verify_paths, "SSL_CTX_set_default_verify_paths")
    RESOLVE(ssl_new, "SSL_new")
    RESOLVE(ssl_free, "SSL_free")
    RESOLVE(set_fd, "SSL_set_fd")
    RESOLVE(ctrl, "SSL_ctrl")
    RESOLVE(set1_host, "SSL_set1_host")
    RESOLVE(set_hostflags, "SSL_set_hostflags")
    RESOLVE(get0_param, "SSL_get0_param")
    RESOLVE(param_set1_ip_asc, "X509_VERIFY_PARAM_set1_ip_asc")
    RESOLVE(connect, "SSL_connect")
    RESOLVE(read, "SSL_read")
    RESOLVE(peek, "SSL_peek")
    RESOLVE(write, "SSL_write")
    RESOLVE(pending, "SSL_pending")
    RESOLVE(get_error, "SSL_get_error")
    RESOLVE(get_verify_result, "SSL_get_verify_result")
    RESOLVE(verify_error_string, "X509_verify_cert_error_string")
    RESOLVE(err_get_error, "ERR_get_error")
    RESOLVE(err_error_string_n, "ERR_error_string_n")
    RESOLVE(err_clear_error, "ERR_clear_error")
    RESOLVE(ctx_sess_set_new_cb, "SSL_CTX_sess_set_new_cb")
    RESOLVE(set_session, "SSL_set_session")
    RESOLVE(session_free, "SSL_SESSION_free")
    RESOLVE(set_ex_data, "SSL_set_ex_data")
    RESOLVE(get_ex_data, "SSL_get_ex_data")
#undef RESOLVE
    ssl.session_dup = dlsym(library, "SSL_SESSION_dup");
    // Default settings, the system's openssl.cnf included (its minimum protocol and cipher policy).
    if (ssl.init_ssl(0, NULL) != 1) {
        snprintf(ssl_failure, sizeof ssl_failure, "libssl failed to initialise");
        return;
    }
    ssl_ready = 1;
}

static const char *ssl_load(void) {
    pthread_once(&ssl_once, load_ssl);
    return ssl_ready ? NULL : ssl_failure;
}

static void *preload(void *unused) {
    (void)unused;
    ssl_load();
    return NULL;
}

const char *gqlpatch_tls_check(void) { return ssl_load(); }

void gqlpatch_tls_preload(void) {
    static int started;
    if (__atomic_exchange_n(&started, 1, __ATOMIC_RELAXED)) return;
    pthread_t thread;
    pthread_attr_t attributes;
    if (pthread_attr_init(&attributes) != 0) return;
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    // No thread, no harm: the first TLS connection loads the library itself.
    (void)pthread_create(&thread, &attributes, preload, NULL);
    pthread_attr_destroy(&attributes);
}

struct gqlpatch_connection {
    int fd;
    SSL *tls;
    char session_key[300];  // the TLS context, host and port whose sessions this one resumes
};

int64_t gqlpatch_net_now_ms(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

static int fail(gqlpatch_net_status *status, int result, int os_errno, const char *detail) {
    status->result = result;
    status->os_errno = os_errno;
    snprintf(status->detail, sizeof status->detail, "%s", detail);
    return -1;
}

static int fail_errno(gqlpatch_net_status *status, int result, int os_errno) {
    return fail(status, result, os_errno, strerror(os_errno));
}

// Waits until fd is ready for events or the deadline passes: 1 ready, 0 deadline, -1 error (errno).
static int wait_for(int fd, short events, int64_t deadline) {
    for (;;) {
        int64_t left = deadline - gqlpatch_net_now_ms();
        if (left <= 0) return 0;
        struct pollfd entry = {.fd = fd, .events = events};
        int ready = poll(&entry, 1, left > 60000 ? 60000 : (int)left);
        if (ready > 0) return 1;
        if (ready < 0 && errno != EINTR) return -1;
    }
}

// The addresses of host: a literal IP address directly, a name through getaddrinfo_a, waited for
// no longer than the deadline (a resolver that hangs must not hold the run past --timeout).
static struct addrinfo *addresses(const char *host, int port, int64_t deadline, gqlpatch_net_status *status) {
    char service[16];
    snprintf(service, sizeof service, "%d", port);
    struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM, .ai_flags = AI_NUMERICSERV};
    struct in6_addr scratch;
    if (inet_pton(AF_INET, host, &scratch) == 1 || inet_pton(AF_INET6, host, &scratch) == 1) {
        hints.ai_flags |= AI_NUMERICHOST;
        struct addrinfo *list = NULL;
        int code = getaddrinfo(host, service, &hints, &list);
        if (code != 0) {
            fail(status, GQLPATCH_NET_RESOLVE, 0, gai_strerror(code));
            return NULL;
        }
        return list;
    }
    // Left allocated when the lookup cannot be cancelled: the resolver's thread still writes to it.
    struct gaicb *request = calloc(1, sizeof *request);
    char *name = strdup(host), *port_text = strdup(service);
    struct addrinfo *request_hints = malloc(sizeof *request_hints);
    if (request == NULL || name == NULL || port_text == NULL || request_hints == NULL) {
        free(request), free(name), free(port_text), free(request_hints);
        fail(status, GQLPATCH_NET_RESOLVE, ENOMEM, "out of memory");
        return NULL;
    }
    *request_hints = hints;
    request->ar_name = name;
    request->ar_service = port_text;
    request->ar_request = request_hints;
    struct gaicb *list[1] = {request};
    int code = getaddrinfo_a(GAI_NOWAIT, list, 1, NULL);
    if (code != 0) {
        free(request), free(name), free(port_text), free(request_hints);
        fail(status, GQLPATCH_NET_RESOLVE, 0, gai_strerror(code));
        return NULL;
    }
    for (;;) {
        code = gai_error(request);
        if (code != EAI_INPROGRESS) break;
        int64_t left = deadline - gqlpatch_net_now_ms();
        if (left <= 0) {
            if (gai_cancel(request) == EAI_CANCELED) {
                free(request), free(name), free(port_text), free(request_hints);
            }
            fail(status, GQLPATCH_NET_TIMEOUT, 0, "the host name lookup timed out");
            return NULL;
        }
        struct timespec wait = {.tv_sec = left / 1000, .tv_nsec = (left % 1000) * 1000000};
        const struct gaicb *waiting[1] = {request};
        (void)gai_suspend(waiting, 1, &wait);
    }
    struct addrinfo *result = request->ar_result;
    free(request), free(name), free(port_text), free(request_hints);
    if (code != 0) {
        if (result) freeaddrinfo(result);
        fail(status, GQLPATCH_NET_RESOLVE, code == EAI_SYSTEM ? errno : 0, gai_strerror(code));
        return NULL;
    }
    return result;
}

// Happy eyeballs (RFC 8305): the addresses interleaved by family, the family getaddrinfo put first
// leading; an attempt is started, and another every 250 ms while none has connected (at once when
// one fails); the first to connect wins and the others are closed. A name whose IPv6 address drops
// packets (common on corporate and CI networks) so connects over IPv4 in about 250 ms, not after
// half the timeout.
enum { ATTEMPT_DELAY_MS = 250, MAX_ATTEMPTS = 16 };

static int interleave(struct addrinfo *list, struct addrinfo **order) {
    struct addrinfo *first[MAX_ATTEMPTS], *second[MAX_ATTEMPTS];
    int firsts = 0, seconds = 0;
    int family = list != NULL ? list->ai_family : AF_UNSPEC;
    for (struct addrinfo *address = list; address != NULL; address = address->ai_next) {
        if (address->ai_family == family) {
            if (firsts < MAX_ATTEMPTS) first[firsts++] = address;
        } else if (seconds < MAX_ATTEMPTS) {
            second[seconds++] = address;
        }
    }
    int count = 0;
    for (int index = 0; count < MAX_ATTEMPTS && (index < firsts || index < seconds); index++) {
        if (index < firsts) order[count++] = first[index];
        if (index < seconds && count < MAX_ATTEMPTS) order[count++] = second[index];
    }
    return count;
}

static int connect_tcp(struct addrinfo *list, int64_t deadline, gqlpatch_net_status *status) {
    struct addrinfo *order[MAX_ATTEMPTS];
    int count = interleave(list, order);
    struct pollfd pending[MAX_ATTEMPTS];
    int open_count = 0, next = 0;
    int last_errno = ECONNREFUSED;
    int64_t next_start = gqlpatch_net_now_ms();
    for (;;) {
        int64_t now = gqlpatch_net_now_ms();
        if (now >= deadline) break;
        if (next < count && (open_count == 0 || now >= next_start)) {
            struct addrinfo *address = order[next++];
            next_start = now + ATTEMPT_DELAY_MS;
            int fd = socket(address->ai_family, address->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC,
                            address->ai_protocol);
            if (fd < 0) {
                last_errno = errno;
                continue;
            }
            int one = 1;
            (void)setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
            if (connect(fd, address->ai_addr, address->ai_addrlen) == 0) {
                for (int index = 0; index < open_count; index++) close(pending[index].fd);
                return fd;
            }
            if (errno != EINPROGRESS) {
                last_errno = errno;
                close(fd);
                next_start = now;  // failed at once: the next address now
                continue;
            }
            pending[open_count++] = (struct pollfd){.fd = fd, .events = POLLOUT};
            continue;
        }
        if (open_count == 0) break;  // every address tried and failed
        int64_t until = next < count && next_start < deadline ? next_start : deadline;
        int64_t left = until - now;
        int ready = poll(pending, open_count, left > 60000 ? 60000 : (int)(left < 0 ? 0 : left));
        if (ready < 0 && errno != EINTR) {
            last_errno = errno;
            break;
        }
        for (int index = 0; ready > 0 && index < open_count; index++) {
            if (pending[index].revents == 0) continue;
            int fd = pending[index].fd, error = 0;
            socklen_t length = sizeof error;
            if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) == 0 && error == 0) {
                for (int other = 0; other < open_count; other++) {
                    if (other != index) close(pending[other].fd);
                }
                return fd;
            }
            last_errno = error ? error : errno;
            close(fd);
            pending[index--] = pending[--open_count];
            next_start = gqlpatch_net_now_ms();  // a failure starts the next attempt at once
        }
    }
    for (int index = 0; index < open_count; index++) close(pending[index].fd);
    if (gqlpatch_net_now_ms() >= deadline) {
        fail(status, GQLPATCH_NET_TIMEOUT, 0, "the connection timed out");
    } else {
        fail_errno(status, GQLPATCH_NET_CONNECT, last_errno);
    }
    return -1;
}

// The run's DNS answers, by host and port: a batch's connections, and a command's later ones, do
// not look the name up again (libcurl keeps its answers 60 s; a run keeps them while it lasts).
enum { DNS_CACHE_ENTRIES = 16 };
static struct {
    char host[256];
    int port;
    struct addrinfo *list;
} dns_cache[DNS_CACHE_ENTRIES];
static int dns_cached;
static pthread_mutex_t dns_lock = PTHREAD_MUTEX_INITIALIZER;

static struct addrinfo *dns_lookup(const char *host, int port) {
    struct addrinfo *found = NULL;
    pthread_mutex_lock(&dns_lock);
    for (int index = 0; index < dns_cached; index++) {
        if (dns_cache[index].port == port && strcmp(dns_cache[index].host, host) == 0) {
            found = dns_cache[index].list;
            break;
        }
    }
    pthread_mutex_unlock(&dns_lock);
    return found;
}

// Keeps list for the run: 1 when kept (the cache owns it now), 0 when the cache is full.
static int dns_keep(const char *host, int port, struct addrinfo *list) {
    if (strlen(host) >= sizeof dns_cache[0].host) return 0;
    int kept = 0;
    pthread_mutex_lock(&dns_lock);
    if (dns_cached < DNS_CACHE_ENTRIES) {
        snprintf(dns_cache[dns_cached].host, sizeof dns_cache[0].host, "%s", host);
        dns_cache[dns_cached].port = port;
        dns_cache[dns_cached].list = list;
        dns_cached++;
        kept = 1;
    }
    pthread_mutex_unlock(&dns_lock);
    return kept;
}

// libssl's reason for the last failure, or fallback when it has none.
static void tls_reason(char *buffer, size_t size, const char *fallback) {
    unsigned long code = ssl.err_get_error();
    if (code == 0) {
        snprintf(buffer, size, "%s", fallback);
        return;
    }
    ssl.err_error_string_n(code, buffer, size);
    ssl.err_clear_error();
}

// Waits for what an SSL call asked for; 1 ready, otherwise status is filled in.
static int wait_tls(gqlpatch_connection *connection, int code, int64_t deadline, int failure,
                    gqlpatch_net_status *status) {
    int error = ssl.get_error(connection->tls, code);
    if (error == SSL_ERROR_WANT_READ_ || error == SSL_ERROR_WANT_WRITE_) {
        int ready = wait_for(connection->fd, error == SSL_ERROR_WANT_READ_ ? POLLIN : POLLOUT, deadline);
        if (ready == 1) return 1;
        if (ready == 0) return fail(status, GQLPATCH_NET_TIMEOUT, 0, "the deadline passed"), 0;
        return fail_errno(status, failure, errno), 0;
    }
    if (error == SSL_ERROR_SYSCALL_ && errno != 0) return fail_errno(status, failure, errno), 0;
    char reason[200];
    tls_reason(reason, sizeof reason, "the connection closed");
    fail(status, failure, 0, reason);
    return 0;
}

static int keep_session(SSL *tls, SSL_SESSION *session);

// One TLS context for each CA source a run uses (the system's, or a bundle), shared by that
// source's connections: the CA bundle is read once for the run, not once per connection.
enum { TLS_CONTEXTS = 4 };
static struct {
    char *ca_file;  // NULL: the system's
    SSL_CTX *context;
} tls_contexts[TLS_CONTEXTS];
static int tls_context_count;
static pthread_mutex_t tls_lock = PTHREAD_MUTEX_INITIALIZER;

// The run's context for ca_file (NULL: the system's CAs), made on first use; its index in
// tls_contexts, or -1 with status filled in.
static int tls_context(const char *ca_file, gqlpatch_net_status *status) {
    pthread_mutex_lock(&tls_lock);
    for (int index = 0; index < tls_context_count; index++) {
        const char *kept = tls_contexts[index].ca_file;
        if ((kept == NULL && ca_file == NULL) || (kept != NULL && ca_file != NULL && strcmp(kept, ca_file) == 0)) {
            pthread_mutex_unlock(&tls_lock);
            return index;
        }
    }
    int result = -1;
    SSL_CTX *context = ssl.ctx_new(ssl.client_method());
    if (context == NULL) {
        fail(status, GQLPATCH_NET_TLS, 0, "libssl could not make a TLS context");
    } else if (tls_context_count == TLS_CONTEXTS) {
        ssl.ctx_free(context);
        fail(status, GQLPATCH_NET_TLS, 0, "too many certificate authority bundles in one run");
    } else {
        ssl.ctx_ctrl(context, SSL_CTRL_SET_MIN_PROTO_VERSION_, TLS1_2_VERSION_, NULL);
        ssl.ctx_set_verify(context, SSL_VERIFY_PEER_, NULL);
        // Sessions are kept by keep_session, not by libssl's own cache (which is for servers).
        ssl.ctx_ctrl(context, SSL_CTRL_SET_SESS_CACHE_MODE_, SSL_SESS_CACHE_CLIENT_ | SSL_SESS_CACHE_NO_INTERNAL_, NULL);
        ssl.ctx_sess_set_new_cb(context, keep_session);
        int loaded = ca_file != NULL ? ssl.ctx_load_verify_locations(context, ca_file, NULL) == 1
                                     : (ssl.ctx_set_default_verify_paths(context), 1);
        if (!loaded) {
            char message[256];
            snprintf(message, sizeof message, "cannot read the CA bundle %s", ca_file);
            ssl.err_clear_error();
            ssl.ctx_free(context);
            fail(status, GQLPATCH_NET_CA_FILE, 0, message);
        } else {
            char *kept = ca_file != NULL ? strdup(ca_file) : NULL;
            if (ca_file != NULL && kept == NULL) {
                // Unnamed, the context would pass for the system's CAs' context.
                ssl.ctx_free(context);
                fail(status, GQLPATCH_NET_TLS, ENOMEM, "out of memory");
            } else {
                tls_contexts[tls_context_count].ca_file = kept;
                tls_contexts[tls_context_count].context = context;
                result = tls_context_count++;
            }
        }
    }
    pthread_mutex_unlock(&tls_lock);
    return result;
}

// The last session each server gave the run, by TLS context, host and port: a new connection to
// the same server resumes it (an abbreviated handshake, no certificate chain sent or checked again),
// as libcurl does with its session cache. Sessions are kept only from verified handshakes, and a
// session is offered only to the host and CA source it was made with.
enum { TLS_SESSIONS = 16 };
static struct {
    char key[300];
    SSL_SESSION *session;
} tls_sessions[TLS_SESSIONS];
static int tls_session_count;
static pthread_mutex_t tls_session_lock = PTHREAD_MUTEX_INITIALIZER;

// libssl's call when a server gives a session (in TLS 1.3, a ticket after the handshake, read with
// the answer). A copy is kept: the session itself stays the connection's, and libssl marks it not
// resumable when that connection ends in an error (a server closing without close_notify, as
// servers and load balancers do), which would spoil the cache's session too.
static int keep_session(SSL *tls, SSL_SESSION *given) {
    gqlpatch_connection *connection = ssl.get_ex_data(tls, 0);
    if (connection == NULL || connection->session_key[0] == 0 || ssl.session_dup == NULL) return 0;
    SSL_SESSION *session = ssl.session_dup(given);
    if (session == NULL) return 0;
    SSL_SESSION *replaced = NULL;
    int kept = 0;
    pthread_mutex_lock(&tls_session_lock);
    for (int index = 0; index < tls_session_count; index++) {
        if (strcmp(tls_sessions[index].key, connection->session_key) == 0) {
            replaced = tls_sessions[index].session;
            tls_sessions[index].session = session;
            kept = 1;
            break;
        }
    }
    if (!kept && tls_session_count < TLS_SESSIONS) {
        snprintf(tls_sessions[tls_session_count].key, sizeof tls_sessions[0].key, "%s", connection->session_key);
        tls_sessions[tls_session_count++].session = session;
        kept = 1;
    }
    pthread_mutex_unlock(&tls_session_lock);
    if (replaced != NULL) ssl.session_free(replaced);
    if (!kept) ssl.session_free(session);
    return 0;  // libssl keeps its reference to the given session and drops it with the connection
}

// Offers the server's last session to a new connection; SSL_set_session takes its own reference.
static void offer_session(gqlpatch_connection *connection) {
    pthread_mutex_lock(&tls_session_lock);
    for (int index = 0; index < tls_session_count; index++) {
        if (strcmp(tls_sessions[index].key, connection->session_key) == 0) {
            (void)ssl.set_session(connection->tls, tls_sessions[index].session);
            break;
        }
    }
    pthread_mutex_unlock(&tls_session_lock);
}

static int start_tls(gqlpatch_connection *connection, const char *host, int port, const char *ca_file,
                     int64_t deadline, gqlpatch_net_status *status) {
    const char *problem = ssl_load();
    if (problem != NULL) return fail(status, GQLPATCH_NET_UNAVAILABLE, 0, problem);
    ssl.err_clear_error();
    int context = tls_context(ca_file, status);
    if (context < 0) return -1;
    connection->tls = ssl.ssl_new(tls_contexts[context].context);
    if (connection->tls == NULL || ssl.set_fd(connection->tls, connection->fd) != 1) {
        return fail(status, GQLPATCH_NET_TLS, 0, "libssl could not start a TLS session");
    }
    ssl.ctrl(connection->tls, SSL_CTRL_MODE_, SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER_, NULL);
    snprintf(connection->session_key, sizeof connection->session_key, "%d %s %d", context, host, port);
    if (ssl.set_ex_data(connection->tls, 0, connection) == 1) offer_session(connection);
    struct in6_addr scratch;
    int literal = inet_pton(AF_INET, host, &scratch) == 1 || inet_pton(AF_INET6, host, &scratch) == 1;
    // The certificate must name the host: its DNS name (also sent as SNI), or its IP address.
    int named = literal ? ssl.param_set1_ip_asc(ssl.get0_param(connection->tls), host)
                        : ssl.set1_host(connection->tls, host);
    if (named != 1) return fail(status, GQLPATCH_NET_TLS, 0, "libssl cannot check the certificate for this host");
    // `a*.example.com` matches no host, as curl has it: a wildcard stands for a whole label or nothing.
    if (!literal) ssl.set_hostflags(connection->tls, X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS_);
    if (!literal) ssl.ctrl(connection->tls, SSL_CTRL_SET_TLSEXT_HOSTNAME_, TLSEXT_NAMETYPE_HOST_NAME_, (void *)host);
    for (;;) {
        errno = 0;
        int code = ssl.connect(connection->tls);
        if (code == 1) return 0;
        long verified = ssl.get_verify_result(connection->tls);
        if (verified != 0) {
            char message[256];
            snprintf(message, sizeof message, "the server's certificate did not verify: %s",
                     ssl.verify_error_string(verified));
            ssl.err_clear_error();
            return fail(status, GQLPATCH_NET_VERIFY, 0, message);
        }
        if (!wait_tls(connection, code, deadline, GQLPATCH_NET_TLS, status)) return -1;
    }
}

static gqlpatch_connection *gqlpatch_net_wrap(int fd, const char *host, int port, int tls, const char *ca_file,
                                              int64_t deadline, gqlpatch_net_status *status);

gqlpatch_connection *gqlpatch_net_open(const char *host, int port, int tls, const char *ca_file,
                                       int64_t deadline, gqlpatch_net_status *status) {
    status->result = GQLPATCH_NET_OK;
    status->os_errno = 0;
    status->detail[0] = 0;
    struct addrinfo *list = dns_lookup(host, port);
    if (list == NULL) {
        list = addresses(host, port, deadline, status);
        if (list == NULL) return NULL;
        // Two threads may look the same name up at once: the second keeps a copy it frees.
        if (dns_lookup(host, port) != NULL || !dns_keep(host, port, list)) {
            int fd = connect_tcp(list, deadline, status);
            freeaddrinfo(list);
            return fd < 0 ? NULL : gqlpatch_net_wrap(fd, host, port, tls, ca_file, deadline, status);
        }
    }
    int fd = connect_tcp(list, deadline, status);
    if (fd < 0) return NULL;
    return gqlpatch_net_wrap(fd, host, port, tls, ca_file, deadline, status);
}

int gqlpatch_net_start_tls(gqlpatch_connection *connection, const char *host, int port, const char *ca_file,
                           int64_t deadline, gqlpatch_net_status *status) {
    if (connection->tls != NULL) return fail(status, GQLPATCH_NET_CONNECT, 0, "TLS is already started");
    return start_tls(connection, host, port, ca_file, deadline, status);
}

// The connection over a connected socket: with tls, after the handshake.
static gqlpatch_connection *gqlpatch_net_wrap(int fd, const char *host, int port, int tls, const char *ca_file,
                                              int64_t deadline, gqlpatch_net_status *status) {
    gqlpatch_connection *connection = calloc(1, sizeof *connection);
    if (connection == NULL) {
        close(fd);
        fail(status, GQLPATCH_NET_CONNECT, ENOMEM, "out of memory");
        return NULL;
    }
    connection->fd = fd;
    if (tls && start_tls(connection, host, port, ca_file, deadline, status) != 0) {
        gqlpatch_net_close(connection);
        return NULL;
    }
    return connection;
}

// SSL_write writes to the socket with write(2), which raises SIGPIPE on a connection the peer
// closed; the signal is blocked on this thread meanwhile and a pending one taken back, so a lost
// connection is an error to report, not the end of the process.
static int tls_write(gqlpatch_connection *connection, const uint8_t *bytes, int count) {
    sigset_t pipe_only, previous;
    sigemptyset(&pipe_only);
    sigaddset(&pipe_only, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_only, &previous);
    int code = ssl.write(connection->tls, bytes, count);
    int saved = errno;
    sigset_t pending;
    if (sigpending(&pending) == 0 && sigismember(&pending, SIGPIPE) == 1) {
        struct timespec none = {0, 0};
        (void)sigtimedwait(&pipe_only, NULL, &none);
    }
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    errno = saved;
    return code;
}

static long send_some(gqlpatch_connection *connection, const uint8_t *bytes, size_t count, int *want,
                      gqlpatch_net_status *status, int guard_pipe);
static int wait_want(gqlpatch_connection *connection, int want, int64_t deadline, int failure,
                     gqlpatch_net_status *status);

// On a readable connection still being written to: 1 the server has sent application data (an
// answer), 0 not yet (over TLS, a session ticket, which the peek takes in), -1 it closed or failed.
static int answered(gqlpatch_connection *connection) {
    uint8_t byte;
    if (connection->tls == NULL) {
        ssize_t code = recv(connection->fd, &byte, 1, MSG_PEEK | MSG_DONTWAIT);
        return code > 0 ? 1 : code < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) ? 0 : -1;
    }
    errno = 0;
    int code = ssl.peek(connection->tls, &byte, 1);
    if (code > 0) return 1;
    return ssl.get_error(connection->tls, code) == SSL_ERROR_WANT_READ_ ? 0 : -1;
}

// While a send waits for room: 0 room, 1 the server answered (GQLPATCH_NET_ANSWERED), -1 failed.
// A server that answers early (a 413 for a body too large) and keeps the connection open without
// reading would otherwise hold the send until the deadline.
static int wait_room(gqlpatch_connection *connection, int want, int64_t deadline, gqlpatch_net_status *status) {
    if (want != 2) return wait_want(connection, want, deadline, GQLPATCH_NET_SEND, status);
    short events = POLLOUT | POLLIN;
    for (;;) {
        int64_t left = deadline - gqlpatch_net_now_ms();
        if (left <= 0) return fail(status, GQLPATCH_NET_TIMEOUT, 0, "the deadline passed");
        struct pollfd entry = {.fd = connection->fd, .events = events};
        int ready = poll(&entry, 1, left > 60000 ? 60000 : (int)left);
        if (ready < 0 && errno != EINTR) return fail_errno(status, GQLPATCH_NET_SEND, errno);
        if (ready <= 0) continue;
        if (entry.revents & POLLIN) {
            int answer = answered(connection);
            if (answer == 1) {
                fail(status, GQLPATCH_NET_ANSWERED, 0, "the server answered before the request was all sent");
                return 1;
            }
            // Closed for reading, no answer: only room to write is waited for now (the send that
            // follows says how the connection ended).
            if (answer < 0) events = POLLOUT;
        }
        if (entry.revents & (POLLOUT | POLLERR | POLLHUP)) return 0;
    }
}

int gqlpatch_net_send(gqlpatch_connection *connection, const uint8_t *bytes, size_t count, int64_t deadline,
                      gqlpatch_net_status *status) {
    size_t sent = 0;
    while (sent < count) {
        int want;
        // A thread of a command has SIGPIPE as the process has it: tls_write blocks it meanwhile.
        long code = send_some(connection, bytes + sent, count - sent, &want, status, 1);
        if (code < 0) return -1;
        sent += (size_t)code;
        if (sent < count && wait_room(connection, want, deadline, status) != 0) return -1;
    }
    return 0;
}

long gqlpatch_net_receive(gqlpatch_connection *connection, uint8_t *buffer, size_t capacity, int64_t deadline,
                          gqlpatch_net_status *status) {
    for (;;) {
        int want;
        long code = gqlpatch_net_receive_some(connection, buffer, capacity, &want, status);
        if (code != -2) return code;
        if (wait_want(connection, want, deadline, GQLPATCH_NET_RECEIVE, status) != 0) return -1;
    }
}

int gqlpatch_net_reusable(gqlpatch_connection *connection) {
    struct pollfd entry = {.fd = connection->fd, .events = POLLIN};
    int ready = poll(&entry, 1, 0);
    if (ready == 0) return connection->tls == NULL || ssl.pending(connection->tls) == 0;
    if (ready < 0 || (entry.revents & (POLLERR | POLLHUP | POLLNVAL))) return 0;
    if (connection->tls == NULL) return 0;  // unasked bytes, or the peer's close
    // Over TLS, records that carry no data (a TLS 1.3 session ticket) leave the connection usable.
    uint8_t byte;
    errno = 0;
    int code = ssl.peek(connection->tls, &byte, 1);
    return code <= 0 && ssl.get_error(connection->tls, code) == SSL_ERROR_WANT_READ_;
}

void gqlpatch_net_close(gqlpatch_connection *connection) {
    if (connection == NULL) return;
    if (connection->tls != NULL) {
        (void)ssl.set_ex_data(connection->tls, 0, NULL);  // a late ticket must not reach freed memory
        ssl.ssl_free(connection->tls);
    }
    if (connection->fd >= 0) close(connection->fd);
    free(connection);
}

int gqlpatch_net_fd(gqlpatch_connection *connection) { return connection->fd; }

// The readiness an SSL call that could not go on waits for (1 read, 2 write), or 0 when it failed
// (status filled in).
static int tls_want(gqlpatch_connection *connection, int code, int failure, gqlpatch_net_status *status) {
    int error = ssl.get_error(connection->tls, code);
    if (error == SSL_ERROR_WANT_READ_) return 1;
    if (error == SSL_ERROR_WANT_WRITE_) return 2;
    if (error == SSL_ERROR_SYSCALL_ && errno != 0) return fail_errno(status, failure, errno), 0;
    char reason[200];
    tls_reason(reason, sizeof reason, "the connection closed");
    fail(status, failure, 0, reason);
    return 0;
}

// Waits until the socket is ready for what a send or receive wanted (1 read, 2 write): 0, or -1
// with status filled in (the deadline passed, or the wait failed).
static int wait_want(gqlpatch_connection *connection, int want, int64_t deadline, int failure,
                     gqlpatch_net_status *status) {
    int ready = wait_for(connection->fd, want == 1 ? POLLIN : POLLOUT, deadline);
    if (ready == 1) return 0;
    if (ready == 0) return fail(status, GQLPATCH_NET_TIMEOUT, 0, "the deadline passed");
    return fail_errno(status, failure, errno);
}

static long send_some(gqlpatch_connection *connection, const uint8_t *bytes, size_t count, int *want,
                      gqlpatch_net_status *status, int guard_pipe) {
    size_t sent = 0;
    *want = 0;
    while (sent < count) {
        size_t piece = count - sent > (1 << 30) ? (1 << 30) : count - sent;
        if (connection->tls != NULL) {
            errno = 0;
            int code = guard_pipe ? tls_write(connection, bytes + sent, (int)piece)
                                  : ssl.write(connection->tls, bytes + sent, (int)piece);
            if (code > 0) {
                sent += (size_t)code;
                continue;
            }
            *want = tls_want(connection, code, GQLPATCH_NET_SEND, status);
            return *want ? (long)sent : -1;
        }
        ssize_t code = send(connection->fd, bytes + sent, piece, MSG_NOSIGNAL);
        if (code >= 0) {
            sent += (size_t)code;
            continue;
        }
        if (errno == EINTR) continue;
        if (errno != EAGAIN && errno != EWOULDBLOCK) return fail_errno(status, GQLPATCH_NET_SEND, errno);
        *want = 2;
        return (long)sent;
    }
    return (long)sent;
}

long gqlpatch_net_send_some(gqlpatch_connection *connection, const uint8_t *bytes, size_t count, int *want,
                            gqlpatch_net_status *status) {
    return send_some(connection, bytes, count, want, status, 0);
}

long gqlpatch_net_receive_some(gqlpatch_connection *connection, uint8_t *buffer, size_t capacity, int *want,
                               gqlpatch_net_status *status) {
    int piece = capacity > (1 << 30) ? (1 << 30) : (int)capacity;
    *want = 0;
    for (;;) {
        if (connection->tls != NULL) {
            errno = 0;
            int code = ssl.read(connection->tls, buffer, piece);
            if (code > 0) return code;
            int error = ssl.get_error(connection->tls, code);
            // As in gqlpatch_net_receive: a close_notify or an unannounced close is the end.
            if (error == SSL_ERROR_ZERO_RETURN_ || (error == SSL_ERROR_SYSCALL_ && errno == 0)) return 0;
            if (error == SSL_ERROR_SSL_) {
                char reason[200];
                tls_reason(reason, sizeof reason, "TLS error");
                if (strstr(reason, "unexpected eof") != NULL) return 0;
                return fail(status, GQLPATCH_NET_RECEIVE, 0, reason);
            }
            *want = tls_want(connection, code, GQLPATCH_NET_RECEIVE, status);
            return *want ? -2 : -1;
        }
        ssize_t code = recv(connection->fd, buffer, (size_t)piece, 0);
        if (code >= 0) return (long)code;
        if (errno == EINTR) continue;
        if (errno != EAGAIN && errno != EWOULDBLOCK) return fail_errno(status, GQLPATCH_NET_RECEIVE, errno);
        *want = 1;
        return -2;
    }
}

int gqlpatch_poller_open(int *wake) {
    int poller = epoll_create1(EPOLL_CLOEXEC);
    if (poller < 0) return -1;
    *wake = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    if (*wake < 0) {
        close(poller);
        return -1;
    }
    struct epoll_event event = {.events = EPOLLIN, .data.fd = *wake};
    if (epoll_ctl(poller, EPOLL_CTL_ADD, *wake, &event) != 0) {
        close(*wake), close(poller);
        return -1;
    }
    return poller;
}

int gqlpatch_poller_watch(int poller, int fd, int events, int already_watched) {
    struct epoll_event event = {.events = (events & 1 ? EPOLLIN : 0) | (events & 2 ? EPOLLOUT : 0), .data.fd = fd};
    return epoll_ctl(poller, already_watched ? EPOLL_CTL_MOD : EPOLL_CTL_ADD, fd, &event);
}

int gqlpatch_poller_unwatch(int poller, int fd) {
    struct epoll_event event = {0};
    return epoll_ctl(poller, EPOLL_CTL_DEL, fd, &event);
}

int gqlpatch_poller_wait(int poller, int wake, int *fds, int capacity, int timeout_ms) {
    struct epoll_event events[256];
    if (capacity > 256) capacity = 256;
    int count = epoll_wait(poller, events, capacity, timeout_ms);
    if (count < 0) return errno == EINTR ? 0 : -1;
    int kept = 0;
    for (int index = 0; index < count; index++) {
        if (events[index].data.fd == wake) {
            uint64_t value;
            (void)read(wake, &value, sizeof value);
            continue;
        }
        fds[kept++] = events[index].data.fd;
    }
    return kept;
}

void gqlpatch_poller_wake(int wake) {
    uint64_t one = 1;
    (void)write(wake, &one, sizeof one);
}

void gqlpatch_net_name_thread(const char *name) {
    char cut[16];
    snprintf(cut, sizeof cut, "%s", name);
    pthread_setname_np(pthread_self(), cut);
}
