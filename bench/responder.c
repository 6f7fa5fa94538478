/*
 * The bench's loopback GraphQL responder: a single-threaded epoll HTTP/1.1 server that answers
 * AppSync-shaped JSON for the operations the bench sends (getItem with _version, updateItem, the
 * custom mutation publishItem, and with --list listItems).
 *
 * It checks the x-api-key header against the key it was given, or accepts any request that carries
 * a SigV4 Authorization header (AWS4-HMAC-SHA256 ...) or a JWT one (eyJ..., a Cognito user-pool
 * token); neither signature is verified: the bench measures clients, the emulator's tests verify
 * signatures. Everything else gets AppSync's 401.
 *
 * Usage: responder [--delay-ms N] [--bucket RATE:BURST] [--close-every N] [--tls CERT KEY] PORT API_KEY [PORT_FILE]
 *   PORT 0 picks a free port; the port is then written to PORT_FILE (when given) and to stdout.
 *   --delay-ms N: every answer leaves N ms after its request arrived (a round trip to a distant
 *     API), by a queue the epoll loop's timeout serves: nothing sleeps, other connections go on.
 *   --bucket RATE:BURST: a token bucket (RATE tokens a second, at most BURST) in front of the
 *     authorized requests; a request finding it empty gets HTTP 429 TooManyRequestsException
 *     (no Retry-After, as AppSync), like a table or an API throttling a backfill.
 * On SIGUSR1 it prints one line of counts since the previous SIGUSR1 (or the start) to stderr and
 * starts counting afresh; on SIGTERM/SIGINT it prints the line of counts of the whole run and exits 0:
 *   responder: requests=N get=N update=N other=N unauthorized=N throttled=N connections=N resumed=N span_ms=N
 *   ... cpu_ms=N
 * (connections: accepted; resumed: TLS handshakes that resumed a session; span_ms: from the first request to the last, the time the client sent in;
 * cpu_ms: this process's own CPU, user+sys, in the period: what the server side of a run cost, which bounds how fast any client can go
 * when both share one machine).
 *   --list N: listItems answers pages of N made-up Items (r0 .. rN-1, every one "matching": the
 *     filter is not read), `limit` a page (default 100), the offset as nextToken: what a bulk
 *     update reads before it writes.
 *   --tls CERT KEY: https instead of http (libssl, TLS 1.2-1.3, session tickets and a session cache,
 *     so a client can resume); a silent close sends no close_notify, as a dropped connection would not.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#include <openssl/err.h>
#include <openssl/ssl.h>

#define MAX_EVENTS 256
#define BUFFER_CAPACITY (1 << 20)

typedef struct {
    int fd;
    char *in;
    size_t in_len;
    char *out;
    size_t out_len;
    size_t out_sent;
    int continue_sent;
    int close_after;
    int close_silently; /* --close-every: closed after this answer without Connection: close */
    SSL *ssl;           /* --tls: the connection's TLS state (NULL over http) */
    int handshake_seen; /* --tls: its handshake counted (resumed or not) */
} Connection;

/* --tls: one context for the run (NULL: http). */
static SSL_CTX *tls;
static void count_resumed(void);

/* recv/send through TLS when it is on; a TLS "want" maps to EAGAIN, so the loop's handling is one. */
static ssize_t io_recv(Connection *c, char *buffer, size_t len) {
    if (!c->ssl) return recv(c->fd, buffer, len, 0);
    int n = SSL_read(c->ssl, buffer, (int)(len > 1 << 30 ? 1 << 30 : len));
    if (n > 0 && !c->handshake_seen) {
        c->handshake_seen = 1;
        if (SSL_session_reused(c->ssl)) count_resumed();
    }
    if (n > 0) return n;
    int error = SSL_get_error(c->ssl, n);
    if (error == SSL_ERROR_WANT_READ || error == SSL_ERROR_WANT_WRITE) { errno = EAGAIN; return -1; }
    if (error == SSL_ERROR_ZERO_RETURN) return 0;
    ERR_clear_error();
    errno = ECONNRESET;
    return -1;
}

