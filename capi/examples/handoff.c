/* A command buffer belongs to the thread that records a recording's first command until
 * that thread ends the recording. The main thread begins a recording and a worker records
 * its commands (a handoff before the first command); while the worker holds it, the main
 * thread's calls on it fail with HS_ERROR_BUSY and a callback message naming the other
 * thread, and change nothing. Once the worker has ended it, the main thread records the
 * next recording (a handoff between recordings). Each recording clears the target to its
 * own colour and copies it to its own read-back buffer; both images go to the first
 * argument's file. Prints one line a case and "handoff cases: N passed, 0 failed". */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>

#include "common.h"

#define SIZE_PX 16u

static const uint64_t READBACK_OFFSET_B = 64u << 10;

static int passed = 0, failed = 0;

/* `call` must fail with HS_ERROR_BUSY and one message from `name` naming another thread. */
#define EXPECT_BUSY(call, name)                                                              \
    do {                                                                                     \
        struct message_log *log_ = message_log();                                            \
        int before_ = log_->count;                                                           \
        HSresult result_ = (call);                                                           \
        int ok_ = result_ == HS_ERROR_BUSY && log_->count == before_ + 1 &&                  \
                  strcmp(log_->function, (name)) == 0 &&                                     \
                  strstr(log_->message, "another thread") != NULL;                           \
        printf("%s %s -> %d: %s\n", ok_ ? "ok  " : "FAIL", #call, (int)result_,              \
               log_->count > before_ ? log_->message : "(no message)");                      \
        if (ok_) passed++; else failed++;                                                    \
    } while (0)

struct shared {
    HSDevice device;
    HSMemoryPool pool;
    HSTexture target;
    HSBuffer readbacks[2];
    HSCommandBuffer commands;
    HScommandHandle handles[2];
    pthread_barrier_t held, checked;
};

/* Clears the target to `colour` and copies it to read-back buffer `index`. */
static void clear_and_copy(struct shared *shared, unsigned index, const float colour[4],
                           pthread_barrier_t *pause) {
    const HSCommandBuffer *commands = &shared->commands;
    const HSTexture *colors[1] = {&shared->target};
    CHECK(hsCommandBufferSetRenderTargets(commands, 1, colors, NULL, NULL, NULL));
    CHECK(hsCommandBufferClearColor(commands, 0, colour, HS_CLEAR_COLOR_MASK_RGBA));
    if (pause != NULL) {
        pthread_barrier_wait(pause);                  /* the main thread tries its calls */
        pthread_barrier_wait(&shared->checked);
    }
    HSCopyRegion region = {0, 0, 0, SIZE_PX, SIZE_PX, 1};
    CHECK(hsCommandBufferCopyTextureToBuffer(commands, &shared->target, 0, &region,
                                             &shared->readbacks[index], 0, 0, 0));
    CHECK(hsCommandBufferEndRecording(commands, &shared->handles[index]));
}

static const float WORKER_COLOUR[4] = {1.0f, 0.0f, 0.0f, 1.0f};
static const float MAIN_COLOUR[4] = {0.0f, 0.0f, 1.0f, 1.0f};

static void *worker(void *argument) {
    struct shared *shared = argument;
    clear_and_copy(shared, 0, WORKER_COLOUR, &shared->held);
    return NULL;
}

int main(int argc, char **argv) {
    const char *out_path = output_path(argc, argv);
    static struct shared shared;
    HSDeviceBuilder builder;
    CHECK(hsDeviceBuilderSetDefaults(&builder));
    CHECK(hsDeviceInitialize(&shared.device, &builder));
    CHECK(hsDeviceInstallDebugCallback(&shared.device, log_message, NULL));
    make_pool(&shared.pool, &shared.device, 1u << 20);
    make_texture_2d(&shared.target, &shared.device, &shared.pool, 0, HS_FORMAT_RGBA8, SIZE_PX,
                    SIZE_PX);
    const uint64_t image_b = SIZE_PX * SIZE_PX * 4;
    for (unsigned index = 0; index < 2; index++) {
        make_buffer(&shared.readbacks[index], &shared.device, &shared.pool,
                    READBACK_OFFSET_B + index * image_b, image_b);
    }
    const HSCommandBuffer *commands = &shared.commands;
    CHECK(hsCommandBufferInitialize(&shared.commands, &shared.device));

    /* The main thread begins; the worker records the first command, so it holds it. */
    CHECK(hsCommandBufferBeginRecording(commands));
    pthread_barrier_init(&shared.held, NULL, 2);
    pthread_barrier_init(&shared.checked, NULL, 2);
    pthread_t thread;
    if (pthread_create(&thread, NULL, worker, &shared) != 0) {
        fprintf(stderr, "pthread_create failed\n");
        return 1;
    }
    pthread_barrier_wait(&shared.held);
    EXPECT_BUSY(hsCommandBufferClearColor(commands, 0, MAIN_COLOUR, HS_CLEAR_COLOR_MASK_RGBA),
                "hsCommandBufferClearColor");
    EXPECT_BUSY(hsCommandBufferDrawArrays(commands, HS_DRAW_PRIMITIVE_TRIANGLES, 0, 3),
                "hsCommandBufferDrawArrays");
    HScommandHandle stolen = 0;
    EXPECT_BUSY(hsCommandBufferEndRecording(commands, &stolen), "hsCommandBufferEndRecording");
    EXPECT_BUSY(hsCommandBufferBeginRecording(commands), "hsCommandBufferBeginRecording");
    EXPECT_BUSY(hsCommandBufferClearCommands(commands), "hsCommandBufferClearCommands");
    EXPECT_BUSY(hsCommandBufferFinalize(&shared.commands), "hsCommandBufferFinalize");
    pthread_barrier_wait(&shared.checked);
    pthread_join(thread, NULL);
    pthread_barrier_destroy(&shared.held);
    pthread_barrier_destroy(&shared.checked);

    /* Ended on the worker, so the main thread records the next recording. */
    CHECK(hsCommandBufferBeginRecording(commands));
    clear_and_copy(&shared, 1, MAIN_COLOUR, NULL);

    HSQueue queue;
    CHECK(hsQueueInitialize(&queue, &shared.device));
    CHECK(hsQueueSubmitCommands(&queue, 2, shared.handles));
    CHECK(hsQueueFinish(&queue));
    void *mapped = NULL;
    CHECK(hsMemoryPoolMap(&shared.pool, &mapped));
    write_file(out_path, (const unsigned char *)mapped + READBACK_OFFSET_B, 2 * image_b);
    check_validation(&shared.device);

    CHECK(hsQueueFinalize(&queue));
    CHECK(hsCommandBufferFinalize(&shared.commands));
    for (unsigned index = 0; index < 2; index++) CHECK(hsBufferFinalize(&shared.readbacks[index]));
    CHECK(hsTextureFinalize(&shared.target));
    CHECK(hsMemoryPoolFinalize(&shared.pool));
    CHECK(hsDeviceFinalize(&shared.device));
    printf("handoff cases: %d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 3;
}
