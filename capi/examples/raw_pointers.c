/* Raw pointers in a compiled shader, as a game uses them: one pool, addresses computed
 * from the pool's address, kept in a uniform buffer, and dereferenced by a compute
 * program compiled for the Switch (maxwell/pointers.dksh: uam's x_comp_pointers with its
 * storage address reads moved to uniform block 0, see maxwell/README.md). The program
 * loads a word through the first pointer, stores 3v + i through the second and adds and
 * maxes v into two words through the third. A second dispatch points its source past
 * every pool: its loads read 0 (so each result is its index), never hang, and are
 * counted in hsDeviceGetStats. Prints one line a case and the miss count.
 *
 * usage: raw_pointers pointers.dksh */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"

#define POOL_B (1u << 20)
#define INVOCATIONS 256u

static int failed = 0, cases = 0;

static void expect_word(const char *what, uint32_t index, uint32_t got, uint32_t expected) {
    cases++;
    if (got != expected) {
        printf("FAIL %s %u: %#x, expected %#x\n", what, index, got, expected);
        failed++;
    }
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
    if (argc != 2) {
        fprintf(stderr, "usage: raw_pointers pointers.dksh\n");
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
        inputs[i] = state;
        sum += state;
        largest = state > largest ? state : largest;
    }
    CHECK(hsMemoryPoolWrite(&pool, values - base, inputs, sizeof inputs));
    const uint32_t zeros[2] = {0, 0};
    CHECK(hsMemoryPoolWrite(&pool, totals - base, zeros, sizeof zeros));

    size_t dksh_b = 0;
    void *dksh = read_file(argv[1], &dksh_b);
    HSCompiledShaderData shader;
    memset(&shader, 0, sizeof shader);
    shader.stage = HS_SHADER_STAGE_COMPUTE;
    shader.code = HS_COMPILED_CODE_DKSH;
    shader.data = dksh;
    shader.size_b = dksh_b;
    HSProgram program;
    CHECK(hsProgramInitialize(&program, &device));
    CHECK(hsProgramSetCompiledShaders(&program, 1, &shader, NULL));
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
    CHECK(hsQueueFinalize(&queue));
    CHECK(hsMemoryPoolFinalize(&pool));
    check_validation(&device);
    CHECK(hsDeviceFinalize(&device));
    free(dksh);
    return failed == 0 ? 0 : 1;
}