static ssize_t io_send(Connection *c, const char *data, size_t len) {
    if (!c->ssl) return send(c->fd, data, len, MSG_NOSIGNAL);
    int n = SSL_write(c->ssl, data, (int)(len > 1 << 30 ? 1 << 30 : len));
    if (n > 0) return n;
    int error = SSL_get_error(c->ssl, n);
    if (error == SSL_ERROR_WANT_READ || error == SSL_ERROR_WANT_WRITE) { errno = EAGAIN; return -1; }
    ERR_clear_error();
    errno = ECONNRESET;
    return -1;
}

/* --close-every N: every Nth answer (over the server) closes its connection unannounced, as load
   balancers close kept-alive connections; 0: never. */
static unsigned long close_every = 0, answers_sent = 0;

static volatile sig_atomic_t stopping = 0, report = 0;
static const char *api_key = "";

/* The counts of the final line and of the SIGUSR1 lines. */
typedef struct {
    unsigned long requests, get, update, list, other, unauthorized, throttled, connections, resumed;
    double first, last; /* monotonic seconds of the first and the last request (0: none yet) */
} Counts;
static Counts total, period;
#define COUNT(field) (total.field++, period.field++)
static void count_resumed(void) { COUNT(resumed); }

/* This process's CPU (user+sys) in ms so far. */
static double cpu_ms(void) {
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return (u.ru_utime.tv_sec + u.ru_stime.tv_sec) * 1000.0 + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1000.0;
}

/* The CPU of the counts printed (SINCE: the CPU at the period's start; 0 for the whole run). */
static void print_counts(const Counts *c, double since) {
    fprintf(stderr,
            "responder: requests=%lu get=%lu update=%lu list=%lu other=%lu unauthorized=%lu throttled=%lu "
            "connections=%lu resumed=%lu span_ms=%.0f cpu_ms=%.0f\n",
            c->requests, c->get, c->update, c->list, c->other, c->unauthorized, c->throttled, c->connections, c->resumed,
            c->requests ? (c->last - c->first) * 1000 : 0.0, cpu_ms() - since);
    fflush(stderr);
}

static void on_signal(int sig) { (void)sig; stopping = 1; }
static void on_report(int sig) { (void)sig; report = 1; }

static double monotonic_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* --bucket: tokens refill at bucket_rate a second up to bucket_burst (0: no bucket). */
static double bucket_rate = 0, bucket_burst = 0, bucket_tokens = 0, bucket_time = 0;

static int bucket_take(void) {
    if (bucket_rate <= 0) return 1;
    double now = monotonic_seconds();
    bucket_tokens += (now - bucket_time) * bucket_rate;
    if (bucket_tokens > bucket_burst) bucket_tokens = bucket_burst;
    bucket_time = now;
    if (bucket_tokens < 1) return 0;
    bucket_tokens -= 1;
    return 1;
}

/* --delay-ms: answers wait in one FIFO (one delay for all, so it is in due order). */
static double delay_seconds = 0;
static long list_total = 0; /* --list N */
typedef struct Delayed {
    struct Delayed *next;
    double due;
    void *connection; /* NULL once the connection closed */
    size_t len;
    char data[];
} Delayed;
static Delayed *delayed_head, *delayed_tail;

static void set_nonblocking(int fd) { fcntl(fd, F_SETFL, fcntl(fd, F_GETFL, 0) | O_NONBLOCK); }

/* Case-insensitive search for a header line "name:" inside [headers, end); returns the value start. */
static const char *header_value(const char *headers, const char *end, const char *name, size_t *value_len) {
    size_t name_len = strlen(name);
    const char *line = headers;
    while (line < end) {
        const char *eol = memmem(line, (size_t)(end - line), "\r\n", 2);
        if (!eol) eol = end;
        if ((size_t)(eol - line) > name_len && line[name_len] == ':' && strncasecmp(line, name, name_len) == 0) {
            const char *value = line + name_len + 1;
            while (value < eol && (*value == ' ' || *value == '\t')) value++;
            *value_len = (size_t)(eol - value);
            return value;
        }
        line = eol + 2;
    }
    return NULL;
}

