#include <libpq-fe.h>
#include <poll.h>

// libpq prints a server's NOTICE messages to stderr unless told otherwise; a store has no use for them.
static void cpostgresql_ignore_notice(void *argument, const char *message) { (void)argument; (void)message; }
static inline void cpostgresql_silence_notices(PGconn *connection) {
    PQsetNoticeProcessor(connection, cpostgresql_ignore_notice, NULL);
}
