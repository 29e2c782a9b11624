/* For the examples that check bad inputs: a debug callback counting error messages, and
 * EXPECT_FAIL, which prints one line a case and counts it passed or failed. */
#ifndef HOOKSHOT_EXAMPLES_EXPECT_FAIL_H
#define HOOKSHOT_EXAMPLES_EXPECT_FAIL_H

#include "common.h"

static int messages = 0;
static char last_function[128];
static char last_message[512];

static void count_message(HSdebugSeverity severity, const char *function, const char *message,
                          void *user_data) {
    (void)user_data;
    if (severity != HS_DEBUG_SEVERITY_ERROR) return;
    messages++;
    snprintf(last_function, sizeof last_function, "%s", function);
    snprintf(last_message, sizeof last_message, "%s", message);
}

static int passed = 0, failed = 0;

/* `call` must fail with `code`, and exactly one message must name `function`. */
#define EXPECT_FAIL(call, code, function)                                                   \
    do {                                                                                    \
        int before_ = messages;                                                             \
        HSresult result_ = (call);                                                          \
        int ok_ = result_ == (code) && messages == before_ + 1 &&                           \
                  strcmp(last_function, (function)) == 0 && last_message[0] != '\0';        \
        printf("%s %s -> %d: %s\n", ok_ ? "ok  " : "FAIL", #call, (int)result_,             \
               messages > before_ ? last_message : "(no message)");                         \
        if (ok_) passed++; else failed++;                                                   \
    } while (0)

#endif