/* The first JSON string member KEY (quoted, e.g. "\"id\"") of the body; 1 when found. */
static int find_member(const char *body, size_t len, const char *key, char *value, size_t capacity) {
    size_t key_len = strlen(key);
    const char *cursor = body, *end = body + len;
    while (cursor < end) {
        const char *hit = memmem(cursor, (size_t)(end - cursor), key, key_len);
        if (!hit) break;
        const char *p = hit + key_len;
        while (p < end && (*p == ' ' || *p == ':')) p++;
        if (p < end && *p == '"') {
            p++;
            size_t n = 0;
            while (p + n < end && p[n] != '"' && p[n] != '\\' && n + 1 < capacity) n++;
            memcpy(value, p, n);
            value[n] = 0;
            return 1;
        }
        cursor = hit + key_len;
    }
    return 0;
}

/* The record id the client sent: the first "id" JSON member (variables or inlined input), else a default. */
static void find_id(const char *body, size_t len, char *id, size_t id_capacity) {
    const char *cursor = body, *end = body + len;
    while (cursor < end) {
        const char *hit = memmem(cursor, (size_t)(end - cursor), "\"id\"", 4);
        if (!hit) break;
        const char *p = hit + 4;
        while (p < end && (*p == ' ' || *p == ':')) p++;
        if (p < end && *p == '\\') p++; /* "id":\"...\" inside a JSON-encoded query string */
        if (p < end && *p == '"') {
            p++;
            size_t n = 0;
            while (p + n < end && p[n] != '"' && p[n] != '\\' && n + 1 < id_capacity) n++;
            memcpy(id, p, n);
            id[n] = 0;
            return;
        }
        cursor = hit + 4;
    }
    /* getItem(id: \"...\") written inline in the query text. */
    const char *hit = memmem(body, len, "id: \\\"", 6);
    if (hit) {
        const char *p = hit + 6;
        size_t n = 0;
        while (p + n < end && p[n] != '\\' && n + 1 < id_capacity) n++;
        memcpy(id, p, n);
        id[n] = 0;
        return;
    }
    snprintf(id, id_capacity, "bench-1");
}

static void append_out(Connection *c, const char *data, size_t len) {
    memcpy(c->out + c->out_len, data, len);
    c->out_len += len;
}

static void respond(Connection *c, int status, const char *body, size_t body_len) {
    char head[256];
    const char *reason = status == 200   ? "OK"
                         : status == 401 ? "Unauthorized"
                         : status == 429 ? "Too Many Requests"
                                         : "Bad Request";
    int n = snprintf(head, sizeof head,
                     "HTTP/1.1 %d %s\r\nContent-Type: application/json; charset=UTF-8\r\n"
                     "Content-Length: %zu\r\nx-amzn-RequestId: bench\r\n%s\r\n",
                     status, reason, body_len, c->close_after ? "Connection: close\r\n" : "");
    if (delay_seconds > 0) {
        Delayed *d = malloc(sizeof *d + (size_t)n + body_len);
        d->next = NULL;
        d->due = monotonic_seconds() + delay_seconds;
        d->connection = c;
        d->len = (size_t)n + body_len;
        memcpy(d->data, head, (size_t)n);
        memcpy(d->data + n, body, body_len);
        if (delayed_tail) delayed_tail->next = d; else delayed_head = d;
        delayed_tail = d;
        return;
    }
    if (c->out_len + (size_t)n + body_len > BUFFER_CAPACITY) { c->close_after = 1; return; }
    append_out(c, head, (size_t)n);
    append_out(c, body, body_len);
    if (close_every && ++answers_sent % close_every == 0) c->close_silently = 1;
}

