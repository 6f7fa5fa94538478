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

// Connects to host (a name or an IP address, without brackets) and port; with tls, makes the TLS
// handshake, verifying the certificate and the host against ca_file (NULL: the system's CAs).
// NULL on failure, with status filled in.
gqlpatch_connection *gqlpatch_net_open(const char *host, int port, int tls, const char *ca_file,
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

#endif
