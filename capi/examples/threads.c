/* Four threads record command buffers at once (NVN's model: record on many threads,
 * submit from one). Each thread makes its own command buffer, clears its own 64x64 RGBA8
 * target and draws the upper-left triangle DRAWS times, each draw with its own uniform
 * offset (per-object constants), all holding the thread's tint. The main thread submits
 * the four lists and writes the four targets, one after the other, to the first argument's
 * file. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>

#include "common.h"

#define THREADS 4u
#define DRAWS 500u
#define SIZE_PX 64u
#define UNIFORM_STRIDE_B 256u

static const uint64_t TARGETS_B = 64u << 10;   /* one target each 64 KiB from 0 */
static const uint64_t POSITIONS_OFFSET_B = 256u << 10;
static const uint64_t READBACK_OFFSET_B = 512u << 10;
static const uint64_t UNIFORMS_OFFSET_B = 1u << 20;

struct shared {
    HSDevice device;
    HSMemoryPool pool;
    HSTexture targets[THREADS];
    HSBuffer positions, uniforms, readbacks[THREADS];
    HSProgram program;
    pthread_barrier_t start;
};

struct job {
    struct shared *shared;
    unsigned index;
    HSCommandBuffer commands;
    HScommandHandle handle;
};

/* The colours of thread `index`: its clear and its tint, in 1/255 steps (exact in RGBA8). */
static void clear_colour(unsigned index, float out[4]) {
    out[0] = 0.0f; out[1] = 0.0f; out[2] = (float)(60 * (index + 1)) / 255.0f; out[3] = 1.0f;
}
static void tint_colour(unsigned index, float out[4]) {
    out[0] = (float)(50 * (index + 1)) / 255.0f; out[1] = 200.0f / 255.0f; out[2] = 0.0f;
    out[3] = 1.0f;
}

static void *record(void *argument) {
    struct job *job = argument;
    struct shared *shared = job->shared;
    const HSCommandBuffer *commands = &job->commands;
    CHECK(hsCommandBufferInitialize(&job->commands, &shared->device));
    pthread_barrier_wait(&shared->start);
    CHECK(hsCommandBufferBeginRecording(commands));
    const HSTexture *colors[1] = {&shared->targets[job->index]};
    CHECK(hsCommandBufferSetRenderTargets(commands, 1, colors, NULL, NULL, NULL));
    float clear[4];
    clear_colour(job->index, clear);
    CHECK(hsCommandBufferClearColor(commands, 0, clear, HS_CLEAR_COLOR_MASK_RGBA));
    CHECK(hsCommandBufferBindProgram(commands, &shared->program));
    bind_positions(commands, &shared->positions, 6 * sizeof(float));
    for (unsigned draw = 0; draw < DRAWS; draw++) {
        uint64_t offset_b = (uint64_t)(job->index * DRAWS + draw) * UNIFORM_STRIDE_B;
        CHECK(hsCommandBufferBindUniformBuffer(commands, HS_SHADER_STAGE_FRAGMENT, 0,
                                               &shared->uniforms, offset_b, 16));
        CHECK(hsCommandBufferDrawArrays(commands, HS_DRAW_PRIMITIVE_TRIANGLES, 0, 3));
    }
    HSCopyRegion region = {0, 0, 0, SIZE_PX, SIZE_PX, 1};
    CHECK(hsCommandBufferCopyTextureToBuffer(commands, &shared->targets[job->index], 0, &region,
                                             &shared->readbacks[job->index], 0, 0, 0));
    CHECK(hsCommandBufferEndRecording(commands, &job->handle));
    return NULL;
}

int main(int argc, char **argv) {
    const char *out_path = output_path(argc, argv);
    static struct shared shared;
    open_device(&shared.device);
    make_pool(&shared.pool, &shared.device, 2u << 20);
    CHECK(hsMemoryPoolWrite(&shared.pool, POSITIONS_OFFSET_B, HALF_TRIANGLE, sizeof HALF_TRIANGLE));
    make_buffer(&shared.positions, &shared.device, &shared.pool, POSITIONS_OFFSET_B,
                sizeof HALF_TRIANGLE);
    const uint64_t uniforms_b = (uint64_t)THREADS * DRAWS * UNIFORM_STRIDE_B;
    for (unsigned index = 0; index < THREADS; index++) {
        float tint[4];
        tint_colour(index, tint);
        for (unsigned draw = 0; draw < DRAWS; draw++) {
            uint64_t offset_b = (uint64_t)(index * DRAWS + draw) * UNIFORM_STRIDE_B;
            CHECK(hsMemoryPoolWrite(&shared.pool, UNIFORMS_OFFSET_B + offset_b, tint, sizeof tint));
        }
    }
    make_buffer(&shared.uniforms, &shared.device, &shared.pool, UNIFORMS_OFFSET_B, uniforms_b);
    const uint64_t image_b = SIZE_PX * SIZE_PX * 4;
    for (unsigned index = 0; index < THREADS; index++) {
        make_texture_2d(&shared.targets[index], &shared.device, &shared.pool, index * TARGETS_B,
                        HS_FORMAT_RGBA8, SIZE_PX, SIZE_PX);
        make_buffer(&shared.readbacks[index], &shared.device, &shared.pool,
                    READBACK_OFFSET_B + index * image_b, image_b);
    }
    make_program(&shared.program, &shared.device, POSITION_VERTEX, TINT_FRAGMENT);

    pthread_barrier_init(&shared.start, NULL, THREADS);
    struct job jobs[THREADS];
    pthread_t threads[THREADS];
    for (unsigned index = 0; index < THREADS; index++) {
        jobs[index] = (struct job){.shared = &shared, .index = index};
        if (pthread_create(&threads[index], NULL, record, &jobs[index]) != 0) {
            fprintf(stderr, "pthread_create failed\n");
            return 1;
        }
    }
    HScommandHandle handles[THREADS];
    for (unsigned index = 0; index < THREADS; index++) {
        pthread_join(threads[index], NULL);
        handles[index] = jobs[index].handle;
    }
    pthread_barrier_destroy(&shared.start);

    HSQueue queue;
    CHECK(hsQueueInitialize(&queue, &shared.device));
    CHECK(hsQueueSubmitCommands(&queue, THREADS, handles));
    CHECK(hsQueueFinish(&queue));
    void *mapped = NULL;
    CHECK(hsMemoryPoolMap(&shared.pool, &mapped));
    write_file(out_path, (const unsigned char *)mapped + READBACK_OFFSET_B, THREADS * image_b);
    check_validation(&shared.device);

    CHECK(hsQueueFinalize(&queue));
    for (unsigned index = 0; index < THREADS; index++) {
        CHECK(hsCommandBufferFinalize(&jobs[index].commands));
        CHECK(hsBufferFinalize(&shared.readbacks[index]));
        CHECK(hsTextureFinalize(&shared.targets[index]));
    }
    CHECK(hsProgramFinalize(&shared.program));
    CHECK(hsBufferFinalize(&shared.uniforms));
    CHECK(hsBufferFinalize(&shared.positions));
    CHECK(hsMemoryPoolFinalize(&shared.pool));
    CHECK(hsDeviceFinalize(&shared.device));
    return 0;
}
