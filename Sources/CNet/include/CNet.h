#ifndef GQLPATCH_CNET_H
#define GQLPATCH_CNET_H

// One client connection (TCP, optionally TLS through the system's libssl, loaded on first use),
// for the few requests of a one-command run: a connection is opened, used for one exchange at a
// time, and kept for the next. Every call takes a deadline (CLOCK_MONOTONIC milliseconds, see
// gqlpatch_net_now_ms) and never blocks past it. HTTP itself is spoken by the caller.

#include <stddef.h>
#include <stdint.h>

typedef struct gqlpatch_connection gqlpatch_connection;

typedef enum {
    GQLPATCH_NET_OK = 0,
    GQLPATCH_NET_TIMEOUT = 1,      // the deadline passed
    GQLPATCH_NET_RESOLVE = 2,      // the host name has no address
    GQLPATCH_NET_CONNECT = 3,      // no address took the connection (os_errno says why)
    GQLPATCH_NET_TLS = 4,          // the TLS handshake failed (detail says why)
    GQLPATCH_NET_VERIFY = 5,       // the server's certificate did not verify (detail says why)
    GQLPATCH_NET_CA_FILE = 6,      // the CA bundle named could not be read
    GQLPATCH_NET_SEND = 7,         // the connection broke while sending
    GQLPATCH_NET_RECEIVE = 8,      // the connection broke while receiving
    GQLPATCH_NET_UNAVAILABLE = 9,  // libssl could not be loaded (detail)
    GQLPATCH_NET_ANSWERED = 10,    // a send stopped: the server answered before taking the rest
} gqlpatch_net_result;

typedef struct {
    int result;        // gqlpatch_net_result
    int os_errno;      // the system's error behind it, 0 when none
    char detail[256];  // what went wrong, in words; empty when nothing did
} gqlpatch_net_status;

int64_t gqlpatch_net_now_ms(void);

// Starts loading libssl on a thread of its own (once per process), so that the load overlaps the
// run's other work; gqlpatch_net_open waits for it when it has not finished.
void gqlpatch_tls_preload(void);

// Loads libssl now (waiting for a load in progress): NULL when it is ready, else why it cannot be.
const char *gqlpatch_tls_check(void);

// Connects to host (a name or an IP address, without brackets) and port; with tls, makes the TLS
// handshake, verifying the certificate and the host against ca_file (NULL: the system's CAs).
// NULL on failure, with status filled in.
gqlpatch_connection *gqlpatch_net_open(const char *host, int port, int tls, const char *ca_file,
                                       int64_t deadline, gqlpatch_net_status *status);

// Makes the TLS handshake over an open plain connection (a tunnel a proxy's CONNECT opened),
// verifying the certificate and host as gqlpatch_net_open does. 0, or -1 with status filled in.
int gqlpatch_net_start_tls(gqlpatch_connection *connection, const char *host, int port, const char *ca_file,
                           int64_t deadline, gqlpatch_net_status *status);

// Sends all count bytes. 0, or -1 with status filled in.
int gqlpatch_net_send(gqlpatch_connection *connection, const uint8_t *bytes, size_t count, int64_t deadline,
                      gqlpatch_net_status *status);

// Receives what has arrived, at most capacity bytes: the count (> 0), 0 when the peer closed the
// connection, or -1 with status filled in.
long gqlpatch_net_receive(gqlpatch_connection *connection, uint8_t *buffer, size_t capacity, int64_t deadline,
                          gqlpatch_net_status *status);

// 1 when a kept connection may carry another request: the peer has not closed it and has sent
// nothing unasked.
int gqlpatch_net_reusable(gqlpatch_connection *connection);

void gqlpatch_net_close(gqlpatch_connection *connection);

// For an event loop (a batch's many connections on one thread): the socket to watch, and sends and
// receives that never wait. *want says what to wait for before trying again: 1 the socket readable,
// 2 writable (TLS may need either for either). The thread must have SIGPIPE blocked (TLS writes
// use write(2)).
int gqlpatch_net_fd(gqlpatch_connection *connection);

// Sends what the socket takes now: the count sent (fewer than count, even 0, with *want set, when
// it is full), or -1 with status filled in. Over TLS a partial send must be retried with the rest.
long gqlpatch_net_send_some(gqlpatch_connection *connection, const uint8_t *bytes, size_t count, int *want,
                            gqlpatch_net_status *status);

// Receives what has arrived: the count (> 0), 0 when the peer closed the connection, -2 when
// nothing is there yet (*want set), or -1 with status filled in.
long gqlpatch_net_receive_some(gqlpatch_connection *connection, uint8_t *buffer, size_t capacity, int *want,
                               gqlpatch_net_status *status);

// The event loop's watch over its sockets (epoll) and its wake-up (an eventfd, watched too).
// gqlpatch_poller_open: the epoll descriptor, with *wake set to the eventfd; -1 on failure (errno).
int gqlpatch_poller_open(int *wake);
// Watches fd for reading (events 1) or writing (2), replacing what it was watched for; 0 or -1.
int gqlpatch_poller_watch(int poller, int fd, int events, int already_watched);
int gqlpatch_poller_unwatch(int poller, int fd);
// Waits up to timeout_ms (0: not at all) and stores the ready sockets in fds: their count (the
// wake-up's own is drained and left out), or -1 (errno; EINTR is a count of 0).
int gqlpatch_poller_wait(int poller, int wake, int *fds, int capacity, int timeout_ms);
void gqlpatch_poller_wake(int wake);

// Names the calling thread (as ps -L and debuggers show it); the kernel keeps 15 bytes.
void gqlpatch_net_name_thread(const char *name);

#endif