/* --list: one page of made-up Items from the offset the nextToken holds. */
static void answer_list(Connection *c, const char *body, size_t body_len) {
    char token[32];
    long start = find_member(body, body_len, "\"nextToken\"", token, sizeof token) ? atol(token) : 0;
    long limit = 100;
    const char *hit = memmem(body, body_len, "\"limit\":", 8);
    if (hit) limit = atol(hit + 8);
    if (limit < 1 || limit > 10000) limit = 100;
    if (start < 0 || start > list_total) start = list_total;
    long end = start + limit < list_total ? start + limit : list_total;
    size_t capacity = 128 + (size_t)(end - start) * 256;
    char *out = malloc(capacity);
    size_t n = (size_t)snprintf(out, capacity, "{\"data\":{\"listItems\":{\"items\":[");
    for (long i = start; i < end; i++) {
        n += (size_t)snprintf(out + n, capacity - n,
                              "%s{\"id\":\"r%ld\",\"name\":\"Desk %ld\",\"description\":\"match\",\"modelFile\":null,"
                              "\"imageFile\":null,\"tags\":[\"a\"],\"createdAt\":\"2026-01-01T00:00:00.000Z\","
                              "\"updatedAt\":\"2026-01-01T00:00:00.000Z\"}",
                              i > start ? "," : "", i, i);
    }
    if (end < list_total) {
        n += (size_t)snprintf(out + n, capacity - n, "],\"nextToken\":\"%ld\"}}}", end);
    } else {
        n += (size_t)snprintf(out + n, capacity - n, "],\"nextToken\":null}}}");
    }
    respond(c, 200, out, n);
    free(out);
}

static void note_time(Counts *c, double now) {
    if (!c->requests) c->first = now;
    c->last = now;
}

static void answer(Connection *c, const char *headers, const char *headers_end, const char *body, size_t body_len) {
    double now = monotonic_seconds();
    note_time(&total, now);
    note_time(&period, now);
    COUNT(requests);
    size_t len = 0;
    const char *value = header_value(headers, headers_end, "x-api-key", &len);
    int authorized = value && len == strlen(api_key) && memcmp(value, api_key, len) == 0;
    if (!authorized) {
        value = header_value(headers, headers_end, "authorization", &len);
        authorized = value && ((len > 17 && strncmp(value, "AWS4-HMAC-SHA256 ", 17) == 0) ||
                               (len > 3 && strncmp(value, "eyJ", 3) == 0));
    }
    if (!authorized) {
        COUNT(unauthorized);
        static const char denied[] =
            "{\"errors\":[{\"errorType\":\"UnauthorizedException\",\"message\":\"You are not authorized to make this call.\"}]}";
        respond(c, 401, denied, sizeof denied - 1);
        return;
    }
    if (!bucket_take()) {
        COUNT(throttled);
        static const char throttled[] =
            "{\"errors\":[{\"errorType\":\"TooManyRequestsException\",\"message\":\"Rate exceeded\"}]}";
        respond(c, 429, throttled, sizeof throttled - 1);
        return;
    }
    if (list_total > 0 && memmem(body, body_len, "listItems", 9)) {
        COUNT(list);
        answer_list(c, body, body_len);
        return;
    }
    char id[128], name[128], out[2048];
    find_id(body, body_len, id, sizeof id);
    /* The update echoes the name it was sent, as a real update would (clients check it). */
    if (!find_member(body, body_len, "\"name\"", name, sizeof name)) snprintf(name, sizeof name, "Lamp");
    int n;
    if (memmem(body, body_len, "updateItem", 10)) {
        COUNT(update);
        n = snprintf(out, sizeof out,
                     "{\"data\":{\"updateItem\":{\"id\":\"%s\",\"name\":\"%s\",\"description\":null,"
                     "\"modelFile\":null,\"imageFile\":{\"bucket\":\"b\",\"region\":\"us-east-1\",\"key\":\"k.png\","
                     "\"contentType\":\"image/png\",\"size\":1024},\"tags\":[\"a\",\"b\"],"
                     "\"createdAt\":\"2026-01-01T00:00:00.000Z\",\"updatedAt\":\"2026-01-02T00:00:00.000Z\","
                     "\"_version\":2,\"_deleted\":null,\"_lastChangedAt\":1767312000000}}}",
                     id, name);
    } else if (memmem(body, body_len, "publishItem", 11)) {
        /* A custom mutation (Tests/Fixtures/call's), as its function would answer. */
        COUNT(other);
        n = snprintf(out, sizeof out,
                     "{\"data\":{\"publishItem\":{\"id\":\"%s\",\"status\":\"DONE\",\"meta\":null,"
                     "\"stats\":{\"count\":1,\"tags\":[\"a\"]}}}}",
                     id);
    } else if (memmem(body, body_len, "getItem", 7)) {
        COUNT(get);
        n = snprintf(out, sizeof out,
                     "{\"data\":{\"getItem\":{\"id\":\"%s\",\"name\":\"Desk\",\"description\":null,"
                     "\"modelFile\":null,\"imageFile\":null,\"tags\":[\"a\"],"
                     "\"createdAt\":\"2026-01-01T00:00:00.000Z\",\"updatedAt\":\"2026-01-01T00:00:00.000Z\","
                     "\"_version\":1,\"_deleted\":null,\"_lastChangedAt\":1767225600000}}}",
                     id);
    } else {
        COUNT(other);
        n = snprintf(out, sizeof out,
                     "{\"data\":null,\"errors\":[{\"errorType\":\"ValidationError\","
                     "\"message\":\"the bench responder answers getItem and updateItem only\"}]}");
    }
    respond(c, 200, out, (size_t)n);
}

