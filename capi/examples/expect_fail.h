/* For the examples that check bad inputs: EXPECT_FAIL, which prints one line a case and
 * counts it passed or failed, over common.h's counting debug callback (`log_message`). */
#ifndef HOOKSHOT_EXAMPLES_EXPECT_FAIL_H
#define HOOKSHOT_EXAMPLES_EXPECT_FAIL_H

#include "common.h"

static int passed = 0, failed = 0;

/* `call` must fail with `code`, and exactly one message must come from `name`. */
#define EXPECT_FAIL(call, code, name)                                                       \
    do {                                                                                    \
        struct message_log *log_ = message_log();                                           \
        int before_ = log_->count;                                                          \
        HSresult result_ = (call);                                                          \
        int ok_ = result_ == (code) && log_->count == before_ + 1 &&                        \
                  strcmp(log_->function, (name)) == 0 && log_->message[0] != '\0';          \
        printf("%s %s -> %d: %s\n", ok_ ? "ok  " : "FAIL", #call, (int)result_,             \
               log_->count > before_ ? log_->message : "(no message)");                     \
        if (ok_) passed++; else failed++;                                                   \
    } while (0)

#endif
