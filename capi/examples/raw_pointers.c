/* Raw pointers in compiled shaders, as a game uses them: one pool, addresses computed
 * from the pool's address, kept in uniform buffers, and dereferenced by a compute and a
 * fragment program compiled for the Switch (maxwell/pointers.dksh and tint.dksh: uam's
 * output with their storage address reads moved to uniform block 0, see
 * maxwell/README.md). The compute program loads a word through the first pointer, stores
 * 3v + i through the second and adds and maxes v into two words through the third; its
 * first four results are the arguments of an indirect draw of the half triangle, whose
 * fragment program reads its colour through a pointer. A second dispatch points its
 * source past every pool: its loads read 0 (so each result is its index), never hang,
 * and are counted in hsDeviceGetStats. Prints one line a failed case, the case and miss
 * counts; the first argument's file gets the 64x64 RGBA8 target.
 *
 * usage: raw_pointers OUT.rgba MAXWELL_DIR */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "pointer_port.h"

#define POOL_B (1u << 20)
#define INVOCATIONS 256u

static void *load(const char *dir, const char *name, size_t *size_b) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return read_file(path, size_b);
}

static HSCompiledShaderData dksh_shader(HSshaderStage stage, const void *bytes, size_t size_b) {
    HSCompiledShaderData shader;
    memset(&shader, 0, sizeof shader);
    shader.stage = stage;
    shader.code = HS_COMPILED_CODE_DKSH;
    shader.data = bytes;
    shader.size_b = size_b;
    return shader;
}

/* One dispatch of `program` with the three pointers in the uniform buffer at `block`. */
static void dispatch(const HSDevice *device, const HSQueue *queue, const HSProgram *program,
                     const HSMemoryPool *pool, HSgpuAddress base, HSgpuAddress block,
                     const HSgpuAddress pointers[3]) {
    CHECK(hsMemoryPoolWrite(pool, block - base, pointers, 3 * sizeof pointers[0]));
    HSCommandBuffer commands;
    CHECK(hsCommandBufferInitialize(&commands, device));
    CHECK(hsCommandBufferBeginRecording(&commands));
    CHECK(hsCommandBufferBindProgram(&commands, program));
    CHECK(hsCommandBufferBindUniformBufferAddress(&commands, HS_SHADER_STAGE_COMPUTE, 0, block, 256));
    CHECK(hsCommandBufferDispatchCompute(&commands, INVOCATIONS / 64u, 1, 1));
    HScommandHandle list;
    CHECK(hsCommandBufferEndRecording(&commands, &list));
    CHECK(hsQueueSubmitCommands(queue, 1, &list));
    CHECK(hsQueueFinish(queue));
    CHECK(hsCommandBufferFinalize(&commands));
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: raw_pointers OUT.rgba MAXWELL_DIR\n");
        return 1;
    }
    HSDevice device;
    open_device(&device);
    HSMemoryPool pool;
    make_pool(&pool, &device, POOL_B);
    HSgpuAddress base = 0;
    CHECK(hsMemoryPoolGetBufferAddress(&pool, &base));
    /* The port's layout, by arithmetic on the pool's address. */
    const HSgpuAddress block = base + 0x400;
    const HSgpuAddress values = base + 0x10000, results = values + 0x10000;
    const HSgpuAddress totals = results + 2 * 4 * INVOCATIONS + 0x1000 - 8;
    uint32_t inputs[INVOCATIONS];
    uint32_t state = 0x7a110001u, sum = 0, largest = 0;
    for (uint32_t i = 0; i < INVOCATIONS; i++) {
        state = state * 1664525u + 1013904223u;
        inputs[i] = i < 4 ? ARGUMENT_INPUTS[i] : state;
        sum += inputs[i];
        largest = inputs[i] > largest ? inputs[i] : largest;
    }
    CHECK(hsMemoryPoolWrite(&pool, values - base, inputs, sizeof inputs));
    const uint32_t zeros[2] = {0, 0};
    CHECK(hsMemoryPoolWrite(&pool, totals - base, zeros, sizeof zeros));

    size_t compute_b = 0, vertex_b = 0, fragment_b = 0;
    void *compute_dksh = load(argv[2], "pointers.dksh", &compute_b);
    void *vertex_dksh = load(argv[2], "vert.dksh", &vertex_b);
    void *fragment_dksh = load(argv[2], "tint.dksh", &fragment_b);
    HSCompiledShaderData shader = dksh_shader(HS_SHADER_STAGE_COMPUTE, compute_dksh, compute_b);
    HSProgram program;
    CHECK(hsProgramInitialize(&program, &device));
    CHECK(hsProgramSetCompiledShaders(&program, 1, &shader, NULL));
    const HSCompiledShaderData stages[2] = {
        dksh_shader(HS_SHADER_STAGE_VERTEX, vertex_dksh, vertex_b),
        dksh_shader(HS_SHADER_STAGE_FRAGMENT, fragment_dksh, fragment_b)};
    HSProgram tinted;
    CHECK(hsProgramInitialize(&tinted, &device));
    CHECK(hsProgramSetCompiledShaders(&tinted, 2, stages, NULL));
    HSQueue queue;
    CHECK(hsQueueInitialize(&queue, &device));

    const HSgpuAddress hit[3] = {values, results, totals};
    dispatch(&device, &queue, &program, &pool, base, block, hit);
    uint32_t words[INVOCATIONS];
    CHECK(hsMemoryPoolRead(&pool, results - base, words, sizeof words));
    for (uint32_t i = 0; i < INVOCATIONS; i++)
        expect_word("result", i, words[i], inputs[i] * 3u + i);
    uint32_t got[2];
    CHECK(hsMemoryPoolRead(&pool, totals - base, got, sizeof got));
    expect_word("sum", 0, got[0], sum);
    expect_word("max", 0, got[1], largest);

    draw_through_pointers(&device, &queue, &pool, base, &tinted, results, argv[1]);

    /* The source 16 MiB past the pool (no pool there): every load misses. */
    const HSgpuAddress missed[3] = {base + POOL_B + (16u << 20), results + 4 * INVOCATIONS, totals};
    dispatch(&device, &queue, &program, &pool, base, block, missed);
    CHECK(hsMemoryPoolRead(&pool, results + 4 * INVOCATIONS - base, words, sizeof words));
    for (uint32_t i = 0; i < INVOCATIONS; i++)
        expect_word("result of a missed load", i, words[i], i);
    CHECK(hsMemoryPoolRead(&pool, totals - base, got, sizeof got));
    expect_word("sum after adding zeros", 0, got[0], sum);
    expect_word("max after zeros", 0, got[1], largest);

    /* The misses are counted once the submission completed; a finish looks again. */
    CHECK(hsQueueFinish(&queue));
    HSDeviceStats stats;
    CHECK(hsDeviceGetStats(&device, &stats));
    printf("raw pointer misses: %llu\n", (unsigned long long)stats.raw_pointer_misses);
    printf("raw pointer cases: %d, %d failed\n", cases, failed);
    CHECK(hsProgramFinalize(&program));
    CHECK(hsProgramFinalize(&tinted));
    CHECK(hsQueueFinalize(&queue));
    CHECK(hsMemoryPoolFinalize(&pool));
    check_validation(&device);
    CHECK(hsDeviceFinalize(&device));
    free(compute_dksh);
    free(vertex_dksh);
    free(fragment_dksh);
    return failed == 0 ? 0 : 1;
}