/* Parses every complete request in the input buffer; returns -1 on a malformed request. */
static int process_input(Connection *c) {
    for (;;) {
        char *headers_end = memmem(c->in, c->in_len, "\r\n\r\n", 4);
        if (!headers_end) return c->in_len >= BUFFER_CAPACITY ? -1 : 0;
        char *headers = memchr(c->in, '\n', (size_t)(headers_end - c->in));
        headers = headers ? headers + 1 : headers_end;
        size_t len = 0, content_length = 0;
        const char *value = header_value(headers, headers_end + 2, "content-length", &len);
        if (value) content_length = strtoul(value, NULL, 10);
        if (header_value(headers, headers_end + 2, "transfer-encoding", &len)) return -1; /* not used by the bench */
        value = header_value(headers, headers_end + 2, "connection", &len);
        if (value && len == 5 && strncasecmp(value, "close", 5) == 0) c->close_after = 1;
        size_t head_len = (size_t)(headers_end + 4 - c->in);
        if (head_len + content_length > BUFFER_CAPACITY) return -1;
        if (c->in_len < head_len + content_length) {
            if (!c->continue_sent && header_value(headers, headers_end + 2, "expect", &len)) {
                static const char cont[] = "HTTP/1.1 100 Continue\r\n\r\n";
                append_out(c, cont, sizeof cont - 1);
                c->continue_sent = 1;
            }
            return 0;
        }
        answer(c, headers, headers_end + 2, c->in + head_len, content_length);
        c->continue_sent = 0;
        size_t used = head_len + content_length;
        memmove(c->in, c->in + used, c->in_len - used);
        c->in_len -= used;
        if (c->close_after || c->close_silently) return 0;
    }
}

static void close_connection(int epoll_fd, Connection *c) {
    for (Delayed *d = delayed_head; d; d = d->next)
        if (d->connection == c) d->connection = NULL;
    epoll_ctl(epoll_fd, EPOLL_CTL_DEL, c->fd, NULL);
    if (c->ssl) SSL_free(c->ssl); /* no SSL_shutdown: closed as a dropped connection is, silently */
    close(c->fd);
    free(c->in);
    free(c->out);
    free(c);
}

/* Writes pending output; returns 1 when the connection should be closed. */
static int flush_output(int epoll_fd, Connection *c) {
    while (c->out_sent < c->out_len) {
        ssize_t n = io_send(c, c->out + c->out_sent, c->out_len - c->out_sent);
        if (n < 0) {
            if (errno == EINTR) continue;
            if (errno == EAGAIN) {
                struct epoll_event ev = {.events = EPOLLIN | EPOLLOUT, .data.ptr = c};
                epoll_ctl(epoll_fd, EPOLL_CTL_MOD, c->fd, &ev);
                return 0;
            }
            return 1;
        }
        c->out_sent += (size_t)n;
    }
    c->out_len = c->out_sent = 0;
    struct epoll_event ev = {.events = EPOLLIN, .data.ptr = c};
    epoll_ctl(epoll_fd, EPOLL_CTL_MOD, c->fd, &ev);
    return c->close_after || c->close_silently;
}

/* Sends the delayed answers that are due; returns the epoll timeout in ms until the next (-1: none). */
static int send_due(int epoll_fd) {
    double now = monotonic_seconds();
    while (delayed_head && delayed_head->due <= now) {
        Delayed *d = delayed_head;
        delayed_head = d->next;
        if (!delayed_head) delayed_tail = NULL;
        Connection *c = d->connection;
        if (c) {
            if (c->out_len + d->len <= BUFFER_CAPACITY) {
                append_out(c, d->data, d->len);
                if (flush_output(epoll_fd, c)) close_connection(epoll_fd, c);
            } else {
                close_connection(epoll_fd, c);
            }
        }
        free(d);
    }
    if (!delayed_head) return -1;
    double ms = (delayed_head->due - now) * 1000;
    return ms < 1 ? 1 : (int)(ms + 0.999);
}

int main(int argc, char **argv) {
    int first = 1;
    while (first < argc && strncmp(argv[first], "--", 2) == 0) {
        if (strcmp(argv[first], "--delay-ms") == 0 && first + 1 < argc) {
            delay_seconds = atof(argv[first + 1]) / 1000;
        } else if (strcmp(argv[first], "--list") == 0 && first + 1 < argc && atol(argv[first + 1]) > 0) {
            list_total = atol(argv[first + 1]);
        } else if (strcmp(argv[first], "--close-every") == 0 && first + 1 < argc && atol(argv[first + 1]) > 0) {
            close_every = (unsigned long)atol(argv[first + 1]);
        } else if (strcmp(argv[first], "--bucket") == 0 && first + 1 < argc &&
                   sscanf(argv[first + 1], "%lf:%lf", &bucket_rate, &bucket_burst) == 2 && bucket_rate > 0 &&
                   bucket_burst >= 1) {
            bucket_tokens = bucket_burst;
            bucket_time = monotonic_seconds();
        } else if (strcmp(argv[first], "--tls") == 0 && first + 2 < argc) {
            tls = SSL_CTX_new(TLS_server_method());
            if (!tls || SSL_CTX_use_certificate_chain_file(tls, argv[first + 1]) != 1 ||
                SSL_CTX_use_PrivateKey_file(tls, argv[first + 2], SSL_FILETYPE_PEM) != 1) {
                fprintf(stderr, "responder: --tls: cannot load %s and %s\n", argv[first + 1], argv[first + 2]);
                return 66;
            }
            SSL_CTX_set_min_proto_version(tls, TLS1_2_VERSION);
            SSL_CTX_set_mode(tls, SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
            SSL_CTX_set_session_id_context(tls, (const unsigned char *)"bench", 5);
            first += 1;
        } else {
            fprintf(stderr, "responder: unknown or bad option %s\n", argv[first]);
            return 64;
        }
        first += 2;
    }
    argv += first - 1;
    argc -= first - 1;
    if (argc < 3) {
        fprintf(stderr, "usage: responder [--delay-ms N] [--bucket RATE:BURST] [--close-every N] [--tls CERT KEY] PORT API_KEY [PORT_FILE]\n");
        return 64;
    }
    api_key = argv[2];
    struct sigaction sa = {0};
    sa.sa_handler = on_signal;
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    struct sigaction report_action = {0};
    report_action.sa_handler = on_report;
    sigaction(SIGUSR1, &report_action, NULL);
    signal(SIGPIPE, SIG_IGN);

    int listener = socket(AF_INET, SOCK_STREAM, 0);
    int one = 1;
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    struct sockaddr_in addr = {.sin_family = AF_INET, .sin_port = htons((uint16_t)atoi(argv[1]))};
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (bind(listener, (struct sockaddr *)&addr, sizeof addr) < 0 || listen(listener, 4096) < 0) {
        perror("responder: bind/listen");
        return 69;
    }
    socklen_t addr_len = sizeof addr;
    getsockname(listener, (struct sockaddr *)&addr, &addr_len);
    int port = ntohs(addr.sin_port);
    if (argc > 3) {
        FILE *f = fopen(argv[3], "w");
        if (f) { fprintf(f, "%d\n", port); fclose(f); }
    }
    printf("%d\n", port);
    fflush(stdout);
    set_nonblocking(listener);

    int epoll_fd = epoll_create1(0);
    struct epoll_event ev = {.events = EPOLLIN, .data.ptr = NULL};
    epoll_ctl(epoll_fd, EPOLL_CTL_ADD, listener, &ev);
    struct epoll_event events[MAX_EVENTS];
    double period_cpu = cpu_ms();
    while (!stopping) {
        if (report) {
            report = 0;
            print_counts(&period, period_cpu);
            memset(&period, 0, sizeof period);
            period_cpu = cpu_ms();
        }
        int timeout = send_due(epoll_fd);
        int ready = epoll_wait(epoll_fd, events, MAX_EVENTS, timeout < 0 || timeout > 500 ? 500 : timeout);
        for (int i = 0; i < ready; i++) {
            Connection *c = events[i].data.ptr;
            if (!c) {
                for (;;) {
                    int fd = accept4(listener, NULL, NULL, SOCK_NONBLOCK);
                    if (fd < 0) break;
                    COUNT(connections);
                    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
                    Connection *nc = calloc(1, sizeof *nc);
                    nc->fd = fd;
                    nc->in = malloc(BUFFER_CAPACITY);
                    nc->out = malloc(BUFFER_CAPACITY);
                    if (tls) {
                        nc->ssl = SSL_new(tls);
                        SSL_set_fd(nc->ssl, fd);
                        SSL_set_accept_state(nc->ssl);
                    }
                    struct epoll_event cev = {.events = EPOLLIN, .data.ptr = nc};
                    epoll_ctl(epoll_fd, EPOLL_CTL_ADD, fd, &cev);
                }
                continue;
            }
            int done = 0, peer_closed = 0;
            if (events[i].events & (EPOLLIN | EPOLLHUP | EPOLLERR)) {
                for (;;) {
                    ssize_t n = io_recv(c, c->in + c->in_len, BUFFER_CAPACITY - c->in_len);
                    if (n > 0) { c->in_len += (size_t)n; if (c->in_len < BUFFER_CAPACITY) continue; }
                    if (n == 0) peer_closed = 1;
                    if (n < 0 && errno != EAGAIN && errno != EINTR) done = 1;
                    break;
                }
                if (!done && process_input(c) < 0) done = 1;
            }
            if (!done && (c->out_len > c->out_sent || (events[i].events & EPOLLOUT))) done = flush_output(epoll_fd, c);
            done |= peer_closed;
            if (done) close_connection(epoll_fd, c);
        }
    }
    print_counts(&total, 0);
    return 0;
}
